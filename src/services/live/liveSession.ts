/**
 * Going live for real while the studio is open (backend mode, issue 23): reads where the watch page
 * is, what the server can afford and the status now, then follows the worker's live.status frames.
 * A destination that fails opens the §8 destination error once per failure; its TRY AGAIN retries
 * every destination failed by then. A broadcast that fails as a whole says why (§8 unknown error).
 * Returns the stop (the store forgets the event).
 */
import { broadcastStateOf } from '../../lib/liveContract';
import { TEXTS } from '../../lib/texts';
import { errorMessage, log } from '../../log';
import { useLiveStore } from '../../state/live/store';
import { useSettingsStore } from '../../state/settingsStore';
import type { LiveStatus } from '../../state/live/types';
import { showError } from '../show/alerts';
import { liveService } from './attempt';
import { retryFailedDestinations } from './destinations';
import { applyBroadcastEvent } from './goLive';

/**
 * The job's status, the one push of the broadcast (at registration, on every change, every 2 s while
 * live): kept in the live store, and its state is the studio server's §4 broadcast state.
 */
export function applyLiveStatus(status: LiveStatus): void {
  const fresh = useLiveStore.getState().applyStatus(status);
  if (status.job) applyBroadcastEvent({ source: 'studio-server', state: broadcastStateOf(status.job.state) });
  if (fresh.job !== null) return void showError('UNKNOWN', { details: TEXTS.broadcastFailed(fresh.job || TEXTS.unknownError) });
  if (fresh.destinations.length === 0) return;
  showError('DESTINATION_ERROR', {
    details: fresh.destinations.map((o) => (o.error ? `${o.name}: ${o.error}` : o.name)).join('\n'),
    retry: () => void retryFailedDestinations(fresh.destinations.map((o) => o.id)),
  });
}

export function startLive(): () => void {
  const live = liveService();
  if (!live) return () => undefined;
  let stopped = false;
  const unsubscribe = live.onStatus((status) => !stopped && applyLiveStatus(status));
  void live.info().then(
    ({ info, status }) => {
      if (stopped) return;
      useLiveStore.getState().setInfo(info);
      useSettingsStore.getState().followServerQuality(info.recommendedQuality); // a new event streams what this server carries (issue 33)
      // A frame that came in meanwhile is newer than this answer.
      if (status && useLiveStore.getState().status === null) applyLiveStatus(status);
    },
    (error: unknown) => log.warn('live', `live information could not be read: ${errorMessage(error)}`),
  );
  return () => {
    stopped = true;
    unsubscribe();
    useLiveStore.getState().reset();
  };
}
