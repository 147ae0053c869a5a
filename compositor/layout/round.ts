/**
 * §3 positions and crops are fractions rounded to 4 decimals: a whole number of the §9 live
 * canvas's 10000 units (CANVAS_UNITS = 10^POSITION_DECIMALS, a unit test holds them together).
 */
import { CANVAS_UNITS } from '../model/constants';
import type { Crop, Rect } from '../model/types';

const SCALE = CANVAS_UNITS;

/** Rounds to POSITION_DECIMALS; never returns -0 (it would serialise as 0 but compare oddly). */
export function roundFraction(value: number): number {
  const r = Math.round(value * SCALE) / SCALE;
  return r === 0 ? 0 : r;
}

/**
 * Rounds a rect by its edges, not its size, so touching rects still touch and a rect ending at 1
 * still ends at 1 after rounding.
 */
export function roundPosition(rect: Rect): Rect {
  const x = roundFraction(rect.x);
  const y = roundFraction(rect.y);
  return {
    x,
    y,
    width: roundFraction(roundFraction(rect.x + rect.width) - x),
    height: roundFraction(roundFraction(rect.y + rect.height) - y),
  };
}

export function roundCrop(crop: Crop): Crop {
  return {
    top: roundFraction(crop.top),
    left: roundFraction(crop.left),
    bottom: roundFraction(crop.bottom),
    right: roundFraction(crop.right),
  };
}
