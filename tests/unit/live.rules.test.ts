// @vitest-environment node
/** Going live's pure rules and store (issue 23): reading the server's frames, §8 once per failure, REC, sizes and durations. */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  activeOutputs,
  destinationHealth,
  draftProblem,
  formatBitrate,
  formatBytes,
  formatDuration,
  hasFpsAlarm,
  isRecording,
  jobNewlyFailed,
  newlyFailedDestinations,
  parseDestination,
  parseList,
  parseLiveInfo,
  parseLiveStatus,
  parseRecording,
} from '../../src/state/live/rules';
import { initialLiveState, useLiveStore } from '../../src/state/live/store';
import { DESTINATIONS_MAX } from '../../src/state/live/limits';
import type { LiveJob, LiveStatus, OutputHealth, OutputState } from '../../src/state/live/types';

const output = (id: string, state: OutputState, kind: OutputHealth['kind'] = 'rtmp'): OutputHealth => ({ id, kind, name: id, shape: '16:9', state, bitrateKbps: 4500, fps: 30, droppedFrames: 0, retryInSec: null, error: null });
const job = (patch: Partial<LiveJob> = {}): LiveJob => ({ state: 'live', quality: '1080p', startedAt: 1, recording: true, fpsAlarm: false, shapes: ['16:9'], error: null, outputs: [], ...patch });
const status = (outputs: OutputHealth[], patch: Partial<LiveJob> = {}): LiveStatus => ({ job: job({ outputs, ...patch }) });

describe('reading live.status', () => {
  it('keeps a well-formed status, with null for unknown numbers', () => {
    const raw = { job: { ...job(), outputs: [{ id: 'd1', kind: 'rtmp', name: 'YouTube', shape: '16:9', state: 'retrying', bitrateKbps: null, fps: 29.5, droppedFrames: 3, retryInSec: 4, error: 'Connection refused' }] } };
    expect(parseLiveStatus(raw)).toEqual(raw);
    expect(parseLiveStatus({ job: null })).toEqual({ job: null });
  });

  it("keeps the capture worker's figures, and leaves out figures that do not read as such", () => {
    const capture = { renderMs: 11.5, droppedBeforeEncoding: 4, encoderKbps: 3620, cpuCores: 1.42 };
    expect(parseLiveStatus({ job: { ...job(), captureFps: 29.9, capture } })?.job?.capture).toEqual(capture);
    expect(parseLiveStatus({ job: { ...job(), capture: { ...capture, renderMs: null, cpuCores: 'a lot' } } })?.job?.capture).toEqual({ ...capture, renderMs: null, cpuCores: null });
    expect(parseLiveStatus({ job: { ...job(), capture: { renderMs: 3 } } })?.job).not.toHaveProperty('capture');
  });

  it('keeps the programs and the vertical one\'s figures (issue 34); an older server\'s status reads as 16:9 alone', () => {
    const vertical = { fps: 29.8, fpsAlarm: false, renderMs: 9, droppedBeforeEncoding: 2, encoderKbps: 1900 };
    const both = parseLiveStatus({ job: { ...job(), shapes: ['16:9', '9:16'], vertical, outputs: [{ ...output('v', 'live'), shape: '9:16' }] } })?.job;
    expect(both).toMatchObject({ shapes: ['16:9', '9:16'], vertical, outputs: [{ shape: '9:16' }] });
    const { shapes: _shapes, ...older } = job();
    const { shape: _shape, ...olderOutput } = output('d', 'live');
    expect(parseLiveStatus({ job: { ...older, outputs: [olderOutput] } })?.job).toMatchObject({ shapes: ['16:9'], outputs: [{ shape: '16:9' }] });
    expect(parseLiveStatus({ job: { ...job(), vertical: { fps: 30 } } })?.job).not.toHaveProperty('vertical');
  });

  it.each([
    ['not an object', 'live'],
    ['no job field', {}],
    ['an unknown job state', { job: { ...job(), state: 'exploded' } }],
    ['an unknown quality', { job: { ...job(), quality: '4k' } }],
    ['an output of an unknown kind', { job: { ...job(), outputs: [{ ...output('x', 'live'), kind: 'srt' }] } }],
    ['an output of an unknown state', { job: { ...job(), outputs: [{ ...output('x', 'live'), state: 'dancing' }] } }],
  ])('refuses %s as a whole', (_name, raw) => expect(parseLiveStatus(raw)).toBeNull());

  it('reads the info, destinations and recordings; a bad row is left out, not the list', () => {
    expect(parseLiveInfo({ watchPath: '/s/watch/x', recommendedQuality: '720p', cores: 2, status: { job: null } })).toEqual({ watchPath: '/s/watch/x', recommendedQuality: '720p', recommendedQualityBothShapes: '720p', cores: 2 });
    expect(parseLiveInfo({ watchPath: '/s/watch/x', recommendedQuality: '720p', recommendedQualityBothShapes: '560p', cores: 2 })).toMatchObject({ recommendedQualityBothShapes: '560p' });
    expect(parseLiveInfo({ watchPath: '/s/watch/x', recommendedQuality: '4k', cores: 2 })).toBeNull();
    const good = { id: 'd1', name: 'YouTube', serverUrl: 'rtmp://x', keyLast4: 'abcd', enabled: true, shape: '9:16', createdAt: 5 };
    expect(parseList([good, { id: 'd2' }], parseDestination)).toEqual([good]);
    expect(parseDestination({ ...good, streamKey: 'the whole key' })).not.toHaveProperty('streamKey');
    expect(parseRecording({ id: 'r1', startedAt: 1, durationSec: null, sizeBytes: null, state: 'recording' })).toEqual({ id: 'r1', shape: '16:9', startedAt: 1, durationSec: null, sizeBytes: null, state: 'recording' });
    expect(parseRecording({ id: 'r1', startedAt: 1, state: 'lost' })).toBeNull();
  });
});

describe('§8 destination error: once per failure transition', () => {
  it.each([
    ['nothing before, one failed now', null, status([output('a', 'failed')]), ['a']],
    ['still failed two seconds later', status([output('a', 'failed')]), status([output('a', 'failed')]), []],
    ['live, then failed', status([output('a', 'live'), output('b', 'live')]), status([output('a', 'failed'), output('b', 'live')]), ['a']],
    ['retrying, then failed again', status([output('a', 'retrying')]), status([output('a', 'failed')]), ['a']],
    ['the watch page or the recording failing is not a destination', null, status([output('hls', 'failed', 'hls'), output('recording', 'failed', 'recording')]), []],
    ['a stopped job shows no outputs', status([output('a', 'live')]), status([output('a', 'failed')], { state: 'stopped' }), []],
  ])('%s', (_name, before, after, ids) => expect(newlyFailedDestinations(before, after).map((o) => o.id)).toEqual(ids));

  it('the store answers the newly failed ones as it keeps each status', () => {
    useLiveStore.setState(initialLiveState());
    const failedNow = (s: LiveStatus) => useLiveStore.getState().applyStatus(s).destinations.map((o) => o.id);
    expect(failedNow(status([output('a', 'live')]))).toEqual([]);
    expect(failedNow(status([output('a', 'failed')]))).toEqual(['a']);
    expect(failedNow(status([output('a', 'failed')]))).toEqual([]);
    expect(failedNow(status([output('a', 'retrying')]))).toEqual([]);
    expect(failedNow(status([output('a', 'failed')]))).toEqual(['a']);
    expect(useLiveStore.getState().status).toEqual(status([output('a', 'failed')]));
  });

  it('a job that fails as a whole answers its reason once', () => {
    expect(jobNewlyFailed(status([]), status([], { state: 'failed', error: 'ffmpeg exited (1)' }))).toBe('ffmpeg exited (1)');
    expect(jobNewlyFailed(status([], { state: 'failed', error: 'x' }), status([], { state: 'failed', error: 'x' }))).toBeNull();
    expect(jobNewlyFailed(null, status([], { state: 'failed', error: null }))).toBe('');
    expect(jobNewlyFailed(status([]), status([], { state: 'stopped' }))).toBeNull();
  });
});

describe('what the toolbar lights', () => {
  it('REC while the running job records; never for a stopped or failed job', () => {
    expect(isRecording(null)).toBe(false);
    expect(isRecording({ job: null })).toBe(false);
    expect(isRecording(status([]))).toBe(true);
    expect(isRecording(status([], { recording: false }))).toBe(false);
    expect(isRecording(status([], { state: 'starting' }))).toBe(true);
    expect(isRecording(status([], { state: 'stopped' }))).toBe(false);
    expect(isRecording(status([], { state: 'failed' }))).toBe(false);
  });

  it('the fps alarm and the outputs only while a job runs', () => {
    expect(hasFpsAlarm(status([], { fpsAlarm: true }))).toBe(true);
    expect(hasFpsAlarm(status([], { fpsAlarm: true, state: 'stopped' }))).toBe(false);
    expect(activeOutputs(status([output('a', 'live')], { state: 'stopped' }))).toEqual([]);
    expect(destinationHealth(status([output('a', 'live'), output('hls', 'live', 'hls')]), 'a')?.state).toBe('live');
    expect(destinationHealth(status([output('hls', 'live', 'hls')]), 'hls')).toBeNull();
  });
});

describe('the Add destination form', () => {
  const draft = { name: 'YouTube', serverUrl: 'rtmp://a.rtmp.youtube.com/live2', streamKey: 'k' };
  it.each([
    ['a complete rtmp draft', draft, 0, null],
    ['rtmps, any case', { ...draft, serverUrl: 'RTMPS://live.example.com:443/app' }, 0, null],
    ['an http URL', { ...draft, serverUrl: 'https://example.com' }, 0, 'scheme'],
    ['no name', { ...draft, name: '  ' }, 0, 'empty'],
    ['no key', { ...draft, streamKey: '' }, 0, 'empty'],
    ['the tenth is the last', draft, DESTINATIONS_MAX - 1, null],
    ['past the limit', draft, DESTINATIONS_MAX, 'limit'],
    ['a name of 100 characters (code points)', { ...draft, name: '🎥'.repeat(100) }, 0, null],
    ['a name past 100', { ...draft, name: 'n'.repeat(101) }, 0, 'nameLong'],
    ['a key past 500 is said, never cut', { ...draft, streamKey: 'k'.repeat(501) }, 0, 'keyLong'],
    // The server refuses these (a parser drops them where ffmpeg keeps them): said here first.
    ['a tab inside the URL', { ...draft, serverUrl: 'rt\tmp://127.0.0.1:19361/live' }, 0, 'urlCharacters'],
    ['a control character before the URL', { ...draft, serverUrl: '\u0001rtmp://h/live' }, 0, 'urlCharacters'],
    ['a space inside the URL', { ...draft, serverUrl: 'rtmp://h/li ve' }, 0, 'urlCharacters'],
    ['a newline inside the URL', { ...draft, serverUrl: 'rtmp://h/\nlive' }, 0, 'urlCharacters'],
    ['outer spaces around the URL (sent without them)', { ...draft, serverUrl: ' rtmp://h/live ' }, 0, null],
    ['a newline after the key', { ...draft, streamKey: 'key\n' }, 0, 'keyCharacters'],
    ['a space inside the key', { ...draft, streamKey: 'a b' }, 0, 'keyCharacters'],
    ['a slash in the key', { ...draft, streamKey: 'a/b' }, 0, 'keyCharacters'],
  ])('%s', (_name, d, count, problem) => expect(draftProblem(d, count)).toBe(problem));
});

describe('sizes, durations, bitrates', () => {
  it.each([
    [0, '0:00:00'],
    [59.9, '0:00:59'],
    [61, '0:01:01'],
    [3600, '1:00:00'],
    [36_000 + 62, '10:01:02'],
  ])('%s s → %s', (s, text) => expect(formatDuration(s)).toBe(text));

  it.each([
    [512, '512 B'],
    [2048, '2 KB'],
    [5 * 1024 * 1024, '5.0 MB'],
    [1.5 * 1024 ** 3, '1.5 GB'],
  ])('%s bytes → %s', (b, text) => expect(formatBytes(b)).toBe(text));

  it.each([
    [850, '850 kb/s'],
    [4500, '4.5 Mb/s'],
  ])('%s kb/s → %s', (k, text) => expect(formatBitrate(k)).toBe(text));
});

describe('optimistic changes roll back', () => {
  beforeEach(() => useLiveStore.setState(initialLiveState()));
  const d = (id: string) => ({ id, name: id, serverUrl: 'rtmp://x', keyLast4: '1234', enabled: true, shape: '16:9' as const, createdAt: 0 });

  it('a switch, taken back', () => {
    useLiveStore.getState().setDestinations([d('a'), d('b')]);
    const rollback = useLiveStore.getState().patchDestination('a', { enabled: false });
    expect(useLiveStore.getState().destinations[0]!.enabled).toBe(false);
    rollback();
    expect(useLiveStore.getState().destinations[0]!.enabled).toBe(true);
  });

  it('a delete, put back in its place', () => {
    useLiveStore.getState().setDestinations([d('a'), d('b'), d('c')]);
    const rollback = useLiveStore.getState().takeOutDestination('b');
    expect(useLiveStore.getState().destinations.map((x) => x.id)).toEqual(['a', 'c']);
    rollback();
    expect(useLiveStore.getState().destinations.map((x) => x.id)).toEqual(['a', 'b', 'c']);
  });

  it('a stream key in a patch is never kept', () => {
    useLiveStore.getState().setDestinations([d('a')]);
    useLiveStore.getState().patchDestination('a', { streamKey: 'secret' });
    expect(JSON.stringify(useLiveStore.getState())).not.toContain('secret');
  });
});
