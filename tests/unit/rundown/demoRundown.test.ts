import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stageActions } from '../../../src/state/channel/stageActions';
import { connectDemoRundown } from '../../../src/demo/demoRundown';
import { keyedFromRundown } from '../../../src/state/rundown/keyed';
import { captureLook } from '../../../src/state/rundown/look';
import { addScene, emptyRundown } from '../../../src/state/rundown/rundown';
import { configureRundown, rundownActions, useRundownStore } from '../../../src/state/rundown/store';
import { readKey, rundownKey } from '../../../src/state/storage';
import { stage } from './fixtures';

const key = rundownKey('channel-1');
const names = () => useRundownStore.getState().rundown.scenes.map((s) => s.name);
/** What another tab does: writes storage, and the browser tells this tab. */
function otherTabWrites(value: unknown) {
  const newValue = JSON.stringify(value);
  localStorage.setItem(key.name, newValue);
  window.dispatchEvent(new StorageEvent('storage', { key: key.name, newValue }));
}

let disconnect = () => undefined as void;
beforeEach(() => {
  let n = 0;
  configureRundown({ newId: (p) => `${p}-${++n}`, origin: 'me' });
  rundownActions.load({});
  stageActions.load(stage(['g1']));
});
afterEach(() => {
  disconnect();
  configureRundown(null);
});

describe('the demo rundown (local storage, shared by tabs)', () => {
  it('a reload keeps it: edits are stored and loaded again', () => {
    disconnect = connectDemoRundown('channel-1');
    rundownActions.saveScene('Opening');
    rundownActions.setAutoAdvance(true);
    disconnect();
    rundownActions.load({});
    expect(names()).toEqual([]);
    disconnect = connectDemoRundown('channel-1');
    expect(names()).toEqual(['Opening']);
    expect(useRundownStore.getState().rundown.settings.autoAdvance).toBe(true);
    expect(Object.keys(readKey(key))).toEqual(['scene:scene-1', 'order', 'settings']);
  });

  it("another tab's edit arrives by the storage event", () => {
    disconnect = connectDemoRundown('channel-1');
    otherTabWrites(keyedFromRundown(addScene(emptyRundown(), 'x', captureLook(stage()), 'From the other tab')));
    expect(names()).toEqual(['From the other tab']);
  });

  it("a local edit merges per key with what another tab stored meanwhile (its event not seen yet)", () => {
    disconnect = connectDemoRundown('channel-1');
    rundownActions.saveScene('Mine');
    const stored = readKey(key);
    // The other tab renamed nothing of ours but added a scene and wrote its order; no event reached us yet.
    localStorage.setItem(key.name, JSON.stringify({ ...stored, 'scene:x': keyedFromRundown(addScene(emptyRundown(), 'x', captureLook(stage()), 'Theirs'))['scene:x'], order: ['scene-1', 'x'] }));
    rundownActions.rename('scene-1', 'Mine, renamed');
    expect(names()).toEqual(['Mine, renamed', 'Theirs']);
    expect(JSON.parse(localStorage.getItem(key.name)!)['scene:scene-1'].name).toBe('Mine, renamed');
  });

  it('a corrupt stored value is an empty rundown; after disconnect, events are ignored', () => {
    localStorage.setItem(key.name, '{not json');
    disconnect = connectDemoRundown('channel-1');
    expect(names()).toEqual([]);
    disconnect();
    otherTabWrites(keyedFromRundown(addScene(emptyRundown(), 'x', captureLook(stage()), 'Late')));
    expect(names()).toEqual([]);
  });
});
