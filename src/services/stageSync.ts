/**
 * Connects the stage to the channel API: every local edit is saved through the one debounced
 * saver with its §3 reason; remote updates and loads are never saved (§4). Returns the stop.
 */
import { channelBody } from '../state/scene';
import { onLocalChange } from '../state/stageStore';
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
  return async () => {
    unsubscribe();
    detach();
    await saver.flush(false);
    if (activeSaver === saver) activeSaver = null;
  };
}

export const saverStatus = () => activeSaver?.status() ?? 'idle';
