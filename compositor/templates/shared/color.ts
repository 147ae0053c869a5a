/**
 * Colour rules every template shares (pure, no pixi): a user colour is accepted only as `#rgb` or
 * `#rrggbb`, and text on a coloured band is white or near-black, whichever contrasts more (WCAG).
 */
import { DEFAULT_PRIMARY_COLOR } from '../../model/constants';

export const LIGHT_TEXT = '#FFFFFF';
export const DARK_TEXT = '#0B0D12';

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `#rgb` or `#rrggbb` as `#RRGGBB`; anything else (a typo, a CSS name, markup) is `fallback`. */
export function safeColor(color: string, fallback: string = DEFAULT_PRIMARY_COLOR): string {
  if (!HEX_COLOR.test(color)) return fallback;
  const hex = color.slice(1);
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return `#${full.toUpperCase()}`;
}

/** WCAG relative luminance of a `#RRGGBB` colour. */
export function luminance(hex: string): number {
  const channel = (i: number): number => {
    const v = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

const contrast = (a: number, b: number): number => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** The text colour on a band of `background`: `light`, or `dark` when that contrasts more. */
export function readableOn(background: string, light: string = LIGHT_TEXT, dark: string = DARK_TEXT): string {
  const bg = luminance(safeColor(background));
  return contrast(bg, luminance(light)) >= contrast(bg, luminance(dark)) ? light : dark;
}
