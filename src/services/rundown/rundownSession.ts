/**
 * The run of show while the studio is open (issue 25): the rundown store synced with the channel's
 * rundown room (the studio backend's, or this browser's tabs' in the demo). On leave the store is
 * emptied, so another event never shows this one's scenes.
 */
import { keyedFromRundown } from '../../state/rundown/keyed';
import { onRundownChange, rundownActions, useRundownStore } from '../../state/rundown/store';
import { startRundownSync } from './rundownSync';

export function startRundown(channelUuid: string): () => Promise<void> {
  rundownActions.load({});
  const stop = startRundownSync(channelUuid, {
    keyed: () => keyedFromRundown(useRundownStore.getState().rundown),
    onLocalChange: (listener) => onRundownChange(({ changes }) => listener(changes)),
    applyRemote: (keyed) => void rundownActions.applyRemote(keyed),
  });
  return async () => {
    await stop();
    rundownActions.load({});
  };
}
