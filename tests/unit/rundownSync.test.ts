/**
 * The rundown's sync (src/services/rundown/rundownSync.ts, issue 25) against an in-memory room on the
 * real room core: it loads the room's rundown, a local edit leaves once after the debounce as the
 * keys it changed, a failure keeps the edit and resends the same update, another producer's edit is
 * shown and not saved back, and a reconnect catches up.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyUpdate, emptyServerChannel, type Changes, type KeyedChannel, type ServerChannel, type SyncUpdate } from '../../compositor/sync';
import type { RundownService } from '../../src/state/backend';
import { installFakeBackend } from './fakeBackend';
import { useAlertsStore, initialAlertsState } from '../../src/state/alertsStore';
import { startRundownSync } from '../../src/services/rundown/rundownSync';
import type { SyncedDocPort } from '../../src/services/sync/docSync';
import { CHANNEL_SAVE_DEBOUNCE_MS, SAVE_RETRY_MIN_MS } from '../../src/lib/limits';

function fakeRoom(initial: KeyedChannel = {}) {
  let state: ServerChannel = { ...emptyServerChannel(initial), version: Object.keys(initial).length ? 1 : 0 };
  const received: SyncUpdate[] = [];
  const pushes: ((s: ServerChannel) => void)[] = [];
  let reconnected = () => undefined as void;
  let failNext = 0;
  const service: RundownService = {
    async push(_uuid, update) {
      received.push(update);
      if (failNext > 0) {
        failNext -= 1;
        throw new Error('Injected failure (500)');
      }
      state = applyUpdate(state, update).state;
      return state;
    },
    resync: async () => state,
    subscribe(_uuid, on) {
      pushes.push(on.doc);
      reconnected = on.reconnected;
      return () => undefined;
    },
  };
  return {
    service,
    received,
    state: () => state,
    failNext: (n: number) => (failNext = n),
    other(update: SyncUpdate, push = true) {
      state = applyUpdate(state, update).state;
      if (push) pushes.forEach((p) => p(state));
    },
    reconnect: () => reconnected(),
  };
}

/** The rundown as a tab holds it: a keyed map, edited locally or replaced by the room's. */
function localDoc(): SyncedDocPort & { edit(changes: KeyedChannel): void; value(): KeyedChannel } {
  let keyed: KeyedChannel = {};
  const listeners = new Set<(changes: Changes) => void>();
  return {
    keyed: () => keyed,
    onLocalChange: (l) => (listeners.add(l), () => listeners.delete(l)),
    applyRemote: (k) => void (keyed = k),
    edit(changes) {
      keyed = { ...keyed, ...changes };
      listeners.forEach((l) => l(changes));
    },
    value: () => keyed,
  };
}

let stop: (() => Promise<void>) | null = null;
beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  useAlertsStore.setState(initialAlertsState());
});
afterEach(async () => {
  await stop?.();
  stop = null;
  vi.useRealTimers();
});

async function start(room: ReturnType<typeof fakeRoom>, doc: ReturnType<typeof localDoc>) {
  installFakeBackend({ rundown: room.service });
  stop = startRundownSync('c-1', doc, 'tab-me');
  await vi.advanceTimersByTimeAsync(0);
}

describe('the rundown in sync with its room', () => {
  it('loads the room’s rundown, then a local edit leaves once after the debounce as the keys it changed', async () => {
    const room = fakeRoom({ order: ['opening'] });
    const doc = localDoc();
    await start(room, doc);
    expect(doc.value()).toEqual({ order: ['opening'] });
    doc.edit({ order: ['opening', 'panel'] });
    await vi.advanceTimersByTimeAsync(CHANNEL_SAVE_DEBOUNCE_MS - 1);
    expect(room.received).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(room.received).toEqual([{ origin: 'tab-me', seq: 1, changes: { order: ['opening', 'panel'] } }]);
    expect(room.state().keyed.order).toEqual(['opening', 'panel']);
  });

  it('a failed save keeps the edit, says so once, and resends the same update until the room has it', async () => {
    const room = fakeRoom();
    const doc = localDoc();
    await start(room, doc);
    room.failNext(2);
    doc.edit({ settings: { autoAdvance: true } });
    await vi.advanceTimersByTimeAsync(CHANNEL_SAVE_DEBOUNCE_MS);
    expect(useAlertsStore.getState().error?.details).toMatch(/The rundown could not be saved: Injected failure \(500\)\. Your change is kept/);
    useAlertsStore.setState({ error: null });
    await vi.advanceTimersByTimeAsync(3 * SAVE_RETRY_MIN_MS);
    expect(useAlertsStore.getState().error).toBeNull();
    expect(room.received.map((u) => u.seq)).toEqual([1, 1, 1]);
    expect(room.state().keyed.settings).toEqual({ autoAdvance: true });
    expect(doc.value().settings).toEqual({ autoAdvance: true });
  });

  it('another producer’s edit shows here and is not saved back; ours on another key both stay', async () => {
    const room = fakeRoom();
    const doc = localDoc();
    await start(room, doc);
    doc.edit({ 'scene:a': { id: 'a' } });
    room.other({ origin: 'other-tab', seq: 1, changes: { 'scene:b': { id: 'b' } } });
    expect(doc.value()).toEqual({ 'scene:a': { id: 'a' }, 'scene:b': { id: 'b' } });
    await vi.advanceTimersByTimeAsync(CHANNEL_SAVE_DEBOUNCE_MS);
    expect(room.received.map((u) => u.changes)).toEqual([{ 'scene:a': { id: 'a' } }]);
    expect(room.state().keyed).toEqual({ 'scene:b': { id: 'b' }, 'scene:a': { id: 'a' } });
  });

  it('a failed first read is tried again by itself; only a second failure in a row is said', async () => {
    const room = fakeRoom({ order: ['x'] });
    let failures = 2;
    const resync = room.service.resync;
    room.service.resync = (uuid) => (failures-- > 0 ? Promise.reject(new Error('no host yet')) : resync(uuid));
    const doc = localDoc();
    await start(room, doc);
    expect(useAlertsStore.getState().error).toBeNull();
    await vi.advanceTimersByTimeAsync(SAVE_RETRY_MIN_MS);
    expect(useAlertsStore.getState().error?.details).toMatch(/The rundown could not be loaded: no host yet/);
    expect(doc.value()).toEqual({});
    await vi.advanceTimersByTimeAsync(2 * SAVE_RETRY_MIN_MS);
    expect(doc.value()).toEqual({ order: ['x'] });
  });

  it('after a reconnect it catches up with what it missed', async () => {
    const room = fakeRoom();
    const doc = localDoc();
    await start(room, doc);
    room.other({ origin: 'other-tab', seq: 1, changes: { order: ['x'] } }, false);
    expect(doc.value()).toEqual({});
    room.reconnect();
    await vi.advanceTimersByTimeAsync(0);
    expect(doc.value()).toEqual({ order: ['x'] });
  });
});
