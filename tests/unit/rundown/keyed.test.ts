import { describe, expect, it } from 'vitest';
import { CUT, FADE_MIN_MS } from '../../../compositor/model/transition';
import { applyChanges, diffKeyed } from '../../../compositor/sync';
import { keyedFromRundown, rundownFromKeyed } from '../../../src/state/rundown/keyed';
import { RUNDOWN_KEY } from '../../../src/lib/rundownLimits';
import { captureLook } from '../../../src/state/rundown/look';
import { addScene, emptyRundown, renameScene, setAutoAdvance, setSceneDuration, setSceneNotes, setSceneTransition } from '../../../src/state/rundown/rundown';
import type { Rundown } from '../../../src/state/rundown/types';
import { recordTake, stage } from './fixtures';

const look = captureLook({ ...stage(['mod', 'g1']), media: { background: { id: 'bg', type: 'image', url: '/bg.jpg', name: 'Bg' }, foregroundImage: null, foregroundVideo: null } });

function full(): Rundown {
  let r = ['a', 'b', 'c'].reduce((acc, id) => addScene(acc, id, look, id.toUpperCase()), emptyRundown());
  r = setSceneDuration(setSceneNotes(r, 'a', 'Welcome\nthen intro'), 'a', 60_000);
  return setAutoAdvance(setSceneTransition(r, 'b', CUT), true);
}
const ids = (r: Rundown) => r.scenes.map((s) => s.id);

describe('keyed rundown', () => {
  it('has one key per scene, the order and the settings; never the live take (the channel’s)', () => {
    expect(Object.keys(keyedFromRundown(full()))).toEqual(['scene:a', 'scene:b', 'scene:c', 'order', 'settings']);
    expect(Object.keys(keyedFromRundown(recordTake(full(), { sceneId: 'a', takeId: 'take-1', takenAt: 1000, transition: CUT, by: 'origin-1' })))).not.toContain('live');
    expect(Object.keys(keyedFromRundown(emptyRundown()))).toEqual(['order', 'settings']);
  });

  it.each<[string, () => Rundown]>([
    ['empty', emptyRundown],
    ['full', full],
  ])('round-trips (%s)', (_, make) => {
    const r = make();
    expect(rundownFromKeyed(keyedFromRundown(r))).toEqual(r);
    expect(rundownFromKeyed(JSON.parse(JSON.stringify(keyedFromRundown(r))))).toEqual(r);
  });

  it('ids in the order with no scene are skipped; scenes missing from the order follow in key order', () => {
    const keyed = { ...keyedFromRundown(full()), [RUNDOWN_KEY.order]: ['c', 'gone', 'a'] };
    expect(ids(rundownFromKeyed(keyed))).toEqual(['c', 'a', 'b']);
  });

  it('two producers at once: a rename by one and a new scene by the other both survive the per-key merge', () => {
    const base = keyedFromRundown(full());
    const byA = diffKeyed(base, keyedFromRundown(renameScene(rundownFromKeyed(base), 'b', 'Interview')));
    const byB = diffKeyed(base, keyedFromRundown(addScene(rundownFromKeyed(base), 'd', look, 'Outro')));
    // B wrote its order (with d) after A; A's rename is its own key.
    const merged = rundownFromKeyed(applyChanges(applyChanges(base, byA), byB));
    expect(merged.scenes.map((s) => s.name)).toEqual(['A', 'Interview', 'C', 'Outro']);
    // Had A's order won instead, d would still be there, after the ordered ones.
    const orderLost = rundownFromKeyed(applyChanges(applyChanges(base, byB), { ...byA, order: ['a', 'b', 'c'] }));
    expect(ids(orderLost)).toEqual(['a', 'b', 'c', 'd']);
  });

  it.each<[string, Record<string, unknown>, (r: Rundown) => void]>([
    ['a scene whose id does not match its key is dropped', { 'scene:x': { id: 'y', name: 'Y', look } }, (r) => expect(ids(r)).not.toContain('x')],
    ['a scene without a look is dropped', { 'scene:x': { id: 'x', name: 'X' } }, (r) => expect(ids(r)).not.toContain('x')],
    ['a name goes through the text rule', { 'scene:x': { id: 'x', name: '<b>Bold</b>\u202e', look } }, (r) => expect(r.scenes.at(-1)?.name).toBe('Bold')],
    ['a blank name drops the scene', { 'scene:x': { id: 'x', name: '  ', look } }, (r) => expect(ids(r)).not.toContain('x')],
    ['a duration out of bounds is clamped', { 'scene:x': { id: 'x', name: 'X', look, durationMs: 1 } }, (r) => expect(r.scenes.at(-1)?.durationMs).toBe(1000)],
    ['a fade out of bounds is clamped', { 'scene:x': { id: 'x', name: 'X', look, transition: { kind: 'fade', durationMs: 1 } } }, (r) => expect(r.scenes.at(-1)?.transition).toEqual({ kind: 'fade', durationMs: FADE_MIN_MS })],
    ['an unknown transition is the global one', { 'scene:x': { id: 'x', name: 'X', look, transition: { kind: 'wipe' } } }, (r) => expect(r.scenes.at(-1)?.transition).toBeNull()],
    ['a spotlight outside the on-air list is none', { 'scene:x': { id: 'x', name: 'X', look: { ...look, spotlight: 7 } } }, (r) => expect(r.scenes.at(-1)?.look.spotlight).toBeNull()],
    ['bad on-air entries and media are dropped', { 'scene:x': { id: 'x', name: 'X', look: { ...look, onAir: [{ cardId: 1 }, ...look.onAir], media: { background: { id: 'b' } } } } }, (r) => expect(r.scenes.at(-1)?.look).toEqual({ ...look, media: { background: null, foregroundImage: null, foregroundVideo: null } })],
    ['a look saved before the vertical choices (issue 34) has none', { 'scene:x': { id: 'x', name: 'X', look: { ...look, vertical: undefined } } }, (r) => expect(r.scenes.at(-1)?.look).not.toHaveProperty('vertical')],
    ['vertical choices are read, an unknown vertical layout follows 16:9 and a hide that is not text is dropped', { 'scene:x': { id: 'x', name: 'X', look: { ...look, vertical: { layout: 'HUGE', hidden: ['tpl:tk-1', 7] } } } }, (r) => expect(r.scenes.at(-1)?.look.vertical).toEqual({ layout: null, hidden: ['tpl:tk-1'] })],
    ['a vertical layout round-trips', { 'scene:x': { id: 'x', name: 'X', look: { ...look, vertical: { layout: 'SPLIT', hidden: ['chat'] } } } }, (r) => expect(r.scenes.at(-1)?.look.vertical).toEqual({ layout: 'SPLIT', hidden: ['chat'] })],
    ['broken settings are the defaults', { settings: 'x' }, (r) => expect(r.settings).toEqual(emptyRundown().settings)],
    ['a live take kept by an older studio is not read (the take is the channel\'s)', { live: { sceneId: 'a', takeId: 't', takenAt: 1, transition: CUT } }, (r) => expect(r.live).toBeNull()],
  ])('tolerant: %s', (_, patch, check) => {
    const keyed = { ...keyedFromRundown(full()), ...patch } as ReturnType<typeof keyedFromRundown>;
    check(rundownFromKeyed(keyed));
  });
});
