/**
 * The demo's channel server: the same room core as the studio backend (compositor/sync applyUpdate:
 * each update applied once by origin and seq), run in one of this browser's tabs and reached by the
 * others over a message transport (a BroadcastChannel in the app). One tab hosts the room at a time
 * (an election: the Web Locks API in the app); when it closes, another tab takes over from the
 * newest channel any tab has seen, and every tab resends what is still unacknowledged, exactly as
 * after a backend reconnect. A follower (the output page) only listens.
 */
import { applyUpdate, emptyServerChannel, appliedSeq, type ServerChannel, type SyncUpdate } from '../../compositor/sync';
import { realClock, type Clock } from '../lib/clock';
import { errorMessage, log } from '../log';

export type RoomMessage =
  | { type: 'update'; update: SyncUpdate }
  | { type: 'state'; host: string; server: ServerChannel }
  | { type: 'hello' }
  | { type: 'elected'; host: string }
  | { type: 'known'; server: ServerChannel };

export interface RoomTransport {
  /** Delivers to every other member (never back to the sender). */
  post(message: RoomMessage): void;
  listen(on: (message: RoomMessage) => void): () => void;
}

export interface RoomElection {
  /** Calls `lead` once this member hosts the room (until the returned stop, or the tab's end). */
  campaign(lead: () => void): () => void;
}

/** How long a new host listens for the channels the others know before it serves. */
export const ROOM_ELECTION_COLLECT_MS = 150;
/**
 * How long a push or resync waits for the host's answer before it fails (the saver then retries and
 * the §8 dialog says so). 10 s, not 3: on a loaded two-core machine a hosting tab in the background
 * answered a rundown save after more than 3 s, and the producer got an error for a save that was
 * only slow.
 */
export const ROOM_ANSWER_TIMEOUT_MS = 10_000;

export interface TabRoom {
  /** Applies one update at the host; the channel after it (or rejects when no host answers). */
  push(update: SyncUpdate): Promise<ServerChannel>;
  /** The host's channel now. */
  resync(): Promise<ServerChannel>;
  /** Newer channels, and `reconnected` when another tab took over as host; returns the unsubscribe. */
  subscribe(on: { doc(server: ServerChannel): void; reconnected(): void }): () => void;
  close(): void;
}

interface Waiter {
  done(server: ServerChannel): boolean;
  resolve(server: ServerChannel): void;
  reject(error: Error): void;
  timer: unknown;
}

/** `collectMs` 0: this member can be the only one (it hosts at once). */
/** Where a room outlives its tabs (the demo's rundown survives a reload): the host loads it when it starts serving, and saves each applied state. */
export interface RoomKeep {
  load(): ServerChannel | null;
  save(server: ServerChannel): void;
}

export function joinTabRoom(o: { member: string; transport: RoomTransport; election: RoomElection | null; clock?: Clock; timeoutMs?: number; collectMs?: number; keep?: RoomKeep }): TabRoom {
  const clock = o.clock ?? realClock;
  const collectMs = o.collectMs ?? ROOM_ELECTION_COLLECT_MS;
  const timeoutMs = o.timeoutMs ?? ROOM_ANSWER_TIMEOUT_MS;
  let latest = emptyServerChannel();
  let host: string | null = null;
  let role: 'member' | 'electing' | 'hosting' = 'member';
  let queued: SyncUpdate[] = [];
  const waiters = new Set<Waiter>();
  const subscribers = new Set<{ doc(server: ServerChannel): void; reconnected(): void }>();

  function seen(server: ServerChannel): void {
    if (server.version > latest.version) {
      latest = server;
      subscribers.forEach((s) => s.doc(server));
    }
    for (const w of [...waiters]) {
      if (!w.done(server)) continue;
      waiters.delete(w);
      clock.clearTimeout(w.timer);
      w.resolve(server);
    }
  }

  function hostChanged(next: string): void {
    const had = host;
    host = next;
    if (had !== null && had !== next) subscribers.forEach((s) => s.reconnected());
  }

  /** The host: apply, tell everyone (the transport does not echo to us), answer our own waiters. */
  function apply(update: SyncUpdate): void {
    try {
      latest = applyUpdate(latest, update).state;
    } catch (error) {
      log.warn('demo', `room refused an update: ${errorMessage(error)}`);
      return;
    }
    o.keep?.save(latest);
    o.transport.post({ type: 'state', host: o.member, server: latest });
    subscribers.forEach((s) => s.doc(latest));
    seen(latest);
  }

  function serve(): void {
    role = 'hosting';
    // What the last host kept, when newer than what this tab has seen: taken in and passed on to the subscribers.
    const kept = o.keep?.load();
    if (kept) seen(kept);
    hostChanged(o.member);
    o.transport.post({ type: 'state', host: o.member, server: latest });
    seen(latest);
    const waiting = queued;
    queued = [];
    waiting.forEach(apply);
  }

  function lead(): void {
    if (collectMs === 0) return serve();
    role = 'electing';
    o.transport.post({ type: 'elected', host: o.member });
    clock.setTimeout(serve, collectMs);
  }

  const unlisten = o.transport.listen((m) => {
    if (m.type === 'state') {
      hostChanged(m.host);
      seen(m.server);
    } else if (m.type === 'elected') {
      if (m.host !== o.member) o.transport.post({ type: 'known', server: latest });
    } else if (m.type === 'known') {
      // A new host adopts the newest channel any tab has seen (nothing acknowledged is lost).
      if (role === 'electing' && m.server.version > latest.version) latest = m.server;
    } else if (m.type === 'update') {
      if (role === 'hosting') apply(m.update);
      else if (role === 'electing') queued.push(m.update);
    } else if (m.type === 'hello' && role === 'hosting') {
      o.transport.post({ type: 'state', host: o.member, server: latest });
    }
  });
  const resign = o.election?.campaign(lead) ?? (() => undefined);

  function answer(done: (server: ServerChannel) => boolean, send: () => void): Promise<ServerChannel> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        done,
        resolve,
        reject,
        timer: clock.setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error('The demo channel did not answer (no studio tab hosts it)'));
        }, timeoutMs),
      };
      waiters.add(waiter);
      send();
    });
  }

  return {
    push(update) {
      if (role === 'hosting') {
        apply(update);
        return Promise.resolve(latest);
      }
      return answer(
        (server) => appliedSeq(server, update.origin) >= update.seq,
        () => (role === 'electing' ? queued.push(update) : o.transport.post({ type: 'update', update })),
      );
    },
    resync() {
      if (role === 'hosting') return Promise.resolve(latest);
      // Any channel the host sends now is at least as new as when we asked.
      return answer(() => true, () => o.transport.post({ type: 'hello' }));
    },
    subscribe(on) {
      subscribers.add(on);
      return () => subscribers.delete(on);
    },
    close() {
      unlisten();
      resign();
      for (const w of waiters) {
        clock.clearTimeout(w.timer);
        w.reject(new Error('The demo channel was closed'));
      }
      waiters.clear();
    },
  };
}
