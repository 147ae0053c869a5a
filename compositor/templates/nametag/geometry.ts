/**
 * Name-tag geometry, pure (no pixi): the tag at the bottom-left of its producer's tile, sized by the
 * tile, the name fitted on one line inside the tile (smaller font, then squeezed). See GEOMETRY.md.
 */
import { sizeUnit } from '../../model/frame';
import type { Rect } from '../../model/types';
import { fitText, type Measure } from '../shared/text';
import type { Box } from '../types';
import {
  NAMETAG_BAND,
  NAMETAG_FONT_MAX,
  NAMETAG_FONT_MIN,
  NAMETAG_INITIALS_FONT,
  NAMETAG_MARGIN,
  NAMETAG_MAX_HEIGHT,
  NAMETAG_MIN_HEIGHT,
  NAMETAG_PAD,
  NAMETAG_TILE_SHARE,
} from './schema';

/** The tile in frame pixels (edges rounded, as the producer tile is drawn). */
export function tileBox(rect: Rect, frameWidth: number, frameHeight: number): Box {
  const x = Math.round(rect.x * frameWidth);
  const y = Math.round(rect.y * frameHeight);
  return { x, y, width: Math.max(0, Math.round((rect.x + rect.width) * frameWidth) - x), height: Math.max(0, Math.round((rect.y + rect.height) * frameHeight) - y) };
}

export interface NametagLayout {
  tile: Box;
  /** Square the badge is drawn in (a circle inscribed, or the square itself). */
  badge: Box;
  initialsPx: number;
  /** The name's band, starting under the badge; null without a name. */
  band: Box | null;
  name: { text: string; x: number; centerY: number; fontPx: number; scaleX: number } | null;
}

/** Tag height for a tile: a share of the tile, within bounds that are shares of the frame's short side; 0 when the tile is too small to hold one. */
export function nametagHeight(tile: Box, unit: number): number {
  const h = Math.min(Math.round(NAMETAG_MAX_HEIGHT * unit), Math.max(Math.round(NAMETAG_MIN_HEIGHT * unit), Math.round(NAMETAG_TILE_SHARE * tile.height)));
  const margin = Math.round(h * NAMETAG_MARGIN);
  return h + 2 * margin <= tile.height && h + 2 * margin <= tile.width ? h : 0;
}

/** The tag in frame pixels; null when the tile is hidden or too small. */
export function layoutNametag(rect: Rect, name: string, measure: Measure, frameWidth: number, frameHeight: number): NametagLayout | null {
  const tile = tileBox(rect, frameWidth, frameHeight);
  const h = nametagHeight(tile, sizeUnit(frameWidth, frameHeight));
  if (h <= 0) return null;
  const margin = Math.round(h * NAMETAG_MARGIN);
  const badge = { x: tile.x + margin, y: tile.y + tile.height - margin - h, width: h, height: h };
  const initialsPx = Math.max(1, Math.round(h * NAMETAG_INITIALS_FONT));
  const pad = Math.round(h * NAMETAG_PAD);
  const nameX = badge.x + h + pad;
  const room = tile.x + tile.width - margin - pad - nameX;
  if (!name || room <= 0) return { tile, badge, initialsPx, band: null, name: null };
  const fit = fitText(name, measure, room, 1, h * NAMETAG_FONT_MAX, h * NAMETAG_FONT_MIN);
  const text = fit.lines[0] ?? '';
  const width = Math.ceil(measure(text, fit.fontPx) * fit.scaleX);
  const bandH = Math.round(h * NAMETAG_BAND);
  const centerY = badge.y + h / 2;
  const band = { x: badge.x + Math.round(h / 2), y: Math.round(centerY - bandH / 2), width: nameX + width + pad - (badge.x + Math.round(h / 2)), height: bandH };
  return { tile, badge, initialsPx, band, name: { text, x: nameX, centerY: Math.round(centerY), fontPx: fit.fontPx, scaleX: fit.scaleX } };
}
