/** The capture's frame clock (issue 36): every tick draws, on a fixed grid, whatever a draw costs. */
import { describe, expect, it } from 'vitest';
import { startFrameClock, type FrameClockTimers } from '../../../compositor/render/frameClock';

/** A manual clock: `run(ms)` moves time on, firing timers in order; a tick may spend time (its draw). */
function manualTimers() {
  let t = 0;
  let timers: { at: number; cb: () => void; id: number }[] = [];
  let next = 1;
  const api: FrameClockTimers = {
    now: () => t,
    setTimeout: (cb, ms) => {
      const id = next++;
      timers.push({ at: t + ms, cb, id });
      return id;
    },
    clearTimeout: (id) => {
      timers = timers.filter((x) => x.id !== id);
    },
  };
  return {
    api,
    spend: (ms: number) => (t += ms),
    /** Fires due timers until `until`; `lateMs` delays each firing (a busy main thread). */
    run(until: number, lateMs = 0) {
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const first = timers[0];
        if (!first || first.at + lateMs > until) break;
        timers.shift();
        t = Math.max(t, first.at + lateMs);
        first.cb();
      }
      t = Math.max(t, until);
    },
  };
}

describe('startFrameClock', () => {
  it.each([
    ['a draw of 0 ms', 0, 0],
    ['a draw of 10 ms (what skipped every other tick before)', 10, 0],
    ['a draw of 30 ms', 30, 0],
    ['ticks firing 5 ms late', 10, 5],
  ])('gives 30 frames a second with %s', (_, drawMs, lateMs) => {
    const m = manualTimers();
    const ticks: number[] = [];
    const stop = startFrameClock(30, () => {
      ticks.push(m.api.now());
      m.spend(drawMs);
    }, m.api);
    m.run(10_000, lateMs);
    stop();
    expect(ticks.length).toBeGreaterThanOrEqual(299);
    expect(ticks.length).toBeLessThanOrEqual(301);
    // On the grid: tick n at n × 33.3 ms (plus the lateness), never pushed back by the draws before it.
    expect(ticks[150]! - 150 * (1000 / 30)).toBeLessThanOrEqual(lateMs + 1);
  });

  it('skips the deadlines a stall missed instead of drawing them late in a burst, and counts them', () => {
    const m = manualTimers();
    const ticks: number[] = [];
    let stall = true;
    let missed = 0;
    const stop = startFrameClock(
      30,
      () => {
        ticks.push(m.api.now());
        if (stall && ticks.length === 10) m.spend(200); // one 200 ms stall
      },
      m.api,
      (frames) => (missed += frames),
    );
    m.run(1000);
    stop();
    stall = false;
    const gaps = ticks.slice(1).map((t, i) => t - ticks[i]!);
    expect(Math.min(...gaps)).toBeGreaterThan(20); // no two frames back to back
    expect(ticks.length).toBeGreaterThanOrEqual(24); // 30 less the ~6 the stall took
    // The stall (300–500 ms) takes the deadlines at 333 … 500 ms (one of them, the tick that ends it,
    // is drawn): 5 missed, and drawn and missed make the second's 30.
    expect(missed).toBe(5);
    expect(ticks.length + missed).toBeGreaterThanOrEqual(30);
    expect(ticks.length + missed).toBeLessThanOrEqual(31);
  });

  it('counts nothing missed when every draw fits its frame', () => {
    const m = manualTimers();
    let missed = 0;
    const stop = startFrameClock(30, () => m.spend(30), m.api, (frames) => (missed += frames));
    m.run(2000, 2);
    stop();
    expect(missed).toBe(0);
  });

  it('draws nothing after stop', () => {
    const m = manualTimers();
    let ticks = 0;
    const stop = startFrameClock(30, () => (ticks += 1), m.api);
    m.run(100);
    stop();
    const at = ticks;
    m.run(1000);
    expect(ticks).toBe(at);
  });
});
