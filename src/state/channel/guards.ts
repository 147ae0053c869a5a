/** Guard clocks of §5 (on-air 800 ms, menu 500 ms, mute 400 ms), per card and kind. */
const lastToggle = new Map<string, number>();

/** True (and the clock restarts) when `guardMs` have passed since the key's last allowed toggle. */
export function guardAllows(key: string, guardMs: number, now: number): boolean {
  const last = lastToggle.get(key);
  if (last !== undefined && now - last < guardMs) return false;
  lastToggle.set(key, now);
  return true;
}

export const resetGuards = () => lastToggle.clear();
