/**
 * A value that clears itself after `ms` (copy confirmations, success masks). Showing it again
 * restarts the time; unmounting cancels the timer. Runs on the global timers, so fake timers drive it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export function useTimedValue<T>(ms: number): [T | null, (value: T) => void, () => void] {
  const [value, setValue] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setValue(null);
  }, []);
  const show = useCallback(
    (next: T) => {
      clearTimeout(timer.current);
      setValue(() => next);
      timer.current = setTimeout(() => setValue(null), ms);
    },
    [ms],
  );
  return [value, show, clear];
}
