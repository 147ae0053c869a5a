/**
 * The one write path of a synced document on the server, the channel's and the rundown's alike
 * (CONTRACT.md "Sync"): in one transaction the document is read under its row lock (access checked),
 * the update applied once (a duplicate changes nothing and tells no one), and the result stored; it
 * is committed before anyone hears of it, and only then passed on to the document's sockets.
 */
import type { Db, Queryable } from './db/adapter';

export interface SyncedDocWrite<D> {
  /** The document under its row lock, after checking that the caller may change it. */
  lock(tx: Queryable): Promise<D>;
  /** The document after the update (within its limits), or null when the room already applied it. */
  apply(current: D): D | null;
  store(tx: Queryable, next: D): Promise<void>;
  /** Passes the committed document on to its sockets. */
  announce(next: D): void;
}

/** Applies one update as `write` says; answers the document after it (the current one for a duplicate). */
export async function writeSyncedDoc<D>(db: Db, write: SyncedDocWrite<D>): Promise<D> {
  const { doc, applied } = await db.transaction(async (tx) => {
    const current = await write.lock(tx);
    const next = write.apply(current);
    if (next === null) return { doc: current, applied: false };
    await write.store(tx, next);
    return { doc: next, applied: true };
  });
  if (applied) write.announce(doc);
  return doc;
}
