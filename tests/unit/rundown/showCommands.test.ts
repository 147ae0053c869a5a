import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stageActions } from '../../../src/state/channel/stageActions';
import { useChannelStore } from '../../../src/state/channel/store';
import { commandForKey } from '../../../src/state/commands/shortcuts';
import { NEXT_SCENE, SAVE_SCENE } from '../../../src/state/commands/showCommands';
import { STAGE_COMMANDS } from '../../../src/state/commands/stageCommands';
import { CARD_COMMANDS } from '../../../src/services/people/cardCommands';
import { configureRundown, rundownActions, useRundownStore } from '../../../src/state/rundown/store';
import { liveIds, stage } from './fixtures';

const key = (k: string, code: string) => ({ key: k, code, ctrlKey: false, metaKey: false, shiftKey: true, altKey: false, target: null });
const rundown = () => useRundownStore.getState().rundown;

beforeEach(() => {
  let n = 0;
  configureRundown({ newId: (p) => `${p}-${++n}`, origin: 'me' });
  rundownActions.load({});
  stageActions.load(stage());
});
afterEach(() => configureRundown(null));

describe('run-of-show commands', () => {
  it('Shift+S saves a scene and Shift+N takes the next one; neither key clashes', () => {
    expect(commandForKey(STAGE_COMMANDS, key('S', 'KeyS'))).toBe(SAVE_SCENE);
    expect(commandForKey(STAGE_COMMANDS, key('N', 'KeyN'))).toBe(NEXT_SCENE);
    const all = [...STAGE_COMMANDS, ...CARD_COMMANDS].flatMap((c) => c.keys ?? []);
    expect(all.filter((k) => k === 'shift+s' || k === 'shift+n')).toEqual(['shift+s', 'shift+n']);
  });

  it('Next scene is enabled only when there is a next scene, and names it', () => {
    const state = useChannelStore.getState();
    expect(NEXT_SCENE.enabled(state)).toBe(false);
    expect(NEXT_SCENE.label(state)).toBe('No next scene');
    stageActions.putOnAir('g1');
    SAVE_SCENE.perform();
    stageActions.load(stage());
    expect(NEXT_SCENE.label(state)).toBe('Next scene: Scene 1');
    NEXT_SCENE.perform();
    expect(liveIds(useChannelStore.getState().doc)).toEqual(['g1']);
    expect(rundown().live?.sceneId).toBe('scene-1');
    expect(NEXT_SCENE.enabled(state)).toBe(false);
  });
});
