/**
 * Connects the stage to the channel API: every local edit is saved through the one debounced
 * saver with its §3 reason; updates from other producers are applied (§4: only from another origin,
 * only when something changed) and, like loads, never saved. The demo relays whole bodies between
 * this browser's tabs; backend mode syncs per key with the studio backend (channelSync.ts).
 * Returns the stop.
 */
import { channelBody } from '../../../compositor/convert';
import { onLocalChange } from '../../state/channel/store';
import { stageActions } from '../../state/channel/stageActions';
import { createChannelSaver, type ChannelSaver } from './saver';
import type { ChannelBody } from '../../../compositor/model/types';
import { backend, type SyncedChannel } from '../../state/backend';
import type { ChannelSummary } from '../../state/session';
import { startSyncedStage } from './keyedStage';

let activeSaver: ChannelSaver<ChannelBody> | null = null;

export function startStageSync(channel: ChannelSummary, synced?: SyncedChannel): () => Promise<void> {
  const service = backend().channel;
  if (service.kind === 'sync') {
    if (!synced) throw new Error('Backend mode joins a channel with its sync state');
    return startSyncedStage(service, channel, synced).stop;
  }
  const saver = createChannelSaver<ChannelBody>({ save: (body, opts) => service.save(channel.uuid, body, opts) });
  activeSaver = saver;
  const unsubscribe = onLocalChange(({ doc, reason }) => saver.schedule(channelBody(doc, channel, reason)));
  const detach = saver.attachToPage();
  const unfollow = service.subscribe(channel.uuid, (body) => void stageActions.applyRemote(body, null));
  return async () => {
    unfollow();
    unsubscribe();
    detach();
    await saver.flush(false);
    if (activeSaver === saver) activeSaver = null;
  };
}

export const saverStatus = () => activeSaver?.status() ?? 'idle';
