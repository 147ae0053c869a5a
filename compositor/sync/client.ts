/**
 * A studio tab's sync engine, transport-agnostic and timer-free. What the tab shows is the newest
 * server channel it has seen with its own unacknowledged updates and its unsent batch on top (the
 * speculative view is always rebased on the server-acked state, as tldraw's sync client does).
 * Unacknowledged updates are resent with the same seq, so the server's dedupe applies each once.
 *
 * `server.keyed` must be the server's map as it stores it (JSON keeps the order of these non-index
 * keys). Rebuilt from a §7 body with keyedFromBody it has the same values but keys grouped by kind,
 * so a confirming ack would still give a new (equal-content) view object.
 */
import { applyChanges, sameKeyed, type Changes, type KeyedChannel } from './keyed';
import { appliedSeq, type ServerChannel, type SyncUpdate } from './room';

export interface SyncClient {
  /** A local edit's changes; merged into the queued batch (later wins per key). */
  localChange(changes: Changes): void;
  /** The update to send now: the oldest unacknowledged one (same seq), else the sealed batch; null when nothing. */
  outbox(): SyncUpdate | null;
  /** Seals the queued batch into a new update even while others are unacknowledged (pipelining callers). */
  seal(): SyncUpdate | null;
  /** A channel from the server; ignored unless newer. True when view() changed. */
  receive(server: ServerChannel): boolean;
  view(): KeyedChannel;
  server(): ServerChannel;
  /** Sealed updates not yet acknowledged. */
  pendingCount(): number;
  /** Anything the server has not acknowledged: sealed updates or a queued batch. */
  hasUnsent(): boolean;
}

export function createSyncClient(opts: { origin: string; server: ServerChannel }): SyncClient {
  const { origin } = opts;
  let server = opts.server;
  let pending: SyncUpdate[] = [];
  let queued: Changes = {};
  // A reused origin (a reloaded tab) continues after what the server already applied.
  let lastSeq = appliedSeq(server, origin);
  let view = server.keyed;

  const hasQueued = () => Object.keys(queued).length > 0;
  /** Recomputes the view; keeps the old object when nothing shows differently (R7: no flicker). */
  function refresh(): boolean {
    let next = server.keyed;
    for (const update of pending) next = applyChanges(next, update.changes);
    if (hasQueued()) next = applyChanges(next, queued);
    if (sameKeyed(next, view)) return false;
    view = next;
    return true;
  }

  function seal(): SyncUpdate | null {
    if (!hasQueued()) return null;
    lastSeq += 1;
    const update: SyncUpdate = { origin, seq: lastSeq, changes: queued };
    pending.push(update);
    queued = {};
    return update;
  }

  return {
    localChange(changes) {
      if (Object.keys(changes).length === 0) return;
      queued = { ...queued, ...changes };
      refresh();
    },
    outbox: () => pending[0] ?? seal(),
    seal,
    receive(next) {
      if (next.version <= server.version) return false;
      server = next;
      const acked = appliedSeq(next, origin);
      if (acked > lastSeq) lastSeq = acked; // another tab with our origin: never reuse its numbers
      pending = pending.filter((u) => u.seq > acked);
      return refresh();
    },
    view: () => view,
    server: () => server,
    pendingCount: () => pending.length,
    hasUnsent: () => pending.length > 0 || hasQueued(),
  };
}
