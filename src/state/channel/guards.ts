/**
 * Guard clocks of §5 (on-air 800 ms, menu 500 ms, mute 400 ms), per card and kind. An input a guard
 * catches is not silently lost (issue 26): its key gets a cue for GUARD_CUE_MS, which the control
 * with that key shows ('Wait a moment…'), and the live region says it.
 */
import { create } from 'zustand';
import { realClock, type Clock } from '../../lib/clock';
import { GUARD_CUE_MS } from '../../lib/limits';
import { announce } from '../announcer';

export const GUARD_CUE_TEXT = 'Wait a moment…';

const lastToggle = new Map<string, number>();

/** Keys whose last input a guard caught, still showing their cue (session state). */
export const useGuardCues = create<{ cued: Record<string, number> }>()(() => ({ cued: {} }));

let nextCue = 1;
export function cueGuard(key: string, clock: Clock = realClock): void {
  const seq = nextCue++;
  useGuardCues.setState((s) => ({ cued: { ...s.cued, [key]: seq } }));
  announce(GUARD_CUE_TEXT);
  clock.setTimeout(() => {
    if (useGuardCues.getState().cued[key] !== seq) return; // a newer cue of the same key runs on
    useGuardCues.setState((s) => {
      const { [key]: _gone, ...rest } = s.cued;
      return { cued: rest };
    });
  }, GUARD_CUE_MS);
}

/** True (and the clock restarts) when `guardMs` have passed since the key's last allowed toggle; otherwise the key is cued. */
export function guardAllows(key: string, guardMs: number, now: number, clock: Clock = realClock): boolean {
  const last = lastToggle.get(key);
  if (last !== undefined && now - last < guardMs) {
    cueGuard(key, clock);
    return false;
  }
  lastToggle.set(key, now);
  return true;
}

/** The guard keys of a card's controls. */
export const guardKeys = {
  live: (id: string) => `live:${id}`,
  mute: (id: string, kind: 'audio' | 'video') => `mute:${kind}:${id}`,
};

export const resetGuards = () => {
  lastToggle.clear();
  useGuardCues.setState({ cued: {} });
};
