import { describe, expect, it, vi } from 'vitest';
import { readKey, writeKey, STORAGE_KEYS, type StorageKey } from '../../src/state/storage';

describe('storage: every key falls back to its default on bad input (§9, DESIGN conventions)', () => {
  it.each([
    ['selectedTool', 'BOGUS', 'NONE'],
    ['selectedTool', '', 'NONE'],
    ['selectedTool', 'HOST CHAT', 'HOST CHAT'],
    ['selectedTool', 'Q&A', 'Q&A'],
    ['tutorialCompleted', 'yes', false],
    ['tutorialCompleted', 'true', true],
  ] as const)('%s stored as %j reads %j', (name, raw, expected) => {
    localStorage.setItem(STORAGE_KEYS[name].name, raw);
    expect(readKey(STORAGE_KEYS[name] as StorageKey<unknown>)).toBe(expected);
  });

  it.each([
    ['{bad', { nametagsActive: true, primaryColor: '#0D62C5', selectedTheme: 'lower_third1' }],
    [JSON.stringify({ nametagsActive: false, primaryColor: 'red', selectedTheme: 'lower_third9' }), { nametagsActive: false, primaryColor: '#0D62C5', selectedTheme: 'lower_third1' }],
    [JSON.stringify({ nametagsActive: 'no', primaryColor: '#112233', selectedTheme: 'lower_third3' }), { nametagsActive: true, primaryColor: '#112233', selectedTheme: 'lower_third3' }],
  ])('brandSettings %s reads field by field (§3 defaults for the bad ones)', (raw, expected) => {
    localStorage.setItem('brandSettings', raw);
    expect(readKey(STORAGE_KEYS.brandSettings)).toEqual(expected);
  });

  it('userColors keeps at most 28 valid #RRGGBB colours (§9)', () => {
    const colors = Array.from({ length: 40 }, (_, i) => `#0000${i.toString(16).padStart(2, '0')}`);
    localStorage.setItem('userColors', JSON.stringify(['red', ...colors]));
    expect(readKey(STORAGE_KEYS.userColors)).toEqual(colors.slice(0, 28));
  });

  it.each([
    ['{not json', {}],
    ['[1,2]', {}],
    ['"text"', {}],
    ['null', {}],
  ])('lastUsedDevices %j falls back to {}', (raw, expected) => {
    localStorage.setItem('lastUsedDevices', raw);
    expect(readKey(STORAGE_KEYS.lastUsedDevices)).toEqual(expected);
  });

  it('keeps the valid devices and drops malformed ones', () => {
    localStorage.setItem('lastUsedDevices', JSON.stringify({ camera: { deviceId: 'c1', name: 'Cam' }, microphone: { deviceId: 5 }, speaker: 'x' }));
    expect(readKey(STORAGE_KEYS.lastUsedDevices)).toEqual({ camera: { deviceId: 'c1', name: 'Cam' } });
  });

  it('drops non-string selected tabs and non-boolean tools-state entries', () => {
    localStorage.setItem('selectedTabs', JSON.stringify({ people: 'Attendees', settings: 3 }));
    localStorage.setItem('tools-state', JSON.stringify({ logos: true, tickers: 'open' }));
    expect(readKey(STORAGE_KEYS.selectedTabs)).toEqual({ people: 'Attendees' });
    expect(readKey(STORAGE_KEYS.toolsState)).toEqual({ logos: true });
  });

  it('missing keys read their defaults', () => {
    expect(readKey(STORAGE_KEYS.selectedTool)).toBe('NONE');
    expect(readKey(STORAGE_KEYS.tutorialCompleted)).toBe(false);
  });

  it('round-trips values through their encoders', () => {
    writeKey(STORAGE_KEYS.tutorialCompleted, true);
    expect(localStorage.getItem('tutorialCompleted')).toBe('true');
    writeKey(STORAGE_KEYS.selectedTool, 'PEOPLE');
    expect(readKey(STORAGE_KEYS.selectedTool)).toBe('PEOPLE');
  });

  it('a storage that throws never breaks reads or writes', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(readKey(STORAGE_KEYS.selectedTool)).toBe('NONE');
    expect(() => writeKey(STORAGE_KEYS.selectedTool, 'CHAT')).not.toThrow();
  });
});
