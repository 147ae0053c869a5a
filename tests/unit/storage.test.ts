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
    ['primaryColor', 'red', '#0D62C5'],
    ['primaryColor', '#112233', '#112233'],
  ] as const)('%s stored as %j reads %j', (name, raw, expected) => {
    localStorage.setItem(STORAGE_KEYS[name].name, raw);
    expect(readKey(STORAGE_KEYS[name] as StorageKey<unknown>)).toBe(expected);
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
