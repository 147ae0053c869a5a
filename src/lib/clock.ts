/** An injectable timer source (DESIGN: time-based rules take a clock so tests use fake timers). */
export interface Clock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Resolves after `ms` (the default `wait` of flows that take one, so tests pass a fake). */
export const realWait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export const realClock: Clock = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};
