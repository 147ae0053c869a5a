/**
 * An in-memory channel server (compositor/sync/room) with producers on socket pairs modelled on
 * tldraw's TestSocketPair: explicit queues both ways, a disconnect drops both, every send is
 * structuredClone'd, and sending while closed throws.
 */
import { channelBody } from '../../../compositor/convert';
import type { ChannelDoc } from '../../../compositor/model/channel';
import {
  appliedSeq,
  applyUpdate,
  createSyncClient,
  diffKeyed,
  docFromKeyed,
  emptyServerChannel,
  keyedFromBody,
  canonicalJson,
  sameValue,
  type Changes,
  type KeyedChannel,
  type ServerChannel,
  type SyncClient,
  type SyncUpdate,
} from '../../../compositor/sync';
import { expect } from 'vitest';
import { randomEdit, type Rng } from './gen';

export const ID = { name: 'testing' };
export const keyedOf = (doc: ChannelDoc) => keyedFromBody(channelBody(doc, ID, null));

/** A document kind the world syncs: the channel (by default) or the run of show's rundown. */
export interface DocCodec<D> {
  keyed(doc: D): KeyedChannel;
  /** The document a producer's studio shows for the engine's view (over what it showed before). */
  fromView(view: KeyedChannel, previous: D): D;
  /** A real edit, as a moderator makes one. */
  edit(r: Rng, doc: D, newId: () => string): { name: string; doc: D };
}

/** The channel as the studio holds it (services/channel/stageSync: the keyed view read over the document shown), and the generator's channel edits. */
export const channelCodec: DocCodec<ChannelDoc> = {
  keyed: keyedOf,
  fromView: (view, previous) => docFromKeyed(view, previous),
  edit: randomEdit,
};

export class TestSocketPair<Up, Down> {
  /** client → server, not yet delivered */
  up: Up[] = [];
  /** server → client, not yet delivered */
  down: Down[] = [];
  connected = false;

  connect(): void {
    this.connected = true;
  }
  /** In-flight messages are lost with the socket. */
  disconnect(): void {
    this.connected = false;
    this.up = [];
    this.down = [];
  }
  clientSend(msg: Up): void {
    if (!this.connected) throw new Error('trying to send before open');
    this.up.push(structuredClone(msg));
  }
  serverSend(msg: Down): void {
    if (!this.connected) throw new Error('trying to send before open');
    this.down.push(structuredClone(msg));
  }
  /** Takes the queue first: delivering may queue new messages, which wait for the next flush. */
  flushUp(deliver: (msg: Up) => void): void {
    const msgs = this.up;
    this.up = [];
    msgs.forEach(deliver);
  }
  flushDown(deliver: (msg: Down) => void): void {
    const msgs = this.down;
    this.down = [];
    msgs.forEach(deliver);
  }
}

export interface Peer<D = ChannelDoc> {
  origin: string;
  client: SyncClient;
  /** The producer's document and its keyed map; rebuilt from view() before the next edit when stale. */
  doc: D;
  keyed: KeyedChannel;
  stale: boolean;
  socket: TestSocketPair<SyncUpdate, ServerChannel>;
  /** The seq sent on the current socket and not yet acknowledged (one in flight at a time). */
  inFlight: number | null;
  /** Every update this producer sealed, by seq. */
  sealed: Map<number, Changes>;
  ids: number;
}

export class World<D = ChannelDoc> {
  server: ServerChannel;
  /** Updates in the order the server applied them. */
  readonly applied: SyncUpdate[] = [];
  readonly log: string[] = [];
  duplicates = 0;
  readonly peers: Peer<D>[];

  constructor(
    start: D,
    peerCount: number,
    private readonly codec: DocCodec<D> = channelCodec as unknown as DocCodec<D>,
  ) {
    this.server = { ...emptyServerChannel(codec.keyed(start)), version: 1 };
    this.peers = Array.from({ length: peerCount }, (_, i) => ({
      origin: `tab-${i}`,
      client: createSyncClient({ origin: `tab-${i}`, server: structuredClone(this.server) }),
      doc: start,
      keyed: codec.keyed(start),
      stale: false,
      socket: new TestSocketPair<SyncUpdate, ServerChannel>(),
      inFlight: null,
      sealed: new Map(),
      ids: 0,
    }));
    for (const peer of this.peers) peer.socket.connect();
  }

  private serverReceive(peer: Peer<D>, update: SyncUpdate): void {
    const { state, duplicate } = applyUpdate(this.server, update);
    if (duplicate) {
      this.duplicates += 1;
      peer.socket.serverSend(this.server); // a duplicate is answered with the current channel
      return;
    }
    this.server = state;
    this.applied.push(update);
    for (const p of this.peers) if (p.socket.connected) p.socket.serverSend(this.server);
  }

  private clientReceive(peer: Peer<D>, channel: ServerChannel): void {
    if (peer.client.receive(channel)) peer.stale = true;
    if (peer.inFlight !== null && appliedSeq(peer.client.server(), peer.origin) >= peer.inFlight) peer.inFlight = null;
    this.pump(peer);
  }

  /** Sends the next update when connected and nothing is in flight. */
  pump(peer: Peer<D>): void {
    if (!peer.socket.connected || peer.inFlight !== null) return;
    const update = peer.client.outbox();
    if (!update) return;
    peer.sealed.set(update.seq, structuredClone(update.changes));
    peer.socket.clientSend(update);
    peer.inFlight = update.seq;
  }

  /** What the producer's studio shows, as a document (the studio rebuilds it from each remote update). */
  docOf(peer: Peer<D>): D {
    if (peer.stale) {
      peer.doc = this.codec.fromView(peer.client.view(), peer.doc);
      peer.keyed = this.codec.keyed(peer.doc);
      peer.stale = false;
    }
    return peer.doc;
  }

  /** A real edit of the document; its changes are the keyed diff before/after, as the studio's saver does. */
  edit(peer: Peer<D>, r: Rng): void {
    const { name, doc } = this.codec.edit(r, this.docOf(peer), () => `${peer.origin}-${(peer.ids += 1)}`);
    const keyed = this.codec.keyed(doc);
    const changes = diffKeyed(peer.keyed, keyed);
    this.log.push(`${peer.origin} ${name} → ${Object.keys(changes).join(', ') || 'no change'}`);
    peer.client.localChange(changes);
    Object.assign(peer, { doc, keyed });
    this.pump(peer);
  }

  disconnect(peer: Peer<D>): void {
    this.log.push(`${peer.origin} disconnect (lost ${peer.socket.up.length} up, ${peer.socket.down.length} down)`);
    peer.socket.disconnect();
    peer.inFlight = null;
  }

  /**
   * Reconnect: the client GETs the current channel, then resends what is unacknowledged. With
   * `resendFirst` it resends on open before the channel arrives (queued like any message), so an
   * update the server already applied comes again and must be answered as a duplicate.
   */
  reconnect(peer: Peer<D>, resendFirst = false): void {
    this.log.push(`${peer.origin} reconnect${resendFirst ? ', resend first' : ''}`);
    peer.socket.connect();
    if (!resendFirst) return this.clientReceive(peer, structuredClone(this.server));
    this.pump(peer);
    peer.socket.serverSend(this.server);
  }

  flushDown(peer: Peer<D>): void {
    if (peer.socket.down.length) this.log.push(`${peer.origin} ⇣ ${peer.socket.down.length}`);
    peer.socket.flushDown((msg) => this.clientReceive(peer, msg));
  }

  flushUp(peer: Peer<D>): void {
    if (peer.socket.up.length) this.log.push(`${peer.origin} ⇡ ${peer.socket.up.length}`);
    peer.socket.flushUp((msg) => this.serverReceive(peer, msg));
  }

  /** Reconnect everyone and deliver until no socket has anything queued. */
  settle(): void {
    for (const peer of this.peers) if (!peer.socket.connected) this.reconnect(peer);
    for (let round = 0; round < 1000; round += 1) {
      if (this.peers.every((p) => p.socket.up.length === 0 && p.socket.down.length === 0)) return;
      for (const peer of this.peers) {
        this.flushUp(peer);
        this.flushDown(peer);
      }
    }
    throw new Error('sockets never went quiet');
  }
}

/**
 * R6 steps (RELIABILITY-NOTES §1.5): `ops` times a random producer drops its socket (p 1/6) or comes
 * back (p 1/2, half of them resending before the channel arrives), makes a real edit, and sockets
 * deliver partially and out of order (40 % server→client, else 20 % client→server per producer);
 * then everyone is reconnected and the sockets flushed. Returns the failure text (the op log).
 */
export function fuzz<D>(world: World<D>, r: Rng, ops: number, label: string): () => string {
  world.log.push(`${label}, ${world.peers.length} producers`);
  const why = () => `${label}\n${world.log.join('\n')}`;
  for (let op = 0; op < ops; op += 1) {
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
  return why;
}

/** Acknowledged changes that are not in the final document although no later update (server order) set their key. */
export function ackedEditsLost<D>(world: World<D>): string[] {
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

/** Every view equals the server's; each origin's sealed updates reached it once, in seq order; no acknowledged edit lost. */
export function checkConverged<D>(world: World<D>, why: () => string): void {
  const server = canonicalJson(world.server.keyed);
  for (const peer of world.peers) {
    expect(peer.client.hasUnsent(), `${peer.origin} still has unsent edits; ${why()}`).toBe(false);
    expect(canonicalJson(peer.client.view()), `${peer.origin} differs from the server; ${why()}`).toBe(server);
  }
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
}
