/**
 * A destination's server URL, checked and used in one form. The text is refused when it holds
 * whitespace or a control character anywhere (a URL parser drops a tab where ffmpeg keeps it), then
 * parsed once; what is stored, shown and streamed to is that parse's normal form. `rtmp:` is not a
 * scheme WHATWG knows, so `new URL` leaves its host as typed: the host is read again as an http
 * host, the way a resolver reads it (`0x7f.1` → `127.0.0.1`, `EXAMPLE.com` → `example.com`).
 */
import { isIP } from 'node:net';
import { SERVER_URL_FORBIDDEN, SERVER_URL_MAX, STREAM_KEY_FORBIDDEN, STREAM_KEY_MAX } from '../../lib/liveLimits';

export const RTMP_DEFAULT_PORT = 1935;
export const RTMPS_DEFAULT_PORT = 443;
const SCHEMES = { 'rtmp:': RTMP_DEFAULT_PORT, 'rtmps:': RTMPS_DEFAULT_PORT } as const;

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };
const refuse = (problem: string): { ok: false; problem: string } => ({ ok: false, problem });

/** Where a normal server URL streams to, as ffmpeg's RTMP client would read it (app = the path). */
export interface RtmpTarget {
  tls: boolean;
  /** A host name, or an IP address without brackets. */
  host: string;
  port: number;
  /** The RTMP application: the path (and query) without its outer slashes. */
  app: string;
  /** What the server is told it was reached at (ffmpeg's tcUrl). */
  tcUrl: string;
}

/** The host as a resolver reads it, or null when it is none. */
function resolverHost(opaque: string): string | null {
  try {
    return new URL(`http://${opaque}`).hostname || null;
  } catch {
    return null;
  }
}

/** The server URL in its normal form, or why it cannot be a destination. */
export function normaliseServerUrl(raw: string): Checked<string> {
  if (raw.length > SERVER_URL_MAX) return refuse(`The server URL is longer than ${SERVER_URL_MAX} characters`);
  if (SERVER_URL_FORBIDDEN.test(raw)) return refuse('The server URL cannot hold spaces or control characters');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('The server URL must be an rtmp:// or rtmps:// address');
  }
  if (!Object.hasOwn(SCHEMES, url.protocol)) return refuse('The server URL must be an rtmp:// or rtmps:// address');
  if (url.username || url.password) return refuse('Put the stream key in its own field, not in the server URL');
  if (!url.hostname) return refuse('The server URL has no host');
  const host = resolverHost(url.hostname);
  if (!host) return refuse('The server URL’s host is not a valid host name');
  if (url.port === '0') return refuse('The server URL’s port must be 1–65535');
  if (url.hash || raw.includes('#')) return refuse('The server URL cannot hold #');
  if (!appOf(url)) return refuse('The server URL needs its application path, as in rtmp://host/live');
  return { ok: true, value: `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}${url.pathname}${url.search}` };
}

const appOf = (url: URL): string => `${url.pathname}${url.search}`.replace(/^\/+|\/+$/g, '');

/** The target of a server URL `normaliseServerUrl` made. */
export function rtmpTarget(serverUrl: string): RtmpTarget {
  const url = new URL(serverUrl);
  const scheme = url.protocol as keyof typeof SCHEMES;
  const port = url.port ? Number(url.port) : SCHEMES[scheme];
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const app = appOf(url);
  return { tls: scheme === 'rtmps:', host, port, app, tcUrl: `${scheme}//${isIP(host) === 6 ? `[${host}]` : host}:${port}/${app}` };
}

/** Why a stream key cannot be used, or null: it is used exactly as typed, so nothing in it may be trimmed or dropped. */
export function streamKeyProblem(key: unknown): string | null {
  if (typeof key !== 'string' || !key) return 'The stream key is required';
  if ([...key].length > STREAM_KEY_MAX) return `The stream key is longer than ${STREAM_KEY_MAX} characters`;
  if (STREAM_KEY_FORBIDDEN.test(key)) return 'The stream key cannot hold spaces, control characters, / ? or #';
  return null;
}
