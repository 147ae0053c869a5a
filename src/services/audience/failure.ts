/**
 * §8: a failed HTTP response throws the JSON error body (backend failures carry type unknown,
 * code API_BACKEND_ERROR and a message); a network failure throws null. This turns any of those
 * into the short reason an inline error shows or the log keeps. Shared by the audience and people calls.
 */
import { errorMessage } from '../../log';

/** Ours: the reason shown when a call failed without reaching the server (§8 throws null). */
export const NETWORK_FAILURE_DETAIL = 'No connection to the server';

export function describeFailure(error: unknown): string {
  if (error === null || error === undefined) return NETWORK_FAILURE_DETAIL;
  if (typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message !== '') return error.message;
  return errorMessage(error);
}
