/**
 * The alerts (§4 banner, §8 dialogs, §9 info messages): the open error dialog, the live-stream
 * banner, info messages; services/show/alerts.ts raises them, features/dialogs shows them. Never
 * saved, never undoable.
 */
import { create } from 'zustand';
import { ERROR_CATALOGUE, type ErrorCode } from './errorCatalogue';
import { log } from '../log';

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
  /** An action's answer (src/state/feedback.ts): brief, one at a time, said by the live region instead. */
  action?: boolean;
}

export interface AlertsState {
  error: ErrorDialogState | null;
  banner: BannerValue;
  infos: InfoMessage[];
}

export const initialAlertsState = (): AlertsState => ({ error: null, banner: 0, infos: [] });

export const useAlertsStore = create<AlertsState>()(() => initialAlertsState());

/**
 * Opens a §8 error dialog (the services play its sound when the dialog changes). A fatal error
 * stays up: nothing after it matters until the moderator quits. Returns whether it was shown.
 */
export function raiseError(code: ErrorCode, opts: { details?: string; retry?: () => void } = {}): boolean {
  const current = useAlertsStore.getState().error;
  if (current && ERROR_CATALOGUE[current.code].fatal) return false;
  useAlertsStore.setState({ error: { code, ...opts } });
  log.warn('error', `${code}${opts.details ? `: ${opts.details}` : ''}`);
  return true;
}
