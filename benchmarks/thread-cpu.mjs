/**
 * Where a capture frame's time goes, without a trace: the CPU of every thread of the capture
 * Chromium's processes, read from /proc/<pid>/task/<tid>/stat (utime + stime) at the start and the
 * end of the window, grouped by process kind and thread name (Chromium names its threads:
 * CrRendererMain runs the page's JavaScript and Canvas 2D, VizCompositorTh composites, the
 * MediaRecorder's encoder runs on a ThreadPool worker, AudioOutputDevice mixes the program sound).
 * Divided by the frames received, it is CPU-ms per frame: what a 2-core machine has to pay 30 times
 * a second.
 */
import { readdirSync, readFileSync } from 'node:fs';

function threadStat(pid, tid) {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'latin1');
    const close = stat.lastIndexOf(')');
    const f = stat.slice(close + 2).split(' ');
    return { name: stat.slice(stat.indexOf('(') + 1, close), ticks: Number(f[11]) + Number(f[12]), start: Number(f[19]) };
  } catch {
    return null;
  }
}

/** Thread names that differ only by a number (ThreadPoolForeg, a worker's id) count as one. */
const threadKind = (name) => name.replace(/[\d:#]+$/, '').replace(/\s+$/, '') || name;

/** `processes()`: [{ pid, part }] now (the capture page's processes and their kind). */
export function createThreadMeter(processes, clkTck) {
  const seen = new Map();
  const sample = () => {
    for (const { pid, part } of processes()) {
      let tids = [];
      try {
        tids = readdirSync(`/proc/${pid}/task`);
      } catch {
        continue;
      }
      for (const tid of tids) {
        const t = threadStat(pid, tid);
        if (!t) continue;
        const key = `${pid}:${tid}:${t.start}`;
        const entry = seen.get(key);
        if (entry) entry.last = t.ticks;
        else seen.set(key, { kind: `${part}/${threadKind(t.name)}`, first: t.ticks, last: t.ticks });
      }
    }
  };
  return {
    sample,
    /** CPU-ms per frame by `process/thread`, largest first, those under 0.1 ms left out. */
    perFrame(frames) {
      const ticks = new Map();
      for (const e of seen.values()) ticks.set(e.kind, (ticks.get(e.kind) ?? 0) + e.last - e.first);
      const ms = (t) => (frames > 0 ? Math.round(((t / clkTck) * 1000 * 10) / frames) / 10 : null);
      const total = [...ticks.values()].reduce((a, b) => a + b, 0);
      const split = [...ticks.entries()].sort((a, b) => b[1] - a[1]).filter(([, t]) => ms(t) >= 0.1).map(([kind, t]) => [kind, ms(t)]);
      return { frames, totalCpuMs: ms(total), split: Object.fromEntries(split) };
    },
  };
}
