/** Issue 25: the fade and tile-move kernels as pure functions (tables, no pixi). */
import { describe, expect, it } from 'vitest';
import { fadeAlphas, fadeProgress, fadeRunning, planTake, planTiles, reversedStart, tileAlpha, TILE_EASE_MS, tweenProgress } from '../../../compositor/layout';
import type { SceneTransition } from '../../../compositor/model/transition';

const fade = (id: string, startedAt: number, durationMs = 500): SceneTransition => ({ id, startedAt, transition: { kind: 'fade', durationMs } });
const cut = (id: string, startedAt = 0): SceneTransition => ({ id, startedAt, transition: { kind: 'cut' } });

describe('fade kernels', () => {
  it.each([
    // now, startedAt, duration, progress, running
    [1000, 1000, 500, 0, true],
    [1250, 1000, 500, 0.5, true],
    [1499, 1000, 500, 0.998, true],
    [1500, 1000, 500, 1, false],
    [9999, 1000, 500, 1, false],
    [900, 1000, 500, 0, true], // before its start: still the old look
    [1000, 1000, 0, 1, false], // no duration: done at once
  ])('at %i, started %i, %i ms: progress %d, running %s', (now, start, ms, p, running) => {
    expect(fadeProgress(now, start, ms)).toBeCloseTo(p, 3);
    expect(fadeRunning(now, start, ms)).toBe(running);
  });

  it.each([
    [0, 1, 0],
    [0.25, 0.75, 0.25],
    [0.5, 0.5, 0.5],
    [1, 0, 1],
    [-1, 1, 0],
    [2, 0, 1],
  ])('alphas at %d: outgoing %d, incoming %d (always summing to 1: never a dip to black)', (p, out, inc) => {
    const a = fadeAlphas(p);
    expect(a.outgoing).toBeCloseTo(out, 9);
    expect(a.incoming).toBeCloseTo(inc, 9);
    expect(a.outgoing + a.incoming).toBeCloseTo(1, 9);
  });
});

describe('planTake: which takes start a fade, and where on the compositor clock', () => {
  // compositor now = 50_000; wall now = 1_700_000_000_000 + wallElapsed
  const WALL = 1_700_000_000_000;
  it.each([
    ['no take', undefined, null, 0, { kind: 'none' }],
    ['the take already seen', fade('t1', WALL), 't1', 0, { kind: 'none' }],
    ['a Cut', cut('t2', WALL), 't1', 0, { kind: 'cut', id: 't2' }],
    ['a new Fade, seen at once', fade('t2', WALL), 't1', 0, { kind: 'fade', id: 't2', start: 50_000, durationMs: 500 }],
    ['a new Fade seen 200 ms late (a page joining mid-fade)', fade('t2', WALL), 't1', 200, { kind: 'fade', id: 't2', start: 49_800, durationMs: 500 }],
    ['a Fade whose time is over (a page loaded later)', fade('t2', WALL), null, 500, { kind: 'cut', id: 't2' }],
    ['a Fade stamped 300 ms in the future (clock skew) starts now', fade('t2', WALL + 300), 't1', 0, { kind: 'fade', id: 't2', start: 50_000, durationMs: 500 }],
  ] as const)('%s', (_, take, lastSeen, wallElapsed, want) => {
    expect(planTake(take, lastSeen, 50_000, WALL + wallElapsed)).toEqual(want);
  });
});

describe('tile alphas', () => {
  it.each([
    [0, true, 0],
    [TILE_EASE_MS / 2, true, 0.5],
    [TILE_EASE_MS, true, 1],
    [0, false, 1],
    [TILE_EASE_MS / 2, false, 0.5],
    [TILE_EASE_MS, false, 0],
  ])('%i ms after the start, entering %s: alpha %d', (dt, entering, alpha) => {
    expect(tileAlpha(1000 + dt, 1000, entering)).toBeCloseTo(alpha, 9);
  });

  it.each([0, 50, 100, 150, 299, 300])('a leaving tile taken back %i ms into its fade-out fades in from the alpha it had', (dt) => {
    const now = 1000 + dt;
    const start = reversedStart(now, 1000);
    expect(tileAlpha(now, start, true)).toBeCloseTo(tileAlpha(now, 1000, false), 9);
    expect(tweenProgress(now, start)).toBeLessThanOrEqual(1);
  });
});

describe('planTiles: which tiles ease, fade in and fade out', () => {
  const r = (x: number, w = 0.5) => ({ x, y: 0, width: w, height: 0.5 });
  const hidden = { x: 0, y: 0, width: 0, height: 0 };
  it.each([
    ['the first scene snaps', null, [{ id: 'a', rect: r(0) }], false, { ease: false, moving: [], entering: [], leaving: [] }],
    ['unchanged tiles: nothing moves', [{ id: 'a', rect: r(0) }], [{ id: 'a', rect: r(0) }], false, { ease: true, moving: [], entering: [], leaving: [] }],
    ['a layout change: every changed rect eases', [{ id: 'a', rect: r(0, 1) }, { id: 'b', rect: r(0.5) }], [{ id: 'a', rect: r(0) }, { id: 'b', rect: r(0.5) }], false, { ease: true, moving: ['a'], entering: [], leaving: [] }],
    ['b goes on air: a moves, b fades in', [{ id: 'a', rect: r(0, 1) }], [{ id: 'a', rect: r(0) }, { id: 'b', rect: r(0.5) }], false, { ease: true, moving: ['a'], entering: ['b'], leaving: [] }],
    ['b goes off air: a moves, b fades out', [{ id: 'a', rect: r(0) }, { id: 'b', rect: r(0.5) }], [{ id: 'a', rect: r(0, 1) }], false, { ease: true, moving: ['a'], entering: [], leaving: ['b'] }],
    ['a hidden slot neither fades in nor out', [{ id: 'h', rect: hidden }], [{ id: 'c', rect: hidden }], false, { ease: true, moving: [], entering: [], leaving: [] }],
    ['a take snaps (its transition is what is seen)', [{ id: 'a', rect: r(0) }, { id: 'b', rect: r(0.5) }], [{ id: 'a', rect: r(0, 1) }, { id: 'c', rect: r(0.5) }], true, { ease: false, moving: ['a'], entering: [], leaving: [] }],
  ] as const)('%s', (_, before, after, take, want) => {
    expect(planTiles(before, after, take)).toEqual(want);
  });
});
