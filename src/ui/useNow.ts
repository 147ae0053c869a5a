import { useEffect, useState } from 'react';
import { RELATIVE_TIME_REFRESH_MS } from '../lib/limits';

/** The current time, refreshed every RELATIVE_TIME_REFRESH_MS; `clock` is injectable. */
export function useNow(clock: () => number = Date.now): number {
  const [now, setNow] = useState(clock);
  useEffect(() => {
    setNow(clock());
    const id = setInterval(() => setNow(clock()), RELATIVE_TIME_REFRESH_MS);
    return () => clearInterval(id);
  }, [clock]);
  return now;
}
