/**
 * Fade kernels (pure, no pixi): how far a take's cross-fade has got, and the alphas it draws with.
 * The take's `startedAt` is wall-clock time (a page that joins mid-fade draws the same moment); the
 * compositor maps it once onto its own clock with fadeStartOnClock, then every frame is on its clock.
 */
import type { SceneTransition } from '../model/transition';
import { easeInOutCubic, TILE_EASE_MS, tweenProgress } from './tween';

/** 0 at `startedAt`, 1 from `startedAt + durationMs` on (1 at once for no duration). */
export const fadeProgress = (now: number, startedAt: number, durationMs: number): number => tweenProgress(now, startedAt, durationMs);

/** A fade still draws a mix at `now`. */
export const fadeRunning = (now: number, startedAt: number, durationMs: number): boolean => durationMs > 0 && now < startedAt + durationMs;

/** Alphas at progress `p`: the outgoing look over the incoming one, linear (a broadcast mix is linear). */
export function fadeAlphas(p: number): { outgoing: number; incoming: number } {
  const c = Math.min(1, Math.max(0, p));
  return { outgoing: 1 - c, incoming: c };
}

/**
 * What the compositor does with a take it sees at compositor time `now`, wall time `wallNow`:
 * - 'none': the scene carries no take, or one already seen (no transition starts);
 * - 'cut': a new take that shows at once (a Cut, or a Fade whose time is over, e.g. a page that loaded later);
 * - 'fade': a new Fade still running, started at `start` on the compositor clock (mid-fade for a late page).
 */
export type TakeStart = { kind: 'none' } | { kind: 'cut'; id: string } | { kind: 'fade'; id: string; start: number; durationMs: number };

export function planTake(take: SceneTransition | undefined, lastSeenId: string | null, now: number, wallNow: number): TakeStart {
  if (!take || take.id === lastSeenId) return { kind: 'none' };
  const t = take.transition;
  if (t.kind !== 'fade') return { kind: 'cut', id: take.id };
  // A take stamped in the future (clocks a little apart) starts now, never later.
  const elapsed = Math.max(0, wallNow - take.startedAt);
  if (!(t.durationMs > 0) || elapsed >= t.durationMs) return { kind: 'cut', id: take.id };
  return { kind: 'fade', id: take.id, start: now - elapsed, durationMs: t.durationMs };
}

/** A tile appearing (going on air) or leaving (going off air): its alpha at `now`, eased like its move. */
export function tileAlpha(now: number, start: number, entering: boolean, durationMs: number = TILE_EASE_MS): number {
  const e = easeInOutCubic(tweenProgress(now, start, durationMs));
  return entering ? e : 1 - e;
}

/**
 * A leaving tile taken back (on air again mid fade-out) fades in from the alpha it had: the start
 * of an entering fade that is at that alpha now (the easing is symmetric).
 */
export function reversedStart(now: number, start: number, durationMs: number = TILE_EASE_MS): number {
  const done = Math.min(durationMs, Math.max(0, now - start));
  return now - (durationMs - done);
}
