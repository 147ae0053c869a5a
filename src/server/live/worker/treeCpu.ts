/**
 * The CPU of a process and everything under it (the worker: its capture browser's processes, each
 * ffmpeg), in cores since the previous reading: the Stats panel's "Worker CPU" against the server's
 * capacity, and /metrics' studio_capture_worker_cpu_cores. pidtree lists the descendants (it runs
 * `ps`, so the list is refreshed every TREE_EVERY_MS rather than every reading); pidusage reads each
 * one's share from /proc. A process seen for the first time counts its average since it started.
 */
import pidtree from 'pidtree';
import pidusage from 'pidusage';

/** How often the list of processes is read again (a retried output's new ffmpeg joins within this). */
export const TREE_EVERY_MS = 5000;

export function createTreeCpu(root: number = process.pid, now: () => number = Date.now): () => Promise<number | null> {
  let pids: number[] = [root];
  let listedAt = -Infinity;
  return async () => {
    if (now() - listedAt >= TREE_EVERY_MS) {
      listedAt = now();
      pids = await pidtree(root, { root: true }).catch(() => pids);
    }
    const readings = await Promise.allSettled(pids.map((pid) => pidusage(pid)));
    const percents = readings.flatMap((r) => (r.status === 'fulfilled' ? [r.value.cpu] : []));
    if (percents.length === 0) return null;
    return Math.round(percents.reduce((a, b) => a + b, 0)) / 100;
  };
}
