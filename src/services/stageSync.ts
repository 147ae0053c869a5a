/**
 * Connects the stage to the channel API: every local edit is saved through the one debounced
 * saver with its §3 reason; updates from other producers are applied (§4: only from another origin,
 * only when something changed) and, like loads, never saved. Returns the stop.
 */
import { channelBody } from '../../compositor/convert';
import { onLocalChange } from '../state/channel/store';
import { stageActions } from '../state/channel/stageActions';
import { createChannelSaver, type ChannelSaver } from './channelSaver';
import type { ChannelBody } from '../../compositor/model/types';
import { backend } from '../state/backend';
import type { ChannelSummary } from '../state/session';

let activeSaver: ChannelSaver<ChannelBody> | null = null;

export function startStageSync(channel: ChannelSummary): () => Promise<void> {
  const saver = createChannelSaver<ChannelBody>({ save: (body, opts) => backend().channel.save(channel.uuid, body, opts) });
  activeSaver = saver;
  const unsubscribe = onLocalChange(({ doc, reason }) => saver.schedule(channelBody(doc, channel, reason)));
  const detach = saver.attachToPage();
  const unfollow = backend().channel.subscribe(channel.uuid, (body) => void stageActions.applyRemote(body, null));
  return async () => {
    unfollow();
    unsubscribe();
    detach();
    await saver.flush(false);
    if (activeSaver === saver) activeSaver = null;
  };
}

export const saverStatus = () => activeSaver?.status() ?? 'idle';
