/**
 * The rundown's one way out of the studio (issue 25), in every mode: as the stage's (stageSync.ts),
 * every local edit becomes the keyed changes it made, sent by the one debounced saver as updates the
 * room applies once; an unacknowledged one is resent with the same seq; a failed save keeps the
 * edit, says so once, and retries with backoff. The room's rundowns (pushed, or read again after a
 * reconnect) are rebased under the edits not yet acknowledged and shown without saving them again.
 */
import { createSyncClient, diffKeyed, emptyServerChannel, type KeyedChannel, type ServerChannel } from '../../../compositor/sync';
import { SAVE_RETRY_MAX_MS, SAVE_RETRY_MIN_MS } from '../../lib/limits';
import { errorMessage } from '../../log';
import { backend } from '../../state/backend';
import { LOCAL_ORIGIN } from '../../state/channel/reason';
import { showError } from '../show/alerts';
import { createChannelSaver, type SaverStatus } from '../channel/saver';

/** The rundown as this tab holds it. */
export interface RundownDocPort {
  /** The document now, as its keyed map. */
  keyed(): KeyedChannel;
  /** This tab's own edits (never what applyRemote did); returns the unsubscribe. */
  onLocalChange(listener: () => void): () => void;
  /** Shows the room's rundown with this tab's unacknowledged edits on top. */
  applyRemote(keyed: KeyedChannel): void;
  /** The saver's state, for the panel ("Saving…", "Not saved yet"). */
  onStatus?(status: SaverStatus): void;
}

export function startRundownSync(uuid: string, doc: RundownDocPort, origin: string = LOCAL_ORIGIN): () => Promise<void> {
  const service = backend().rundown;
  const engine = createSyncClient({ origin, server: emptyServerChannel() });
  let lastKeyed: KeyedChannel = {};
  let stopped = false;

  const receive = (server: ServerChannel) => {
    if (stopped || !engine.receive(server)) return;
    doc.applyRemote(engine.view());
    lastKeyed = doc.keyed();
  };

  const saver = createChannelSaver<true>({
    async save(_pending, { keepalive }) {
      for (let update = engine.outbox(); update; update = engine.outbox()) receive(await service.push(uuid, update, { keepalive }));
    },
    retry: { minMs: SAVE_RETRY_MIN_MS, maxMs: SAVE_RETRY_MAX_MS },
    onStatus: doc.onStatus,
    onError: (error, inARow) => inARow === 1 && showError('UNKNOWN', { details: `The rundown could not be saved: ${errorMessage(error)}. Your change is kept and will be saved again.` }),
  });

  const unsubscribe = doc.onLocalChange(() => {
    const next = doc.keyed();
    engine.localChange(diffKeyed(lastKeyed, next));
    lastKeyed = next;
    saver.schedule(true);
  });
  const detach = saver.attachToPage();
  const unfollow = service.subscribe(uuid, {
    rundown: receive,
    reconnected: () => {
      void service.resync(uuid).then(receive, () => undefined);
      if (engine.hasUnsent()) void saver.flush(false);
    },
  });
  // The room's rundown as it is now; until it comes, this tab's edits wait in the engine. A failed
  // read is tried again with the saver's backoff until it comes or the studio closes; a second
  // failure in a row is said (once): the first is often a demo tab taking over its room.
  let loadTimer: ReturnType<typeof setTimeout> | undefined;
  const load = (attempt: number) =>
    void service.resync(uuid).then(receive, (error: unknown) => {
      if (stopped) return;
      if (attempt === 1) showError('UNKNOWN', { details: `The rundown could not be loaded: ${errorMessage(error)}. It is tried again by itself.` });
      loadTimer = setTimeout(() => load(attempt + 1), Math.min(SAVE_RETRY_MAX_MS, SAVE_RETRY_MIN_MS * 2 ** attempt));
    });
  load(0);

  return async () => {
    stopped = true;
    clearTimeout(loadTimer);
    unfollow();
    unsubscribe();
    detach();
    await saver.flush(false);
  };
}
