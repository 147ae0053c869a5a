/**
 * §8 error catalogue: each error code → the dialog the moderator sees (§2 Global error dialogs).
 * Buttons are named by what they do; the dialog host maps them to actions.
 */
import { TEXTS } from '../lib/texts';

export type ErrorCode =
  | 'UNKNOWN'
  | 'NETWORK_LOST'
  | 'POOR_NETWORK'
  | 'DESTINATION_ERROR'
  | 'NO_PT_SEQUIN_FEATURE'
  | 'UNABLE_TO_JOIN_MEETING'
  | 'CAM_IN_USE'
  | 'CAM_MIC_DENIED'
  | 'API_BACKEND_ERROR';

export type ErrorButton = 'OKAY' | 'RETRY' | 'CANCEL' | 'TRY AGAIN' | 'QUIT' | 'RESELECT DEVICES';

export interface ErrorDialogSpec {
  title: string;
  text: string;
  buttons: ErrorButton[];
  /** A fatal error ends the session: QUIT returns to the studio base path. */
  fatal: boolean;
}

export const ERROR_CATALOGUE: Record<ErrorCode, ErrorDialogSpec> = {
  UNKNOWN: { title: 'Something went wrong', text: TEXTS.unknownError, buttons: ['OKAY'], fatal: false },
  API_BACKEND_ERROR: { title: 'Something went wrong', text: TEXTS.unknownError, buttons: ['OKAY'], fatal: false },
  NETWORK_LOST: { title: 'Connection lost', text: TEXTS.networkLost, buttons: ['RETRY'], fatal: false },
  POOR_NETWORK: { title: 'Poor connection', text: TEXTS.poorNetwork, buttons: [], fatal: false },
  DESTINATION_ERROR: { title: 'Streaming to destinations failed', text: TEXTS.destinationError, buttons: ['CANCEL', 'TRY AGAIN'], fatal: false },
  NO_PT_SEQUIN_FEATURE: { title: 'Studio is not enabled', text: TEXTS.noPtSequinFeature, buttons: ['QUIT'], fatal: true },
  UNABLE_TO_JOIN_MEETING: { title: 'Could not join', text: TEXTS.unableToJoinMeeting, buttons: ['QUIT'], fatal: true },
  CAM_IN_USE: { title: TEXTS.deviceErrorTitle, text: TEXTS.camInUse, buttons: ['CANCEL', 'RESELECT DEVICES'], fatal: false },
  CAM_MIC_DENIED: { title: TEXTS.deviceErrorTitle, text: TEXTS.deviceErrorText, buttons: ['CANCEL', 'RESELECT DEVICES'], fatal: false },
};
