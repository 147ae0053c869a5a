/**
 * Share Screen (backend mode, §4): the screen comes from getDisplayMedia; if another presenter is
 * sharing, the Screen Share Conflict comes first. Its CONTINUE asks the other sharer to stop and
 * starts this share 1 s later, checking again every second (at most three times) that the other one
 * has stopped before it goes ahead anyway.
 */
import type { LiveMeetingService, Sharer } from '../../state/backend';
import { errorMessage } from '../../log';

/** §4: "retrying after 1 s". */
export const SCREEN_SHARE_RETRY_MS = 1000;
export const SCREEN_SHARE_MAX_TRIES = 3;

export type ShareOutcome = { outcome: 'shared' } | { outcome: 'conflict'; other: Sharer } | { outcome: 'cancelled' } | { outcome: 'failed'; message: string };

export interface ScreenShareDeps {
  live: Pick<LiveMeetingService, 'shareScreen' | 'otherSharer' | 'stopOtherShare'>;
  /** The screen, window or tab the user picks; rejects when they cancel the browser's picker. */
  pickScreen(): Promise<MediaStream>;
  wait(ms: number): Promise<void>;
}

export const pickDisplay = () => navigator.mediaDevices.getDisplayMedia({ video: { frameRate: 15 }, audio: false });

async function pickAndShare(deps: ScreenShareDeps, beforeSharing?: (stream: MediaStream) => Promise<void>): Promise<ShareOutcome> {
  let stream: MediaStream;
  try {
    stream = await deps.pickScreen();
  } catch {
    return { outcome: 'cancelled' }; // the browser's picker was closed, or sharing is not allowed
  }
  try {
    await beforeSharing?.(stream);
    await deps.live.shareScreen(stream);
    return { outcome: 'shared' };
  } catch (error) {
    stream.getTracks().forEach((t) => t.stop());
    return { outcome: 'failed', message: errorMessage(error) };
  }
}

/** The Share Screen button: shares, or reports the conflict for the dialog. */
export function requestScreenShare(deps: ScreenShareDeps): Promise<ShareOutcome> {
  const other = deps.live.otherSharer();
  if (other) return Promise.resolve({ outcome: 'conflict', other });
  return pickAndShare(deps);
}

/** CONTINUE: the other sharer is asked to stop; this share starts once they did (1 s steps). */
export function continueScreenShare(deps: ScreenShareDeps, other: Sharer): Promise<ShareOutcome> {
  return pickAndShare(deps, async () => {
    deps.live.stopOtherShare(other.guid);
    for (let tries = 0; tries < SCREEN_SHARE_MAX_TRIES; tries++) {
      await deps.wait(SCREEN_SHARE_RETRY_MS);
      if (deps.live.otherSharer()?.guid !== other.guid) return;
    }
  });
}
