import { describe, expect, it } from 'vitest';
import { CUT, DEFAULT_FADE_MS, FADE_MAX_MS } from '../../../compositor/model/transition';
import { NAME_MAX } from '../../../src/lib/limits';
import { MAX_SCENES, SCENE_DURATION_MAX_MS, SCENE_DURATION_MIN_MS, SCENE_NAME_MAX, SCENE_NOTES_MAX } from '../../../src/state/rundown/limits';
import { captureLook } from '../../../src/state/rundown/look';
import {
  addScene,
  deleteScene,
  duplicateScene,
  effectiveTransition,
  emptyRundown,
  moveScene,
  nextSceneId,
  renameScene,
  setAutoAdvance,
  setGlobalTransition,
  setSceneDuration,
  setSceneNotes,
  setSceneTransition,
  updateSceneLook,
} from '../../../src/state/rundown/rundown';
import type { Rundown } from '../../../src/state/rundown/types';
import { recordTake, stage } from './fixtures';

const look = captureLook(stage(['g1']));
const three = (): Rundown => ['a', 'b', 'c'].reduce((r, id) => addScene(r, id, look, id.toUpperCase()), emptyRundown());
const names = (r: Rundown) => r.scenes.map((s) => s.name);
const ids = (r: Rundown) => r.scenes.map((s) => s.id);

describe('limits', () => {
  it('are named, and the scene name reuses the name limit', () => {
    expect(SCENE_NAME_MAX).toBe(NAME_MAX);
    expect(SCENE_NOTES_MAX).toBe(2000);
    expect(MAX_SCENES).toBe(50);
    expect([SCENE_DURATION_MIN_MS, SCENE_DURATION_MAX_MS]).toEqual([1000, 12 * 3600 * 1000]);
  });
});

describe('rundown operations', () => {
  it('Save scene appends the look with a default name, no duration, the global transition', () => {
    const r = addScene(addScene(emptyRundown(), 's1', look), 's2', look, '  ');
    expect(names(r)).toEqual(['Scene 1', 'Scene 2']);
    expect(r.scenes[0]).toEqual({ id: 's1', name: 'Scene 1', look, durationMs: null, notes: '', transition: null });
  });

  it('refuses a scene past MAX_SCENES, or an id in use', () => {
    let r = emptyRundown();
    for (let i = 0; i < MAX_SCENES; i += 1) r = addScene(r, `s${i}`, look);
    expect(addScene(r, 'one-more', look)).toBe(r);
    expect(duplicateScene(r, 's0', 'copy')).toBe(r);
    expect(addScene(three(), 'a', look).scenes).toHaveLength(3);
  });

  it.each<[string, string, string | null]>([
    ['plain', 'Opening', 'Opening'],
    ['markup removed, prose kept', 'Q&A <b>live</b> x<y', 'Q&A live x<y'],
    ['line breaks become spaces', 'Two\nlines', 'Two lines'],
    ['cut to the limit', 'x'.repeat(SCENE_NAME_MAX + 10), 'x'.repeat(SCENE_NAME_MAX)],
    ['blank is refused', ' \u200b ', null],
  ])('rename by the text rule: %s', (_, raw, expected) => {
    const r = three();
    const next = renameScene(r, 'b', raw);
    if (expected === null) expect(next).toBe(r);
    else expect(next.scenes[1]?.name).toBe(expected);
  });

  it('update from stage replaces the look only', () => {
    const other = captureLook(stage(['g2', 'g3']));
    const r = updateSceneLook(setSceneNotes(three(), 'a', 'cue'), 'a', other);
    expect(r.scenes[0]).toMatchObject({ name: 'A', notes: 'cue', look: other });
  });

  it('duplicate puts a copy right after the original', () => {
    const r = duplicateScene(setSceneDuration(three(), 'a', 60_000), 'a', 'a2');
    expect(ids(r)).toEqual(['a', 'a2', 'b', 'c']);
    expect(r.scenes[1]).toMatchObject({ name: 'A copy', durationMs: 60_000, look });
    expect(r.scenes[1]?.look).not.toBe(r.scenes[0]?.look);
  });

  it.each<[string, number, string[]]>([
    ['to the front', 0, ['c', 'a', 'b']],
    ['one up', 1, ['a', 'c', 'b']],
    ['past the end is the end', 99, ['a', 'b', 'c']],
    ['negative is the front', -3, ['c', 'a', 'b']],
  ])('reorder %s', (_, to, expected) => {
    expect(ids(moveScene(three(), 'c', to))).toEqual(expected);
  });

  it('delete removes the scene; unknown ids change nothing', () => {
    const r = three();
    expect(ids(deleteScene(r, 'b'))).toEqual(['a', 'c']);
    expect(deleteScene(r, 'zz')).toBe(r);
    expect(renameScene(r, 'zz', 'x')).toBe(r);
  });

  it.each<[string, number | null, number | null]>([
    ['kept', 90_000, 90_000],
    ['rounded', 1500.4, 1500],
    ['at least a second', 10, SCENE_DURATION_MIN_MS],
    ['at most 12 hours', 1e12, SCENE_DURATION_MAX_MS],
    ['none', null, null],
    ['not a number is none', Number.NaN, null],
  ])('duration %s', (_, ms, expected) => {
    expect(setSceneDuration(three(), 'a', ms).scenes[0]?.durationMs).toBe(expected);
  });

  it('notes keep line breaks, lose markup and are cut to the limit', () => {
    expect(setSceneNotes(three(), 'a', 'Intro <i>Ada</i>\nthen Q&A').scenes[0]?.notes).toBe('Intro Ada\nthen Q&A');
    expect(setSceneNotes(three(), 'a', 'n'.repeat(SCENE_NOTES_MAX + 1)).scenes[0]?.notes).toHaveLength(SCENE_NOTES_MAX);
  });

  it('transitions: per scene or global, clamped; effectiveTransition prefers the scene', () => {
    let r = three();
    expect(r.settings.transition).toEqual({ kind: 'fade', durationMs: DEFAULT_FADE_MS });
    expect(effectiveTransition(r.scenes[0]!, r)).toEqual({ kind: 'fade', durationMs: DEFAULT_FADE_MS });
    r = setGlobalTransition(r, CUT);
    r = setSceneTransition(r, 'b', { kind: 'fade', durationMs: 60_000 });
    expect(effectiveTransition(r.scenes[0]!, r)).toEqual(CUT);
    expect(effectiveTransition(r.scenes[1]!, r)).toEqual({ kind: 'fade', durationMs: FADE_MAX_MS });
    r = setSceneTransition(r, 'b', null);
    expect(effectiveTransition(r.scenes[1]!, r)).toEqual(CUT);
    expect(setGlobalTransition(r, CUT)).toBe(r);
  });

  it('auto-advance on and off', () => {
    const r = setAutoAdvance(three(), true);
    expect(r.settings.autoAdvance).toBe(true);
    expect(setAutoAdvance(r, true)).toBe(r);
    expect(setAutoAdvance(r, false).settings.autoAdvance).toBe(false);
  });
});

describe('NEXT', () => {
  const take = (r: Rundown, sceneId: string, takenAt = 1000) => recordTake(r, { sceneId, takeId: `t-${sceneId}`, takenAt, transition: CUT, by: 'me' });

  it.each<[string, (r: Rundown) => Rundown, string | null]>([
    ['nothing taken yet: the first scene', (r) => r, 'a'],
    ['after the first: the second', (r) => take(r, 'a'), 'b'],
    ['at the end of the rundown: nothing', (r) => take(r, 'c'), null],
    ['the live scene was deleted: nothing (take one by hand)', (r) => deleteScene(take(r, 'b'), 'b'), null],
    ['follows a reorder', (r) => moveScene(take(r, 'a'), 'c', 1), 'c'],
  ])('%s', (_, setup, expected) => {
    expect(nextSceneId(setup(three()))).toBe(expected);
  });

  it('an empty rundown has no NEXT', () => {
    expect(nextSceneId(emptyRundown())).toBeNull();
  });

  it('the show start carries over from take to take', () => {
    const r = take(take(three(), 'a', 1000), 'b', 5000);
    expect(r.live).toMatchObject({ sceneId: 'b', takenAt: 5000, showStartedAt: 1000 });
  });
});
