/**
 * Logo geometry, pure (no pixi): where each §3 logo position anchors (§9 margins 0.08 / 0.92) and the
 * picture's box, its corner on the anchor and the picture inside the frame. See GEOMETRY.md.
 */
import type { LogoPosition } from '../../model/channel';
import { GRAPHICS_PLACES, LANDSCAPE, shapeOfSize, sizeUnit, type FrameShape } from '../../model/frame';
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

type Edge = 'near' | 'mid' | 'far';
const ANCHORS: Readonly<Record<LogoPosition, readonly [Edge, Edge]>> = {
  TOPLEFT: ['near', 'near'],
  TOP: ['mid', 'near'],
  TOPRIGHT: ['far', 'near'],
  RIGHT: ['far', 'mid'],
  BOTTOMRIGHT: ['far', 'far'],
  BOTTOM: ['mid', 'far'],
  BOTTOMLEFT: ['near', 'far'],
  LEFT: ['near', 'mid'],
};
const ALIGN: Record<Edge, number> = { near: 0, mid: 0.5, far: 1 };

/** The anchor in a shape's frame: §9's 0.08 / 0.92 in 16:9, inside what phone apps leave clear in 9:16. */
export function logoAnchor(position: LogoPosition, shape: FrameShape = LANDSCAPE): LogoAnchor {
  const [h, v] = ANCHORS[position] ?? ANCHORS.TOPRIGHT;
  const { logoNear, logoFar } = GRAPHICS_PLACES[shape];
  const at = (edge: Edge, near: number, far: number, mid: number): number => (edge === 'near' ? near : edge === 'far' ? far : mid);
  // The middle of 9:16 is the middle of its clear area, not of the frame (the buttons' column is on the right).
  const midX = shape === LANDSCAPE ? LOGO_CENTRE : (logoNear.x + logoFar.x) / 2;
  const midY = shape === LANDSCAPE ? LOGO_CENTRE : (logoNear.y + logoFar.y) / 2;
  return { x: at(h, logoNear.x, logoFar.x, midX), y: at(v, logoNear.y, logoFar.y, midY), alignX: ALIGN[h], alignY: ALIGN[v] };
}

/** The picture's size in frame pixels: LOGO_HEIGHT of the frame high, aspect kept, no wider than LOGO_MAX_WIDTH. */
export function logoSize(sourceWidth: number, sourceHeight: number, frameWidth: number, frameHeight: number): { width: number; height: number } {
  const aspect = sourceWidth > 0 && sourceHeight > 0 ? sourceWidth / sourceHeight : 1;
  const height = Math.round(LOGO_HEIGHT * sizeUnit(frameWidth, frameHeight)); // a share of the short side (issue 34)
  const maxWidth = Math.round(LOGO_MAX_WIDTH * frameWidth);
  const width = Math.round(height * aspect);
  return width <= maxWidth ? { width, height } : { width: maxWidth, height: Math.round(maxWidth / aspect) };
}

/** The picture's box in frame pixels, its aligned point on the position's anchor. */
export function logoBox(position: LogoPosition, sourceWidth: number, sourceHeight: number, frameWidth: number, frameHeight: number): Box {
  const { width, height } = logoSize(sourceWidth, sourceHeight, frameWidth, frameHeight);
  const a = logoAnchor(position, shapeOfSize(frameWidth, frameHeight));
  return {
    x: Math.round(a.x * frameWidth - a.alignX * width),
    y: Math.round(a.y * frameHeight - a.alignY * height),
    width,
    height,
  };
}
