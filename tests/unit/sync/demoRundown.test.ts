/**
 * The demo's rundown survives a reload (issue 25): the tab that hosts its room keeps every applied
 * state in localStorage and a tab that hosts it later starts from it; a storage that refuses keeps
 * nothing and breaks nothing.
 */
import { describe, expect, it } from 'vitest';
import type { RoomTransport } from '../../../src/demo/tabRoom';
import { joinTabRoom } from '../../../src/demo/tabRoom';
import { localKeep } from '../../../src/demo/demoRundown';

const alone: RoomTransport = { post: () => undefined, listen: () => () => undefined };
const leadAtOnce = { campaign: (lead: () => void) => (lead(), () => undefined) };

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v), removeItem: (k) => void m.delete(k), clear: () => m.clear(), key: () => null, get length() { return m.size; } };
}
const refusing = { getItem: () => { throw new Error('SecurityError'); }, setItem: () => { throw new Error('QuotaExceededError'); } } as unknown as Storage;

const room = (storage: Storage) => joinTabRoom({ member: `tab-${Math.random()}`, transport: alone, election: leadAtOnce, collectMs: 0, keep: localKeep('rundown', () => storage) });

describe('the demo rundown kept in this browser', () => {
  it('a reloaded tab (a new room on the same storage) starts from what the last one applied', async () => {
    const storage = memoryStorage();
    const first = room(storage);
    await first.push({ origin: 'a', seq: 1, changes: { order: ['opening'] } });
    await first.push({ origin: 'a', seq: 2, changes: { 'scene:opening': { id: 'opening' } } });
    first.close();
    const second = room(storage);
    expect(await second.resync()).toEqual({ version: 2, applied: { a: 2 }, keyed: { order: ['opening'], 'scene:opening': { id: 'opening' } } });
    // The same origin's resend is still a duplicate after the reload.
    expect((await second.push({ origin: 'a', seq: 2, changes: { order: [] } })).keyed.order).toEqual(['opening']);
  });

  it('a tab that becomes host later passes what was kept to its subscribers (a reloaded studio shows it)', async () => {
    const storage = memoryStorage();
    const first = room(storage);
    await first.push({ origin: 'a', seq: 1, changes: { order: ['opening'] } });
    first.close();
    const leadSoon = { campaign: (lead: () => void) => (setTimeout(lead, 5), () => undefined) };
    const later = joinTabRoom({ member: 'tab-later', transport: alone, election: leadSoon, collectMs: 0, keep: localKeep('rundown', () => storage) });
    const shown: unknown[] = [];
    later.subscribe({ doc: (s) => shown.push(s.keyed), reconnected: () => undefined });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(shown).toEqual([{ order: ['opening'] }]);
  });

  it('nothing kept yet, or something unreadable: an empty rundown', async () => {
    const storage = memoryStorage();
    storage.setItem('rundown', '{"version":"x"}');
    expect(await room(storage).resync()).toEqual({ version: 0, applied: {}, keyed: {} });
    expect(await room(memoryStorage()).resync()).toEqual({ version: 0, applied: {}, keyed: {} });
  });

  it('a storage that refuses (a private window) keeps nothing and the room still answers', async () => {
    const r = room(refusing);
    expect((await r.push({ origin: 'a', seq: 1, changes: { order: ['x'] } })).version).toBe(1);
  });
});
