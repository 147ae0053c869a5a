/**
 * Rect tween (pure, no pixi): where a tile is between two rects. The compositor eases tiles with it
 * on every change within a look (a layout change, someone going on or off air, the bottom band;
 * tileMoves.ts decides which): `tweenRect(from, to, easeInOutCubic(progress))`.
 * Times are compositor-clock milliseconds, so golden images and tests pin them.
 */
import type { Rect } from '../model/types';

/** How long a tile takes to reach its new place (issue 26: "eased over ~300 ms, not jumped"). */
export const TILE_EASE_MS = 300;

/** Slow start, slow landing: a tile moving on air, never a jolt at either end. */
export const easeInOutCubic = (t: number): number => {
  const c = Math.min(1, Math.max(0, t));
  return c < 0.5 ? 4 * c ** 3 : 1 - (-2 * c + 2) ** 3 / 2;
};

/** 0 at `start`, 1 from `start + durationMs` on. */
export const tweenProgress = (now: number, start: number, durationMs: number = TILE_EASE_MS): number =>
  durationMs > 0 ? Math.min(1, Math.max(0, (now - start) / durationMs)) : 1;

const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;

/** The rect at eased amount `t` (0 = from, 1 = to); `to` itself at 1, so a finished tween lands exactly. */
export function tweenRect(from: Rect, to: Rect, t: number): Rect {
  if (t >= 1) return to;
  if (t <= 0) return from;
  return { x: lerp(from.x, to.x, t), y: lerp(from.y, to.y, t), width: lerp(from.width, to.width, t), height: lerp(from.height, to.height, t) };
}

export const sameRect = (a: Rect, b: Rect): boolean => a === b || (a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height);
