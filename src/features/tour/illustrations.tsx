/** Small inline illustrations for the welcome and the tour (no network, crisp at any size). */
const FRAME = { rx: 10, fill: '#0b0d12', stroke: '#2a3040' };

export function StageIllustration() {
  return (
    <svg viewBox="0 0 320 180" className="illustration" aria-hidden>
      <rect x="10" y="10" width="300" height="160" {...FRAME} />
      <rect x="30" y="30" width="125" height="72" rx="6" fill="#2b4a7a" />
      <rect x="165" y="30" width="125" height="72" rx="6" fill="#7a4a2b" />
      <rect x="97" y="108" width="125" height="50" rx="6" fill="#2b7a5a" />
      <circle cx="92" cy="60" r="14" fill="#e9c9a8" />
      <circle cx="227" cy="60" r="14" fill="#8a5a3a" />
      <circle cx="160" cy="128" r="12" fill="#d9a88a" />
    </svg>
  );
}

export function GraphicsIllustration() {
  return (
    <svg viewBox="0 0 320 180" className="illustration" aria-hidden>
      <rect x="10" y="10" width="300" height="160" {...FRAME} />
      <rect x="30" y="118" width="180" height="32" rx="4" fill="#0d62c5" />
      <rect x="40" y="126" width="110" height="7" rx="3" fill="#fff" />
      <rect x="40" y="137" width="70" height="5" rx="2" fill="#cfe2ff" />
      <rect x="250" y="24" width="44" height="24" rx="4" fill="#ffd166" />
      <rect x="10" y="156" width="300" height="14" fill="#1c202b" />
      <rect x="20" y="160" width="200" height="6" rx="3" fill="#9aa3b5" />
    </svg>
  );
}

export function GoLiveIllustration() {
  return (
    <svg viewBox="0 0 320 180" className="illustration" aria-hidden>
      <rect x="10" y="10" width="300" height="160" {...FRAME} />
      <rect x="110" y="70" width="100" height="40" rx="20" fill="#e5484d" />
      <circle cx="134" cy="90" r="6" fill="#fff" />
      <rect x="148" y="85" width="46" height="10" rx="4" fill="#fff" />
      <circle cx="160" cy="90" r="62" fill="none" stroke="#e5484d" strokeOpacity="0.35" strokeWidth="3" />
      <circle cx="160" cy="90" r="78" fill="none" stroke="#e5484d" strokeOpacity="0.18" strokeWidth="3" />
    </svg>
  );
}
