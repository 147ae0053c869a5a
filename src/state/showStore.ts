/**
 * The show flow's session state (§2 overlays, §4 banner, §8 dialogs): the open error dialog, the
 * live-stream banner, info messages. Never saved, never undoable.
 */
import { create } from 'zustand';
import type { ErrorCode } from './errorCatalogue';

/** §4 Live-stream banner: started (2) or stopped (-2), cleared to neutral (0). */
export type BannerValue = 2 | -2 | 0;

export interface ErrorDialogState {
  code: ErrorCode;
  details?: string;
  /** What TRY AGAIN / RETRY re-runs, if anything. */
  retry?: () => void;
}

export interface InfoMessage {
  id: number;
  text: string;
}

export interface ShowState {
  error: ErrorDialogState | null;
  banner: BannerValue;
  infos: InfoMessage[];
}

export const initialShowState = (): ShowState => ({ error: null, banner: 0, infos: [] });

export const useShowStore = create<ShowState>()(() => initialShowState());
