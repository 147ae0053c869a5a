/**
 * The going-live benchmark's test signal (benchmarks/golive.mjs, non-production builds only): what
 * the capture page paints into the picture of the benchmark's producer card (goliveBench.ts) and
 * what the benchmark reads back from the received stream. Pure: no DOM, so the benchmark imports it
 * too (through tsx).
 *
 * The picture (fractions of the frame; the card fills the frame, a lone producer always does):
 * - the strip: the top STRIP_BAND of the frame, STRIP_CELLS cells across, each black (0) or white
 *   (1): the frame counter (18 bits), the wall clock in ms when the page drew the frame (Date.now()
 *   mod 2^32), the main-thread ms of the page's previous compositor frame and the ms since the
 *   previous frame it drew (7 bits each, at most 127) and a CRC-16 of those 64 bits, most
 *   significant bit first;
 * - the flash box (FLASH_BOX): black, except on the flash frame (the first frame drawn in each
 *   wall-clock second), when everything under the strip is white;
 * - a 1 kHz beep of BEEP_MS starting on the same wall-clock second, in the program sound.
 */

/** The producer card (its id is its media key) the benchmark puts on air. */
export const BENCH_CARD_ID = 'golive-bench-clock';
/** The beep's feed in the program sound mix. */
export const BENCH_FEED = 'golive-bench-beep';

export const STRIP_CELLS = 80;
/** The strip's band, as fractions of the frame height. */
export const STRIP_BAND = { y: 0, height: 1 / 12 };
/** Where the receiver averages each cell: the middle half of the band's height. */
export const STRIP_READ = { y: 1 / 48, height: 1 / 24 };
/** The flash box, as fractions of the frame, and the part of it the receiver averages. */
export const FLASH_BOX = { x: 0.4, y: 0.2, width: 0.2, height: 0.15 };
export const FLASH_READ = { x: 0.45, y: 0.225, width: 0.1, height: 0.1 };
export const BEEP_HZ = 1000;
export const BEEP_MS = 100;

const COUNTER_BITS = 18;
const TIME_BITS = 32;
const MS_BITS = 7;
const MS_MAX = 2 ** MS_BITS - 1;
const CRC_BITS = 16;
const DATA_BITS = COUNTER_BITS + TIME_BITS + 2 * MS_BITS;
const TWO_32 = 2 ** 32;

export interface StripFields {
  /** Frames the page drew with the strip, mod 2^18 (2.4 hours at 30 fps). */
  counter: number;
  /** Date.now() when the page drew the frame, mod 2^32 (unwrapTime gives it back whole). */
  timeMs: number;
  /** Main-thread ms of the previous compositor frame, at most 127. */
  drawMs: number;
  /** Ms since the previous frame the page drew, at most 127. */
  intervalMs: number;
}

function pushBits(out: number[], value: number, bits: number): void {
  for (let i = bits - 1; i >= 0; i--) out.push(Math.floor(value / 2 ** i) % 2);
}

function readBits(bits: readonly number[], from: number, count: number): number {
  let v = 0;
  for (let i = 0; i < count; i++) v = v * 2 + bits[from + i]!;
  return v;
}

/** CRC-16/CCITT-FALSE over bits (a whole number of bytes). */
export function crc16(bits: readonly number[]): number {
  let crc = 0xffff;
  for (let byte = 0; byte < bits.length / 8; byte++) {
    crc ^= readBits(bits, byte * 8, 8) << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** The strip's STRIP_CELLS cells, 0 (black) or 1 (white), left to right. */
export function stripBits(f: StripFields): number[] {
  const bits: number[] = [];
  pushBits(bits, ((f.counter % 2 ** COUNTER_BITS) + 2 ** COUNTER_BITS) % 2 ** COUNTER_BITS, COUNTER_BITS);
  pushBits(bits, ((Math.floor(f.timeMs) % TWO_32) + TWO_32) % TWO_32, TIME_BITS);
  pushBits(bits, Math.max(0, Math.min(MS_MAX, Math.round(f.drawMs))), MS_BITS);
  pushBits(bits, Math.max(0, Math.min(MS_MAX, Math.round(f.intervalMs))), MS_BITS);
  pushBits(bits, crc16(bits), CRC_BITS);
  return bits;
}

/** The fields from each cell's mean luma (0–255, STRIP_CELLS of them), or null when unreadable or the CRC fails. */
export function readStrip(lumas: ArrayLike<number>): StripFields | null {
  if (lumas.length < STRIP_CELLS) return null;
  const bits: number[] = [];
  for (let i = 0; i < STRIP_CELLS; i++) {
    const l = lumas[i]!;
    if (l > 90 && l < 165) return null; // neither black nor white: not the strip (or a damaged picture)
    bits.push(l >= 128 ? 1 : 0);
  }
  if (crc16(bits.slice(0, DATA_BITS)) !== readBits(bits, DATA_BITS, CRC_BITS)) return null;
  const ms = COUNTER_BITS + TIME_BITS;
  return { counter: readBits(bits, 0, COUNTER_BITS), timeMs: readBits(bits, COUNTER_BITS, TIME_BITS), drawMs: readBits(bits, ms, MS_BITS), intervalMs: readBits(bits, ms + MS_BITS, MS_BITS) };
}

/** The whole Date.now() value nearest `near` whose low 32 bits are `mod32`. */
export function unwrapTime(mod32: number, near: number): number {
  const base = near - (((near % TWO_32) + TWO_32) % TWO_32);
  const candidates = [base - TWO_32 + mod32, base + mod32, base + TWO_32 + mod32];
  return candidates.reduce((best, c) => (Math.abs(c - near) < Math.abs(best - near) ? c : best));
}

