/**
 * Connects the stage to the channel API: every local edit is saved through the one debounced
 * saver with its §3 reason; remote updates and loads are never saved (§4). Returns the stop.
 */
import { channelBody } from '../../compositor/convert';
import { onLocalChange } from '../state/channel/store';
import { createChannelSaver, type ChannelSaver } from './channelSaver';
import type { ChannelBody } from '../../compositor/model/types';
import type { StudioSession } from './types';
import type { ChannelSummary } from '../state/session';

let activeSaver: ChannelSaver<ChannelBody> | null = null;

export function startStageSync(session: StudioSession, channel: ChannelSummary): () => Promise<void> {
  const saver = createChannelSaver<ChannelBody>({ save: (body, opts) => session.saveChannel(channel.uuid, body, opts) });
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
