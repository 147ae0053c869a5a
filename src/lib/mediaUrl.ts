/**
 * DESIGN: media URLs are parsed with new URL() and only https:, this origin and the app's own blob:
 * URLs are drawn. Anything else (javascript:, data:, another origin over http, garbage) is refused.
 */
export function isDrawableMediaUrl(url: string, base: string = globalThis.location?.href ?? 'http://localhost/'): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    return false;
  }
  const here = new URL(base);
  if (parsed.protocol === 'blob:') return parsed.origin === here.origin;
  if (parsed.origin === here.origin) return true;
  return parsed.protocol === 'https:';
}
