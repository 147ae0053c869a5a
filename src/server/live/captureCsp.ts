/**
 * The output page's Content-Security-Policy in capture mode (issue 31). The capture Chromium used to
 * open the page with its CSP switched off, because the page's one socket goes to the worker's
 * loopback ingest, which the studio's policy does not allow. Now the backend serves that page, and
 * only that page (its URL carries a capture token of the channel's running job), with a policy
 * allowing exactly that socket — and narrower than the studio's where the capture has no business:
 * no scheme-wide `https:`/`wss:`, pictures and media from this origin and the media origins only.
 */
import type { FastifyRequest } from 'fastify';
import { tokenHash } from '../auth';
import type { Queryable } from '../db/adapter';
import { CAPTURE_PARAM } from '../../lib/captureContract';
import { isCaptureToken } from './jobs';

/** The capture page's parameters that the worker sets (live/manager.ts). */
export const CAPTURE_PAGE_PARAMS = { channel: 'channel', token: 'token', ingest: CAPTURE_PARAM } as const;
/** Sources that allow a whole scheme: the capture page gets named origins instead. */
const SCHEME_SOURCES = new Set(['https:', 'http:', 'wss:', 'ws:']);
/** The directives narrowed: sockets and fetches (this origin, the ingest), pictures and media (this origin, the media origins). */
const NARROWED = ['connect-src', 'img-src', 'media-src'];

/** The ingest socket's origin (`ws://127.0.0.1:port`) when `text` is the worker's loopback ingest URL, else null. */
export function ingestOrigin(text: string | null): string | null {
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'ws:' && url.hostname === '127.0.0.1' && url.port && url.pathname.startsWith('/ingest/') ? `ws://127.0.0.1:${url.port}` : null;
  } catch {
    return null;
  }
}

/** The policy for the capture page: `policy` (the build's) narrowed as above, with the page's own origin, the ingest and the media origins. */
export function captureCsp(policy: string, origin: string, ingest: string, media: readonly string[]): string {
  const own = [origin, origin.replace(/^http/, 'ws')];
  const directives = policy.split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
    const [name = '', ...sources] = d.split(/\s+/);
    if (!NARROWED.includes(name)) return d;
    const extra = name === 'connect-src' ? [...own, ingest] : media;
    return [name, ...sources.filter((s) => !SCHEME_SOURCES.has(s)), ...extra].join(' ');
  });
  if (!directives.some((d) => d.startsWith('frame-ancestors'))) directives.push("frame-ancestors 'none'");
  return directives.join('; ');
}

/**
 * The ingest origin the page at `req` may open, or null: only for a URL carrying the capture token
 * of the channel's running job (anyone else gets the studio's usual policy).
 */
export function captureIngest(db: Queryable) {
  return async (req: FastifyRequest): Promise<string | null> => {
    const query = new URL(req.url, 'http://page.invalid').searchParams;
    const ingest = ingestOrigin(query.get(CAPTURE_PAGE_PARAMS.ingest));
    const channel = query.get(CAPTURE_PAGE_PARAMS.channel);
    const token = query.get(CAPTURE_PAGE_PARAMS.token);
    if (!ingest || !channel || !token) return null;
    return (await isCaptureToken(db, channel, tokenHash(token))) ? ingest : null;
  };
}
