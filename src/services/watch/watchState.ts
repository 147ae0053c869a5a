/**
 * The public watch page's state (issue 23, no sign-in): GET watch/{sharingUrl} every 3 s. A failed
 * read keeps what the page shows and says the server is unreachable; an unknown sharing url stops
 * the polling. Returns the stop.
 */
import type { PublicLiveClient } from '../../api/live';
import { isApiError } from '../../api/http';
import { realClock, type Clock } from '../../lib/clock';
import { isDrawableMediaUrl } from '../../lib/mediaUrl';
import { WATCH_POLL_MS } from '../../state/live/limits';

export type WatchPhase = 'loading' | 'unknown' | 'not-live' | 'live' | 'ended';

export interface WatchState {
  phase: WatchPhase;
  title: string;
  /** The HLS playlist while live (only a URL the page may play). */
  hls: string | null;
  /** The vertical program's playlist, when the broadcast has one (issue 34). */
  verticalHls: string | null;
  /** The last read failed: what shows may be old. */
  unreachable: boolean;
}

export const initialWatchState = (): WatchState => ({ phase: 'loading', title: '', hls: null, verticalHls: null, unreachable: false });

const NOT_FOUND = 404;
const PHASES: readonly WatchPhase[] = ['not-live', 'live', 'ended'];

export function followWatch(client: PublicLiveClient, sharingUrl: string, onState: (state: WatchState) => void, clock: Clock = realClock): () => void {
  let state = initialWatchState();
  let timer: unknown = null;
  let stopped = false;
  const publish = (next: WatchState) => {
    state = next;
    if (!stopped) onState(next);
  };
  async function read(): Promise<void> {
    try {
      const answer = await client.watch(sharingUrl);
      const phase = PHASES.includes(answer.state) ? answer.state : 'not-live';
      const playable = (url: unknown) => (phase === 'live' && typeof url === 'string' && isDrawableMediaUrl(url) ? url : null);
      const hls = playable(answer.hls);
      publish({ phase, title: typeof answer.title === 'string' ? answer.title : '', hls, verticalHls: hls ? playable(answer.verticalHls) : null, unreachable: false });
    } catch (error) {
      if (isApiError(error) && error.status === NOT_FOUND) return publish({ ...initialWatchState(), phase: 'unknown' });
      publish({ ...state, unreachable: true });
    }
    if (!stopped) timer = clock.setTimeout(() => void read(), WATCH_POLL_MS);
  }
  void read();
  return () => {
    stopped = true;
    clock.clearTimeout(timer);
  };
}
