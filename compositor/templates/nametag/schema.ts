/**
 * Name tag: constants of the tag on a producer's tile (§3 Nametag template, theme '1'..'3'). Pure
 * data. The tag is sized by its tile (a full-frame speaker gets a larger tag than one of nine),
 * within bounds set by the frame height. See GEOMETRY.md beside this file.
 */
import type { TemplateTheme } from '../../model/channel';
import { LOWER_THIRD_Z } from '../../model/constants';

/**
 * Under the chat overlay (9999) and every §9 template: a tag belongs to its tile, a lower third or
 * a chat card over a tile stays readable. Not a SPEC value.
 */
export const NAMETAG_Z = LOWER_THIRD_Z - 2;

/** Tag height as a share of its tile's height … */
export const NAMETAG_TILE_SHARE = 0.1;
/** … kept between these fractions of the frame height (28 and 54 px at 1080p). */
export const NAMETAG_MIN_HEIGHT = 0.026;
export const NAMETAG_MAX_HEIGHT = 0.05;
/** Shares of the tag height: distance from the tile's edges, name font (largest, smallest), padding. */
export const NAMETAG_MARGIN = 0.35;
export const NAMETAG_FONT_MAX = 0.46;
export const NAMETAG_FONT_MIN = 0.34;
export const NAMETAG_INITIALS_FONT = 0.42;
export const NAMETAG_PAD = 0.3;
/** The name's band is a little lower than the badge, which overlaps its left end. */
export const NAMETAG_BAND = 0.78;

export const NAMETAG_FONT_FAMILY = ['Inter Variable', 'Inter', 'system-ui', 'sans-serif'];
export const NAMETAG_FONTS = ['700 32px "Inter Variable"', '600 32px "Inter Variable"'] as const;

export const NAMETAG_DARK = '#0B0D12';
export const NAMETAG_LIGHT = '#FFFFFF';
/** Theme 1's name band lets a little of the picture through. */
export const NAMETAG_DARK_ALPHA = 0.78;

export interface NametagThemeSpec {
  /** Badge: a circle (1, 2) or a square (3). */
  badge: 'circle' | 'square';
  /** Badge fill and the name band's fill. */
  badgeFill: 'primary' | 'light';
  bandFill: 'primary' | 'light' | 'dark';
  /** Band corner radius as a share of the band height (0.5 = a pill). */
  bandRadius: number;
  caps: boolean;
}

export const NAMETAG_THEMES: Readonly<Record<TemplateTheme, NametagThemeSpec>> = {
  '1': { badge: 'circle', badgeFill: 'primary', bandFill: 'dark', bandRadius: 0.5, caps: false }, // primary badge, dark pill
  '2': { badge: 'circle', badgeFill: 'light', bandFill: 'primary', bandRadius: 0.5, caps: false }, // white badge, primary pill
  '3': { badge: 'square', badgeFill: 'primary', bandFill: 'light', bandRadius: 0, caps: true }, // square badge, white label, capitals
};
