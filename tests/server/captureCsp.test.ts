// @vitest-environment node
/** The capture page's policy (src/server/live/captureCsp.ts): its CSP stays on, opened to exactly its worker's ingest. */
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { tokenHash } from '../../src/server/auth';
import { captureCsp, captureIngest, ingestOrigin } from '../../src/server/live/captureCsp';

/** The build's policy as vite.config.ts writes it (the style hash left out). */
const BUILD = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; img-src 'self' data: blob: https:; media-src 'self' blob: https:; connect-src 'self' https: wss: data: blob:; worker-src 'self' blob:; object-src 'none'";

describe('the capture page policy', () => {
  it('allows its origin, the ingest and the media origins; no scheme-wide https: or wss:', () => {
    expect(captureCsp(BUILD, 'http://127.0.0.1:8787', 'ws://127.0.0.1:4321', ['https://cdn.example.com']).split('; ')).toEqual([
      "default-src 'self'",
      "script-src 'self' 'wasm-unsafe-eval'",
      "img-src 'self' data: blob: https://cdn.example.com",
      "media-src 'self' blob: https://cdn.example.com",
      "connect-src 'self' data: blob: http://127.0.0.1:8787 ws://127.0.0.1:8787 ws://127.0.0.1:4321",
      "worker-src 'self' blob:",
      "object-src 'none'",
      "frame-ancestors 'none'",
    ]);
  });

  it.each<[string, string | null]>([
    ['ws://127.0.0.1:4321/ingest/secret', 'ws://127.0.0.1:4321'],
    ['ws://127.0.0.1:4321/elsewhere', null],
    ['ws://localhost:4321/ingest/secret', null],
    ['wss://127.0.0.1:4321/ingest/secret', null],
    ['ws://169.254.169.254:80/ingest/x', null],
    ['ws://127.0.0.1/ingest/x', null],
    ['not a url', null],
  ])('an ingest of %s opens %s', (text, origin) => expect(ingestOrigin(text)).toBe(origin));

  it("is given only to a URL with the capture token of the channel's running job", async () => {
    const valid = { channel: 'ch-1', hash: tokenHash('capture-token') };
    const db = { query: async <T,>(_sql: string, params?: unknown[]) => (params?.[0] === valid.channel && params?.[1] === valid.hash ? [{ '?column?': 1 }] : []) as T[] };
    const ingest = captureIngest(db);
    const req = (query: string) => ({ url: `/studio/instant-demo/output?${query}` }) as FastifyRequest;
    const capture = 'capture=ws%3A%2F%2F127.0.0.1%3A4321%2Fingest%2Fs';
    expect(await ingest(req(`channel=ch-1&token=capture-token&${capture}`))).toBe('ws://127.0.0.1:4321');
    expect(await ingest(req(`channel=ch-1&token=made-up&${capture}`))).toBeNull();
    expect(await ingest(req(`channel=ch-2&token=capture-token&${capture}`))).toBeNull();
    expect(await ingest(req('channel=ch-1&token=capture-token'))).toBeNull();
  });
});
