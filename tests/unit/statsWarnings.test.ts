import { describe, expect, it } from 'vitest';
import { CAPTURE_RENDER_LAG_MS, CONGESTED_OUTPUT_FPS, ENCODER_OVERLOAD_FPS, RENDER_LAG_MIN_FRAMES, RENDER_LAG_P95_MS, statsWarnings, WORKER_CPU_WARN_SHARE } from '../../src/state/stats/warnings';
import type { LiveJob, OutputHealth } from '../../src/state/live/types';

const output = (o: Partial<OutputHealth> = {}): OutputHealth => ({ id: 'd1', kind: 'rtmp', name: 'Company RTMP', shape: '16:9', state: 'live', bitrateKbps: 2500, fps: 30, droppedFrames: 0, retryInSec: null, error: null, ...o });
const job = (j: Partial<LiveJob> = {}): LiveJob => ({ state: 'live', quality: '720p', startedAt: 0, recording: true, fpsAlarm: false, captureFps: 30, shapes: ['16:9'], error: null, outputs: [output()], ...j });
const frames = (p95: number, n = 600) => ({ frames: n, frameMs: { p95 } });

describe('statsWarnings', () => {
  it('says nothing when every figure is within its threshold', () => {
    expect(statsWarnings(frames(12), job())).toEqual([]);
    expect(statsWarnings(null, null)).toEqual([]);
  });

  it.each([
    [RENDER_LAG_P95_MS + 0.1, true],
    [RENDER_LAG_P95_MS, false],
  ])('render lag at p95 %d ms: %s, with the threshold in its text', (p95, raised) => {
    const w = statsWarnings(frames(p95), null);
    expect(w.length > 0).toBe(raised);
    if (raised) expect(w[0]).toEqual({ kind: 'renderLag', text: `Render lag: frameMs p95 ${p95.toFixed(1)} ms > 33.3 ms` });
  });

  it('does not judge a p95 on a handful of on-demand frames', () => {
    expect(statsWarnings(frames(80, RENDER_LAG_MIN_FRAMES - 1), null)).toEqual([]);
  });

  it('raises encoder overload when the capture falls under its fps, and then blames no destination', () => {
    const w = statsWarnings(null, job({ captureFps: ENCODER_OVERLOAD_FPS - 2.7345, outputs: [output({ fps: 20 })] }));
    expect(w).toEqual([{ kind: 'encoderOverload', text: 'Encoder overload: capture 22.3 fps < 25 fps' }]);
    expect(statsWarnings(null, job({ captureFps: undefined, fpsAlarm: true }))[0]?.kind).toBe('encoderOverload');
  });

  it('names a congested destination when it alone falls behind, or reconnects', () => {
    const slow = output({ id: 'd2', name: 'Dead site', fps: CONGESTED_OUTPUT_FPS - 5 });
    expect(statsWarnings(null, job({ outputs: [output(), slow] }))).toEqual([{ kind: 'congested', output: 'd2', text: 'Dead site congested: 20 fps < 25 fps' }]);
    const retrying = output({ state: 'retrying', reconnects: 2, fps: null });
    expect(statsWarnings(null, job({ outputs: [retrying] }))).toEqual([{ kind: 'congested', output: 'd1', text: 'Company RTMP congested: reconnecting (2 reconnects)' }]);
  });

  it('the thresholds are the 30 fps budget and 90 % of the cores', () => {
    expect(CAPTURE_RENDER_LAG_MS).toBeCloseTo(33.33, 2);
    expect(WORKER_CPU_WARN_SHARE).toBe(0.9);
  });

  it.each([
    [CAPTURE_RENDER_LAG_MS + 0.1, true],
    [CAPTURE_RENDER_LAG_MS, false],
  ])("render lag in the capture at renderMs %d: %s", (renderMs, raised) => {
    const w = statsWarnings(null, job({ capture: { renderMs, droppedBeforeEncoding: 0, encoderKbps: 3500, cpuCores: 1 } }));
    expect(w).toEqual(raised ? [{ kind: 'renderLag', text: `Render lag in the capture: renderMs p50 ${renderMs.toFixed(1)} ms > 33.3 ms` }] : []);
  });

  it('watches the vertical program too (issue 34): its render lag and its frame rate', () => {
    const vertical = { fps: 12, fpsAlarm: false, renderMs: 40, droppedBeforeEncoding: 0, encoderKbps: 1800 };
    const texts = statsWarnings(null, job({ shapes: ['16:9', '9:16'], vertical })).map((w) => w.text);
    expect(texts).toEqual(['Render lag in the vertical capture: renderMs p50 40.0 ms > 33.3 ms', `Encoder overload: vertical capture 12 fps < ${ENCODER_OVERLOAD_FPS} fps`]);
    expect(statsWarnings(null, job({ shapes: ['16:9', '9:16'], vertical: { ...vertical, fps: 30, renderMs: 10 } }))).toEqual([]);
  });

  it('says which limit is hit: the quality above what the server carries, and its CPU past 90 %', () => {
    const busy = job({ quality: '1080p', capture: { renderMs: 20, droppedBeforeEncoding: 40, encoderKbps: 6000, cpuCores: 1.85 } });
    expect(statsWarnings(null, busy, { cores: 2, over: { chosen: '720p', recommended: '560p', cores: 2, bothShapes: true } })[0]?.text).toBe("Quality above this server's limit: 720p > 560p, what 2 cores carry with both programs");
    expect(statsWarnings(null, busy, { cores: 2, over: { chosen: '1080p', recommended: '720p', cores: 2, bothShapes: false } })).toEqual([
      { kind: 'capacity', text: "Quality above this server's limit: 1080p > 720p, what 2 cores carry" },
      { kind: 'capacity', text: 'Capacity: worker CPU 1.85 cores > 90 % of 2' },
    ]);
    expect(statsWarnings(null, job({ capture: { renderMs: 20, droppedBeforeEncoding: 0, encoderKbps: 3500, cpuCores: 1.79 } }), { cores: 2, over: null })).toEqual([]);
    // Not live: no limit is being hit.
    expect(statsWarnings(null, job({ state: 'starting', capture: { renderMs: 20, droppedBeforeEncoding: 0, encoderKbps: 0, cpuCores: 2 } }), { cores: 2, over: { chosen: '1080p', recommended: '720p', cores: 2, bothShapes: false } })).toEqual([]);
  });

  it('reads nothing of a broadcast that is not live', () => {
    expect(statsWarnings(null, job({ state: 'stopping', captureFps: 3 }))).toEqual([]);
  });
});
