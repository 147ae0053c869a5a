/**
 * What a level meter shows between the §9 samples (every 333 ms): the bar rises at once and falls
 * smoothly, a peak mark holds then falls, and an on-air person who makes no sound for
 * SILENT_ON_AIR_MS gets the silent sign. Pure: times are passed in.
 */
import { METER_FALL_PER_SEC, PEAK_FALL_PER_SEC, PEAK_HOLD_MS, SILENCE_LEVEL, SILENT_ON_AIR_MS } from './limits';

/** The bar after `dtMs`: up to a louder level at once, down towards a quieter one at METER_FALL_PER_SEC. */
export function barAfter(shown: number, level: number, dtMs: number): number {
  if (level >= shown) return level;
  return Math.max(level, shown - (Math.max(0, dtMs) / 1000) * METER_FALL_PER_SEC);
}

export interface Peak {
  level: number;
  /** When the peak was reached (ms). */
  at: number;
}
export const NO_PEAK: Peak = { level: 0, at: 0 };

/** Where the peak mark is at `now`: held PEAK_HOLD_MS, then falling at PEAK_FALL_PER_SEC. */
export function peakAt(peak: Peak, now: number): number {
  const falling = Math.max(0, now - peak.at - PEAK_HOLD_MS);
  return Math.max(0, peak.level - (falling / 1000) * PEAK_FALL_PER_SEC);
}

/** The peak after hearing `level` at `now`: a level at or above the mark is the new peak. */
export function nextPeak(peak: Peak, level: number, now: number): Peak {
  return level > 0 && level >= peakAt(peak, now) ? { level, at: now } : peak;
}

/**
 * The silence clock of on-air people: each person's last sound; someone just put on air starts
 * their clock then, and someone off air is forgotten (their clock starts again next time).
 */
export function createSilenceTracker(silentMs = SILENT_ON_AIR_MS) {
  const lastSound = new Map<string, number>();
  return {
    hear(id: string, level: number, now: number): void {
      if (level >= SILENCE_LEVEL) lastSound.set(id, now);
    },
    /** The ones among `onAir` silent for `silentMs` or more at `now`. */
    silent(onAir: readonly string[], now: number): string[] {
      for (const id of [...lastSound.keys()]) if (!onAir.includes(id)) lastSound.delete(id);
      for (const id of onAir) if (!lastSound.has(id)) lastSound.set(id, now);
      return onAir.filter((id) => now - lastSound.get(id)! >= silentMs);
    },
  };
}
