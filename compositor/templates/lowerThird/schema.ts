/**
 * Lower third: constants of its three themes (§3 Template item theme '1'..'3', §4 Lower third, §9
 * text limits). Pure data, no pixi. Sizes are fractions of the frame HEIGHT, x positions and widths
 * fractions of the frame WIDTH, so a scene renders the same at any output size. See GEOMETRY.md.
 */
import type { TemplateTheme } from '../../model/channel';
import { GRAPHICS_PLACES } from '../../model/frame';

export const LOWER_THIRD_MAX_CHARS = 120; // §9 lower third 120 each (primary and secondary text)

/** Left edge and widest extent of the graphic, fractions of the frame width (title-safe 5 %). */
export const LT_LEFT = 0.05;
export const LT_MAX_WIDTH = GRAPHICS_PLACES['16:9'].lowerThirdMaxWidth;
/** Bottom edge, a fraction of the height: above the ticker band (y 0.95), under the chat card's base (0.8) … */
export const LT_BOTTOM = GRAPHICS_PLACES['16:9'].lowerThirdBottom;
/** Lines each text may take before its font shrinks (then squeezes): 120 characters always fit. */
export const LT_MAX_LINES = 2;
/** Line pitch as a multiple of the font size. */
export const LT_LINE_HEIGHT = 1.2;

export const LT_FONT_FAMILY = ['Inter Variable', 'Inter', 'system-ui', 'sans-serif'];
export const LT_FONTS = ['800 32px "Inter Variable"', '700 32px "Inter Variable"', '500 32px "Inter Variable"'] as const;

/** What a panel is filled with: the brand's primary colour, or a fixed neutral. */
export type PanelFill = 'primary' | 'light' | 'dark';
export const LT_LIGHT = '#FFFFFF';
export const LT_DARK = '#161A24';
export const LT_MUTED_TEXT = '#C9D1E0'; // secondary text on the dark card (theme 2), 11:1 on LT_DARK

export type LowerThirdMotion = 'slide' | 'rise' | 'wipe';

export interface ThemeSpec {
  /** How it plays in and out: slide from the left (1), fade and rise (2), wipe from the left (3). */
  motion: LowerThirdMotion;
  inMs: number;
  outMs: number;
  /** Font range of each text, fractions of the frame height (largest first). */
  primaryFont: readonly [number, number];
  secondaryFont: readonly [number, number];
  primaryWeight: string;
  secondaryWeight: string;
  /** Capitals, drawn condensed (horizontal scale): theme 3's tags. */
  caps: boolean;
  condense: number;
  padX: number;
  padY: number;
  /** One card holding both texts (2) or a panel per text (1, 3). */
  card: boolean;
  primaryFill: PanelFill;
  secondaryFill: PanelFill;
  /** Width of the primary-colour edge on the card's left (fraction of the height; 0 = none). */
  accent: number;
  radius: number;
  /** The second panel starts this far right of the first (fraction of the width). */
  indent: number;
  /** Both panels as wide as the wider one (1), or each its own width (3). */
  sameWidth: boolean;
  /** Space between the two texts inside a card (fraction of the height). */
  gap: number;
}

/** Design values (px at 1080p in comments), not SPEC. */
export const LOWER_THIRD_THEMES: Readonly<Record<TemplateTheme, ThemeSpec>> = {
  // 1: a solid bar in the primary colour (52 px bold name) over a white strip, sliding in from the left.
  '1': {
    motion: 'slide',
    inMs: 600,
    outMs: 400,
    primaryFont: [0.048, 0.03],
    secondaryFont: [0.03, 0.022],
    primaryWeight: '700',
    secondaryWeight: '500',
    caps: false,
    condense: 1,
    padX: 0.022,
    padY: 0.012,
    card: false,
    primaryFill: 'primary',
    secondaryFill: 'light',
    accent: 0,
    radius: 0,
    indent: 0,
    sameWidth: true,
    gap: 0,
  },
  // 2: a rounded dark card with a primary-colour edge, fading and rising in.
  '2': {
    motion: 'rise',
    inMs: 700,
    outMs: 450,
    primaryFont: [0.044, 0.028],
    secondaryFont: [0.029, 0.021],
    primaryWeight: '700',
    secondaryWeight: '500',
    caps: false,
    condense: 1,
    padX: 0.026,
    padY: 0.018,
    card: true,
    primaryFill: 'dark',
    secondaryFill: 'dark',
    accent: 0.009,
    radius: 0.014,
    indent: 0,
    sameWidth: true,
    gap: 0.006,
  },
  // 3: two stacked tags, heavy condensed capitals, wiping in from the left one after the other.
  '3': {
    motion: 'wipe',
    inMs: 650,
    outMs: 400,
    primaryFont: [0.05, 0.03],
    secondaryFont: [0.028, 0.02],
    primaryWeight: '800',
    secondaryWeight: '700',
    caps: true,
    condense: 0.86,
    padX: 0.016,
    padY: 0.008,
    card: false,
    primaryFill: 'primary',
    secondaryFill: 'dark',
    accent: 0,
    radius: 0,
    indent: 0.018,
    sameWidth: false,
    gap: 0,
  },
};

/** How far theme 2 rises while it fades in (fraction of the height, 32 px at 1080p). */
export const LT_RISE = 0.03;
/** Theme 3: the second tag starts its wipe this share of the way into the first one's. */
export const LT_WIPE_STAGGER = 0.3;
