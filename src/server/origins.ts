/**
 * Which Host headers the backend answers, and the origin its absolute URLs (file URLs, the join
 * link, the page's CSP) are built on. A Host is never pasted into an answer unchecked: only the
 * address it listens on (with its loopback aliases) and the configured public origins
 * (`STUDIO_PUBLIC_ORIGINS`, e.g. `https://studio.example.com` behind a reverse proxy) are answered;
 * any other Host is refused (400) before routing, which also shuts out DNS-rebinding pages.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's origin (`http://127.0.0.1:8787`), from its checked Host header. */
    publicOrigin: string;
  }
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

export interface Origins {
  /** Called once the server listens: its own address becomes an allowed Host. */
  listening(host: string, port: number): void;
  /** The origin for a Host header, or null when this backend does not answer that Host. */
  originFor(host: string | undefined): string | null;
  /** Whether `origin` (`http://127.0.0.1:8787`) is one this backend answers as. */
  isOwn(origin: string): boolean;
  /** The configured public origins. */
  publicOrigins: readonly string[];
}

/** `publicOrigins`: absolute origins (`https://studio.example.com`); throws on one that is not. */
export function createOrigins(publicOrigins: readonly string[] = []): Origins {
  const byHost = new Map<string, string>();
  for (const text of publicOrigins) {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`A public origin must be http(s): ${text}`);
    byHost.set(url.host.toLowerCase(), url.origin);
  }
  const own = new Map<string, string>();
  const originFor = (host: string | undefined): string | null => (host ? (byHost.get(host.toLowerCase()) ?? own.get(host.toLowerCase()) ?? null) : null);
  return {
    listening(host, port) {
      const names = LOOPBACK.has(host) ? ['127.0.0.1', 'localhost', '[::1]'] : [host.includes(':') ? `[${host}]` : host];
      for (const name of names) own.set(`${name}:${port}`, `http://${name}:${port}`);
    },
    originFor,
    isOwn(origin) {
      try {
        return originFor(new URL(origin).host) === origin;
      } catch {
        return false;
      }
    },
    publicOrigins: [...byHost.values()],
  };
}

export function installHostCheck(app: FastifyInstance, origins: Origins): void {
  app.decorateRequest('publicOrigin', '');
  app.addHook('onRequest', async (req) => {
    const origin = origins.originFor(req.headers.host);
    if (!origin) throw badRequest('This server does not answer for that Host (set STUDIO_PUBLIC_ORIGINS to the address it is reached at)');
    req.publicOrigin = origin;
  });
}
