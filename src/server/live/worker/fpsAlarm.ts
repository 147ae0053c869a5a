/** The starved-renderer alarm: raised once the program's frame rate has stayed under FPS_ALARM_BELOW for FPS_ALARM_AFTER_MS; cleared by one good reading. */
import { FPS_ALARM_AFTER_MS, FPS_ALARM_BELOW } from '../rules';

export function createFpsAlarm(now: () => number = Date.now) {
  let lowSince: number | null = null;
  return {
    /** A reading; returns whether the alarm is raised. */
    reading(fps: number | null): boolean {
      if (fps === null) return lowSince !== null && now() - lowSince >= FPS_ALARM_AFTER_MS;
      if (fps >= FPS_ALARM_BELOW) {
        lowSince = null;
        return false;
      }
      lowSince ??= now();
      return now() - lowSince >= FPS_ALARM_AFTER_MS;
    },
  };
}
