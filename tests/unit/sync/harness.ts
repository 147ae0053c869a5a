/**
 * An in-memory channel server (compositor/sync/room) with producers on socket pairs modelled on
 * tldraw's TestSocketPair: explicit queues both ways, a disconnect drops both, every send is
 * structuredClone'd, and sending while closed throws.
 */
import { channelBody, channelFromBody } from '../../../compositor/convert';
import type { ChannelDoc } from '../../../compositor/model/channel';
import {
  appliedSeq,
  applyUpdate,
  bodyFromKeyed,
  createSyncClient,
  diffKeyed,
  emptyServerChannel,
  keyedFromBody,
  type Changes,
  type KeyedChannel,
  type ServerChannel,
  type SyncClient,
  type SyncUpdate,
} from '../../../compositor/sync';
import { randomEdit, type Rng } from './gen';

export const ID = { name: 'testing' };
export const keyedOf = (doc: ChannelDoc) => keyedFromBody(channelBody(doc, ID, null));

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

export interface Peer {
  origin: string;
  client: SyncClient;
  /** The producer's channel document and its keyed map; rebuilt from view() before the next edit when stale. */
  doc: ChannelDoc;
  keyed: KeyedChannel;
  stale: boolean;
  socket: TestSocketPair<SyncUpdate, ServerChannel>;
  /** The seq sent on the current socket and not yet acknowledged (one in flight at a time). */
  inFlight: number | null;
  /** Every update this producer sealed, by seq. */
  sealed: Map<number, Changes>;
  ids: number;
}

export class World {
  server: ServerChannel;
  /** Updates in the order the server applied them. */
  readonly applied: SyncUpdate[] = [];
  readonly log: string[] = [];
  duplicates = 0;
  readonly peers: Peer[];

  constructor(start: ChannelDoc, peerCount: number) {
    this.server = { ...emptyServerChannel(keyedOf(start)), version: 1 };
    this.peers = Array.from({ length: peerCount }, (_, i) => ({
      origin: `tab-${i}`,
      client: createSyncClient({ origin: `tab-${i}`, server: structuredClone(this.server) }),
      doc: start,
      keyed: keyedOf(start),
      stale: false,
      socket: new TestSocketPair<SyncUpdate, ServerChannel>(),
      inFlight: null,
      sealed: new Map(),
      ids: 0,
    }));
    for (const peer of this.peers) peer.socket.connect();
  }

  private serverReceive(peer: Peer, update: SyncUpdate): void {
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

  private clientReceive(peer: Peer, channel: ServerChannel): void {
    if (peer.client.receive(channel)) peer.stale = true;
    if (peer.inFlight !== null && appliedSeq(peer.client.server(), peer.origin) >= peer.inFlight) peer.inFlight = null;
    this.pump(peer);
  }

  /** Sends the next update when connected and nothing is in flight. */
  pump(peer: Peer): void {
    if (!peer.socket.connected || peer.inFlight !== null) return;
    const update = peer.client.outbox();
    if (!update) return;
    peer.sealed.set(update.seq, structuredClone(update.changes));
    peer.socket.clientSend(update);
    peer.inFlight = update.seq;
  }

  /** What the producer's studio shows, as a document (the studio rebuilds it from each remote update). */
  docOf(peer: Peer): ChannelDoc {
    if (peer.stale) {
      peer.doc = channelFromBody(bodyFromKeyed(peer.client.view(), ID, null), peer.doc)!.doc;
      peer.keyed = keyedOf(peer.doc);
      peer.stale = false;
    }
    return peer.doc;
  }

  /** A real edit of the document; its changes are the keyed diff before/after, as the studio's saver does. */
  edit(peer: Peer, r: Rng): void {
    const { name, doc } = randomEdit(r, this.docOf(peer), () => `${peer.origin}-${(peer.ids += 1)}`);
    const keyed = keyedOf(doc);
    const changes = diffKeyed(peer.keyed, keyed);
    this.log.push(`${peer.origin} ${name} → ${Object.keys(changes).join(', ') || 'no change'}`);
    peer.client.localChange(changes);
    Object.assign(peer, { doc, keyed });
    this.pump(peer);
  }

  disconnect(peer: Peer): void {
    this.log.push(`${peer.origin} disconnect (lost ${peer.socket.up.length} up, ${peer.socket.down.length} down)`);
    peer.socket.disconnect();
    peer.inFlight = null;
  }

  /**
   * Reconnect: the client GETs the current channel, then resends what is unacknowledged. With
   * `resendFirst` it resends on open before the channel arrives (queued like any message), so an
   * update the server already applied comes again and must be answered as a duplicate.
   */
  reconnect(peer: Peer, resendFirst = false): void {
    this.log.push(`${peer.origin} reconnect${resendFirst ? ', resend first' : ''}`);
    peer.socket.connect();
    if (!resendFirst) return this.clientReceive(peer, structuredClone(this.server));
    this.pump(peer);
    peer.socket.serverSend(this.server);
  }

  flushDown(peer: Peer): void {
    if (peer.socket.down.length) this.log.push(`${peer.origin} ⇣ ${peer.socket.down.length}`);
    peer.socket.flushDown((msg) => this.clientReceive(peer, msg));
  }

  flushUp(peer: Peer): void {
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
