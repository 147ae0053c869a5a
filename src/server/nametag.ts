/**
 * GET nametag/generate?initials= → a PNG (§7: the name tag image for a muted video): a disc in a
 * colour picked from the initials (the same initials always give the same colour). The letters
 * themselves are not drawn: the studio writes the name over it.
 */
import { PNG } from 'pngjs';

const SIZE = 128;
const PALETTE: readonly [number, number, number][] = [
  [13, 98, 197],
  [0, 137, 123],
  [142, 36, 170],
  [216, 67, 21],
  [46, 125, 50],
  [198, 40, 40],
];

export function nametagPng(initials: string): Buffer {
  const text = initials.slice(0, 4).toUpperCase();
  let hash = 0;
  for (const ch of text) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  const [r, g, b] = PALETTE[hash % PALETTE.length] ?? PALETTE[0]!;
  const png = new PNG({ width: SIZE, height: SIZE });
  const c = SIZE / 2;
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const i = (y * SIZE + x) * 4;
      const inside = (x + 0.5 - c) ** 2 + (y + 0.5 - c) ** 2 <= c * c;
      png.data[i] = r;
      png.data[i + 1] = g;
      png.data[i + 2] = b;
      png.data[i + 3] = inside ? 255 : 0;
    }
  }
  return PNG.sync.write(png);
}
