// @vitest-environment node
/**
 * What /metrics reads at scrape time (src/server/metrics/metrics.ts), from stand-in sources: the live
 * manager's jobs and outputs, the hub's sockets, the bus' counts. The server test (metrics.test.ts)
 * scrapes a real backend.
 */
import { describe, expect, it } from 'vitest';
import type { OutputHealth } from '../../src/lib/liveContract';
import type { WorkerHealth } from '../../src/server/live/worker/protocol';
import { createMetrics, type MetricsSources } from '../../src/server/metrics/metrics';
import { sample } from './metricsText';

const output = (patch: Partial<OutputHealth>): OutputHealth => ({ id: 'hls', kind: 'hls', name: 'Watch page', shape: '16:9', state: 'live', bitrateKbps: 2500, fps: 30, droppedFrames: 0, retryInSec: null, error: null, ...patch });

function sources(jobs: ReturnType<MetricsSources['live']['jobs']>) {
  return {
    hub: { socketCounts: () => ({ event: 2, studio: 1, audience: 0 }) },
    live: { jobs: () => jobs },
    bus: { counts: () => ({ in: 7, out: 3 }) },
  } satisfies MetricsSources;
}

describe('metrics read at scrape time', () => {
  const health: WorkerHealth = {
    fps: 29.5,
    fpsAlarm: false,
    capture: { renderMs: 12.5, droppedBeforeEncoding: 7, encoderKbps: 3610, cpuCores: 1.37 },
    outputs: [
      output({ id: 'd-1', kind: 'rtmp', name: 'My secret channel', bitrateKbps: 4480, fps: 29.9, droppedFrames: 12, reconnects: 2 }),
      output({ id: 'hls', kind: 'hls', reconnects: 0 }),
      output({ id: 'recording', kind: 'recording', state: 'retrying', bitrateKbps: null, fps: null, droppedFrames: 3, error: 'rtmp://h/live/SECRETKEY refused' }),
    ],
  };

  it('gives each output its fps, bitrate, dropped frames and reconnects by kind and id, and the program its capture fps', async () => {
    const text = await createMetrics(sources([{ eventId: 'ev-1', state: 'live', health }])).scrape();
    const rtmp = { event: 'ev-1', output_kind: 'rtmp', output: 'd-1' };
    expect(sample(text, 'studio_output_fps', rtmp)).toBe(29.9);
    expect(sample(text, 'studio_output_bitrate_kbps', rtmp)).toBe(4480);
    expect(sample(text, 'studio_output_dropped_frames_total', rtmp)).toBe(12);
    expect(sample(text, 'studio_output_reconnects_total', rtmp)).toBe(2);
    expect(sample(text, 'studio_output_fps', { output_kind: 'hls' })).toBe(30);
    // Not live: no fps or bitrate (absent, not 0), its dropped frames still counted.
    expect(sample(text, 'studio_output_fps', { output_kind: 'recording' })).toBeUndefined();
    expect(sample(text, 'studio_output_bitrate_kbps', { output_kind: 'recording' })).toBeUndefined();
    expect(sample(text, 'studio_output_dropped_frames_total', { output_kind: 'recording' })).toBe(3);
    expect(sample(text, 'studio_outputs', { output_kind: 'recording', state: 'retrying' })).toBe(1);
    expect(sample(text, 'studio_outputs', { output_kind: 'rtmp', state: 'live' })).toBe(1);
    expect(sample(text, 'studio_outputs', { output_kind: 'rtmp', state: 'failed' })).toBe(0);
    expect(sample(text, 'studio_capture_fps', { event: 'ev-1' })).toBe(29.5);
    expect(sample(text, 'studio_capture_fps_alarm', { event: 'ev-1' })).toBe(0);
    // The capture worker's own figures, by broadcast.
    expect(sample(text, 'studio_capture_render_ms', { event: 'ev-1' })).toBe(12.5);
    expect(sample(text, 'studio_capture_dropped_frames_total', { event: 'ev-1' })).toBe(7);
    expect(sample(text, 'studio_capture_encoder_kbps', { event: 'ev-1' })).toBe(3610);
    expect(sample(text, 'studio_capture_worker_cpu_cores', { event: 'ev-1' })).toBe(1.37);
    expect(sample(text, 'studio_live_jobs', { state: 'live' })).toBe(1);
    expect(sample(text, 'studio_live_jobs', { state: 'starting' })).toBe(0);
    expect(sample(text, 'studio_sockets', { kind: 'event' })).toBe(2);
    expect(sample(text, 'studio_bus_messages_total', { direction: 'in' })).toBe(7);
    expect(sample(text, 'studio_bus_messages_total', { direction: 'out' })).toBe(3);
    // An output's name and error are the user's text and ffmpeg's: never labels.
    expect(text).not.toContain('My secret channel');
    expect(text).not.toContain('SECRETKEY');
  });

  it('gives each program its own figures, labelled by shape, when the broadcast renders the vertical one too (issue 34)', async () => {
    const vertical = { fps: 28.5, fpsAlarm: false, renderMs: 9.5, droppedBeforeEncoding: 4, encoderKbps: 1900 };
    const text = await createMetrics(sources([{ eventId: 'ev-2', state: 'live', health: { ...health, vertical } }])).scrape();
    expect(sample(text, 'studio_capture_fps', { event: 'ev-2', shape: '16:9' })).toBe(29.5);
    expect(sample(text, 'studio_capture_fps', { event: 'ev-2', shape: '9:16' })).toBe(28.5);
    expect(sample(text, 'studio_capture_render_ms', { event: 'ev-2', shape: '9:16' })).toBe(9.5);
    expect(sample(text, 'studio_capture_dropped_frames_total', { event: 'ev-2', shape: '9:16' })).toBe(4);
    expect(sample(text, 'studio_capture_encoder_kbps', { event: 'ev-2', shape: '9:16' })).toBe(1900);
    // The worker's CPU is the whole broadcast's: one sample.
    expect(sample(text, 'studio_capture_worker_cpu_cores', { event: 'ev-2' })).toBe(1.37);
  });

  it('forgets an output and a broadcast once the job is gone, and reads the process metrics too', async () => {
    let jobs = [{ eventId: 'ev-1', state: 'live' as const, health }];
    const metrics = createMetrics({ ...sources([]), live: { jobs: () => jobs } });
    expect(sample(await metrics.scrape(), 'studio_output_fps', { output: 'd-1' })).toBe(29.9);
    jobs = [];
    const text = await metrics.scrape();
    expect(sample(text, 'studio_output_fps', { output: 'd-1' })).toBeUndefined();
    expect(sample(text, 'studio_capture_fps', { event: 'ev-1' })).toBeUndefined();
    expect(sample(text, 'studio_capture_worker_cpu_cores', { event: 'ev-1' })).toBeUndefined();
    expect(sample(text, 'studio_live_jobs', { state: 'live' })).toBe(0);
    expect(sample(text, 'process_cpu_user_seconds_total', {})).toBeGreaterThan(0);
  });

  it('times requests by route pattern, and folds an unknown method and an unmatched route', async () => {
    const metrics = createMetrics(sources([]));
    metrics.observeHttp('/api/studio/channel/:uuid', 'PUT', 200, 30);
    metrics.observeHttp(undefined, 'PROPFIND', 404, 1);
    metrics.signInThrottled();
    const text = await metrics.scrape();
    expect(sample(text, 'studio_http_request_duration_seconds_count', { route: '/api/studio/channel/:uuid', method: 'PUT', status: '200' })).toBe(1);
    expect(sample(text, 'studio_http_request_duration_seconds_sum', { route: '/api/studio/channel/:uuid' })).toBeCloseTo(0.03);
    expect(sample(text, 'studio_http_request_duration_seconds_count', { route: 'unmatched', method: 'other', status: '404' })).toBe(1);
    expect(sample(text, 'studio_signin_throttled_total', {})).toBe(1);
  });

  it('keeps each backend in its own registry (tests run several in one process)', async () => {
    const a = createMetrics(sources([]));
    const b = createMetrics(sources([]));
    a.signInThrottled();
    expect(sample(await a.scrape(), 'studio_signin_throttled_total', {})).toBe(1);
    expect(sample(await b.scrape(), 'studio_signin_throttled_total', {})).toBe(0);
  });
});
