/**
 * Plays the watch page's HLS stream (issue 23) with hls.js' light build, or the browser's own HLS
 * where hls.js cannot run (Safari on iOS). A fatal error tears the player down and tries again a
 * little later, saying it reconnects; the first frames playing again clear that. Returns the stop.
 */
import Hls from 'hls.js/light';
import { realClock, type Clock } from '../../lib/clock';
import { WATCH_CATCH_UP_RATE, WATCH_LIVE_MAX_LATENCY_S, WATCH_LIVE_SYNC_S, WATCH_RETRY_MS } from '../../state/live/limits';

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** What the player uses of hls.js (tests hand in a fake). */
export interface HlsLike {
  loadSource(url: string): void;
  attachMedia(media: HTMLMediaElement): void;
  on(event: string, listener: (event: string, data: { fatal?: boolean; type?: string; details?: string }) => void): void;
  destroy(): void;
}
export interface HlsConstructor {
  new (config?: Record<string, unknown>): HlsLike;
  isSupported(): boolean;
  readonly Events: { readonly MANIFEST_PARSED: string; readonly ERROR: string };
}

export interface PlayerEvents {
  /** True while the stream is being reached again after a failure. */
  reconnecting(on: boolean): void;
  /** Neither hls.js nor the browser can play HLS. */
  unsupported(): void;
}

export function playHls(video: HTMLVideoElement, src: string, on: PlayerEvents, HlsImpl: HlsConstructor = Hls as unknown as HlsConstructor, clock: Clock = realClock): () => void {
  let stopped = false;
  let retry: unknown = null;
  let hls: HlsLike | null = null;
  // Autoplay is muted (browsers allow only that); a refused play() waits for the viewer's click.
  const play = () => void video.play()?.catch(() => undefined);
  const onPlaying = () => on.reconnecting(false);
  video.addEventListener('playing', onPlaying);

  const again = (teardown: () => void, start: () => void) => {
    teardown();
    on.reconnecting(true);
    clock.clearTimeout(retry);
    retry = clock.setTimeout(() => !stopped && start(), WATCH_RETRY_MS);
  };

  function startHls(): void {
    // Near the live edge (issue 32): an attendee's chat answers the picture they see.
    const player = new HlsImpl({ lowLatencyMode: false, liveSyncDuration: WATCH_LIVE_SYNC_S, liveMaxLatencyDuration: WATCH_LIVE_MAX_LATENCY_S, maxLiveSyncPlaybackRate: WATCH_CATCH_UP_RATE });
    hls = player;
    player.on(HlsImpl.Events.MANIFEST_PARSED, play);
    player.on(HlsImpl.Events.ERROR, (_event, data) => {
      if (data.fatal && hls === player) again(() => (player.destroy(), (hls = null)), startHls);
    });
    player.loadSource(src);
    player.attachMedia(video);
  }

  // Without a src and a load() the element would keep the broken stream.
  const unloadNative = () => (video.removeAttribute('src'), video.load());
  const onNativeError = () => again(unloadNative, startNative);
  function startNative(): void {
    video.src = src;
    play();
  }

  const native = !HlsImpl.isSupported() && video.canPlayType(HLS_TYPE) !== '';
  if (HlsImpl.isSupported()) startHls();
  else if (native) {
    video.addEventListener('error', onNativeError);
    startNative();
  } else on.unsupported();

  return () => {
    stopped = true;
    clock.clearTimeout(retry);
    video.removeEventListener('playing', onPlaying);
    video.removeEventListener('error', onNativeError);
    hls?.destroy(); // hls.js lets go of the element itself
    hls = null;
    if (native) unloadNative();
  };
}
