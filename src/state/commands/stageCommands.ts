/** Commands of the whole stage: undo, redo, the six layouts (§2 layout toolbar) and the shortcut overlay. */
import { layoutOptions, isContentShare, liveInShowOrder } from '../../../compositor/layout';
import { LAYOUT_CODES, type LayoutCode } from '../../../compositor/model/types';
import type { ChannelState } from '../channel/store';
import { LAYOUT_LABELS } from '../channel/layoutNames';
import { redidText, tellDone, undidText } from '../feedback';
import { stageActions } from '../channel/stageActions';
import { useScreenStore } from '../screenStore';
import type { Command } from './types';
import { GRAPHICS_COMMANDS } from './graphicsCommands';
import { SHOW_COMMANDS } from './showCommands';

export { LAYOUT_LABELS };

/** §4 availability for the live producers now: whether the layout is offered and can be chosen. */
export function layoutOption(state: ChannelState, code: LayoutCode): { visible: boolean; enabled: boolean } {
  const live = liveInShowOrder(state.doc.producers);
  const contentShare = live[0] !== undefined && isContentShare(live[0]);
  return layoutOptions(live.length, contentShare).find((o) => o.code === code) ?? { visible: false, enabled: false };
}

export const layoutCommand = (code: LayoutCode, index: number): Command => ({
  name: `SELECT:${code}`,
  section: 'Layouts',
  title: `Layout: ${LAYOUT_LABELS[code]}`,
  label: (state) => (layoutOption(state, code).enabled ? LAYOUT_LABELS[code] : `${LAYOUT_LABELS[code]} needs a different number of people on air`),
  keys: [`alt+${index + 1}`],
  enabled: (state) => layoutOption(state, code).enabled,
  perform: () => void stageActions.setLayout(code),
});

export const LAYOUT_COMMANDS: readonly Command[] = LAYOUT_CODES.map(layoutCommand);

export const UNDO: Command = {
  name: 'UNDO',
  section: 'Stage',
  title: 'Undo',
  label: () => (stageActions.undoLabel() ? `Undo ${stageActions.undoLabel()}` : 'Nothing to undo'),
  keys: ['mod+z'],
  enabled: (state) => state.canUndo,
  perform: () => {
    const label = stageActions.undoLabel();
    if (stageActions.undo() && label) tellDone(undidText(label));
  },
};

export const REDO: Command = {
  name: 'REDO',
  section: 'Stage',
  title: 'Redo',
  label: () => (stageActions.redoLabel() ? `Redo ${stageActions.redoLabel()}` : 'Nothing to redo'),
  keys: ['mod+shift+z', 'mod+y'],
  enabled: (state) => state.canRedo,
  perform: () => {
    const label = stageActions.redoLabel();
    if (stageActions.redo() && label) tellDone(redidText(label));
  },
};

export const SHORTCUTS: Command = {
  name: 'SHORTCUTS',
  section: 'Help',
  title: 'Show or hide this list',
  label: () => 'Keyboard shortcuts',
  keys: ['?'],
  enabled: () => true,
  perform: () => useScreenStore.getState().setShortcutsOpen(!useScreenStore.getState().shortcutsOpen),
};

/** The Stats panel (issue 33): Shift+D, "diagnostics" (plain letters and Shift+S/N are taken, see showCommands.ts). */
export const STATS: Command = {
  name: 'STATS',
  section: 'Help',
  title: 'Show or hide the Stats panel',
  label: () => 'Stats',
  keys: ['shift+d'],
  enabled: () => true,
  perform: () => useScreenStore.getState().toggleStats(),
};

/** Every command without a target, in the order the overlay lists them. */
export const STAGE_COMMANDS: readonly Command[] = [UNDO, REDO, ...LAYOUT_COMMANDS, ...GRAPHICS_COMMANDS, ...SHOW_COMMANDS, STATS, SHORTCUTS];
