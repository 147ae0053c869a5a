import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { levelFromRms, litTiles, mixLevel, rmsOfLevel, scaleOfRms } from '../../src/lib/micLevel';
import { barAfter, createSilenceTracker, nextPeak, NO_PEAK, peakAt } from '../../src/lib/meterMath';
import { METER_FALL_PER_SEC, PEAK_FALL_PER_SEC, PEAK_HOLD_MS, SILENCE_CHECK_MS, SILENCE_LEVEL, SILENT_ON_AIR_MS } from '../../src/lib/limits';
import { emptyChannel } from '../../compositor/model/channel';
import { producerCard, withOrderRanks } from '../../compositor/model/producerCard';
import { stageActions } from '../../src/state/channel/stageActions';
import { useAudioLevels, useProgramMediaLevel, useSilentOnAir } from '../../src/state/audioLevels';
import { VOLUME_SAMPLE_MS } from '../../src/lib/limits';
import { watchProgramMediaLevel } from '../../src/services/media/programMediaLevel';
import { sharedVideoElement, shareVideo, startSharedVideo, stopSharing } from '../../src/services/media/sharedVideoPlayer';
import { watchSilence } from '../../src/services/media/silenceWatch';
import { cardLevel, programLevel } from '../../src/features/audio/levelSources';

describe('RMS → level → tiles (§9 10-tile meter)', () => {
  it.each([
    [0, 0, 0],
    [0.001, 0, 0], // -60 dB: the floor
    [0.01, 3, 3], // -40 dB
    [0.1, 7, 7], // -20 dB
    [0.5, 9, 9], // -6 dB
    [1, 10, 10], // full scale
  ])('rms %f is level %i, %i tiles lit', (rms, level, tiles) => {
    expect(levelFromRms(rms)).toBe(level);
    expect(litTiles(level, 10)).toBe(tiles);
  });

  it('rmsOfLevel is the inverse of the scale', () => {
    for (const level of [1, 3.5, 7, 10]) expect(scaleOfRms(rmsOfLevel(level))).toBeCloseTo(level, 6);
    expect(rmsOfLevel(0)).toBe(0);
  });

  it('the program mix adds powers: two equal voices are 3 dB (0.5 level) louder, silence adds nothing', () => {
    expect(mixLevel([])).toBe(0);
    expect(mixLevel([6, 0, 0])).toBeCloseTo(6, 6);
    expect(mixLevel([6, 6])).toBeCloseTo(6 + (10 * 3.0103) / 60, 3);
    expect(mixLevel([10, 10])).toBe(10);
  });
});

describe('the bar and the peak mark between samples', () => {
  it('the bar rises at once and falls at METER_FALL_PER_SEC', () => {
    expect(barAfter(2, 8, 16)).toBe(8);
    expect(barAfter(8, 0, 100)).toBeCloseTo(8 - METER_FALL_PER_SEC / 10);
    expect(barAfter(8, 7, 1000)).toBe(7);
  });

  it('a peak holds PEAK_HOLD_MS, then falls at PEAK_FALL_PER_SEC to 0', () => {
    const peak = nextPeak(NO_PEAK, 9, 1000);
    expect(peakAt(peak, 1000 + PEAK_HOLD_MS)).toBe(9);
    expect(peakAt(peak, 1000 + PEAK_HOLD_MS + 500)).toBeCloseTo(9 - PEAK_FALL_PER_SEC / 2);
    expect(peakAt(peak, 1000 + PEAK_HOLD_MS + 10_000)).toBe(0);
    // A quieter sound leaves the held peak; one at or above the falling mark replaces it.
    expect(nextPeak(peak, 5, 1200)).toBe(peak);
    expect(nextPeak(peak, 5, 1000 + PEAK_HOLD_MS + 1000)).toEqual({ level: 5, at: 1000 + PEAK_HOLD_MS + 1000 });
    expect(nextPeak(NO_PEAK, 0, 5)).toBe(NO_PEAK);
  });
});

describe('the silence clock', () => {
  it('an on-air person quiet for SILENT_ON_AIR_MS is silent; a sound restarts the clock; off air forgets', () => {
    const t = createSilenceTracker();
    expect(t.silent(['a'], 0)).toEqual([]);
    expect(t.silent(['a'], SILENT_ON_AIR_MS - 1)).toEqual([]);
    expect(t.silent(['a'], SILENT_ON_AIR_MS)).toEqual(['a']);
    t.hear('a', SILENCE_LEVEL - 0.1, SILENT_ON_AIR_MS + 1);
    expect(t.silent(['a'], SILENT_ON_AIR_MS + 2)).toEqual(['a']);
    t.hear('a', SILENCE_LEVEL, SILENT_ON_AIR_MS + 3);
    expect(t.silent(['a'], SILENT_ON_AIR_MS + 4)).toEqual([]);
    expect(t.silent([], 3 * SILENT_ON_AIR_MS)).toEqual([]);
    expect(t.silent(['a'], 3 * SILENT_ON_AIR_MS)).toEqual([]); // back on air: a new clock
  });
});

describe('watchSilence and the meters’ sources (fake timers)', () => {
  const cards = () => withOrderRanks(['a', 'b'].map((id) => producerCard({ id, name: id.toUpperCase(), url: `/v/${id}.webm`, participantGuid: `guid-${id}-0001` })));
  beforeEach(() => {
    vi.useFakeTimers();
    stageActions.load({ ...emptyChannel(), producers: cards() });
    useAudioLevels.setState({ levels: {} });
    useProgramMediaLevel.setState({ level: 0 });
  });
  afterEach(() => vi.useRealTimers());

  it('marks the quiet on-air person after 10 s, not the one speaking, and clears on stop', () => {
    stageActions.toggleLive('a', 1);
    stageActions.toggleLive('b', 2);
    const stop = watchSilence();
    for (let ms = 0; ms < SILENT_ON_AIR_MS; ms += SILENCE_CHECK_MS) {
      useAudioLevels.setState({ levels: { a: 0, b: 6 } });
      vi.advanceTimersByTime(SILENCE_CHECK_MS);
    }
    expect(useSilentOnAir.getState().ids).toEqual(['a']);
    useAudioLevels.setState({ levels: { a: 5, b: 6 } });
    vi.advanceTimersByTime(SILENCE_CHECK_MS);
    expect(useSilentOnAir.getState().ids).toEqual([]);
    stop();
  });

  it('a muted card reads 0; the program mixes everyone on air', () => {
    useAudioLevels.setState({ levels: { a: 6, b: 6 } });
    expect(programLevel()).toBe(0);
    stageActions.toggleLive('a', 10_000);
    expect(programLevel()).toBeCloseTo(6);
    stageActions.toggleLive('b', 10_000);
    expect(programLevel()).toBeGreaterThan(6);
    stageActions.toggleMute('a', 'audio', 10_000);
    expect(cardLevel('a')).toBe(0);
    expect(programLevel()).toBeCloseTo(6);
  });

  it('the program is what the audience hears: the shared video’s sound mixes with everyone on air', () => {
    useAudioLevels.setState({ levels: { a: 6, b: 6 } });
    useProgramMediaLevel.setState({ level: 6 });
    expect(programLevel()).toBeCloseTo(6); // nobody on air: the video alone
    stageActions.toggleLive('a', 10_000);
    expect(programLevel()).toBeCloseTo(6 + (10 * 3.0103) / 60, 3); // two equal sounds: +3 dB
    stageActions.toggleMute('a', 'audio', 10_000);
    expect(programLevel()).toBeCloseTo(6); // a muted person adds nothing, the video still plays
    useProgramMediaLevel.setState({ level: 0 });
    expect(programLevel()).toBe(0);
    useProgramMediaLevel.setState({ level: 10 });
    expect(programLevel()).toBe(10);
  });

  it('the shared video’s level is sampled every VOLUME_SAMPLE_MS while it plays on the channel, 0 otherwise', () => {
    expect(VOLUME_SAMPLE_MS).toBe(333);
    const stopVideo = startSharedVideo();
    const read = vi.fn(() => 7);
    const stop = watchProgramMediaLevel(undefined, read);
    expect(read).not.toHaveBeenCalled(); // no foreground video: nothing read, nothing polled
    shareVideo({ id: 'foreground-video-1', type: 'video', url: '/v1.webm', name: 'Video 1' });
    const el = sharedVideoElement()!;
    let paused = true;
    Object.defineProperty(el, 'paused', { get: () => paused });
    vi.advanceTimersByTime(VOLUME_SAMPLE_MS);
    expect(useProgramMediaLevel.getState().level).toBe(0); // not playing yet
    paused = false;
    vi.advanceTimersByTime(VOLUME_SAMPLE_MS);
    expect(read).toHaveBeenCalledWith(el);
    expect(useProgramMediaLevel.getState().level).toBe(7);
    expect(programLevel()).toBeCloseTo(7); // nobody on air, the video is heard
    read.mockReturnValue(4);
    vi.advanceTimersByTime(VOLUME_SAMPLE_MS - 1);
    expect(useProgramMediaLevel.getState().level).toBe(7);
    vi.advanceTimersByTime(1);
    expect(useProgramMediaLevel.getState().level).toBe(4);
    paused = true;
    vi.advanceTimersByTime(VOLUME_SAMPLE_MS);
    expect(useProgramMediaLevel.getState().level).toBe(0);
    paused = false;
    vi.advanceTimersByTime(VOLUME_SAMPLE_MS);
    stopSharing();
    expect(useProgramMediaLevel.getState().level).toBe(0);
    const reads = read.mock.calls.length;
    vi.advanceTimersByTime(10 * VOLUME_SAMPLE_MS);
    expect(read.mock.calls.length).toBe(reads); // the sampler sleeps without a video
    stop();
    stopVideo();
  });
});
