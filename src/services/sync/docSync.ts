/**
 * The one client pipeline of a synced document, the channel's and the rundown's alike (CONTRACT
 * "Sync", RELIABILITY §1.6–1.7): every local edit becomes the keyed changes it made; the one
 * debounced saver sends them as updates, one at a time, resending an unacknowledged one with the same
 * seq until the room has it (it applies each once). A failed save keeps the edit, says so once, and
 * is retried with backoff; coming back online sends at once. The document the room passes on (or
 * reads again after a reconnect) is rebased under the edits not yet acknowledged and shown without
 * being saved again.
 */
import { createSyncClient, diffKeyed, emptyServerChannel, type Changes, type KeyedChannel, type ServerChannel, type SyncClient, type SyncUpdate } from '../../../compositor/sync';
import { SAVE_RETRY_MAX_MS, SAVE_RETRY_MIN_MS } from '../../lib/limits';
import { errorMessage } from '../../log';
import type { PushOptions, SyncedDocService } from '../../state/backend';
import { showError } from '../show/alerts';
import { createDocSaver, type SaverStatus } from './saver';

/** The document as this tab holds it. */
export interface SyncedDocPort {
  /** The document now, as its keyed map (with the ids the wire uses). */
  keyed(): KeyedChannel;
  /** This tab's own edits (never what applyRemote did), each as the keys it changed; returns the unsubscribe. */
  onLocalChange(listener: (changes: Changes) => void): () => void;
  /** Shows the room's document with this tab's unacknowledged edits on top. */
  applyRemote(keyed: KeyedChannel): void;
}

/** The document's room (the studio backend, or a tab of this browser in the demo) for one document. */
export interface SyncedDocRoom {
  push(update: SyncUpdate, opts: PushOptions): Promise<ServerChannel>;
  resync(): Promise<ServerChannel>;
  subscribe(on: { doc(server: ServerChannel): void; reconnected(): void }): () => void;
}

/** The room of the document `uuid` of a service. */
export const roomOf = (service: SyncedDocService, uuid: string): SyncedDocRoom => ({
  push: (update, opts) => service.push(uuid, update, opts),
  resync: () => service.resync(uuid),
  subscribe: (on) => service.subscribe(uuid, on),
});

export interface DocSyncOptions {
  /** The document's name in messages and the log. */
  name: 'channel' | 'rundown';
  room: SyncedDocRoom;
  doc: SyncedDocPort;
  origin: string;
  /**
   * The room's document at join. What the tab shows beyond it (what loading added) is sent as its
   * first edit. Without it, the document is read, and read again with backoff until it comes.
   */
  initial?: ServerChannel;
  /** The saver's state, for what the studio shows ("Saving…", "Not saved yet"). */
  onStatus?(status: SaverStatus): void;
}

export interface DocSync {
  engine: SyncClient;
  stop(): Promise<void>;
}

export function startDocSync({ name, room, doc, origin, initial, onStatus }: DocSyncOptions): DocSync {
  const engine = createSyncClient({ origin, server: initial ?? emptyServerChannel() });
  let stopped = false;

  const receive = (server: ServerChannel) => {
    // The engine always hears the room (it acknowledges what was sent, the last flush's too);
    // a stopped sync no longer shows it.
    if (!engine.receive(server) || stopped) return;
    doc.applyRemote(engine.view());
  };

  const saver = createDocSaver<true>({
    name,
    async save(_pending, { keepalive }) {
      for (let update = engine.outbox(); update; update = engine.outbox()) receive(await room.push(update, { keepalive }));
    },
    retry: { minMs: SAVE_RETRY_MIN_MS, maxMs: SAVE_RETRY_MAX_MS },
    onStatus,
    // §8: the first failure of a run shows the unknown-error dialog; the edit stays and is retried.
    onError: (error, inARow) => inARow === 1 && showError('UNKNOWN', { details: `The ${name} could not be saved: ${errorMessage(error)}. Your change is kept and will be saved again.` }),
  });

  const unsubscribe = doc.onLocalChange((changes) => {
    engine.localChange(changes);
    saver.schedule(true);
  });
  const detach = saver.attachToPage();
  // Back online: send what waits now instead of at the end of the retry backoff (RELIABILITY R2).
  const onOnline = () => engine.hasUnsent() && void saver.flush(false);
  window.addEventListener('online', onOnline);
  const unfollow = room.subscribe({
    doc: receive,
    // After a reconnect: catch up with what was passed on meanwhile, and send what is still unacknowledged.
    reconnected: () => {
      void room.resync().then(receive, () => undefined);
      if (engine.hasUnsent()) void saver.flush(false);
    },
  });

  let loadTimer: ReturnType<typeof setTimeout> | undefined;
  if (initial) {
    // What the tab shows beyond the room's document (what loading added) is its first edit.
    engine.localChange(diffKeyed(initial.keyed, doc.keyed()));
    if (engine.hasUnsent()) saver.schedule(true);
  } else {
    // Until the room's document comes, this tab's edits wait in the engine. A second failure in a
    // row is said (once): the first is often a demo tab taking over its room.
    const load = (attempt: number) =>
      void room.resync().then(receive, (error: unknown) => {
        if (stopped) return;
        if (attempt === 1) showError('UNKNOWN', { details: `The ${name} could not be loaded: ${errorMessage(error)}. It is tried again by itself.` });
        loadTimer = setTimeout(() => load(attempt + 1), Math.min(SAVE_RETRY_MAX_MS, SAVE_RETRY_MIN_MS * 2 ** attempt));
      });
    load(0);
  }

  return {
    engine,
    async stop() {
      stopped = true;
      clearTimeout(loadTimer);
      unfollow();
      unsubscribe();
      detach();
      window.removeEventListener('online', onOnline);
      await saver.flush(false);
    },
  };
}
