/** Relative times for questions and answers ('just now', '3 min ago', '2 h ago', 'yesterday'). */
import { useEffect, useState } from 'react';
import { RELATIVE_TIME_REFRESH_MS } from '../../state/qna/limits';
import { QNA_TEXTS as T } from './texts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export function formatRelativeTime(timestamp: number, now: number): string {
  const age = now - timestamp;
  if (age < MINUTE_MS) return T.justNow;
  if (age < HOUR_MS) return T.minutesAgo(Math.floor(age / MINUTE_MS));
  if (age < DAY_MS) return T.hoursAgo(Math.floor(age / HOUR_MS));
  return T.daysAgo(Math.floor(age / DAY_MS));
}

/** The current time, refreshed every RELATIVE_TIME_REFRESH_MS; `clock` is injectable. */
export function useNow(clock: () => number = Date.now): number {
  const [now, setNow] = useState(clock);
  useEffect(() => {
    const id = setInterval(() => setNow(clock()), RELATIVE_TIME_REFRESH_MS);
    return () => clearInterval(id);
  }, [clock]);
  return now;
}
