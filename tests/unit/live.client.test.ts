// @vitest-environment node
/**
 * The live clients (src/api/live.ts) against the issue-23 contract, on a recording fetch: each call's
 * method, path, token header and body, what the client makes of the answer, and the §8 mapping of a
 * refused call. (The end-to-end contract test against the real backend comes with the server side.)
 */
import { describe, expect, it } from 'vitest';
import { attachmentName, liveClient, publicLiveClient } from '../../src/api/live';
import { channelClient, PRODUCER_TOKEN_HEADER } from '../../src/api/channel';

interface Sent {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch that records the request and answers what `answer` says (JSON by default). */
function recorder(answer: (sent: Sent) => Response | { status?: number; json?: unknown } = () => ({ json: {} })) {
  const sent: Sent[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = request.body ? await request.text() : '';
    const url = new URL(request.url);
    const s: Sent = { method: request.method, path: url.pathname, query: url.search, headers: Object.fromEntries(request.headers), body: text ? JSON.parse(text) : null };
    sent.push(s);
    const a = answer(s);
    if (a instanceof Response) return a;
    return new Response(JSON.stringify(a.json ?? {}), { status: a.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  };
  return { sent, fetch: fetchImpl };
}

const BASE = 'http://studio.test/api/studio';
const TOKEN = 'producer-token';
const DEST = { id: 'd1', name: 'YouTube', serverUrl: 'rtmp://a.rtmp.youtube.com/live2', keyLast4: 'abcd', enabled: true, createdAt: 1 };

describe('liveClient: moderator calls with the producer token', () => {
  it.each([
    ['info', (c: ReturnType<typeof liveClient>) => c.info('ev 1'), 'GET', '/api/studio/live/ev%201', null],
    ['destinations', (c: ReturnType<typeof liveClient>) => c.destinations('ev1'), 'GET', '/api/studio/live/ev1/destinations', null],
    ['addDestination', (c: ReturnType<typeof liveClient>) => c.addDestination('ev1', { name: 'YouTube', serverUrl: 'rtmp://x/live', streamKey: 'secret-key' }), 'POST', '/api/studio/live/ev1/destinations', { name: 'YouTube', serverUrl: 'rtmp://x/live', streamKey: 'secret-key' }],
    ['updateDestination', (c: ReturnType<typeof liveClient>) => c.updateDestination('ev1', 'd/1', { enabled: false }), 'PATCH', '/api/studio/live/ev1/destinations/d%2F1', { enabled: false }],
    ['deleteDestination', (c: ReturnType<typeof liveClient>) => c.deleteDestination('ev1', 'd1'), 'DELETE', '/api/studio/live/ev1/destinations/d1', null],
    ['retryDestination', (c: ReturnType<typeof liveClient>) => c.retryDestination('ev1', 'd1'), 'POST', '/api/studio/live/ev1/destinations/d1/retry', null],
    ['recordings', (c: ReturnType<typeof liveClient>) => c.recordings('ev1'), 'GET', '/api/studio/live/ev1/recordings', null],
    ['deleteRecording', (c: ReturnType<typeof liveClient>) => c.deleteRecording('ev1', 'r1'), 'DELETE', '/api/studio/live/ev1/recordings/r1', null],
  ])('%s', async (_name, call, method, path, body) => {
    const r = recorder();
    await call(liveClient(BASE, () => TOKEN, r.fetch));
    expect(r.sent).toHaveLength(1);
    expect(r.sent[0]).toMatchObject({ method, path, body, query: '' });
    expect(r.sent[0]!.headers[PRODUCER_TOKEN_HEADER.toLowerCase()]).toBe(`Bearer ${TOKEN}`);
  });

  it('answers the server’s destination as it is', async () => {
    const r = recorder(() => ({ json: DEST }));
    await expect(liveClient(BASE, () => TOKEN, r.fetch).addDestination('ev1', { name: 'YouTube', serverUrl: 'rtmp://x', streamKey: 'k' })).resolves.toEqual(DEST);
  });

  it('a refused add rejects with the §8 body and its reason', async () => {
    const r = recorder(() => ({ status: 400, json: { type: 'unknown', code: 'BAD_REQUEST', message: 'serverUrl must start with rtmp:// or rtmps://' } }));
    await expect(liveClient(BASE, () => TOKEN, r.fetch).addDestination('ev1', { name: 'a', serverUrl: 'http://x', streamKey: 'k' })).rejects.toEqual({
      type: 'unknown',
      code: 'BAD_REQUEST',
      message: 'serverUrl must start with rtmp:// or rtmps://',
      status: 400,
    });
    expect(r.sent).toHaveLength(1); // a POST is never retried
  });

  it('downloads a recording with the header (no token in the URL), reports progress and names the file', async () => {
    const bytes = new Uint8Array(4096).fill(7);
    const r = recorder(
      () =>
        new Response(bytes, {
          status: 200,
          headers: { 'Content-Type': 'video/mp4', 'Content-Length': String(bytes.length), 'Content-Disposition': 'attachment; filename="launch 2025-01-01.mp4"' },
        }),
    );
    const progress: (number | null)[] = [];
    const file = await liveClient(BASE, () => TOKEN, r.fetch).downloadRecording('ev1', 'r1', (p) => progress.push(p.fraction));
    expect(r.sent[0]).toMatchObject({ method: 'GET', path: '/api/studio/live/ev1/recordings/r1/download', query: '' });
    expect(r.sent[0]!.headers[PRODUCER_TOKEN_HEADER.toLowerCase()]).toBe(`Bearer ${TOKEN}`);
    expect(file.fileName).toBe('launch 2025-01-01.mp4');
    expect(file.blob.size).toBe(bytes.length);
    expect(progress.at(-1)).toBe(1);
  });
});

describe('attachmentName', () => {
  it.each([
    ['attachment; filename="a.mp4"', 'a.mp4'],
    ["attachment; filename*=UTF-8''%C3%A9t%C3%A9.mp4; filename=\"ete.mp4\"", 'été.mp4'],
    ['attachment; filename=plain.mp4', 'plain.mp4'],
    ['attachment; filename="../../etc/passwd"', '.._.._etc_passwd'],
    ['attachment; filename=".."', 'fallback.mp4'],
    ["attachment; filename*=UTF-8''%E0%A4%A", 'fallback.mp4'],
    [null, 'fallback.mp4'],
  ])('%s → %s', (header, name) => expect(attachmentName(header, 'fallback.mp4')).toBe(name));
});

describe('publicLiveClient: the watch page needs no sign-in', () => {
  it('GET watch/{sharingUrl} without any token', async () => {
    const r = recorder(() => ({ json: { title: 'Launch', state: 'live', hls: '/hls/x/index.m3u8', verticalHls: '/hls-vertical/x/index.m3u8' } }));
    // Both playlists come back absolute (issue 34: the vertical program's too).
    await expect(publicLiveClient(BASE, r.fetch).watch('product-launch')).resolves.toEqual({ title: 'Launch', state: 'live', hls: 'http://studio.test/hls/x/index.m3u8', verticalHls: 'http://studio.test/hls-vertical/x/index.m3u8' });
    expect(r.sent[0]).toMatchObject({ method: 'GET', path: '/api/studio/watch/product-launch' });
    expect(Object.keys(r.sent[0]!.headers).filter((h) => /authorization/i.test(h))).toEqual([]);
  });

  it('an unknown sharing url is a 404 the page can tell apart', async () => {
    const r = recorder(() => ({ status: 404, json: { type: 'unknown', code: 'NOT_FOUND', message: 'No such event' } }));
    await expect(publicLiveClient(BASE, r.fetch).watch('nope')).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(r.sent).toHaveLength(1);
  });
});

describe('go live carries the broadcast quality', () => {
  it('POST channel/{uuid}/golive { quality }', async () => {
    const r = recorder(() => ({ json: { uuid: 'c1', eventStatus: 'LIVE' } }));
    await channelClient(BASE, () => TOKEN, r.fetch).goLive('c1', { quality: '720p' });
    expect(r.sent[0]).toMatchObject({ method: 'POST', path: '/api/studio/channel/c1/golive', body: { quality: '720p' } });
  });
});
