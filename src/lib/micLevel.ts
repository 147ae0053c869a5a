/**
 * Mic level (§9 UI): a 0..10 scale sampled every 333 ms, shown as tiles (10 in the studio, 4 in
 * the device check) coloured green, orange above 8, red beyond 9.
 */
import { MIC_LEVEL_MAX, MIC_LEVEL_ORANGE_ABOVE, MIC_LEVEL_RED_ABOVE } from './limits';

/** RMS of float samples (-1..1) to the 0..10 scale, on a dB curve so speech fills the meter. */
export function levelFromRms(rms: number): number {
  if (!(rms > 0)) return 0;
  const db = 20 * Math.log10(rms); // -inf..0
  const FLOOR_DB = -60;
  const fraction = Math.min(1, Math.max(0, (db - FLOOR_DB) / -FLOOR_DB));
  return Math.round(fraction * MIC_LEVEL_MAX);
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
