import { litTiles, tileColor } from '../lib/micLevel';

/** §9 UI: the mic level meter as tiles; exposes the level for assistive tech and tests. */
export function MicLevelMeter({ level, tiles, label = 'Microphone level' }: { level: number; tiles: number; label?: string }) {
  const lit = litTiles(level, tiles);
  return (
    <div className="mic-meter" role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={10} aria-valuenow={level} data-level={level}>
      {Array.from({ length: tiles }, (_, i) => (
        <span key={i} className={`mic-tile mic-${tileColor(i, tiles)}${i < lit ? ' lit' : ''}`} />
      ))}
    </div>
  );
}
