/**
 * The demo's link from the studio tab to output pages (§ output page): the stage doc is posted on
 * a BroadcastChannel on every change, and a newly opened output page asks for the current one.
 */
import { useStageStore } from '../state/channel/store';
import { type ChannelDoc } from '../../compositor/model/channel';

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
