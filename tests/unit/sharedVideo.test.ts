/** §4 Shared video state and Screen share conflict, §5 seek, §9 loop restart 100 ms and default volume 0.8. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { realClock } from '../../src/lib/clock';
import { DEFAULT_PLAYER_VOLUME, LOOP_RESTART_MS, SEEK_BAR_PROGRESS_MS, SHARE_RETRY_MS } from '../../src/lib/limits';
import {
  createSharedVideo,
  type ReportResult,
  type SharedVideoReport,
  type SharedVideoSource,
  type SharedVideoState,
} from '../../src/state/media/sharedVideo';

const INTRO: SharedVideoSource = { id: 'intro', url: 'https://cdn.example/intro.mp4', durationSec: 40 };
const OUTRO: SharedVideoSource = { id: 'outro', url: 'https://cdn.example/outro.mp4', durationSec: 8 };

function setup(report: (e: SharedVideoReport) => ReportResult = () => undefined) {
  const reports: SharedVideoReport[] = [];
  const releaseToken = vi.fn();
  const log = vi.fn<(message: string) => void>();
  const video = createSharedVideo({
    report: (e) => {
      reports.push(e);
      return report(e);
    },
    releaseToken,
    clock: realClock, // reads globalThis.setTimeout at each call, so vitest's fake timers drive it
    log,
  });
  /** Reports as [state, contentId, seek] triples, the shape the tests read best. */
  const sent = () => reports.map((r) => [r.state, r.contentId, r.seek] as const);
  return { video, reports, sent, releaseToken, log };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('constants (§9)', () => {
  it('loop restart 100 ms, seek bar progress 190 ms, default volume 0.8, conflict retry 1 s', () => {
    expect([LOOP_RESTART_MS, SEEK_BAR_PROGRESS_MS, DEFAULT_PLAYER_VOLUME, SHARE_RETRY_MS]).toEqual([100, 190, 0.8, 1000]);
  });

  it('starts CLOSED with nothing shared, loop off and the default volume', () => {
    const { video } = setup();
    expect(video.getState()).toEqual({
      state: 'CLOSED',
      video: null,
      videoId: null,
      seekSec: 0,
      loop: false,
      volume: 0.8,
      replayable: false,
      sharingContent: false,
      sharingLocalContent: false,
      receivingContent: false,
      presenterGuid: null,
      conflict: null,
    });
  });
});

describe('select / open (§4: selecting a foreground video starts it as PLAYING at seek 0)', () => {
  it('select reports PLAYING at 0 and marks the local share', () => {
    const { video, reports } = setup();
    video.select(INTRO);
    expect(reports).toEqual([{ state: 'PLAYING', contentId: 'intro', seek: 0, hlsUrl: INTRO.url }]);
    expect(video.getState()).toMatchObject({
      state: 'PLAYING',
      videoId: 'intro',
      seekSec: 0,
      sharingContent: true,
      sharingLocalContent: true,
      receivingContent: false,
    });
  });

  it('selecting another video while one plays starts the new one at 0', () => {
    const { video, sent } = setup();
    video.select(INTRO);
    video.togglePlay(12);
    video.select(OUTRO);
    expect(sent()).toEqual([['PLAYING', 'intro', 0], ['PAUSED', 'intro', 12], ['PLAYING', 'outro', 0]]);
    expect(video.getState()).toMatchObject({ state: 'PLAYING', videoId: 'outro', seekSec: 0 });
  });

  it('open puts the video in the player (OPEN) without reporting; play then starts it at 0', () => {
    const { video, sent } = setup();
    video.open(INTRO);
    expect(video.getState()).toMatchObject({ state: 'OPEN', videoId: 'intro', sharingContent: false });
    expect(sent()).toEqual([]);
    video.togglePlay(5);
    expect(sent()).toEqual([['PLAYING', 'intro', 0]]);
    expect(video.getState()).toMatchObject({ state: 'PLAYING', sharingLocalContent: true });
  });
});

describe('togglePlay (§4: toggles PLAYING and PAUSED and reports the position)', () => {
  it.each<[string, number, number]>([
    ['a position inside the video', 12.5, 12.5],
    ['position 0', 0, 0],
    ['a position past the end (clamped to the duration)', 55, 40],
    ['a negative position (clamped to 0)', -3, 0],
  ])('pause at %s', (_name, position, reported) => {
    const { video, sent } = setup();
    video.select(INTRO);
    video.togglePlay(position);
    expect(video.getState()).toMatchObject({ state: 'PAUSED', seekSec: reported });
    expect(sent().at(-1)).toEqual(['PAUSED', 'intro', reported]);
  });

  it('PLAYING → PAUSED → PLAYING, each reported with the position', () => {
    const { video, sent } = setup();
    video.select(INTRO);
    video.togglePlay(10);
    video.togglePlay(10);
    video.togglePlay(17.25);
    expect(sent()).toEqual([['PLAYING', 'intro', 0], ['PAUSED', 'intro', 10], ['PLAYING', 'intro', 10], ['PAUSED', 'intro', 17.25]]);
    expect(video.getState().state).toBe('PAUSED');
  });

  it('a position that is not a number keeps the last known one and is logged', () => {
    const { video, sent, log } = setup();
    video.select(INTRO);
    video.seek(0.25);
    video.togglePlay(Number.NaN);
    expect(sent().at(-1)).toEqual(['PAUSED', 'intro', 10]);
    expect(log).toHaveBeenCalledWith('position NaN ignored');
  });

  it('with no video it does nothing and logs', () => {
    const { video, sent, log } = setup();
    video.togglePlay(3);
    expect(video.getState().state).toBe('CLOSED');
    expect(sent()).toEqual([]);
    expect(log).toHaveBeenCalledWith('play/pause without a video ignored');
  });
});

describe('seek (§5: the fraction must be between 0 and 1, otherwise ignored and logged)', () => {
  it.each<[number, SharedVideoState, number]>([
    [0, 'PLAYING', 0],
    [0.5, 'PLAYING', 20],
    [1, 'PLAYING', 40],
    [0.25, 'PAUSED', 10],
  ])('seek(%d) while %s reports seek %d s', (fraction, state, seconds) => {
    const { video, sent } = setup();
    video.select(INTRO);
    if (state === 'PAUSED') video.togglePlay(3);
    video.seek(fraction);
    expect(video.getState()).toMatchObject({ state, seekSec: seconds });
    expect(sent().at(-1)).toEqual([state, 'intro', seconds]);
  });

  it.each<[string, number]>([
    ['-0.1', -0.1],
    ['1.2', 1.2],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
  ])('seek(%s) is ignored and logged', (text, fraction) => {
    const { video, sent, log } = setup();
    video.select(INTRO);
    video.togglePlay(7);
    const before = video.getState();
    video.seek(fraction);
    expect(video.getState()).toBe(before);
    expect(sent()).toHaveLength(2);
    expect(log).toHaveBeenCalledWith(`seek fraction ${text} is outside 0..1; ignored`);
  });

  it('before the duration is known, seek is ignored and logged; setDuration makes it work', () => {
    const { video, sent, log } = setup();
    video.select({ id: 'clip', url: 'https://cdn.example/clip.mp4' });
    video.seek(0.5);
    expect(sent()).toEqual([['PLAYING', 'clip', 0]]);
    expect(log).toHaveBeenCalledWith('seek on clip before its duration is known; ignored');
    video.setDuration(30);
    video.seek(0.5);
    expect(sent().at(-1)).toEqual(['PLAYING', 'clip', 15]);
  });

  it('with no video, seek is ignored and logged', () => {
    const { video, sent, log } = setup();
    video.seek(0.5);
    expect(sent()).toEqual([]);
    expect(log).toHaveBeenCalledWith('seek without a video ignored');
  });
});

describe('ended with loop on (§4, §9: PAUSED, then PLAYING at 0 after 100 ms)', () => {
  it('sends PAUSED at once and PLAYING at 0 after exactly 100 ms, not at 99', () => {
    const { video, sent } = setup();
    video.setLoop(true);
    video.select(OUTRO);
    video.ended();
    expect(sent()).toEqual([['PLAYING', 'outro', 0], ['PAUSED', 'outro', 0]]);
    expect(video.getState()).toMatchObject({ state: 'PAUSED', seekSec: 0, replayable: false });
    vi.advanceTimersByTime(99);
    expect(sent()).toHaveLength(2);
    expect(video.getState().state).toBe('PAUSED');
    vi.advanceTimersByTime(1);
    expect(sent()).toEqual([['PLAYING', 'outro', 0], ['PAUSED', 'outro', 0], ['PLAYING', 'outro', 0]]);
    expect(video.getState()).toMatchObject({ state: 'PLAYING', seekSec: 0 });
  });

  it('loops every time it ends', () => {
    const { video, sent } = setup();
    video.setLoop(true);
    video.select(OUTRO);
    for (let i = 0; i < 3; i += 1) {
      video.ended();
      vi.advanceTimersByTime(LOOP_RESTART_MS);
    }
    expect(sent().map(([s]) => s)).toEqual(['PLAYING', 'PAUSED', 'PLAYING', 'PAUSED', 'PLAYING', 'PAUSED', 'PLAYING']);
  });

  it('closing during the 100 ms cancels the restart', () => {
    const { video, sent, releaseToken } = setup();
    video.setLoop(true);
    video.select(OUTRO);
    video.ended();
    vi.advanceTimersByTime(50);
    video.close();
    vi.advanceTimersByTime(1000);
    expect(sent()).toEqual([['PLAYING', 'outro', 0], ['PAUSED', 'outro', 0], ['CLOSED', 'outro', 0]]);
    expect(video.getState().state).toBe('CLOSED');
    expect(releaseToken).toHaveBeenCalledOnce();
  });

  it('play/pause during the 100 ms takes over from the restart', () => {
    const { video, sent } = setup();
    video.setLoop(true);
    video.select(OUTRO);
    video.ended();
    video.togglePlay(0);
    video.togglePlay(2);
    vi.advanceTimersByTime(LOOP_RESTART_MS);
    expect(sent().map(([s]) => s)).toEqual(['PLAYING', 'PAUSED', 'PLAYING', 'PAUSED']);
    expect(video.getState().state).toBe('PAUSED');
  });

  it('a remote video arriving during the 100 ms cancels the restart', () => {
    const { video, sent } = setup();
    video.setLoop(true);
    video.select(OUTRO);
    video.ended();
    video.remote({ state: 'PLAYING', contentId: 'theirs', hlsUrl: 'https://cdn.example/theirs.m3u8' });
    vi.advanceTimersByTime(LOOP_RESTART_MS);
    expect(sent()).toHaveLength(2);
    expect(video.getState()).toMatchObject({ state: 'PLAYING', videoId: 'theirs', receivingContent: true });
  });

  it('ended is ignored unless the video is playing', () => {
    const { video, sent } = setup();
    video.ended();
    video.select(OUTRO);
    video.togglePlay(3);
    video.ended();
    expect(sent().map(([s]) => s)).toEqual(['PLAYING', 'PAUSED']);
  });
});

describe('ended with loop off: PAUSED at the end, then “Click to replay video”', () => {
  it('pauses at the end and becomes replayable; no restart follows', () => {
    const { video, sent } = setup();
    video.select(OUTRO);
    video.ended();
    vi.advanceTimersByTime(5000);
    expect(sent()).toEqual([['PLAYING', 'outro', 0], ['PAUSED', 'outro', 8]]);
    expect(video.getState()).toMatchObject({ state: 'PAUSED', seekSec: 8, replayable: true });
  });

  it('replay plays from 0 and clears the flag', () => {
    const { video, sent } = setup();
    video.select(OUTRO);
    video.ended();
    video.replay();
    expect(sent().at(-1)).toEqual(['PLAYING', 'outro', 0]);
    expect(video.getState()).toMatchObject({ state: 'PLAYING', seekSec: 0, replayable: false });
  });

  it('play on a replayable video replays from 0', () => {
    const { video, sent } = setup();
    video.select(OUTRO);
    video.ended();
    video.togglePlay(8);
    expect(sent().at(-1)).toEqual(['PLAYING', 'outro', 0]);
  });

  it('replay with no video is ignored and logged', () => {
    const { video, sent, log } = setup();
    video.replay();
    expect(sent()).toEqual([]);
    expect(log).toHaveBeenCalledWith('replay without a video ignored');
  });
});

describe('close (§4: sends CLOSED and releases the presentation token)', () => {
  it.each<[string, (v: ReturnType<typeof setup>['video']) => void]>([
    ['PLAYING', () => undefined],
    ['PAUSED', (v) => v.togglePlay(4)],
    ['replayable', (v) => v.ended()],
  ])('from %s', (_name, arrange) => {
    const { video, sent, releaseToken } = setup();
    video.select(INTRO);
    arrange(video);
    video.close();
    expect(sent().at(-1)).toEqual(['CLOSED', 'intro', 0]);
    expect(releaseToken).toHaveBeenCalledOnce();
    expect(video.getState()).toMatchObject({ state: 'CLOSED', video: null, videoId: null, sharingContent: false, sharingLocalContent: false, replayable: false });
  });

  it('a second close does nothing', () => {
    const { video, sent, releaseToken } = setup();
    video.select(INTRO);
    video.close();
    video.close();
    expect(sent()).toHaveLength(2);
    expect(releaseToken).toHaveBeenCalledOnce();
  });

  it('a video only opened in the player was never shared: closing reports nothing and releases nothing', () => {
    const { video, sent, releaseToken } = setup();
    video.open(INTRO);
    video.close();
    expect(video.getState().state).toBe('CLOSED');
    expect(sent()).toEqual([]);
    expect(releaseToken).not.toHaveBeenCalled();
  });

  it('closing someone else’s video stops it (CLOSED) but releases no token of ours', () => {
    const { video, sent, releaseToken } = setup();
    video.remote({ state: 'PLAYING', contentId: 'theirs', hlsUrl: 'https://cdn.example/theirs.m3u8' });
    video.close();
    expect(sent()).toEqual([['CLOSED', 'theirs', 0]]);
    expect(releaseToken).not.toHaveBeenCalled();
    expect(video.getState()).toMatchObject({ state: 'CLOSED', receivingContent: false, sharingContent: false });
  });

  it('keeps loop and volume across close', () => {
    const { video } = setup();
    video.setLoop(true);
    video.setVolume(0.3);
    video.select(INTRO);
    video.close();
    expect(video.getState()).toMatchObject({ loop: true, volume: 0.3 });
  });
});

describe('remote shared-video events (§4)', () => {
  it.each<SharedVideoState>(['OPEN', 'PLAYING', 'PAUSED'])('%s sets the sharing flags and selects the remote video', (state) => {
    const { video, sent } = setup();
    video.remote({ state, contentId: 'theirs', seek: 12, hlsUrl: 'https://cdn.example/theirs.m3u8', endpointGUID: 'ep-7' });
    expect(video.getState()).toMatchObject({
      state,
      videoId: 'theirs',
      video: { id: 'theirs', url: 'https://cdn.example/theirs.m3u8' },
      seekSec: 12,
      sharingContent: true,
      receivingContent: true,
      sharingLocalContent: false,
      presenterGuid: 'ep-7',
    });
    expect(sent()).toEqual([]);
  });

  it('CLOSED clears them', () => {
    const { video, sent, releaseToken } = setup();
    video.remote({ state: 'PLAYING', contentId: 'theirs', hlsUrl: 'https://cdn.example/theirs.m3u8', endpointGUID: 'ep-7' });
    video.remote({ state: 'CLOSED', contentId: 'theirs' });
    expect(video.getState()).toMatchObject({ state: 'CLOSED', video: null, sharingContent: false, receivingContent: false, presenterGuid: null });
    expect(sent()).toEqual([]);
    expect(releaseToken).not.toHaveBeenCalled();
  });

  it('a remote update of the same video keeps what we knew of it (duration) and takes the new state and seek', () => {
    const { video } = setup();
    video.remote({ state: 'PLAYING', contentId: 'theirs', hlsUrl: 'https://cdn.example/theirs.m3u8' });
    video.setDuration(60);
    video.remote({ state: 'PAUSED', contentId: 'theirs', seek: 30 });
    expect(video.getState()).toMatchObject({ state: 'PAUSED', seekSec: 30, video: { id: 'theirs', url: 'https://cdn.example/theirs.m3u8', durationSec: 60 } });
  });

  it.each<[string, number | undefined]>([
    ['missing', undefined],
    ['negative', -4],
    ['NaN', Number.NaN],
  ])('a %s remote seek counts as 0', (_name, seek) => {
    const { video } = setup();
    video.remote({ state: 'PLAYING', contentId: 'theirs', seek });
    expect(video.getState().seekSec).toBe(0);
  });

  it('a remote video replaces our own share', () => {
    const { video } = setup();
    video.select(INTRO);
    video.remote({ state: 'PLAYING', contentId: 'theirs' });
    expect(video.getState()).toMatchObject({ videoId: 'theirs', sharingLocalContent: false, receivingContent: true });
  });
});

describe('screen share conflict (§4)', () => {
  it('with another presenter active, nothing starts and “conflict” is returned', () => {
    const { video, sent } = setup();
    expect(video.requestShare(INTRO, true)).toBe('conflict');
    expect(sent()).toEqual([]);
    expect(video.getState()).toMatchObject({ state: 'CLOSED', conflict: { video: INTRO } });
  });

  it('with nobody else presenting, the video starts', () => {
    const { video, sent } = setup();
    expect(video.requestShare(INTRO, false)).toBe('started');
    expect(sent()).toEqual([['PLAYING', 'intro', 0]]);
  });

  it('CANCEL leaves everything as it was', () => {
    const { video, sent } = setup();
    video.remote({ state: 'PLAYING', contentId: 'theirs' });
    const before = video.getState();
    video.requestShare(INTRO, true);
    video.cancelConflict();
    expect(video.getState()).toEqual(before);
    expect(sent()).toEqual([]);
  });

  it('CONTINUE closes the other video and starts ours at 0', async () => {
    const { video, sent } = setup();
    video.remote({ state: 'PLAYING', contentId: 'theirs', endpointGUID: 'ep-7' });
    video.requestShare(INTRO, true);
    video.continueAfterConflict();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent()).toEqual([['CLOSED', 'theirs', 0], ['PLAYING', 'intro', 0]]);
    expect(video.getState()).toMatchObject({
      state: 'PLAYING',
      videoId: 'intro',
      seekSec: 0,
      sharingLocalContent: true,
      receivingContent: false,
      presenterGuid: null,
      conflict: null,
    });
  });

  it('CONTINUE when the other presenter shares a screen (no video of theirs known) only starts ours', async () => {
    const { video, sent } = setup();
    video.requestShare(INTRO, true);
    video.continueAfterConflict();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent()).toEqual([['PLAYING', 'intro', 0]]);
  });

  it.each<[string, () => ReportResult]>([
    ['rejects', () => Promise.reject(new Error('409 presenter busy'))],
    ['returns false', () => false],
    ['resolves to false', () => Promise.resolve(false)],
    [
      'throws',
      () => {
        throw new Error('offline');
      },
    ],
  ])('a first start attempt that %s is retried after exactly 1 s', async (_name, failure) => {
    let starts = 0;
    const { video, sent, log } = setup((e) => (e.state === 'PLAYING' && (starts += 1) === 1 ? failure() : undefined));
    video.remote({ state: 'PLAYING', contentId: 'theirs' });
    video.requestShare(INTRO, true);
    video.continueAfterConflict();
    await vi.advanceTimersByTimeAsync(0);
    expect(video.getState()).toMatchObject({ state: 'OPEN', videoId: 'intro' });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('shared video PLAYING for intro failed'));
    await vi.advanceTimersByTimeAsync(SHARE_RETRY_MS - 1);
    expect(starts).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(starts).toBe(2);
    expect(sent()).toEqual([['CLOSED', 'theirs', 0], ['PLAYING', 'intro', 0], ['PLAYING', 'intro', 0]]);
    expect(video.getState()).toMatchObject({ state: 'PLAYING', videoId: 'intro', sharingLocalContent: true });
  });

  it('if the retry fails too, the share is closed, the token released and the failure logged', async () => {
    const { video, sent, releaseToken, log } = setup((e) => (e.state === 'PLAYING' ? Promise.reject(new Error('busy')) : undefined));
    video.requestShare(INTRO, true);
    video.continueAfterConflict();
    await vi.advanceTimersByTimeAsync(SHARE_RETRY_MS);
    expect(sent()).toEqual([['PLAYING', 'intro', 0], ['PLAYING', 'intro', 0]]);
    expect(video.getState()).toMatchObject({ state: 'CLOSED', video: null, sharingContent: false });
    expect(releaseToken).toHaveBeenCalledOnce();
    expect(log).toHaveBeenCalledWith('could not start sharing intro; gave up after one retry');
    await vi.advanceTimersByTimeAsync(10 * SHARE_RETRY_MS);
    expect(sent()).toHaveLength(2);
  });

  it('closing while the retry waits cancels it', async () => {
    const { video, sent } = setup((e) => (e.state === 'PLAYING' ? false : undefined));
    video.requestShare(INTRO, true);
    video.continueAfterConflict();
    await vi.advanceTimersByTimeAsync(500);
    video.close();
    await vi.advanceTimersByTimeAsync(5 * SHARE_RETRY_MS);
    expect(sent()).toEqual([['PLAYING', 'intro', 0], ['CLOSED', 'intro', 0]]);
    expect(video.getState().state).toBe('CLOSED');
  });

  it('an attempt answered after a close does not bring the video back', async () => {
    let answer: (ok: boolean) => void = () => undefined;
    const { video } = setup((e) => (e.state === 'PLAYING' ? new Promise<boolean>((r) => (answer = r)) : undefined));
    video.requestShare(INTRO, true);
    video.continueAfterConflict();
    video.close();
    answer(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(video.getState().state).toBe('CLOSED');
  });

  it('CONTINUE without a pending conflict is ignored and logged', () => {
    const { video, sent, log } = setup();
    video.continueAfterConflict();
    expect(sent()).toEqual([]);
    expect(log).toHaveBeenCalledWith('continue without a pending screen share conflict ignored');
  });
});

describe('player settings', () => {
  it.each<[number, number]>([
    [0.5, 0.5],
    [0, 0],
    [1, 1],
    [1.7, 1],
    [-0.2, 0],
  ])('setVolume(%d) → %d', (input, expected) => {
    const { video } = setup();
    video.setVolume(input);
    expect(video.getState().volume).toBe(expected);
  });

  it('a volume that is not a number is ignored and logged', () => {
    const { video, log } = setup();
    video.setVolume(Number.NaN);
    expect(video.getState().volume).toBe(0.8);
    expect(log).toHaveBeenCalledWith('volume NaN ignored');
  });

  it('setLoop is local: it changes the snapshot and reports nothing', () => {
    const { video, sent } = setup();
    video.select(INTRO);
    video.setLoop(true);
    expect(video.getState().loop).toBe(true);
    expect(sent()).toHaveLength(1);
  });
});

describe('getState / subscribe (mirrored by a store or useSyncExternalStore)', () => {
  it('notifies each change with the new snapshot, and stops after unsubscribe', () => {
    const { video } = setup();
    const seen: SharedVideoState[] = [];
    const stop = video.subscribe((s) => seen.push(s.state));
    video.select(INTRO);
    video.togglePlay(3);
    stop();
    video.close();
    expect(seen).toEqual(['PLAYING', 'PAUSED']);
  });

  it('keeps the same snapshot object, and notifies nobody, when nothing changes', () => {
    const { video } = setup();
    const listener = vi.fn();
    video.subscribe(listener);
    const before = video.getState();
    video.setLoop(false);
    video.setVolume(0.8);
    video.cancelConflict();
    expect(video.getState()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
  });

  it('dispose cancels a pending restart and drops the listeners', () => {
    const { video, sent } = setup();
    const listener = vi.fn();
    video.setLoop(true);
    video.select(OUTRO);
    video.ended();
    video.subscribe(listener);
    video.dispose();
    vi.advanceTimersByTime(LOOP_RESTART_MS);
    expect(sent()).toHaveLength(2);
    video.setVolume(0.5);
    expect(listener).not.toHaveBeenCalled();
  });
});
