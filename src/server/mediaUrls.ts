/**
 * Which media a channel may show (issue 31). The capture worker draws the channel in a Chromium on
 * this server, so every media URL in it is a request the server makes: a background set to
 * `https://127.0.0.1:19443/…` made the server's Chromium connect there. A channel's backgrounds,
 * images, videos, logos and shared videos are therefore this backend's own uploads (`/files/…`) and
 * the studio's predefined assets (`{STUDIO_BASE}assets/…`), as paths or on this backend's origins,
 * or any URL of an origin the operator lists in STUDIO_MEDIA_ORIGINS; a producer's picture may also
 * be a meeting feed (`meeting:…`, `local:…`, drawn from WebRTC, never fetched).
 */
import { SERVER_URL_FORBIDDEN } from '../lib/liveLimits';
import { STUDIO_BASE } from './studio';

/** The paths of this backend that hold media: uploads, and the build's assets (the predefined ones). */
export const OWN_MEDIA_PATHS = ['/files/', `${STUDIO_BASE}assets/`] as const;
/** A producer's feed: a name for a WebRTC stream, not an address. */
export const FEED_SCHEMES = ['meeting:', 'local:'] as const;
/** Resolves a path-only URL for reading it: an origin no URL of a channel can have. */
const PATH_BASE = 'http://path.invalid';

export interface MediaOrigins {
  /** Whether `origin` is this backend's (its own address, a public origin): its uploads and assets are media. */
  own(origin: string): boolean;
  /** STUDIO_MEDIA_ORIGINS: every URL there is media. */
  listed: readonly string[];
}

/** STUDIO_MEDIA_ORIGINS (comma-separated `https://host[:port]`) as origins; throws naming an entry that is none. */
export function mediaOriginsFrom(text = process.env.STUDIO_MEDIA_ORIGINS): string[] {
  return (text ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)
    .map((entry) => {
      let url: URL | null = null;
      try {
        url = new URL(entry);
      } catch {
        /* said below */
      }
      if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname !== '/' || url.search || url.username) throw new Error(`STUDIO_MEDIA_ORIGINS: "${entry}" is not an origin (https://host or https://host:port)`);
      return url.origin;
    });
}

/** Why `url` cannot be drawn by the capture (to follow the field's name in a 400), or null. */
export function mediaUrlProblem(url: string, origins: MediaOrigins, feed = false): string | null {
  if (url === '') return null;
  if (SERVER_URL_FORBIDDEN.test(url)) return 'cannot hold spaces or control characters';
  if (feed && FEED_SCHEMES.some((s) => url.startsWith(s))) return null;
  let parsed: URL;
  try {
    parsed = new URL(url, PATH_BASE);
  } catch {
    return 'is not a URL';
  }
  const ownPath = OWN_MEDIA_PATHS.some((p) => parsed.pathname.startsWith(p));
  const path = parsed.origin === PATH_BASE && url.startsWith('/');
  if ((path || origins.own(parsed.origin)) && ownPath) return null;
  if (origins.listed.includes(parsed.origin)) return null;
  return "is not one of this server's uploads or assets, nor on an origin of STUDIO_MEDIA_ORIGINS";
}
