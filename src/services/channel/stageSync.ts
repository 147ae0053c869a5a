/**
 * The stage's one way to the channel, in every mode (§4 Channel updates, RELIABILITY-NOTES
 * §1.6–1.7): every local edit becomes the keyed changes it made (compositor/sync, straight from the
 * document); the one debounced saver sends them as updates, one PUT at a time, resending an
 * unacknowledged one with the same seq until the room has it (it applies each once). Failed saves
 * keep the edit, say so, and retry with backoff. The channel the room passes on (or resync answers
 * after a reconnect) is rebased under the edits not yet acknowledged and applied to the stage
 * without saving it again. Returns the stop.
 */
import { channelBody } from '../../../compositor/convert';
import type { ChannelDoc } from '../../../compositor/model/channel';
import type { UpdateReason } from '../../../compositor/model/types';
import { createSyncClient, diffKeyed, docFromKeyed, keyedFromDoc, type KeyedChannel, type ServerChannel, type SyncClient } from '../../../compositor/sync';
import { SAVE_RETRY_MAX_MS, SAVE_RETRY_MIN_MS } from '../../lib/limits';
import { errorMessage } from '../../log';
import { backend } from '../../state/backend';
import { LOCAL_ORIGIN } from '../../state/channel/reason';
import { stageActions } from '../../state/channel/stageActions';
import { currentDoc, onLocalChange } from '../../state/channel/store';
import { useRemoteStore } from '../../state/remoteStore';
import type { ChannelSummary } from '../../state/session';
import { showError } from '../show/alerts';
import { createChannelSaver } from './saver';
import { docFromWire, toWire } from './wireIds';

let active: SyncClient | null = null;

/** This tab's sync engine while the studio is open (the test surface reads what it has not had acknowledged). */
export const activeSync = (): SyncClient | null => active;

export function startStageSync(channel: ChannelSummary, initial: ServerChannel): () => Promise<void> {
  const service = backend().channel;
  const wireId = service.selfWireId();
  const keyedOf = (doc: ChannelDoc): KeyedChannel => keyedFromDoc(toWire(doc, wireId));
  const engine = createSyncClient({ origin: LOCAL_ORIGIN, server: initial });
  active = engine;
  let lastKeyed = initial.keyed;
  let lastReason: UpdateReason | null = null;

  /** Shows what the engine's view is now (the room's channel with our pending edits on top). */
  const showView = () => {
    stageActions.applyRemote(docFromWire(engine.view(), currentDoc(), wireId));
    lastKeyed = keyedOf(currentDoc());
  };
  const receive = (server: ServerChannel) => {
    if (engine.receive(server)) showView();
  };

  const saver = createChannelSaver<true>({
    async save(_pending, { keepalive }) {
      for (let update = engine.outbox(); update; update = engine.outbox()) {
        // The §7 body of the channel after it, as the wire carries it beside the update.
        const body = channelBody(docFromKeyed(engine.view()), channel, lastReason);
        receive(await service.push(channel.uuid, body, update, { keepalive }));
      }
    },
    retry: { minMs: SAVE_RETRY_MIN_MS, maxMs: SAVE_RETRY_MAX_MS },
    onStatus: (saveStatus) => useRemoteStore.setState({ saveStatus }),
    // §8: the first failure of a run shows the unknown-error dialog; the edit stays and is retried.
    onError: (error, inARow) => inARow === 1 && showError('UNKNOWN', { details: `The channel could not be saved: ${errorMessage(error)}. Your change is kept and will be saved again.` }),
  });

  const unsubscribe = onLocalChange(({ doc, reason }) => {
    const next = keyedOf(doc);
    engine.localChange(diffKeyed(lastKeyed, next));
    lastKeyed = next;
    lastReason = reason;
    saver.schedule(true);
  });
  const detach = saver.attachToPage();
  // Back online: send what waits now instead of at the end of the retry backoff (RELIABILITY R2).
  const onOnline = () => engine.hasUnsent() && void saver.flush(false);
  window.addEventListener('online', onOnline);
  const unfollow = service.subscribe(channel.uuid, {
    channel: receive,
    // After a reconnect: catch up with what was passed on meanwhile, and send what is still unacknowledged.
    reconnected: () => {
      void service.resync(channel.uuid).then(receive, () => undefined);
      if (engine.hasUnsent()) void saver.flush(false);
    },
  });
  // What the stage shows on join is the room's channel plus what loading added to it (the default
  // background and graphics of a fresh channel, this producer's own card): that is sent as this
  // producer's first edit, so every producer sees the same channel.
  const joined = keyedOf(currentDoc());
  engine.localChange(diffKeyed(lastKeyed, joined));
  lastKeyed = joined;
  if (engine.hasUnsent()) saver.schedule(true);

  return async () => {
    unfollow();
    unsubscribe();
    detach();
    window.removeEventListener('online', onOnline);
    await saver.flush(false);
    if (active === engine) active = null;
  };
}
