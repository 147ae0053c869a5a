/**
 * What the screen reader is told (issue 11): one polite live region (features/dialogs/LiveAnnouncer)
 * reads `message`; each announcement bumps `seq` so the same words said twice are read twice.
 */
import { create } from 'zustand';
import type { Clock } from '../lib/clock';

export interface AnnouncerState {
  message: string;
  seq: number;
}

export const useAnnouncerStore = create<AnnouncerState>()(() => ({ message: '', seq: 0 }));

export function announce(message: string): void {
  useAnnouncerStore.setState((s) => ({ message, seq: s.seq + 1 }));
}

/**
 * A throttle for busy sources (incoming chat): the first item is said at once; items arriving within
 * `intervalMs` of an announcement are counted and summed up in one line when that interval ends.
 */
export function throttledAnnouncer<T>(options: { clock: Clock; intervalMs: number; one(item: T): string; many(count: number): string; say?: (text: string) => void }) {
  const say = options.say ?? announce;
  let pending: T[] = [];
  let window: unknown = null;
  const sayAndWait = (items: T[]) => {
    say(items.length === 1 ? options.one(items[0]!) : options.many(items.length));
    window = options.clock.setTimeout(endWindow, options.intervalMs);
  };
  const endWindow = () => {
    window = null;
    if (pending.length === 0) return;
    const items = pending;
    pending = [];
    sayAndWait(items);
  };
  return {
    push(item: T): void {
      if (window === null) sayAndWait([item]);
      else pending.push(item);
    },
    stop(): void {
      if (window !== null) options.clock.clearTimeout(window);
      window = null;
      pending = [];
    },
  };
}
