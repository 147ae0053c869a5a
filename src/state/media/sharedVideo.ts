/**
 * The shared foreground video (§4 Shared video state, Screen share conflict; §5 seek; §9 loop restart,
 * default volume). Pure logic on an injectable clock: no React, no DOM, no network. What happens is told
 * through `report` (the caller sends it as a §3 Shared video event / PUT sharevideo) and
 * `releaseToken` (the presentation token); the player element is driven from `getState()`.
 *
 * States (§4): CLOSED (nothing shared, the start), OPEN (a video is in the player but not playing yet:
 * 'Click to start sharing the video', or starting after a conflict), PLAYING, PAUSED.
 *
 * `getState()` returns the same object until something changes, so it can back `useSyncExternalStore`
 * or be mirrored into a zustand store with `subscribe`.
 */
import { realClock, type Clock } from '../../lib/clock';
import { DEFAULT_PLAYER_VOLUME, LOOP_RESTART_MS, SHARE_RETRY_MS } from '../../lib/limits';
import { log as appLog } from '../../log';

/** §4 Shared video state. */
export type SharedVideoState = 'OPEN' | 'PLAYING' | 'PAUSED' | 'CLOSED';

export interface SharedVideoSource {
  id: string;
  url: string;
  /** Known from the asset (properties.duration) or later from the player (`setDuration`). */
  durationSec?: number;
}

/** What the studio tells the others (§3 Shared video event: contentId, state, seek, hlsUrl). */
export interface SharedVideoReport {
  state: SharedVideoState;
  contentId: string;
  /** Position in seconds. */
  seek: number;
  hlsUrl: string;
}

/** Another participant's shared-video event (§3), after the caller dropped our own echoes. */
export interface RemoteSharedVideoEvent {
  state: SharedVideoState;
  contentId: string;
  seek?: number;
  hlsUrl?: string;
  endpointGUID?: string;
}

export interface SharedVideoSnapshot {
  state: SharedVideoState;
  video: SharedVideoSource | null;
  /** Meeting state's currentVideoId. */
  videoId: string | null;
  seekSec: number;
  loop: boolean;
  /** 0..1; §9 default 0.8. */
  volume: number;
  /** Ended with loop off: the player shows 'Click to replay video'. */
  replayable: boolean;
  /** §3 Meeting state flags: someone shares a video; we do; someone else does. */
  sharingContent: boolean;
  sharingLocalContent: boolean;
  receivingContent: boolean;
  /** Whoever shares the remote video (endpointGUID), when known. */
  presenterGuid: string | null;
  /** §4 Screen share conflict pending: the video we asked to share while someone else presents. */
  conflict: { video: SharedVideoSource } | null;
}

/** A report that throws, rejects, returns false or resolves to false has failed. */
export type ReportResult = void | boolean | Promise<unknown>;

export interface SharedVideoOptions {
  report(event: SharedVideoReport): ReportResult;
  releaseToken(): void;
  clock?: Clock;
  /** Logged-and-ignored input (§5 invalid seek, §8 swallowed sharing errors). */
  log?: (message: string) => void;
}

export interface SharedVideoController {
  getState(): SharedVideoSnapshot;
  subscribe(listener: (snapshot: SharedVideoSnapshot) => void): () => void;
  /** Puts a video in the player without sharing it (OPEN). Nothing is reported. */
  open(video: SharedVideoSource): void;
  /** §4 Selecting a foreground video starts it: PLAYING at seek 0, reported. */
  select(video: SharedVideoSource): void;
  /**
   * §4 Screen share conflict: with another participant presenting, nothing starts and 'conflict' is
   * returned (the UI shows 'Screen Share Conflict', CANCEL / CONTINUE); otherwise the video is selected.
   */
  requestShare(video: SharedVideoSource, otherPresenterActive: boolean): 'conflict' | 'started';
  /** CANCEL in the conflict dialog: nothing changes. */
  cancelConflict(): void;
  /**
   * CONTINUE: closes the other video, then starts ours (OPEN until the start is accepted, then PLAYING
   * at 0). A failed start is retried once after 1 s (§4); if that fails too, the share is closed.
   */
  continueAfterConflict(): void;
  /** §4 Play/pause toggles PLAYING and PAUSED and reports the player's position. From OPEN it starts. */
  togglePlay(positionSec: number): void;
  setLoop(on: boolean): void;
  setVolume(volume: number): void;
  /** The player learned the duration (loadedmetadata). */
  setDuration(durationSec: number): void;
  /** §5 Seek to a fraction 0..1 of the video; anything else (or an unknown duration) is ignored and logged. */
  seek(fraction: number): void;
  /** The player reached the end. Loop on: PAUSED, then PLAYING at 0 after 100 ms; off: PAUSED, replayable. */
  ended(): void;
  /** 'Click to replay video': PLAYING from 0. */
  replay(): void;
  /** §4 Closing or unselecting: CLOSED is reported and the presentation token released. */
  close(): void;
  /** §4 A remote state other than CLOSED sets the sharing flags and selects the remote video; CLOSED clears them. */
  remote(event: RemoteSharedVideoEvent): void;
  /** Cancels pending timers (the owner is going away). */
  dispose(): void;
}

const CLOSED_SNAPSHOT: Omit<SharedVideoSnapshot, 'loop' | 'volume'> = {
  state: 'CLOSED',
  video: null,
  videoId: null,
  seekSec: 0,
  replayable: false,
  sharingContent: false,
  sharingLocalContent: false,
  receivingContent: false,
  presenterGuid: null,
  conflict: null,
};

export function createSharedVideo({
  report,
  releaseToken,
  clock = realClock,
  log = (message) => appLog.warn('sharedVideo', message),
}: SharedVideoOptions): SharedVideoController {
  let snapshot: SharedVideoSnapshot = { ...CLOSED_SNAPSHOT, loop: false, volume: DEFAULT_PLAYER_VOLUME };
  const listeners = new Set<(s: SharedVideoSnapshot) => void>();
  let restartTimer: unknown = null;
  let retryTimer: unknown = null;
  /** Bumped by every transition that makes an in-flight start attempt stale. */
  let generation = 0;

  function set(patch: Partial<SharedVideoSnapshot>): void {
    const next = { ...snapshot, ...patch };
    next.videoId = next.video?.id ?? null;
    const changed = (Object.keys(next) as (keyof SharedVideoSnapshot)[]).some((k) => next[k] !== snapshot[k]);
    if (!changed) return;
    snapshot = next;
    for (const listener of [...listeners]) listener(snapshot);
  }

  function cancelTimers(): void {
    if (restartTimer !== null) clock.clearTimeout(restartTimer);
    if (retryTimer !== null) clock.clearTimeout(retryTimer);
    restartTimer = retryTimer = null;
    generation += 1;
  }

  /** Sends a report; §8 errors in sharing calls are swallowed (logged). Resolves to whether it went through. */
  function send(state: SharedVideoState, video: SharedVideoSource, seek: number): Promise<boolean> {
    const failed = (error?: unknown) => {
      log(`shared video ${state} for ${video.id} failed${error instanceof Error ? `: ${error.message}` : ''}`);
      return false;
    };
    try {
      const result = report({ state, contentId: video.id, seek, hlsUrl: video.url });
      if (result instanceof Promise) return result.then((r) => (r === false ? failed() : true), failed);
      return Promise.resolve(result === false ? failed() : true);
    } catch (error) {
      return Promise.resolve(failed(error));
    }
  }

  /** Starts the video as the local sharer: PLAYING at 0, reported. */
  function startLocal(video: SharedVideoSource): void {
    cancelTimers();
    set({ ...localSharing(video), state: 'PLAYING', seekSec: 0, replayable: false });
    void send('PLAYING', video, 0);
  }

  function localSharing(video: SharedVideoSource): Partial<SharedVideoSnapshot> {
    return { video, sharingContent: true, sharingLocalContent: true, receivingContent: false, presenterGuid: null, conflict: null };
  }

  function playFrom(seconds: number): void {
    const video = snapshot.video;
    if (!video) return;
    cancelTimers();
    set({ state: 'PLAYING', seekSec: seconds, replayable: false, ...(snapshot.receivingContent ? {} : localSharing(video)) });
    void send('PLAYING', video, seconds);
  }

  /** A position from the player: finite, within 0..duration; otherwise the last known one. */
  function position(seconds: number): number {
    if (!Number.isFinite(seconds)) {
      log(`position ${String(seconds)} ignored`);
      return snapshot.seekSec;
    }
    const max = snapshot.video?.durationSec;
    return Math.max(0, max !== undefined && Number.isFinite(max) ? Math.min(seconds, max) : seconds);
  }

  function closeLocally(): Partial<SharedVideoSnapshot> {
    return { ...CLOSED_SNAPSHOT };
  }

  return {
    getState: () => snapshot,

    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    open(video) {
      cancelTimers();
      set({ ...closeLocally(), state: 'OPEN', video });
    },

    select(video) {
      startLocal(video);
    },

    requestShare(video, otherPresenterActive) {
      if (otherPresenterActive) {
        set({ conflict: { video } });
        return 'conflict';
      }
      startLocal(video);
      return 'started';
    },

    cancelConflict() {
      set({ conflict: null });
    },

    continueAfterConflict() {
      const pending = snapshot.conflict;
      if (!pending) {
        log('continue without a pending screen share conflict ignored');
        return;
      }
      const other = snapshot.receivingContent ? snapshot.video : null;
      cancelTimers();
      if (other && other.id !== pending.video.id) void send('CLOSED', other, 0);
      const video = pending.video;
      set({ ...localSharing(video), state: 'OPEN', seekSec: 0, replayable: false });
      const attempt = (isRetry: boolean) => {
        const mine = generation;
        void send('PLAYING', video, 0).then((accepted) => {
          if (mine !== generation) return; // closed, replaced or remote-taken meanwhile
          if (accepted) {
            set({ state: 'PLAYING', seekSec: 0 });
          } else if (!isRetry) {
            retryTimer = clock.setTimeout(() => {
              retryTimer = null;
              attempt(true);
            }, SHARE_RETRY_MS);
          } else {
            log(`could not start sharing ${video.id}; gave up after one retry`);
            cancelTimers();
            set(closeLocally());
            releaseToken();
          }
        });
      };
      attempt(false);
    },

    togglePlay(positionSec) {
      const { state, video } = snapshot;
      if (!video || state === 'CLOSED') {
        log('play/pause without a video ignored');
        return;
      }
      if (snapshot.replayable) return void playFrom(0);
      if (state === 'OPEN') return void playFrom(0);
      const at = position(positionSec);
      if (state === 'PLAYING') {
        cancelTimers();
        set({ state: 'PAUSED', seekSec: at });
        void send('PAUSED', video, at);
      } else {
        playFrom(at);
      }
    },

    setLoop(on) {
      set({ loop: on });
    },

    setVolume(volume) {
      if (!Number.isFinite(volume)) return log(`volume ${String(volume)} ignored`);
      set({ volume: Math.min(1, Math.max(0, volume)) });
    },

    setDuration(durationSec) {
      const video = snapshot.video;
      if (!video || !Number.isFinite(durationSec) || durationSec <= 0) return;
      if (video.durationSec !== durationSec) set({ video: { ...video, durationSec } });
    },

    seek(fraction) {
      const { video, state } = snapshot;
      if (!Number.isFinite(fraction) || fraction < 0 || fraction > 1) {
        return log(`seek fraction ${String(fraction)} is outside 0..1; ignored`);
      }
      if (!video || state === 'CLOSED') return log('seek without a video ignored');
      const duration = video.durationSec;
      if (duration === undefined || !Number.isFinite(duration) || duration <= 0) {
        return log(`seek on ${video.id} before its duration is known; ignored`);
      }
      const at = fraction * duration;
      set({ seekSec: at, replayable: false });
      if (state !== 'OPEN') void send(state, video, at);
    },

    ended() {
      const { video, state } = snapshot;
      if (!video || state !== 'PLAYING') return;
      cancelTimers();
      if (snapshot.loop) {
        // §4 / §9: restart at 0 — PAUSED now, PLAYING 100 ms later (unless closed or changed meanwhile).
        set({ state: 'PAUSED', seekSec: 0 });
        void send('PAUSED', video, 0);
        restartTimer = clock.setTimeout(() => {
          restartTimer = null;
          playFrom(0);
        }, LOOP_RESTART_MS);
      } else {
        const end = video.durationSec ?? snapshot.seekSec;
        set({ state: 'PAUSED', seekSec: end, replayable: true });
        void send('PAUSED', video, end);
      }
    },

    replay() {
      if (!snapshot.video || snapshot.state === 'CLOSED') return log('replay without a video ignored');
      playFrom(0);
    },

    close() {
      const { video, state, sharingLocalContent } = snapshot;
      cancelTimers();
      if (!video || state === 'CLOSED') {
        set({ conflict: null });
        return;
      }
      set(closeLocally());
      // A video only put in the player (OPEN by `open`) was never shared: nothing to tell, no token.
      // A moderator closing someone else's video stops that share, but the token is not ours to release.
      if (state !== 'OPEN' || sharingLocalContent) void send('CLOSED', video, 0);
      if (sharingLocalContent) releaseToken();
    },

    remote(event) {
      cancelTimers();
      if (event.state === 'CLOSED') {
        if (snapshot.video && snapshot.video.id !== event.contentId) {
          log(`remote CLOSED for ${event.contentId} while ${snapshot.video.id} is shown`);
        }
        set({ ...closeLocally(), conflict: snapshot.conflict });
        return;
      }
      const same = snapshot.video?.id === event.contentId ? snapshot.video : null;
      const video: SharedVideoSource = {
        ...(same ?? {}),
        id: event.contentId,
        url: event.hlsUrl ?? same?.url ?? '',
      };
      const seek = event.seek !== undefined && Number.isFinite(event.seek) && event.seek >= 0 ? event.seek : 0;
      set({
        state: event.state,
        video,
        seekSec: seek,
        replayable: false,
        sharingContent: true,
        sharingLocalContent: false,
        receivingContent: true,
        presenterGuid: event.endpointGUID ?? null,
      });
    },

    dispose() {
      cancelTimers();
      listeners.clear();
    },
  };
}
