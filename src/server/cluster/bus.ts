/**
 * The push bus: every push (a channel update, chat, the roster, polls, Q&A, broadcast states, the
 * outputs' health, a socket to close) reaches the sockets of every backend process.
 *
 *   const bus = localBus('node-a');                       // one process (the embedded database)
 *   const bus = await postgresBus(db, url, 'node-a', log); // any number, by PostgreSQL LISTEN/NOTIFY
 *   bus.subscribe((m) => …);                               // delivered here at once and on every other process
 *   await bus.publish({ t: 'studio', channel, message });
 *
 * Over NOTIFY each message carries its sender, so a process skips its own (it delivered them when it
 * published). A message too big for NOTIFY is stored in `bus_messages` and only its id is notified.
 * A process publishes and delivers in order (one queue each way, sent in batches), so a channel's
 * updates arrive in the order they were saved. A process whose LISTEN connection drops makes it again and tells its
 * `onResync` listeners: what was notified meanwhile is lost, so its sockets must resync.
 */
import pg from 'pg';
import type { Db } from '../db/adapter';
import { BUS_CHANNEL, BUS_ROW_TTL_MS, LISTEN_RETRY_MAX_MS, LISTEN_RETRY_MS, NOTIFY_BATCH_MAX, NOTIFY_PAYLOAD_MAX_BYTES } from './rules';

export type BusMessage =
  /** To the event's sockets; `to` keeps only a user's sockets and the named participants'. */
  | { t: 'event'; eventId: string; message: unknown; to?: { userId?: string; guids?: string[]; producers?: true } }
  /** To the event's attendees (issue 32), or one attendee's sockets, or every attendee's but one's. */
  | { t: 'audience'; eventId: string; message: unknown; attendeeId?: string; exceptAttendeeId?: string }
  | { t: 'studio'; channel: string; message: unknown; producersOnly?: boolean }
  | { t: 'close'; target: CloseTarget; code: number; reason: string }
  /** Join tokens taken off their rooms: their relays close. */
  | { t: 'members-removed'; tokens: string[] }
  /** A live job waits for a process with capacity, or one was asked to stop: check now. */
  | { t: 'jobs' }
  /** A destination of a running broadcast changed, or is to be tried again: the process running it acts. */
  | { t: 'live-destination'; action: 'changed' | 'retry'; eventId: string; id: string };

export type CloseTarget =
  | { participant: { eventId: string; guid: string } }
  | { attendee: { eventId: string; attendeeId: string; exceptSession?: string } }
  | { guestStudios: string }
  | { session: string }
  /** The sockets opened with an output token (by its hash) that was replaced. */
  | { outputToken: string };

export interface Bus {
  readonly nodeId: string;
  /** Delivers `m` here at once, then to every other process. */
  publish(m: BusMessage): Promise<void>;
  subscribe(fn: (m: BusMessage) => void): void;
  /** Called when pushes may have been missed (the LISTEN connection was lost and is back). */
  onResync(fn: () => void): void;
  /** Deletes stored messages older than BUS_ROW_TTL_MS (any process may run it). */
  prune(now: number): Promise<void>;
  /** Messages that crossed to (`out`: notified) and from (`in`: received) the other processes since start (metrics/). */
  counts(): { in: number; out: number };
  close(): Promise<void>;
}

function listeners() {
  const subscribers: ((m: BusMessage) => void)[] = [];
  const resyncs: (() => void)[] = [];
  const deliver = (m: BusMessage) => {
    for (const fn of subscribers) {
      try {
        fn(m);
      } catch {
        /* one subscriber's failure does not stop the others */
      }
    }
  };
  return { subscribers, resyncs, deliver };
}

export function localBus(nodeId: string): Bus {
  const l = listeners();
  return {
    nodeId,
    async publish(m) {
      l.deliver(m);
    },
    subscribe: (fn) => void l.subscribers.push(fn),
    onResync: (fn) => void l.resyncs.push(fn),
    prune: async () => undefined,
    // One process: nothing crosses.
    counts: () => ({ in: 0, out: 0 }),
    close: async () => undefined,
  };
}

interface Envelope {
  from: string;
  n?: number;
  m?: BusMessage;
  ref?: number;
}

export async function postgresBus(db: Db, url: string, nodeId: string, log: (line: string) => void): Promise<Bus> {
  const l = listeners();
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = LISTEN_RETRY_MS;
  const queue: { m: BusMessage; sent: () => void; failed: (error: unknown) => void }[] = [];
  let flushing = false;
  /** Numbers this process' messages: NOTIFY folds identical payloads of one transaction into one. */
  let sent = 0;
  let receiving: Promise<void> = Promise.resolve();
  const crossed = { in: 0, out: 0 };

  async function receive(payload: string): Promise<void> {
    const envelope = JSON.parse(payload) as Envelope;
    if (envelope.from === nodeId) return;
    const stored = envelope.m ? null : (await db.query<{ payload: string }>('SELECT payload FROM bus_messages WHERE id = $1', [envelope.ref]))[0]?.payload;
    const m = envelope.m ?? (stored ? (JSON.parse(stored) as BusMessage) : null);
    if (!m) return;
    crossed.in += 1;
    l.deliver(m);
  }

  async function listen(): Promise<void> {
    const c = new pg.Client({ connectionString: url, keepAlive: true });
    c.on('notification', (n) => {
      if (n.channel !== BUS_CHANNEL || !n.payload) return;
      const payload = n.payload;
      receiving = receiving.then(() => receive(payload)).catch((e: unknown) => log(`bus: a message was not delivered: ${String(e)}`));
    });
    const lost = (why: string) => {
      if (client !== c || closed) return;
      client = null;
      log(`bus: the LISTEN connection was lost (${why}); connecting again`);
      c.end().catch(() => undefined);
      setTimeout(() => void reconnect(), retryMs).unref();
      retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MAX_MS);
    };
    c.on('error', (e) => lost(e.message));
    c.on('end', () => lost('ended'));
    await c.connect();
    await c.query(`LISTEN ${BUS_CHANNEL}`);
    client = c;
  }

  async function reconnect(): Promise<void> {
    if (closed) return;
    try {
      await listen();
      retryMs = LISTEN_RETRY_MS;
      for (const fn of l.resyncs) fn();
    } catch (e) {
      log(`bus: LISTEN failed (${String(e)}); trying again`);
      setTimeout(() => void reconnect(), retryMs).unref();
      retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MAX_MS);
    }
  }

  /** The NOTIFY payload for `m`: the message itself, or the id of its stored copy when too big. */
  async function payloadOf(m: BusMessage): Promise<string> {
    const inline = JSON.stringify({ from: nodeId, n: ++sent, m } satisfies Envelope);
    if (Buffer.byteLength(inline) <= NOTIFY_PAYLOAD_MAX_BYTES) return inline;
    // As text: a channel's keyed map keeps its key order (its item order), which jsonb would not.
    const [row] = await db.query<{ id: number }>('INSERT INTO bus_messages (payload, created_at) VALUES ($1, $2) RETURNING id', [JSON.stringify(m), Date.now()]);
    return JSON.stringify({ from: nodeId, n: sent, ref: row!.id } satisfies Envelope);
  }

  /**
   * Sends what waits, in order, a batch per statement: one round trip carries every message queued
   * while the last one was on its way (a push storm costs round trips by the batch, not the message).
   */
  async function flush(): Promise<void> {
    if (flushing) return;
    flushing = true;
    try {
      while (queue.length) {
        const batch = queue.splice(0, NOTIFY_BATCH_MAX);
        try {
          const payloads: string[] = [];
          for (const item of batch) payloads.push(await payloadOf(item.m));
          await db.query(`SELECT ${payloads.map((_, k) => `pg_notify($1, $${k + 2})`).join(', ')}`, [BUS_CHANNEL, ...payloads]);
          crossed.out += batch.length;
          batch.forEach((item) => item.sent());
        } catch (error) {
          batch.forEach((item) => item.failed(error));
        }
      }
    } finally {
      flushing = false;
    }
  }

  await listen();
  return {
    nodeId,
    publish(m) {
      l.deliver(m);
      const done = new Promise<void>((sent, failed) => queue.push({ m, sent, failed }));
      void flush();
      return done;
    },
    subscribe: (fn) => void l.subscribers.push(fn),
    onResync: (fn) => void l.resyncs.push(fn),
    async prune(now) {
      await db.query('DELETE FROM bus_messages WHERE created_at < $1', [now - BUS_ROW_TTL_MS]);
    },
    counts: () => ({ ...crossed }),
    async close() {
      closed = true;
      const c = client;
      client = null;
      while (flushing) await new Promise((r) => setTimeout(r, 10));
      await c?.end().catch(() => undefined);
    },
  };
}
