/** §3 'fromNow': an age in words ('just now', '2 min ago', '3 h ago', 'yesterday'), for chat and Q&A. */

const T = {
  justNow: 'just now',
  minutesAgo: (n: number) => `${n} min ago`,
  hoursAgo: (n: number) => `${n} h ago`,
  yesterday: 'yesterday',
  daysAgo: (n: number) => `${n} days ago`,
} as const;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Pure: `now` is passed in. A time in the future (clock skew) reads 'just now'. */
export function fromNow(timestamp: number, now: number): string {
  const age = now - timestamp;
  if (age < MINUTE_MS) return T.justNow;
  if (age < HOUR_MS) return T.minutesAgo(Math.floor(age / MINUTE_MS));
  if (age < DAY_MS) return T.hoursAgo(Math.floor(age / HOUR_MS));
  const days = Math.floor(age / DAY_MS);
  return days === 1 ? T.yesterday : T.daysAgo(days);
}

/** §3 'date': the message's time of day, for the tooltip beside fromNow. */
export const messageDate = (timestamp: number): string =>
  Number.isFinite(timestamp) ? new Date(timestamp).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '';
