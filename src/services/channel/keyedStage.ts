/**
 * Backend mode's side of the stage (§4 Channel updates, RELIABILITY-NOTES §1.6–1.7): every local
 * edit becomes the keyed changes it made (compositor/sync); the one debounced saver sends them as
 * updates, one PUT at a time, resending an unacknowledged one with the same seq until the server
 * has it (it applies each once). Failed saves keep the edit, say so, and retry with backoff. The
 * channel the server pushes (or resync answers after a reconnect) is rebased under the edits not yet
 * acknowledged and applied to the stage without saving it again.
 */
import { channelBody } from '../../../compositor/convert';
import type { ChannelDoc } from '../../../compositor/model/channel';
import type { ChannelBody, UpdateReason } from '../../../compositor/model/types';
import { bodyFromKeyed, canonicalJson, createSyncClient, diffKeyed, keyedFromBody, type KeyedChannel } from '../../../compositor/sync';
import { SAVE_RETRY_MAX_MS, SAVE_RETRY_MIN_MS } from '../../lib/limits';
import { errorMessage } from '../../log';
import type { SyncChannelService, SyncedChannel } from '../../state/backend';
import { stageActions } from '../../state/channel/stageActions';
import { LOCAL_ORIGIN } from '../../state/channel/reason';
import { currentDoc, onLocalChange } from '../../state/channel/store';
import { useServerSession } from '../../state/remoteStore';
import { SELF_ID, type ChannelSummary } from '../../state/session';
import { meetingUrl } from '../../state/people/presenterCards';
import { createChannelSaver } from './saver';
import { showError } from '../show/alerts';

/** A card's media on this machine ('local:camera') means nothing to another producer. */
const isLocalUrl = (url: string) => url.startsWith('local:') || url.startsWith('blob:');
/** The own camera here; on the wire, the own feed in the meeting, which the others and the output page receive. */
const LOCAL_CAMERA_URL = 'local:camera';

/**
 * Renames one producer id in a body's layers and order (the own card is 'self' here, its wire id
 * there); the own card's media follows: the local camera here, its meeting feed on the wire.
 */
export function renameProducer(body: ChannelBody, from: string, to: string): ChannelBody {
  const rename = (id: string) => (id === from ? to : id);
  const ownUrl = to === SELF_ID ? LOCAL_CAMERA_URL : meetingUrl(to);
  let order = body.producerOrder;
  try {
    const ids: unknown = JSON.parse(body.producerOrder);
    if (Array.isArray(ids)) order = JSON.stringify(ids.map((id) => (typeof id === 'string' ? rename(id) : id)));
  } catch {
    // unreadable order: left as it is (the parser reports it)
  }
  return {
    ...body,
    producerOrder: order,
    layers: body.layers.map((l) => ({ ...l, sourceId: rename(l.sourceId), sourceUrl: l.sourceId === from ? ownUrl : isLocalUrl(l.sourceUrl) ? '' : l.sourceUrl })),
  };
}

let active: ReturnType<typeof createSyncClient> | null = null;

/** For the test surface: this tab's view of the channel (canonical), and what it has not had acknowledged. */
export function syncState() {
  if (!active) return null;
  return { view: canonicalJson(active.view()), version: active.server().version, pending: active.pendingCount(), unsent: active.hasUnsent() };
}

export function startSyncedStage(service: SyncChannelService, channel: ChannelSummary, initial: SyncedChannel) {
  const wireId = service.selfWireId();
  const toWire = (body: ChannelBody) => renameProducer(body, SELF_ID, wireId);
  const keyedOf = (doc: ChannelDoc): KeyedChannel => keyedFromBody(toWire(channelBody(doc, channel, null)));
  const engine = createSyncClient({ origin: LOCAL_ORIGIN, server: initial.server });
  active = engine;
  // What the stage shows on join is the server's channel plus what loading added to it (the default
  // background and graphics of a fresh channel, this producer's own card): that is sent as this
  // producer's first edit, so every producer sees the same channel.
  let lastKeyed = initial.server.keyed;
  let lastReason: UpdateReason | null = null;

  /** Shows what the engine's view is now (the server's channel with our pending edits on top). */
  const showView = () => {
    const body = renameProducer(bodyFromKeyed(engine.view(), channel, null), wireId, SELF_ID);
    stageActions.applyRemote(body, null);
    lastKeyed = keyedOf(currentDoc());
  };
  const receive = (answer: SyncedChannel) => {
    if (engine.receive(answer.server)) showView();
  };

  const saver = createChannelSaver<true>({
    async save(_body, { keepalive }) {
      for (let update = engine.outbox(); update; update = engine.outbox()) {
        const body = bodyFromKeyed(engine.view(), channel, lastReason);
        receive(await service.push(channel.uuid, body, update, { keepalive }));
      }
    },
    retry: { minMs: SAVE_RETRY_MIN_MS, maxMs: SAVE_RETRY_MAX_MS },
    onStatus: (saveStatus) => useServerSession.setState({ saveStatus }),
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
    // After a reconnect: catch up with what was pushed meanwhile, and send what is still unacknowledged.
    reconnected: () => {
      void service.resync(channel.uuid).then(receive, () => undefined);
      if (engine.hasUnsent()) void saver.flush(false);
    },
  });
  const joined = keyedOf(currentDoc());
  engine.localChange(diffKeyed(lastKeyed, joined));
  lastKeyed = joined;
  if (engine.hasUnsent()) saver.schedule(true);

  return {
    engine,
    async stop(): Promise<void> {
      unfollow();
      unsubscribe();
      detach();
      window.removeEventListener('online', onOnline);
      await saver.flush(false);
      if (active === engine) active = null;
    },
  };
}
