/** The go-live overlay's state (§2): the countdown, the END STREAM confirmation, the broadcast state. */
import { create } from 'zustand';
import type { BroadcastState } from './broadcast';

export interface GoLiveState {
  /** Seconds left, or null when no countdown runs. */
  countdown: number | null;
  countdownStartedAt: number | null;
  endConfirmOpen: boolean;
  broadcastState: BroadcastState;
}

export const initialGoLiveState = (): GoLiveState => ({ countdown: null, countdownStartedAt: null, endConfirmOpen: false, broadcastState: 'NONE' });

export const useGoLiveStore = create<GoLiveState>()(() => initialGoLiveState());
