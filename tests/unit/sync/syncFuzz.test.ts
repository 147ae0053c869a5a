// @vitest-environment node
/**
 * R6 concurrent-edit fuzz (RELIABILITY-NOTES §1.5, after tldraw's syncFuzz): 2–4 producers make real
 * channel edits while sockets drop (p 1/6), come back (p 1/2) and deliver partially and out of order
 * (40 % server→client, else 20 % client→server per producer per step). At the end everyone is
 * reconnected and the sockets flushed: every view must equal the server's channel, no update may be
 * lost or applied twice, and no acknowledged edit may vanish unless a later update of its key won.
 */
import { describe, expect, it } from 'vitest';
import { channelFromBody } from '../../../compositor/convert';
import { emptyChannel } from '../../../compositor/model/channel';
import { applyChanges, bodyFromKeyed, canonicalJson, keyedFromBody, sameValue } from '../../../compositor/sync';
import { randomDoc, rng } from './gen';
import { ID, World } from './harness';

const NUM_SEEDS = 50;
const NUM_OPS = 100;
const MAX_PEERS = 4;

function run(seed: number): World {
  const r = rng(seed);
  const world = new World(randomDoc(r), 2 + r.int(MAX_PEERS - 1));
  world.log.push(`seed ${seed}, ${world.peers.length} producers`);
  const why = () => `seed ${seed}\n${world.log.join('\n')}`;
  for (let op = 0; op < NUM_OPS; op += 1) {
    const peer = r.pick(world.peers);
    if (peer.socket.connected && r.chance(1 / 6)) world.disconnect(peer);
    else if (!peer.socket.connected && r.chance(1 / 2)) world.reconnect(peer, r.chance(1 / 2));
    world.edit(peer, r);
    for (const p of world.peers) {
      if (p.socket.down.length && r.chance(0.4)) world.flushDown(p);
      else if (p.socket.up.length && r.chance(0.2)) world.flushUp(p);
    }
    // Messages are built only on failure: the op log is long.
    for (const p of world.peers) if (!p.socket.connected && p.inFlight !== null) expect.fail(`${p.origin} offline with an update in flight; ${why()}`);
  }
  world.settle();
  check(world, why);
  return world;
}

/** Acknowledged changes that are not in the final channel although no later update (server order) set their key. */
function ackedEditsLost(world: World): string[] {
  const lost: string[] = [];
  world.applied.forEach((update, i) => {
    for (const [key, value] of Object.entries(update.changes)) {
      const overwritten = world.applied.slice(i + 1).some((later) => Object.hasOwn(later.changes, key));
      const final = Object.hasOwn(world.server.keyed, key) ? world.server.keyed[key] : null;
      if (!overwritten && !sameValue(final, value)) lost.push(`${update.origin}#${update.seq} ${key}`);
    }
  });
  return lost;
}

function check(world: World, why: () => string): void {
  const server = canonicalJson(world.server.keyed);
  for (const peer of world.peers) {
    expect(peer.client.hasUnsent(), `${peer.origin} still has unsent edits; ${why()}`).toBe(false);
    expect(canonicalJson(peer.client.view()), `${peer.origin} differs from the server; ${why()}`).toBe(server);
  }

  // 0 lost, 0 double-applied: each origin's sealed updates reach the server once, in seq order.
  for (const peer of world.peers) {
    const mine = world.applied.filter((u) => u.origin === peer.origin);
    expect(
      mine.map((u) => u.seq),
      `${peer.origin} applied seqs; ${why()}`,
    ).toEqual([...peer.sealed.keys()]);
    expect(
      mine.map((u) => u.changes),
      `${peer.origin} applied changes; ${why()}`,
    ).toEqual([...peer.sealed.values()]);
    expect(world.server.applied[peer.origin] ?? 0, why()).toBe(peer.sealed.size);
  }

  const lost = ackedEditsLost(world);
  if (lost.length) expect.fail(`acknowledged edits lost: ${lost.join('; ')}; ${why()}`);

  // The merged channel is a valid §7 body, stable through another round trip.
  const body = bodyFromKeyed(world.server.keyed, ID, null);
  expect(channelFromBody(body, emptyChannel())?.problems, why()).toEqual([]);
  expect(bodyFromKeyed(keyedFromBody(body), ID, null), why()).toEqual(body);
}

describe('sync fuzz (R6)', () => {
  it(`${NUM_SEEDS} seeds × ${NUM_OPS} operations converge with nothing lost`, () => {
    let updates = 0;
    let drops = 0;
    let duplicates = 0;
    for (let seed = 1; seed <= NUM_SEEDS; seed += 1) {
      const world = run(seed);
      updates += world.applied.length;
      drops += world.log.filter((l) => l.includes('disconnect')).length;
      duplicates += world.duplicates;
    }
    // The run must exercise what it claims to: many updates and many dropped sockets.
    expect(updates).toBeGreaterThan(NUM_SEEDS * 20);
    expect(drops).toBeGreaterThan(NUM_SEEDS * 3);
    expect(duplicates).toBeGreaterThan(NUM_SEEDS / 5);
  }, 30_000);

  it('no acknowledged edit is lost: each is in the final channel or a later update of its key won', () => {
    for (let seed = 101; seed <= 110; seed += 1) {
      const world = run(seed);
      expect(world.applied.length).toBeGreaterThan(0);
      expect(ackedEditsLost(world), `seed ${seed}`).toEqual([]);
      // The check has teeth: drop the key the last update set, and it is reported.
      const last = world.applied.at(-1)!;
      const [key] = Object.keys(last.changes);
      if (key === undefined) continue;
      world.server = { ...world.server, keyed: applyChanges(world.server.keyed, { [key]: last.changes[key] === null ? 'back' : null }) };
      expect(ackedEditsLost(world), `seed ${seed}`).toContain(`${last.origin}#${last.seq} ${key}`);
    }
  });

  // Pinned seeds, named as tldraw keeps its regressions. Both were found by breaking the engine on
  // purpose: seed 7 fails a client that seals a new update instead of resending the unacknowledged
  // one, and a server that applies seq == applied[origin] again; seed 18 has 4 producers and the
  // most duplicates answered of the 50.
  it('pinned seed 7: resend with the same seq, dedupe at the server', () => {
    run(7);
  });
  it('pinned seed 18: four producers, three duplicate resends', () => {
    expect(run(18).duplicates).toBeGreaterThanOrEqual(3);
  });
});
