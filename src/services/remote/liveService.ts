/**
 * Backend mode's live service (issue 23): the live calls of the joined event over the live client,
 * and the studio socket's live.status frames, read by the live rules before anyone sees them (a
 * frame that does not fit is logged and dropped). After the socket reconnects the status is read
 * again: a change while it was down (the broadcast stopped) was pushed to nobody.
 */
import type { LiveClient } from '../../api/live';
import { errorMessage, log } from '../../log';
import { parseDestination, parseList, parseLiveInfo, parseLiveStatus, parseRecording } from '../../state/live/rules';
import type { LiveService } from '../../state/live/service';
import type { Destination, LiveStatus } from '../../state/live/types';
import { currentJoin } from './joined';

/** An answer the studio cannot read is a failed call (§8), not a half-kept one. */
function readOrFail<T>(value: T | null, what: string): T {
  if (value === null) throw { type: 'unknown', code: 'API_BACKEND_ERROR', message: `The server's ${what} could not be read`, status: 0 };
  return value;
}

export function createServerLive(live: LiveClient): LiveService & { receiveStatus(raw: unknown): void; resync(): void } {
  const listeners = new Set<(status: LiveStatus) => void>();
  const eventId = () => currentJoin().eventId;
  const destination = (raw: unknown): Destination => readOrFail(parseDestination(raw), 'destination');
  const receiveStatus = (raw: unknown) => {
    const status = parseLiveStatus(raw);
    if (!status) return log.warn('live', 'a live.status frame that does not read was dropped');
    listeners.forEach((l) => l(status));
  };
  return {
    receiveStatus,
    resync() {
      if (listeners.size === 0) return;
      live.info(eventId()).then(
        (answer) => receiveStatus(answer.status),
        (error: unknown) => log.warn('live', `the live status could not be read again: ${errorMessage(error)}`),
      );
    },
    onStatus(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async info() {
      const raw = await live.info(eventId());
      return { info: readOrFail(parseLiveInfo(raw), 'live information'), status: parseLiveStatus(raw.status) };
    },
    destinations: async () => parseList(await live.destinations(eventId()), parseDestination),
    addDestination: async (draft) => destination(await live.addDestination(eventId(), draft)),
    updateDestination: async (id, patch) => destination(await live.updateDestination(eventId(), id, patch)),
    deleteDestination: (id) => live.deleteDestination(eventId(), id),
    retryDestination: (id) => live.retryDestination(eventId(), id),
    recordings: async () => parseList(await live.recordings(eventId()), parseRecording),
    downloadRecording: (id, onProgress) => live.downloadRecording(eventId(), id, (p) => onProgress(p.fraction)),
    deleteRecording: (id) => live.deleteRecording(eventId(), id),
  };
}
