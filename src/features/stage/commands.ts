/**
 * Stage commands as data (DESIGN "Commands are data"): one table drives the buttons, their
 * tooltips and the keyboard shortcuts.
 */
import { LAYOUT_CODES } from '../../../compositor/model/types';
import { stageActions } from '../../state/channel/stageActions';
import { useStageStore } from '../../state/channel/store';

export interface StageCommand {
  name: string;
  label(): string;
  /** 'mod' is Ctrl (Cmd on macOS). */
  keys: string[];
  perform(): void;
  enabled(): boolean;
}

export const STAGE_COMMANDS: StageCommand[] = [
  {
    name: 'undo',
    label: () => (stageActions.undoLabel() ? `Undo ${stageActions.undoLabel()}` : 'Nothing to undo'),
    keys: ['mod+z'],
    perform: () => void stageActions.undo(),
    enabled: () => useStageStore.getState().canUndo,
  },
  {
    name: 'redo',
    label: () => (stageActions.redoLabel() ? `Redo ${stageActions.redoLabel()}` : 'Nothing to redo'),
    keys: ['mod+shift+z', 'mod+y'],
    perform: () => void stageActions.redo(),
    enabled: () => useStageStore.getState().canRedo,
  },
  ...LAYOUT_CODES.map((code, i) => ({
    name: `layout-${code}`,
    label: () => `Layout ${code}`,
    keys: [`alt+${i + 1}`],
    perform: () => void stageActions.setLayout(code),
    enabled: () => true,
  })),
];

/** 'mod+shift+z' style name of a key event. */
export function shortcutOf(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey' | 'code'>): string {
  const parts: string[] = [];
  if (e.ctrlKey || e.metaKey) parts.push('mod');
  if (e.shiftKey) parts.push('shift');
  if (e.altKey) parts.push('alt');
  const key = /^Digit\d$/.test(e.code) ? e.code.slice(5) : e.key.toLowerCase();
  parts.push(key);
  return parts.join('+');
}

export function commandFor(e: KeyboardEvent): StageCommand | undefined {
  const target = e.target as HTMLElement | null;
  if (target?.closest('input, textarea, select, [contenteditable=true]')) return undefined;
  const shortcut = shortcutOf(e);
  return STAGE_COMMANDS.find((c) => c.keys.includes(shortcut));
}
