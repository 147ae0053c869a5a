/**
 * Serves the studio: `/studio/instant-demo/config.json` (CONTRACT.md "Runtime configuration": every
 * service on this server, by relative address) always, and, when a build folder exists, the build
 * under `/studio/instant-demo/` with the SPA fallback to its index.html for unknown paths there.
 * HTML goes out with the build's Content-Security-Policy as a header, as `vite preview` sends it
 * (vite.config.ts: the <meta> policy plus frame-ancestors), with connect-src allowing this server's
 * own origin (the request's checked origin, origins.ts: never a Host header as sent) for http(s)
 * and ws(s). Source maps (`*.map`) are served only when asked for (`sourceMaps`): a production
 * backend does not hand out the studio's source by default. The output page opened by a capture
 * worker gets its own policy (live/captureCsp.ts) as the header alone: the build's <meta> policy,
 * which would still forbid the worker's ingest socket, is left out of that page.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { captureCsp } from './live/captureCsp';

export const STUDIO_BASE = '/studio/instant-demo/';

export const RUNTIME_CONFIG = {
  backend: 'server',
  userManager: '/usermanager/',
  tokenExchange: '/token-exchange/v1/',
  eventApi: '/ptapi/api/',
  eventSocket: '/ptapi/websocket',
  studioApi: '/api/studio',
  assetApi: '/api/v1/',
  cms: '/cms/',
  disablePtSequinCheck: false,
} as const;

/** A build without a <meta> policy (not one of ours) gets the strictest useful one. */
const FALLBACK_CSP = "default-src 'self'; object-src 'none'; base-uri 'self'";

/** The policy of the build's <meta> tag, or the fallback. */
export function buildCsp(indexHtml: string | null): string {
  const meta = indexHtml ? /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(indexHtml)?.[1] : undefined;
  return meta ?? FALLBACK_CSP;
}

/**
 * The header: the build's policy, connect-src opened to this server's origin (`http://host:port`,
 * checked, see origins.ts) and its WebSocket twin and to `connect`, plus frame-ancestors.
 */
export function cspHeader(policy: string, origin: string, connect: readonly string[] = []): string {
  const own = [origin, origin.replace(/^http/, 'ws'), ...connect].map((s) => ` ${s}`).join('');
  const directives = policy.split(';').map((d) => d.trim()).filter(Boolean);
  const withOrigin = directives.map((d) => (d.startsWith('connect-src') ? `${d}${own}` : d));
  if (!withOrigin.some((d) => d.startsWith('frame-ancestors'))) withOrigin.push("frame-ancestors 'none'");
  return withOrigin.join('; ');
}

/** The SPA fallback (for the not-found handler), or null when no build is served. */
export type SpaFallback = (req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

export interface StudioOptions {
  /** Whether the meeting runs (config.json `meeting`). */
  meeting: boolean;
  /** More connect-src sources of the page. */
  connect: readonly string[];
  /** Whether the build's source maps (`*.map`) are served (404 otherwise). */
  sourceMaps: boolean;
  /** The capture page: the ingest origin a request may open (null: not a capture), and the media origins. */
  capture?: { ingest(req: FastifyRequest): Promise<string | null>; media: readonly string[] };
}

export function studioRoutes(app: FastifyInstance, distDir: string | null, options: StudioOptions = { meeting: false, connect: [], sourceMaps: false }): { served: boolean; fallback: SpaFallback | null } {
  const config = { ...RUNTIME_CONFIG, meeting: options.meeting };
  app.get(`${STUDIO_BASE}config.json`, async (_req, reply) => reply.header('Cache-Control', 'no-store').send(config));

  const indexPath = distDir ? join(distDir, 'index.html') : null;
  if (!distDir || !indexPath || !existsSync(indexPath)) return { served: false, fallback: null };
  const indexHtml = readFileSync(indexPath, 'utf8');
  const policy = buildCsp(indexHtml);

  const withoutMetaPolicy = indexHtml.replace(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>\s*/i, '');

  const sendIndex = async (req: FastifyRequest, reply: FastifyReply) => {
    const ingest = options.capture ? await options.capture.ingest(req) : null;
    const [csp, html] = ingest ? [captureCsp(policy, req.publicOrigin, ingest, options.capture!.media), withoutMetaPolicy] : [cspHeader(policy, req.publicOrigin, options.connect), indexHtml];
    return reply.header('Content-Security-Policy', csp).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };

  app.register(fastifyStatic, {
    root: distDir,
    prefix: STUDIO_BASE,
    index: false,
    wildcard: true,
    decorateReply: false,
    allowedPath: (path) => options.sourceMaps || !path.endsWith('.map'),
    setHeaders: (reply, path) => {
      if (path.endsWith('.html')) reply.header('Content-Security-Policy', cspHeader(policy, reply.request.publicOrigin, options.connect));
    },
  });
  app.get(STUDIO_BASE, sendIndex);
  app.get(`${STUDIO_BASE}index.html`, sendIndex);
  return { served: true, fallback: (req, reply) => sendIndex(req, reply.code(200)) };
}

