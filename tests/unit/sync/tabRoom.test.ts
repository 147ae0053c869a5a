/**
 * The demo's in-browser room (src/demo/tabRoom.ts): two studio tabs and a read-only follower on a
 * message bus that drops and reorders, with the room hosted by one tab at a time. Whatever the bus
 * does, every member ends with the same channel, and nothing a tab had acknowledged is lost, also
 * when the hosting tab closes and another takes over.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appliedSeq, canonicalJson, createSyncClient, emptyServerChannel, type ServerChannel, type SyncClient } from '../../../compositor/sync';
import { joinTabRoom, ROOM_ANSWER_TIMEOUT_MS, type RoomElection, type RoomMessage, type RoomTransport, type TabRoom } from '../../../src/demo/tabRoom';
import { rng, type Rng } from './gen';

/** A BroadcastChannel stand-in: each message reaches every other member after a random delay (so out of order), or is dropped. */
function bus(r: Rng) {
  const listeners = new Map<string, (m: RoomMessage) => void>();
  let dropRate = 0;
  return {
    transport(member: string): RoomTransport {
      return {
        post(message) {
          for (const [other, on] of listeners) {
            if (other === member || r.chance(dropRate)) continue;
            const copy = structuredClone(message);
            setTimeout(() => listeners.get(other) === on && on(copy), r.int(30));
          }
        },
        listen(on) {
          listeners.set(member, on);
          return () => listeners.delete(member);
        },
      };
    },
    setDropRate: (rate: number) => (dropRate = rate),
  };
}

/** Web Locks stand-in: the first to campaign leads; when it stops, the next in line does. */
function election(): RoomElection {
  const line: (() => void)[] = [];
  return {
    campaign(lead) {
      line.push(lead);
      if (line.length === 1) queueMicrotask(lead);
      return () => {
        const wasLeader = line[0] === lead;
        line.splice(line.indexOf(lead), 1);
        if (wasLeader && line[0]) queueMicrotask(line[0]);
      };
    },
  };
}

/** A studio tab as stageSync drives it: local edits through its sync engine, pushed one at a time. */
function tab(name: string, room: TabRoom) {
  const engine: SyncClient = createSyncClient({ origin: name, server: emptyServerChannel() });
  let sending = false;
  let lastSent = 0;
  async function flush(): Promise<void> {
    if (sending) return;
    sending = true;
    try {
      for (let u = engine.outbox(); u; u = engine.outbox()) {
        lastSent = Math.max(lastSent, u.seq);
        engine.receive(await room.push(u));
      }
    } catch {
      // no answer: the edit stays pending and goes again on the next flush
    } finally {
      sending = false;
    }
  }
  room.subscribe({ doc: (s) => engine.receive(s), reconnected: () => void flush() });
  return { engine, room, flush, lastSent: () => lastSent };
}

let r: Rng;
beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.useRealTimers());

async function settle(members: ReturnType<typeof tab>[], ms = 2 * ROOM_ANSWER_TIMEOUT_MS) {
  for (let i = 0; i < 6; i++) {
    members.forEach((m) => void m.flush());
    await vi.advanceTimersByTimeAsync(ms);
  }
}

describe('the demo room in the browser: two tabs and a follower', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('seed %i: random edits over a bus that drops 20% and reorders converge, nothing acknowledged lost', async (seed) => {
    r = rng(seed);
    const b = bus(r);
    const vote = election();
    const a = tab('tab-a', joinTabRoom({ member: 'a', transport: b.transport('a'), election: vote }));
    const c = tab('tab-b', joinTabRoom({ member: 'b', transport: b.transport('b'), election: vote }));
    let followed: ServerChannel = emptyServerChannel();
    const follower = joinTabRoom({ member: 'f', transport: b.transport('f'), election: null });
    follower.subscribe({ doc: (s) => (followed = s), reconnected: () => undefined });
    await vi.advanceTimersByTimeAsync(500);

    b.setDropRate(0.2);
    for (let i = 0; i < 60; i++) {
      const who = r.chance(0.5) ? a : c;
      who.engine.localChange({ [`k${r.int(6)}`]: `${who === a ? 'A' : 'B'}${i}` });
      void who.flush();
      await vi.advanceTimersByTimeAsync(r.int(40));
    }
    b.setDropRate(0);
    await settle([a, c]);
    // A follower that missed the last channel asks for it, as the output page does on a reconnect.
    const asked = follower.resync();
    await vi.advanceTimersByTimeAsync(100);
    followed = await asked;

    expect(a.engine.hasUnsent()).toBe(false);
    expect(c.engine.hasUnsent()).toBe(false);
    const end = canonicalJson(a.engine.view());
    expect(canonicalJson(c.engine.view())).toBe(end);
    expect(canonicalJson(followed.keyed)).toBe(end);
    expect(a.engine.server().version).toBe(c.engine.server().version);
    // Every update each tab sent was applied by the room (once: they are numbered per tab).
    expect(a.lastSent()).toBeGreaterThan(3);
    expect(appliedSeq(followed, 'tab-a')).toBe(a.lastSent());
    expect(appliedSeq(followed, 'tab-b')).toBe(c.lastSent());
  });

  it('the hosting tab closes: the other takes over from the newest channel anyone saw, and its unacknowledged edit lands', async () => {
    r = rng(42);
    const b = bus(r);
    const vote = election();
    const roomA = joinTabRoom({ member: 'a', transport: b.transport('a'), election: vote });
    const a = tab('tab-a', roomA);
    const c = tab('tab-b', joinTabRoom({ member: 'b', transport: b.transport('b'), election: vote }));
    let followed: ServerChannel = emptyServerChannel();
    const follower = joinTabRoom({ member: 'f', transport: b.transport('f'), election: null });
    follower.subscribe({ doc: (s) => (followed = s), reconnected: () => undefined });
    await vi.advanceTimersByTimeAsync(500);

    a.engine.localChange({ layout: 'COVER' });
    await a.flush(); // the host applies its own edit at once
    expect(a.engine.server().keyed).toEqual({ layout: 'COVER' });
    await vi.advanceTimersByTimeAsync(100);
    // B's edit goes to the host, which closes before answering.
    b.setDropRate(1);
    c.engine.localChange({ 'brand:primaryColor': '#123456' });
    void c.flush();
    roomA.close();
    b.setDropRate(0);
    await settle([c]);

    expect(c.engine.hasUnsent()).toBe(false);
    expect(c.engine.server().keyed).toEqual({ layout: 'COVER', 'brand:primaryColor': '#123456' });
    expect(followed.keyed).toEqual({ layout: 'COVER', 'brand:primaryColor': '#123456' });
  });

  it('with nobody hosting, a push fails after the answer timeout instead of hanging (the saver then retries)', async () => {
    const b = bus(rng(1));
    const lonely = joinTabRoom({ member: 'x', transport: b.transport('x'), election: null });
    const push = lonely.push({ origin: 'x', seq: 1, changes: { layout: 'PIP' } });
    const seen = expect(push).rejects.toThrow('did not answer');
    await vi.advanceTimersByTimeAsync(ROOM_ANSWER_TIMEOUT_MS);
    await seen;
  });
});
