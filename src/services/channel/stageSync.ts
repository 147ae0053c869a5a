/**
 * The stage's one way to the channel, in every mode (§4 Channel updates): the synced-document
 * pipeline (services/sync) over the channel store. The stage's ids become the wire's (this
 * producer's card), and each PUT carries the §7 body of the channel after it with the reason of the
 * last edit. Returns the stop.
 */
import { channelBody } from '../../../compositor/convert';
import type { ChannelDoc } from '../../../compositor/model/channel';
import type { UpdateReason } from '../../../compositor/model/types';
import { keyedChangesOf, keyedFromDoc, type ServerChannel, type SyncClient } from '../../../compositor/sync';
import { backend } from '../../state/backend';
import { LOCAL_ORIGIN } from '../../state/channel/reason';
import { stageActions } from '../../state/channel/stageActions';
import { currentDoc, onLocalChange } from '../../state/channel/store';
import { useRemoteStore } from '../../state/remoteStore';
import type { ChannelSummary } from '../../state/session';
import { roomOf, startDocSync } from '../sync/docSync';
import { docFromWire, toWire } from './wireIds';

let active: SyncClient | null = null;

/** This tab's sync engine while the studio is open (the test surface reads what it has not had acknowledged). */
export const activeSync = (): SyncClient | null => active;

export function startStageSync(channel: ChannelSummary, initial: ServerChannel): () => Promise<void> {
  const service = backend().channel;
  const wireId = service.selfWireId();
  const onWire = (): ChannelDoc => toWire(currentDoc(), wireId);
  let lastReason: UpdateReason | null = null;

  const sync = startDocSync({
    name: 'channel',
    origin: LOCAL_ORIGIN,
    initial,
    room: {
      ...roomOf(service, channel.uuid),
      // The stage already shows the engine's view (the room's channel with the pending edits on top).
      push: (update, { keepalive }) => service.push(channel.uuid, update, { keepalive, body: channelBody(onWire(), channel, lastReason) }),
    },
    doc: {
      keyed: () => keyedFromDoc(onWire()),
      onLocalChange: (listener) =>
        onLocalChange(({ before, doc, paths, reason }) => {
          lastReason = reason;
          listener(keyedChangesOf(toWire(before, wireId), toWire(doc, wireId), paths));
        }),
      applyRemote: (keyed) => stageActions.applyRemote(docFromWire(keyed, currentDoc(), wireId)),
    },
    onStatus: (saveStatus) => useRemoteStore.setState({ saveStatus }),
  });
  active = sync.engine;

  return async () => {
    await sync.stop();
    if (active === sync.engine) active = null;
  };
}
