/**
 * Commands as data (DESIGN "Commands are data"): one entry per thing a moderator can do, named after
 * the §3 edit action it performs. The same entry drives a button or menu item (label, enabled), the
 * keyboard shortcut (keys) and the shortcut overlay, so they can never disagree.
 */
import type { ChannelState } from '../channel/store';

export type CommandSection = 'Stage' | 'Layouts' | 'Graphics' | 'Show' | 'Producer card' | 'Help';

export interface Command<A = void> {
  /** §3 edit action (or UNDO, REDO, SHORTCUTS), with a qualifier where one action has several commands. */
  readonly name: string;
  readonly section: CommandSection;
  /** Its plain name where it is listed (the shortcut overlay), whatever the state: 'Undo', not 'Undo Rename: Bea'. */
  readonly title?: string;
  label(state: ChannelState, arg: A): string;
  /** 'mod' is Ctrl (Cmd on macOS); a card command's keys act on the focused card. */
  readonly keys?: readonly string[];
  enabled(state: ChannelState, arg: A): boolean;
  perform(arg: A): void;
}
