/**
 * The §9 10-tile level meter (green, orange above 8, red beyond), drawn by the shared meter loop:
 * React renders it once; the loop sets --lit (and --peak) and aria-valuenow.
 */
import { useEffect, useRef } from 'react';
import { MIC_LEVEL_MAX, MIC_METER_TILES_STUDIO } from '../../lib/limits';
import { tileColor } from '../../lib/micLevel';
import { registerMeter } from './meterLoop';
import './meters.css';
import { followLevels } from './levelSources';

const TILES = Array.from({ length: MIC_METER_TILES_STUDIO }, (_, i) => tileColor(i, MIC_METER_TILES_STUDIO));

export function LiveMeter({ read, label, peak = false, className = '' }: { read: () => number; label: string; peak?: boolean; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const source = useRef(read);
  source.current = read;
  useEffect(() => {
    followLevels();
    return registerMeter(ref.current!, () => source.current(), peak);
  }, [peak]);
  return (
    <div ref={ref} className={`live-meter ${className}`} role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={MIC_LEVEL_MAX} aria-valuenow={0} data-lit={0}>
      <span className="live-meter-tiles" aria-hidden>
        {TILES.map((c, i) => (
          <span key={i} className={`live-tile mic-${c}`} />
        ))}
      </span>
      <span className="live-meter-tiles live-meter-lit" aria-hidden>
        {TILES.map((c, i) => (
          <span key={i} className={`live-tile mic-${c}`} />
        ))}
      </span>
      {peak && <span className="live-meter-peak" aria-hidden />}
    </div>
  );
}
