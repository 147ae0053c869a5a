/** Keyboard shortcuts of the command table: a key event's name and the command it runs. */
import type { Command } from './types';

type KeyEvent = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey' | 'code'>;

/**
 * 'mod+shift+z' style name of a key event. Digits are read from the key's position (Alt+1 types '¡'
 * on a Mac), and Shift is not named for punctuation it produces ('?' is Shift+/ on most layouts).
 */
export function shortcutOf(e: KeyEvent): string {
  const parts: string[] = [];
  const punctuation = e.key.length === 1 && e.key !== ' ' && !/[\p{L}\p{N}]/u.test(e.key);
  if (e.ctrlKey || e.metaKey) parts.push('mod');
  if (e.shiftKey && !punctuation) parts.push('shift');
  if (e.altKey) parts.push('alt');
  const key = /^Digit\d$/.test(e.code) ? e.code.slice(5) : e.key === ' ' ? 'space' : e.key.toLowerCase();
  parts.push(key);
  return parts.join('+');
}

/** The command whose keys include this event's, unless the user is typing in a field. */
export function commandForKey<C extends Pick<Command<never>, 'keys'>>(commands: readonly C[], e: KeyEvent & { target: EventTarget | null }): C | undefined {
  const target = e.target as HTMLElement | null;
  if (target?.closest?.('input, textarea, select, [contenteditable=true]')) return undefined;
  const shortcut = shortcutOf(e);
  return commands.find((c) => c.keys?.includes(shortcut));
}

/** 'mod+shift+z' → 'Ctrl+Shift+Z' for people (⌘ on macOS). */
export function keyLabel(keys: string, mac = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform)): string {
  return keys
    .split('+')
    .map((k) => ({ mod: mac ? '⌘' : 'Ctrl', shift: 'Shift', alt: mac ? '⌥' : 'Alt', space: 'Space', enter: 'Enter', arrowleft: '←', arrowright: '→', arrowup: '↑', arrowdown: '↓', home: 'Home', end: 'End' })[k] ?? (k.length === 1 || /^f\d+$/.test(k) ? k.toUpperCase() : k))
    .join('+');
}
