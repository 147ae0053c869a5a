/**
 * A scene's planned duration as the moderator types and reads it: "5" is five minutes, "1:30" a
 * minute and a half, "1:00:00" an hour; empty is open-ended. Clock texts for elapsed and remaining
 * time, with a minus sign once a scene runs over.
 */

/** "m", "m:ss" or "h:mm:ss" → ms; null for empty; undefined when it cannot be read. */
export function parseDuration(text: string): number | null | undefined {
  const t = text.trim();
  if (t === '') return null;
  if (!/^\d{1,3}(:\d{1,2}){0,2}$/.test(t)) return undefined;
  const parts = t.split(':').map(Number);
  if (parts.slice(1).some((p) => p > 59)) return undefined;
  const [a = 0, b = 0, c = 0] = parts;
  const seconds = parts.length === 1 ? a * 60 : parts.length === 2 ? a * 60 + b : a * 3600 + b * 60 + c;
  return seconds * 1000;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** ms → "m:ss" (or "h:mm:ss" from an hour on); negative → "-m:ss". Whole seconds, rounded toward zero. */
export function clockText(ms: number): string {
  const total = Math.floor(Math.abs(ms) / 1000);
  const sign = ms < 0 && total > 0 ? '-' : '';
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${sign}${h}:${pad(m)}:${pad(s)}` : `${sign}${m}:${pad(s)}`;
}

/** A duration in the field: as typed back ("5:00"), or empty. */
export const durationText = (ms: number | null): string => (ms === null ? '' : clockText(ms));
