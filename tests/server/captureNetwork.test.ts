// @vitest-environment node
/**
 * The capture Chromium reaches only what its page needs (issue 31): the real capture
 * (src/server/live/worker/capture.ts, Debian's Chromium) opens a page that tries every way out it
 * has — pictures, fetches and sockets to loopback HTTP and HTTPS services, this page's server under
 * another name — while loopback servers record every request. Only the page's own server, the
 * worker's ingest and the origin listed as reachable get any.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCapture } from '../../src/server/live/worker/capture';
import { captureNetworkArgs, NOWHERE_PROXY } from '../../src/server/live/worker/captureNetwork';
import { removeDir, tempDir } from './helpers';
import type { CapturePageStats } from '../../src/lib/captureContract';
import { testCertificates } from '../../src/server/dev/servers/rtmpServer';

/** The page: opens the ingest it is given, sends its figures, then tries to reach every target, and says when it is done. */
const PAGE = `<!doctype html><html><body><script>
const params = new URLSearchParams(location.search);
const targets = JSON.parse(params.get('targets'));
const socket = new WebSocket(params.get('capture'));
socket.onopen = async () => {
  socket.send(new Uint8Array([1, 2, 3]));
  socket.send('stats {"renderMs":12.5,"droppedBeforeEncoding":3}');
  for (const url of targets) {
    const img = new Image(); img.src = url + '/img';
    const video = document.createElement('video'); video.src = url + '/video'; document.body.append(video);
    fetch(url + '/fetch', { mode: 'no-cors' }).catch(() => undefined);
    try { new WebSocket(url.replace(/^http/, 'ws') + '/socket'); } catch {}
  }
  setTimeout(() => socket.send('done'), 3000);
};
</script></body></html>`;

interface Recorder {
  server: Server;
  origin: string;
  /** Every request and socket it heard of (the page itself and its favicon excepted). */
  hits: string[];
}

/** A loopback server that records what reaches it; with `page`, it serves it at /output. */
async function recorder(o: { tls?: { cert: Buffer; key: Buffer }; page?: string } = {}): Promise<Recorder> {
  const hits: string[] = [];
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    if (o.page && req.url?.startsWith('/output')) return void res.setHeader('Content-Type', 'text/html').end(o.page);
    if (o.page && req.url === '/favicon.ico') return void res.end();
    hits.push(req.url ?? '');
    res.end();
  };
  const server = o.tls ? createHttpsServer(o.tls, handler) : createHttpServer(handler);
  server.on('upgrade', (req: IncomingMessage, socket) => {
    hits.push(`upgrade ${req.url}`);
    socket.destroy();
  });
  // A connection is already the attack (a port scan, a TLS handshake with an internal service), request or not.
  if (o.tls) server.on('connection', () => hits.push('connection'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `${o.tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as { port: number }).port}`, hits };
}

let dir: string;
let page: Recorder;
let listed: Recorder;
let trapHttp: Recorder;
let trapHttps: Recorder;

beforeAll(async () => {
  dir = tempDir();
  const certs = testCertificates(dir);
  page = await recorder({ page: PAGE });
  listed = await recorder();
  trapHttp = await recorder();
  trapHttps = await recorder({ tls: { cert: readFileSync(certs.signed.certFile), key: readFileSync(certs.signed.keyFile) } });
});
afterAll(() => {
  for (const r of [page, listed, trapHttp, trapHttps]) r?.server.close();
  if (dir) removeDir(dir);
});

describe('the capture browser', () => {
  it('names the origins it reaches and sends everything else nowhere', () => {
    expect(captureNetworkArgs(['http://127.0.0.1:8787', 'ws://127.0.0.1:4321', 'https://cdn.example.com', 'http://127.0.0.1:8787'])).toEqual([
      `--proxy-server=${NOWHERE_PROXY}`,
      '--proxy-bypass-list=<-loopback>;127.0.0.1:8787;127.0.0.1:4321;cdn.example.com:443',
    ]);
  });

  it('reaches its page, the ingest and the listed origin; no other service of the server hears from it', async () => {
    const pagePort = new URL(page.origin).port;
    const targets = [trapHttp.origin, trapHttps.origin, `http://localhost:${pagePort}`, listed.origin];
    const pageUrl = `${page.origin}/output?token=t&targets=${encodeURIComponent(JSON.stringify(targets))}`;
    const media: Buffer[] = [];
    const lines: string[] = [];
    const stats: CapturePageStats[] = [];
    const capture = await startCapture({ pageUrl, shape: '16:9', quality: '560p', reachable: [listed.origin], media: (c) => media.push(c), log: (l) => lines.push(l), stats: (s) => stats.push(s), ended: () => undefined });
    try {
      await vi.waitFor(() => expect(lines).toContain('page: done'), { timeout: 30_000, interval: 200 });
    } finally {
      await capture.stop();
    }
    expect(Buffer.concat(media)).toEqual(Buffer.from([1, 2, 3]));
    // The page's figures reach the worker as figures, not as a log line.
    expect(stats).toEqual([{ renderMs: 12.5, droppedBeforeEncoding: 3 }]);
    expect(lines.filter((l) => l.includes('stats'))).toEqual([]);
    expect(listed.hits).toEqual(expect.arrayContaining(['/img', '/fetch']));
    expect({ http: trapHttp.hits, https: trapHttps.hits, pageUnderAnotherName: page.hits }).toEqual({ http: [], https: [], pageUnderAnotherName: [] });
  });
});
