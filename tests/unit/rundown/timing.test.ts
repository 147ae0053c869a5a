import { describe, expect, it } from 'vitest';
import { CUT } from '../../../compositor/model/transition';
import { captureLook } from '../../../src/state/rundown/look';
import { addScene, deleteScene, emptyRundown, setAutoAdvance, setSceneDuration } from '../../../src/state/rundown/rundown';
import { recordTake } from './fixtures';
import { showTiming } from '../../../src/state/rundown/timing';
import type { Rundown } from '../../../src/state/rundown/types';
import { stage } from './fixtures';

const look = captureLook(stage());
/** a 60 s, b 30 s, c open-ended. */
function show(): Rundown {
  let r = ['a', 'b', 'c'].reduce((acc, id) => addScene(acc, id, look, id), emptyRundown());
  r = setSceneDuration(r, 'a', 60_000);
  return setSceneDuration(r, 'b', 30_000);
}
const take = (r: Rundown, sceneId: string, takenAt: number) => recordTake(r, { sceneId, takeId: `t-${takenAt}`, takenAt, transition: CUT, by: 'me' });

describe('showTiming', () => {
  it('before the show: nothing live, NEXT is the first, durations ahead', () => {
    const t = showTiming(show(), 0);
    expect(t).toMatchObject({ liveSceneId: null, nextSceneId: 'a', elapsedMs: 0, remainingMs: null, advanceAt: null, advanceDue: false });
    expect(t.scenes.map((s) => [s.state, s.remainingMs])).toEqual([['next', 60_000], ['later', 30_000], ['later', null]]);
  });

  it('per scene and for the show while the first scene runs', () => {
    const t = showTiming(take(show(), 'a', 1000), 21_000);
    expect(t.scenes[0]).toEqual({ sceneId: 'a', state: 'live', durationMs: 60_000, elapsedMs: 20_000, remainingMs: 40_000 });
    expect(t.scenes[1]).toMatchObject({ state: 'next', elapsedMs: 0, remainingMs: 30_000 });
    expect(t).toMatchObject({ liveSceneId: 'a', nextSceneId: 'b', elapsedMs: 20_000, remainingMs: null });
  });

  it('show remaining is the sum when every scene ahead has a duration', () => {
    const r = setSceneDuration(take(show(), 'a', 1000), 'c', 10_000);
    expect(showTiming(r, 11_000).remainingMs).toBe(50_000 + 30_000 + 10_000);
  });

  it('the show clock runs from the first take; earlier scenes are done', () => {
    const r = take(take(show(), 'a', 1000), 'b', 70_000);
    const t = showTiming(r, 80_000);
    expect(t.elapsedMs).toBe(79_000);
    expect(t.scenes.map((s) => s.state)).toEqual(['done', 'live', 'next']);
    expect(t.scenes[1]).toMatchObject({ elapsedMs: 10_000, remainingMs: 20_000 });
  });

  it('an overrun shows as negative remaining time, and counts 0 in the show total', () => {
    const r = setSceneDuration(take(show(), 'a', 0), 'c', 10_000);
    const t = showTiming(r, 65_000);
    expect(t.scenes[0]?.remainingMs).toBe(-5000);
    expect(t.remainingMs).toBe(40_000);
  });

  it.each<[string, (r: Rundown) => Rundown, number, number | null, boolean]>([
    ['off: never due', (r) => take(r, 'a', 0), 60_000, null, false],
    ['on, before the end', (r) => take(setAutoAdvance(r, true), 'a', 0), 59_999, 60_000, false],
    ['on, at the end', (r) => take(setAutoAdvance(r, true), 'a', 0), 60_000, 60_000, true],
    ['on, an open-ended scene', (r) => take(setAutoAdvance(r, true), 'c', 0), 1e9, null, false],
    ['on, the last scene: nothing next', (r) => take(setAutoAdvance(setSceneDuration(r, 'c', 5000), true), 'c', 0), 10_000, null, false],
    ['on, nothing live', (r) => setAutoAdvance(r, true), 1e9, null, false],
  ])('auto-advance %s', (_, setup, now, advanceAt, due) => {
    expect(showTiming(setup(show()), now)).toMatchObject({ advanceAt, advanceDue: due });
  });

  it('the live scene deleted: no live scene, unknown show remaining, no NEXT', () => {
    const t = showTiming(deleteScene(take(show(), 'b', 0), 'b'), 1000);
    expect(t).toMatchObject({ liveSceneId: null, nextSceneId: null, remainingMs: null, elapsedMs: 1000 });
    expect(t.scenes.map((s) => s.state)).toEqual(['later', 'later']);
  });
});
