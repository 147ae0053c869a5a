/**
 * The event's RTMP destinations (issue 23): list, add (the server's reason for a refusal is handed
 * back to the form, which keeps what was typed), switch on and off and delete (applied at once,
 * rolled back if the call fails), and retry the failed ones of the running broadcast.
 */
import { useLiveStore } from '../../state/live/store';
import { failedDestinations, draftProblem } from '../../state/live/rules';
import type { DestinationDraft } from '../../state/live/types';
import type { DraftProblem } from '../../state/live/rules';
import { describeFailure } from '../audience/failure';
import { attemptLive, liveService } from './attempt';

/** The list's own id in the busy list (its load, an add). */
export const DESTINATIONS_LIST = 'destinations';

export async function loadDestinations(): Promise<void> {
  const result = await attemptLive(DESTINATIONS_LIST, (live) => live.destinations());
  if (result) useLiveStore.getState().setDestinations(result.value);
}

/** Refused before any call (`problem`, the form says why), or by the server (`reason`, its message). */
export type AddResult = { ok: true } | { ok: false; problem: DraftProblem | 'unavailable' } | { ok: false; reason: string };

/** The stream key goes to the server and nowhere else: the store keeps the answer (its last four characters). */
export async function addDestination(draft: DestinationDraft): Promise<AddResult> {
  const live = liveService();
  const problem = draftProblem(draft, useLiveStore.getState().destinations.length);
  if (!live || problem) return { ok: false, problem: problem ?? 'unavailable' };
  const clean = { name: draft.name.trim(), serverUrl: draft.serverUrl.trim(), streamKey: draft.streamKey, ...(draft.shape ? { shape: draft.shape } : {}) };
  const store = useLiveStore.getState();
  store.callStarted(DESTINATIONS_LIST);
  try {
    useLiveStore.getState().addedDestination(await live.addDestination(clean));
    return { ok: true };
  } catch (e) {
    return { ok: false, reason: describeFailure(e) };
  } finally {
    useLiveStore.getState().callEnded(DESTINATIONS_LIST);
  }
}

export async function setDestinationEnabled(id: string, enabled: boolean): Promise<boolean> {
  const rollback = useLiveStore.getState().patchDestination(id, { enabled });
  const result = await attemptLive(id, (live) => live.updateDestination(id, { enabled }), rollback);
  if (result) useLiveStore.getState().replacedDestination(result.value);
  return result !== null;
}

export async function deleteDestination(id: string): Promise<boolean> {
  const rollback = useLiveStore.getState().takeOutDestination(id);
  return (await attemptLive(id, (live) => live.deleteDestination(id), rollback)) !== null;
}

/** TRY AGAIN: every destination failed now, and those the dialog was about. */
export async function retryFailedDestinations(ids: readonly string[] = []): Promise<void> {
  const all = new Set([...failedDestinations(useLiveStore.getState().status).map((o) => o.id), ...ids]);
  await Promise.all([...all].map((id) => attemptLive(id, (live) => live.retryDestination(id))));
}
