import { describe, expect, it } from 'vitest';
import { FRAME_BUDGET_30_MS, FRAME_BUDGET_60_MS, FRAME_STATS_WINDOW_MS } from '../../../compositor/model/constants';
import { FrameWindow, percentile } from '../../../compositor/render/frameWindow';
import { summary } from '../../../benchmarks/harness/stats';

describe('frame budgets', () => {
  it('are one frame at 60 and at 30 fps', () => {
    expect(FRAME_BUDGET_60_MS).toBeCloseTo(16.67, 2);
    expect(FRAME_BUDGET_30_MS).toBeCloseTo(33.33, 2);
    expect(FRAME_STATS_WINDOW_MS).toBe(10_000);
  });
});

describe('percentile: the benchmarks rule', () => {
  it.each([
    [[], 0.5, 0],
    [[7], 0.95, 7],
    [[1, 2, 3, 4], 0.5, 2],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.95, 10],
    [Array.from({ length: 100 }, (_, i) => i + 1), 0.95, 95],
  ])('%j at %d is %d', (values, q, expected) => expect(percentile(values, q)).toBe(expected));

  it('matches benchmarks/harness/stats.ts on the same samples (same names: p50, p95, max)', () => {
    const samples = Array.from({ length: 257 }, (_, i) => ((i * 7919) % 97) / 3);
    const w = new FrameWindow();
    samples.forEach((ms, i) => w.record(1000 + i, ms));
    const mine = w.summary(1000 + samples.length).frameMs;
    const bench = summary(samples);
    expect(mine).toEqual({ p50: bench.p50, p95: bench.p95, max: bench.max });
  });
});

describe('FrameWindow', () => {
  it('keeps only the last 10 s', () => {
    const w = new FrameWindow();
    w.record(0, 100); // out of the window by the time it is read
    for (let t = 1000; t <= 11_000; t += 100) w.record(t, 5);
    const s = w.summary(11_000);
    expect(s.frames).toBe(100); // (1000, 11000]: 1100 … 11000
    expect(s.frameMs.max).toBe(5);
  });

  it('counts frames over each budget', () => {
    const w = new FrameWindow();
    [10, 16, 17, 20, 33, 34, 50].forEach((ms, i) => w.record(100 + i, ms));
    const s = w.summary(200);
    expect(s.overBudget60).toBe(5); // 17, 20, 33, 34, 50
    expect(s.overBudget30).toBe(2); // 34, 50
    expect(s.frameMs).toEqual({ p50: 20, p95: 50, max: 50 });
  });

  it('gives frames drawn per second over the window, from the first frame while younger', () => {
    const w = new FrameWindow();
    for (let t = 0; t < 20_000; t += 1000 / 60) w.record(t, 1);
    expect(w.summary(20_000).fps).toBeCloseTo(60, 0);
    const young = new FrameWindow();
    for (let t = 0; t <= 2000; t += 100) young.record(t, 1);
    expect(young.summary(2000).fps).toBeCloseTo(10.5, 1); // 21 frames over 2 s
    const one = new FrameWindow();
    one.record(0, 1);
    expect(one.summary(1).fps).toBe(1); // one early frame is not 1000 fps
  });

  it('is zero when idle (render on demand) and when empty', () => {
    const w = new FrameWindow();
    expect(w.summary(5000)).toMatchObject({ frames: 0, fps: 0, frameMs: { p50: 0, p95: 0, max: 0 }, overBudget60: 0 });
    w.record(0, 3);
    expect(w.summary(60_000).frames).toBe(0);
  });

  it('wraps its ring without losing the newest frames', () => {
    const w = new FrameWindow(10_000, 8);
    for (let i = 0; i < 20; i += 1) w.record(i, i);
    const out = new Float64Array(8);
    expect(w.durations(20, out)).toBe(8);
    expect([...out]).toEqual([12, 13, 14, 15, 16, 17, 18, 19]);
  });
});
