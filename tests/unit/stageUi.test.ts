import { describe, expect, it } from 'vitest';
import { cardWidth } from '../../src/ui/cardWidth';
import { shortcutOf } from '../../src/state/commands/shortcuts';

describe('card width by window width (§2)', () => {
  it.each([
    [800, false, 88],
    [800, true, 64],
    [989, false, 88],
    [990, false, 107],
    [1365, true, 84],
    [1366, false, 140],
    [1920, true, 104],
  ])('window %i, self %s → %i px', (w, self, px) => expect(cardWidth(w, self)).toBe(px));
});

describe('shortcuts', () => {
  const ev = (key: string, mods: Partial<KeyboardEvent> = {}, code = '') => ({ key, code, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
  it.each([
    [ev('z', { ctrlKey: true }), 'mod+z'],
    [ev('Z', { metaKey: true, shiftKey: true }), 'mod+shift+z'],
    [ev('¡', { altKey: true }, 'Digit1'), 'alt+1'],
  ])('%j → %s', (e, s) => expect(shortcutOf(e as KeyboardEvent)).toBe(s));
});
