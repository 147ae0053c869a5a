// @vitest-environment node
/**
 * Socket frames under a flood (src/server/sockets/frameLimiter.ts, eventSocket.ts, hub.ts): frames are
 * limited per kind, a participant's `state` frames are merged (the last value wins, as if applied one by
 * one), and an event's roster pushes are coalesced. The report: 300 `state` frames from one guest gave
 * 301 roster pushes to every socket of the event.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { localBus, type BusMessage } from '../../src/server/cluster/bus';
import type { RosterEntry } from '../../src/server/cluster/presence';
import type { Db } from '../../src/server/db/adapter';
import { startBackend, type Backend } from '../../src/server/server';
import { applyState, mergeStates, readState, type OwnState } from '../../src/server/sockets/eventSocket';
import { FrameLimiter, SOCKET_FRAME_WINDOW_MS, SOCKET_FRAMES_PER_KIND } from '../../src/server/sockets/frameLimiter';
import { Hub, ROSTER_PUSH_WINDOW_MS } from '../../src/server/sockets/hub';
import { blankClusterReady, eventBySharingUrl, eventSocket, eventToken, removeDir, signIn, tempDir, type Json } from './helpers';

describe('the frame limit per kind', () => {
  it(`${SOCKET_FRAMES_PER_KIND} frames of a kind at once, then one more every ${SOCKET_FRAME_WINDOW_MS / SOCKET_FRAMES_PER_KIND} ms; kinds count apart, unknown kinds together`, () => {
    let now = 0;
    const limiter = new FrameLimiter(() => now);
    for (let i = 0; i < SOCKET_FRAMES_PER_KIND; i++) expect(limiter.take('state')).toBe(true);
    expect(limiter.take('state')).toBe(false);
    expect(limiter.waitMs('state')).toBe(SOCKET_FRAME_WINDOW_MS / SOCKET_FRAMES_PER_KIND);
    expect(limiter.take('ping')).toBe(true);
    for (let i = 0; i < SOCKET_FRAMES_PER_KIND; i++) expect(limiter.take(`made-up-${i}`)).toBe(true);
    expect(limiter.take('another')).toBe(false);
    now += SOCKET_FRAME_WINDOW_MS / SOCKET_FRAMES_PER_KIND;
    expect(limiter.waitMs('state')).toBe(0);
    expect(limiter.take('state')).toBe(true);
    expect(limiter.take('state')).toBe(false);
    now += SOCKET_FRAME_WINDOW_MS;
    for (let i = 0; i < SOCKET_FRAMES_PER_KIND; i++) expect(limiter.take('state')).toBe(true);
    expect(limiter.take('state')).toBe(false);
    expect([SOCKET_FRAMES_PER_KIND, SOCKET_FRAME_WINDOW_MS]).toEqual([20, 1000]);
  });
});

describe('state frames merged', () => {
  const entry = (patch: Partial<RosterEntry> = {}): RosterEntry =>
    ({ id: 'g', name: 'Gina', role: 'Panelist', joinTime: 0, audioMute: false, videoMute: false, audioHardMute: false, videoHardMute: false, shareScreen: false, contentShareMute: false, voiceProcessing: false, participantId: 'g', ...patch }) as RosterEntry;
  const oneByOne = (start: RosterEntry, frames: Record<string, unknown>[]) => {
    const e = { ...start };
    for (const f of frames) applyState(e, readState(f));
    return e;
  };
  const merged = (start: RosterEntry, frames: Record<string, unknown>[]) => {
    const e = { ...start };
    applyState(e, frames.map(readState).reduce<OwnState>(mergeStates, {}));
    return e;
  };

  it.each<[string, Partial<RosterEntry>, Record<string, unknown>[]]>([
    ['mutes toggled, the last wins', {}, [{ audioMute: true }, { audioMute: false, videoMute: true }, { audioMute: true }]],
    ['renamed twice, then a name too long (ignored)', {}, [{ name: 'One' }, { name: 'Two' }, { name: 'x'.repeat(101) }]],
    ['fields of the wrong kind are ignored', {}, [{ audioMute: true }, { audioMute: 'no', name: 5 }]],
    ['an unmute of a hard-muted medium is refused', { audioHardMute: true, audioMute: true }, [{ audioMute: false }, { videoMute: true }]],
    ['a share started then stopped still clears the stop-share request', { contentShareMute: true }, [{ shareScreen: true }, { shareScreen: false }]],
    ['a share stopped then started', { contentShareMute: true, shareScreen: true }, [{ shareScreen: false }, { shareScreen: true }]],
  ])('%s: the same entry as one by one', (_name, start, frames) => {
    expect(merged(entry(start), frames)).toEqual(oneByOne(entry(start), frames));
  });
});

describe('roster pushes coalesced per event', () => {
  afterAll(() => vi.useRealTimers());

  it(`one push at once, then at most one per ${ROSTER_PUSH_WINDOW_MS} ms, with the roster as it is when sent`, async () => {
    vi.useFakeTimers();
    let version = 0;
    const db = { query: async () => [{ entry: { id: 'g', name: `v${version}` } }] } as unknown as Db;
    const bus = localBus('node');
    const hub = new Hub(db, bus);
    const pushed: string[] = [];
    bus.subscribe((m: BusMessage) => {
      if (m.t === 'event') pushed.push(`${m.eventId}:${(m.message as Json).msg.participants[0].name}`);
    });
    await hub.pushRoster('ev');
    expect(pushed).toEqual(['ev:v0']);
    const waiting: Promise<void>[] = [];
    for (version = 1; version <= 300; version++) waiting.push(hub.pushRoster('ev'));
    version = 300;
    await hub.pushRoster('other');
    expect(pushed).toEqual(['ev:v0', 'other:v300']);
    await vi.advanceTimersByTimeAsync(ROSTER_PUSH_WINDOW_MS);
    await Promise.all(waiting);
    expect(pushed).toEqual(['ev:v0', 'other:v300', 'ev:v300']);
    // Quiet for a window: the next change is pushed at once again.
    await vi.advanceTimersByTimeAsync(ROSTER_PUSH_WINDOW_MS);
    version = 301;
    await hub.pushRoster('ev');
    expect(pushed.at(-1)).toBe('ev:v301');
    expect(ROSTER_PUSH_WINDOW_MS).toBe(100);
    hub.terminateAll();
  });
});

describe('300 state frames from one participant (over a real socket)', () => {
  let dir: string;
  let backend: Backend;
  beforeAll(async () => {
    dir = tempDir();
    backend = await startBackend({ dataDir: dir, blankCluster: await blankClusterReady(), janus: false });
  });
  afterAll(async () => {
    await backend?.close();
    removeDir(dir);
  });

  it('give a handful of roster pushes, the last with the last frame\'s state', async () => {
    const base = backend.url;
    const launch = await eventBySharingUrl(base, 'product-launch');
    const [p1, p2] = await Promise.all([signIn(base, 'producer1'), signIn(base, 'producer2')]);
    const sender = await eventSocket(base, { eventId: launch.eventId, accessToken: await eventToken(base, p1.token, launch.eventId), user: { name: 'Sender' } });
    const guid = (await sender.next((m) => m.type === 'guid_assigned')).guid as string;
    const watcher = await eventSocket(base, { eventId: launch.eventId, accessToken: await eventToken(base, p2.token, launch.eventId), user: { name: 'Watcher' } });
    await watcher.next((m) => m.type === 'guid_assigned');
    await watcher.next((m) => m.msg?.type === 'Event_Roster' && m.msg.participants.length === 2);
    await new Promise((r) => setTimeout(r, 2 * ROSTER_PUSH_WINDOW_MS));
    const mark = watcher.messages.length;
    const FRAMES = 300;
    for (let i = 0; i < FRAMES; i++) sender.send({ type: 'state', audioMute: i % 2 === 0, videoMute: i % 3 === 0, name: `Burst ${i}` });
    const mine = (m: Json) => m.msg?.type === 'Event_Roster' && m.msg.participants.find((p: Json) => p.id === guid);
    await watcher.next((m) => watcher.messages.indexOf(m) >= mark && mine(m)?.name === `Burst ${FRAMES - 1}`, 30_000);
    await new Promise((r) => setTimeout(r, 1000));
    const pushes = watcher.messages.slice(mark).filter((m) => m.msg?.type === 'Event_Roster');
    expect(pushes.length).toBeLessThanOrEqual(5);
    expect(mine(pushes.at(-1))).toMatchObject({ name: `Burst ${FRAMES - 1}`, audioMute: false, videoMute: false });
    sender.close();
    watcher.close();
  });
});
