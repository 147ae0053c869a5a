/** Network-quality indicator: callQuality 1..5 as five bars (§3 Producer card, default 5). */
const LABELS = ['', 'Very poor', 'Poor', 'Fair', 'Good', 'Excellent'];

export function NetworkQuality({ quality }: { quality: number }) {
  const q = Math.max(0, Math.min(5, Math.round(quality)));
  return (
    <span className={`net-quality q${q}`} role="img" aria-label={`Connection: ${LABELS[q] ?? 'Unknown'}`} title={`Connection: ${LABELS[q] ?? 'Unknown'}`}>
      {[1, 2, 3, 4, 5].map((bar) => (
        <span key={bar} className={bar <= q ? 'on' : ''} style={{ height: `${bar * 2 + 2}px` }} />
      ))}
    </span>
  );
}
