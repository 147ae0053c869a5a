/**
 * The demo's link from the studio tab to output pages (§ output page): the stage doc is posted on
 * a BroadcastChannel on every change, and a newly opened output page asks for the current one.
 */
import { useStageStore } from '../../state/channel/store';
import { backend } from '../../state/backend';
import { useMeetingStore } from '../../state/meetingStore';
import { BASE_PATH } from '../../config';
import { type ChannelDoc } from '../../../compositor/model/channel';

export const OUTPUT_CHANNEL = 'studio-output';
type Message = { type: 'stage'; doc: ChannelDoc } | { type: 'hello' };

export function publishStageToOutputs(): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(OUTPUT_CHANNEL);
  const post = () => channel.postMessage({ type: 'stage', doc: useStageStore.getState().doc } satisfies Message);
  channel.onmessage = (e: MessageEvent<Message>) => e.data?.type === 'hello' && post();
  const unsubscribe = useStageStore.subscribe((s, prev) => s.doc !== prev.doc && post());
  post();
  return () => {
    unsubscribe();
    channel.close();
  };
}

/** On the output page: follow the studio's stage; returns the stop. */
export function followStudioStage(apply: (doc: ChannelDoc) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(OUTPUT_CHANNEL);
  channel.onmessage = (e: MessageEvent<Message>) => e.data?.type === 'stage' && apply(e.data.doc);
  channel.postMessage({ type: 'hello' } satisfies Message);
  return () => channel.close();
}

/**
 * The link a capture or playout machine opens (§ output page). Backend mode rotates the channel's
 * read-only output token, so handing out a new link revokes the old one; the demo's output page
 * follows this browser's studio tab.
 */
export async function createOutputLink(origin = location.origin): Promise<string> {
  const service = backend().channel;
  const page = new URL(`${BASE_PATH}output`, origin);
  if (service.kind === 'relay') return page.href;
  const uuid = useMeetingStore.getState().channel?.uuid;
  if (!uuid) throw new Error('No channel is open');
  page.searchParams.set('channel', uuid);
  page.searchParams.set('token', await service.rotateOutputToken(uuid));
  return page.href;
}

/** The output page's parameters in backend mode (`?channel={uuid}&token={outputToken}`), or null. */
export function outputLinkParams(search = location.search): { channel: string; token: string } | null {
  const params = new URLSearchParams(search);
  const channel = params.get('channel');
  const token = params.get('token');
  return channel ? { channel, token: token ?? '' } : null;
}
