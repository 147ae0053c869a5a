/**
 * The simulated audience's pacing: each `every(range, tick)` runs `tick` again and again after a
 * seeded random pause in [min, max] ms; `stop()` cancels everything pending.
 */
import type { Random } from '../../lib/random';
import type { DemoTimer } from './pollsQnaTimer';

export function createRepeater(schedule: DemoTimer, random: Random) {
  const handles = new Set<unknown>();
  let stopped = false;
  return {
    every(range: readonly [number, number], tick: () => void): void {
      const arm = () => {
        const handle = schedule.setTimeout(() => {
          handles.delete(handle);
          if (stopped) return;
          tick();
          arm();
        }, Math.round(random.between(range[0], range[1])));
        handles.add(handle);
      };
      arm();
    },
    stop(): void {
      stopped = true;
      for (const handle of handles) schedule.clearTimeout(handle);
      handles.clear();
    },
  };
}
