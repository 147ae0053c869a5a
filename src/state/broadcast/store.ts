/** Going live, as the screens show it (§2, §4): the GO LIVE countdown, the END STREAM confirmation, the broadcast state. */
import { create } from 'zustand';
import type { BroadcastState } from './rules';

export interface BroadcastFlowState {
  /** Seconds left, or null when no countdown runs. */
  countdown: number | null;
  countdownStartedAt: number | null;
  endConfirmOpen: boolean;
  broadcastState: BroadcastState;
}

export const initialBroadcastFlowState = (): BroadcastFlowState => ({ countdown: null, countdownStartedAt: null, endConfirmOpen: false, broadcastState: 'NONE' });

export const useBroadcastStore = create<BroadcastFlowState>()(() => initialBroadcastFlowState());
