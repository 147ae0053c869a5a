/**
 * The stage's sync (src/services/channel/stageSync.ts) against an in-memory studio backend built
 * on the real room core: a local edit leaves as one keyed update with its origin and sequence, a
 * failed save keeps the edit, says so once and is resent with the same sequence, another producer's
 * edit is applied without being saved back, and a reconnect catches up.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { channelBody } from '../../compositor/convert';
import { emptyChannel } from '../../compositor/model/channel';
import { applyUpdate, emptyServerChannel, keyedFromBody, type ServerChannel, type SyncUpdate } from '../../compositor/sync';
import type { ChannelService } from '../../src/state/backend';
import { installFakeBackend } from './fakeBackend';
import { channelActions, useChannelStore } from '../../src/state/channel/store';
import { stageActions } from '../../src/state/channel/stageActions';
import { useAlertsStore, initialAlertsState } from '../../src/state/alertsStore';
import { useRemoteStore } from '../../src/state/remoteStore';
import { activeSync, startStageSync } from '../../src/services/channel/stageSync';
import { SAVE_RETRY_MIN_MS, CHANNEL_SAVE_DEBOUNCE_MS } from '../../src/lib/limits';

const CHANNEL = { uuid: 'c-1', name: 'Product Launch Live', eventStatus: 'NEW' as const };

/** The studio backend's channel in memory: applyUpdate per PUT, pushes to the subscribed tab. */
function fakeServer() {
  let state: ServerChannel = emptyServerChannel(keyedFromBody(channelBody(emptyChannel(), CHANNEL, null)));
  const pushes: ((c: ServerChannel) => void)[] = [];
  let reconnected: () => void = () => undefined;
  const received: SyncUpdate[] = [];
  let failNext = 0;
  const answer = (): ServerChannel => state;
  const service: ChannelService = {
    async push(_uuid, update) {
      received.push(update);
      // A sync that resends without end fails here instead of spinning (and hanging the run).
      if (received.length > 20) throw new Error('resent without end');
      if (failNext > 0) {
        failNext -= 1;
        throw { type: 'unknown', code: 'API_BACKEND_ERROR', message: 'Injected failure (500)', status: 500 };
      }
      const result = applyUpdate(state, update);
      state = result.state;
      return answer();
    },
    resync: async () => answer(),
    subscribe(_uuid, on) {
      pushes.push(on.doc);
      reconnected = on.reconnected;
      return () => undefined;
    },
    selfWireId: () => 'producer-me',
    rotateOutputToken: async () => 'token',
    followReadOnly: () => () => undefined,
  };
  return {
    service,
    received,
    state: () => state,
    initial: answer,
    failNext: (n: number) => (failNext = n),
    /** Another producer's update, applied and pushed. */
    other(update: SyncUpdate, push = true) {
      state = applyUpdate(state, update).state;
      if (push) pushes.forEach((p) => p(answer()));
    },
    reconnect: () => reconnected(),
  };
}

let stop: (() => Promise<void>) | null = null;

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  channelActions.load(emptyChannel());
  useAlertsStore.setState(initialAlertsState());
});
afterEach(async () => {
  await stop?.();
  stop = null;
  vi.useRealTimers();
});

async function start(server: ReturnType<typeof fakeServer>) {
  installFakeBackend({ channel: server.service });
  stop = startStageSync(CHANNEL, server.initial());
  await vi.advanceTimersByTimeAsync(CHANNEL_SAVE_DEBOUNCE_MS);
  server.received.length = 0;
}

describe('backend mode: the stage in sync with the studio backend', () => {
  it('a local edit leaves once, after the 500 ms debounce, as the keys it changed with its origin and sequence', async () => {
    const server = fakeServer();
    await start(server);
    stageActions.setLayout('COVER');
    await vi.advanceTimersByTimeAsync(CHANNEL_SAVE_DEBOUNCE_MS - 1);
    expect(server.received).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.received).toHaveLength(1);
    expect(server.received[0]!.changes).toEqual({ layout: 'COVER' });
    expect(server.state().keyed.layout).toBe('COVER');
    expect(activeSync()?.pendingCount()).toBe(0);
  });

  it('a 500 keeps the edit, shows the unknown-error dialog once, and the retry resends the same update', async () => {
    const server = fakeServer();
    await start(server);
    server.failNext(2);
    stageActions.setLayout('COVER');
    await vi.advanceTimersByTimeAsync(CHANNEL_SAVE_DEBOUNCE_MS);
    expect(useAlertsStore.getState().error?.code).toBe('UNKNOWN');
    expect(useRemoteStore.getState().saveStatus).toBe('error');
    expect(useChannelStore.getState().doc.layout).toBe('COVER');
    useAlertsStore.setState({ error: null });
    await vi.advanceTimersByTimeAsync(SAVE_RETRY_MIN_MS); // second failure: no second dialog
    expect(useAlertsStore.getState().error).toBeNull();
    await vi.advanceTimersByTimeAsync(2 * SAVE_RETRY_MIN_MS);
    expect(server.received.map((u) => u.seq)).toEqual([server.received[0]!.seq, server.received[0]!.seq, server.received[0]!.seq]);
    expect(server.state().keyed.layout).toBe('COVER');
    expect(useRemoteStore.getState().saveStatus).toBe('idle');
  });

  it("another producer's edit shows here and is not saved back; ours on another key both stay", async () => {
    const server = fakeServer();
    await start(server);
    stageActions.setLayout('COVER');
    server.other({ origin: 'other-tab', seq: 1, changes: { 'brand:primaryColor': '#FF0000' } });
    expect(useChannelStore.getState().doc.brandSettings.primaryColor).toBe('#FF0000');
    expect(useChannelStore.getState().doc.layout).toBe('COVER'); // not yet saved, not lost
    await vi.advanceTimersByTimeAsync(CHANNEL_SAVE_DEBOUNCE_MS);
    expect(server.received).toHaveLength(1);
    expect(server.received[0]!.changes).toEqual({ layout: 'COVER' });
    expect(server.state().keyed).toMatchObject({ layout: 'COVER', 'brand:primaryColor': '#FF0000' });
  });

  it('after a reconnect it catches up with what it missed', async () => {
    const server = fakeServer();
    await start(server);
    server.other({ origin: 'other-tab', seq: 1, changes: { layout: 'CINEMA' } }, false); // pushed while the socket was down
    expect(useChannelStore.getState().doc.layout).toBe('CLASSIC');
    server.reconnect();
    await vi.advanceTimersByTimeAsync(0);
    expect(useChannelStore.getState().doc.layout).toBe('CINEMA');
  });

  // Leaving the studio flushes what waits: the room's answer acknowledges it, so the stop ends with
  // the edit sent once (a stopped sync that ignored the answer resent it without end and never stopped).
  it('leaving with an edit pending sends it once and stops', { timeout: 10_000 }, async () => {
    const server = fakeServer();
    await start(server);
    stageActions.setLayout('COVER');
    const leaving = stop!();
    stop = null;
    await leaving;
    expect(server.received.map((u) => u.changes)).toEqual([{ layout: 'COVER' }]);
    expect(server.state().keyed).toMatchObject({ layout: 'COVER' });
  });
});
