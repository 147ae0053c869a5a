import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMPOSITOR_METRICS, LIVE_METRICS } from '../../src/lib/metricNames';
import { summary } from '../../benchmarks/harness/stats';
import { FrameWindow } from '../../compositor/render/frameWindow';

describe('the same names everywhere (issue 33)', () => {
  it('every Prometheus name the panel cites is registered by /metrics and in the server README table', () => {
    const metrics = readFileSync('src/server/metrics/metrics.ts', 'utf8');
    const readme = readFileSync('src/server/README.md', 'utf8');
    for (const { prometheus } of Object.values(LIVE_METRICS).filter((x) => x.prometheus)) {
      expect(metrics).toContain(`name: '${prometheus}'`);
      expect(readme).toContain(`\`${prometheus}\``);
    }
  });

  it("the compositor's frame-time names are the benchmarks' JSON keys and the window's fields", () => {
    const bench = summary([1, 2, 3]);
    const window = new FrameWindow().summary(0) as unknown as Record<string, Record<string, number>>;
    for (const key of ['p50', 'p95', 'max']) {
      expect(bench).toHaveProperty(key);
      expect(COMPOSITOR_METRICS).toHaveProperty(`frameMs${key[0]!.toUpperCase()}${key.slice(1)}.name`, `frameMs.${key}`);
      expect(window.frameMs).toHaveProperty(key);
    }
    expect(window).toHaveProperty('fps');
    expect(window).toHaveProperty('overBudget60');
  });
});
