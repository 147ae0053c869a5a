/**
 * Logo geometry, pure (no pixi): where each §3 logo position anchors (§9 margins 0.08 / 0.92) and the
 * picture's box, its corner on the anchor and the picture inside the frame. See GEOMETRY.md.
 */
import { LOGO_ANCHOR_FAR, LOGO_ANCHOR_NEAR } from '../../model/constants';
import type { LogoPosition } from '../../model/channel';
import type { Box } from '../types';
import { LOGO_CENTRE, LOGO_HEIGHT, LOGO_MAX_WIDTH } from './schema';

/**
 * The anchor (fractions of the frame) and which point of the picture sits on it (0 = its left/top
 * edge, 0.5 = its centre, 1 = its right/bottom edge): TOPLEFT puts the picture's top-left corner on
 * (0.08, 0.08), BOTTOMRIGHT its bottom-right corner on (0.92, 0.92), TOP its top-centre on (0.5, 0.08).
 */
export interface LogoAnchor {
  x: number;
  y: number;
  alignX: number;
  alignY: number;
}

const NEAR = { at: LOGO_ANCHOR_NEAR, align: 0 };
const MID = { at: LOGO_CENTRE, align: 0.5 };
const FAR = { at: LOGO_ANCHOR_FAR, align: 1 };

const ANCHORS: Readonly<Record<LogoPosition, readonly [typeof NEAR, typeof NEAR]>> = {
  TOPLEFT: [NEAR, NEAR],
  TOP: [MID, NEAR],
  TOPRIGHT: [FAR, NEAR],
  RIGHT: [FAR, MID],
  BOTTOMRIGHT: [FAR, FAR],
  BOTTOM: [MID, FAR],
  BOTTOMLEFT: [NEAR, FAR],
  LEFT: [NEAR, MID],
};

export function logoAnchor(position: LogoPosition): LogoAnchor {
  const [h, v] = ANCHORS[position] ?? ANCHORS.TOPRIGHT;
  return { x: h.at, y: v.at, alignX: h.align, alignY: v.align };
}

/** The picture's size in frame pixels: LOGO_HEIGHT of the frame high, aspect kept, no wider than LOGO_MAX_WIDTH. */
export function logoSize(sourceWidth: number, sourceHeight: number, frameWidth: number, frameHeight: number): { width: number; height: number } {
  const aspect = sourceWidth > 0 && sourceHeight > 0 ? sourceWidth / sourceHeight : 1;
  const height = Math.round(LOGO_HEIGHT * frameHeight);
  const maxWidth = Math.round(LOGO_MAX_WIDTH * frameWidth);
  const width = Math.round(height * aspect);
  return width <= maxWidth ? { width, height } : { width: maxWidth, height: Math.round(maxWidth / aspect) };
}

/** The picture's box in frame pixels, its aligned point on the position's anchor. */
export function logoBox(position: LogoPosition, sourceWidth: number, sourceHeight: number, frameWidth: number, frameHeight: number): Box {
  const { width, height } = logoSize(sourceWidth, sourceHeight, frameWidth, frameHeight);
  const a = logoAnchor(position);
  return {
    x: Math.round(a.x * frameWidth - a.alignX * width),
    y: Math.round(a.y * frameHeight - a.alignY * height),
    width,
    height,
  };
}
