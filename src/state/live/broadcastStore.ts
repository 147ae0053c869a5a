/** Going live, as the screens show it (§2, §4): the GO LIVE countdown, the END STREAM confirmation, the broadcast state. */
import { create } from 'zustand';
import { useMeetingStore } from '../meetingStore';
import { channelIsLive, type BroadcastState } from './broadcastRules';
import type { QualityOverLimit } from './qualityRules';

export interface BroadcastFlowState {
  /** Seconds left, or null when no countdown runs. */
  countdown: number | null;
  countdownStartedAt: number | null;
  endConfirmOpen: boolean;
  broadcastState: BroadcastState;
  /** GO LIVE's question before the countdown: the quality is above what the server carries (issue 33). */
  qualityQuestion: QualityOverLimit | null;
}

export const initialBroadcastFlowState = (): BroadcastFlowState => ({ countdown: null, countdownStartedAt: null, endConfirmOpen: false, broadcastState: 'NONE', qualityQuestion: null });

export const useBroadcastStore = create<BroadcastFlowState>()(() => initialBroadcastFlowState());

/** Whether the displayed channel's stream runs (§4 eventStatus LIVE), for a component. */
export const useChannelLive = (): boolean => useMeetingStore((s) => channelIsLive(s.channel));

/**
 * Calls `changed` when the displayed channel's stream starts or stops; joining a channel that is
 * already live is no change (the banner and the announcement are for what happens while one watches).
 */
export function subscribeLiveChanges(changed: (live: boolean) => void): () => void {
  return useMeetingStore.subscribe((s, prev) => {
    const live = channelIsLive(s.channel);
    if (s.channel?.uuid === prev.channel?.uuid && live !== channelIsLive(prev.channel)) changed(live);
  });
}
