/**
 * Run-of-show commands (issue 25): Save scene and Next scene, with keys listed in the '?' overlay.
 * Shift+S and Shift+N: plain letters are taken by graphics and card commands (S spotlight, N name tags).
 */
import { canAddScene, findScene, nextSceneId } from '../rundown/rundown';
import { rundownActions, useRundownStore } from '../rundown/store';
import type { Command } from './types';

const rundown = () => useRundownStore.getState().rundown;

export const SAVE_SCENE: Command = {
  name: 'ADD:SCENE',
  section: 'Show',
  title: 'Save scene',
  label: () => (canAddScene(rundown()) ? 'Save the stage as a scene' : 'The rundown is full'),
  keys: ['shift+s'],
  enabled: () => canAddScene(rundown()),
  perform: () => void rundownActions.saveScene(),
};

export const NEXT_SCENE: Command = {
  name: 'SELECT:NEXT_SCENE',
  section: 'Show',
  title: 'Next scene',
  label: () => {
    const next = findScene(rundown(), nextSceneId(rundown()) ?? '');
    return next ? `Next scene: ${next.name}` : 'No next scene';
  },
  keys: ['shift+n'],
  enabled: () => nextSceneId(rundown()) !== null,
  perform: () => void rundownActions.next(),
};

export const SHOW_COMMANDS: readonly Command[] = [SAVE_SCENE, NEXT_SCENE];
