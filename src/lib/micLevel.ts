/**
 * Mic level (§9 UI): a 0..10 scale sampled every 333 ms, shown as tiles (10 in the studio, 4 in
 * the device check) coloured green, orange above 8, red beyond 9.
 */
import { MIC_LEVEL_MAX, MIC_LEVEL_ORANGE_ABOVE, MIC_LEVEL_RED_ABOVE } from './limits';

/** The quietest sound the scale shows: -60 dB is level 0, 0 dB (full scale) level 10. */
const FLOOR_DB = -60;

/** RMS of float samples (-1..1) to the 0..10 scale, on a dB curve so speech fills the meter (unrounded). */
export function scaleOfRms(rms: number): number {
  if (!(rms > 0)) return 0;
  const db = 20 * Math.log10(rms); // -inf..0
  return Math.min(1, Math.max(0, (db - FLOOR_DB) / -FLOOR_DB)) * MIC_LEVEL_MAX;
}

/** RMS of float samples (-1..1) to the 0..10 scale, rounded to whole levels. */
export function levelFromRms(rms: number): number {
  return Math.round(scaleOfRms(rms));
}

/** The RMS a level stands for (the inverse of scaleOfRms; level 0 is silence). */
export function rmsOfLevel(level: number): number {
  if (!(level > 0)) return 0;
  return 10 ** ((FLOOR_DB + (Math.min(level, MIC_LEVEL_MAX) / MIC_LEVEL_MAX) * -FLOOR_DB) / 20);
}

/**
 * The level of several sounds played together (the program: everyone on air and the shared video),
 * as a WebAudio sum of uncorrelated sources measures it: their powers add.
 */
export function mixLevel(levels: readonly number[]): number {
  const power = levels.reduce((sum, level) => sum + rmsOfLevel(level) ** 2, 0);
  return scaleOfRms(Math.min(1, Math.sqrt(power)));
}

export function rmsOf(samples: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < samples.length; i++) sum += (samples[i] ?? 0) ** 2;
  return samples.length ? Math.sqrt(sum / samples.length) : 0;
}

export type TileColor = 'green' | 'orange' | 'red';

/** The level a tile stands for: tile i (0-based) of n covers up to ceil((i+1)·10/n). */
export function tileLevel(index: number, tiles: number): number {
  return Math.ceil(((index + 1) * MIC_LEVEL_MAX) / tiles);
}

export function tileColor(index: number, tiles: number): TileColor {
  const level = tileLevel(index, tiles);
  if (level > MIC_LEVEL_RED_ABOVE) return 'red';
  if (level > MIC_LEVEL_ORANGE_ABOVE) return 'orange';
  return 'green';
}

/** How many tiles are lit for a level: a tile lights once the level reaches the one below it. */
export function litTiles(level: number, tiles: number): number {
  let lit = 0;
  for (let i = 0; i < tiles; i++) if (level > tileLevel(i - 1, tiles)) lit = i + 1;
  return lit;
}
