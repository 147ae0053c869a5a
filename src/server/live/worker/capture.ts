/**
 * The capture: Debian's Chromium (playwright-core, `--disable-gpu`: software WebGL costs the least
 * CPU that way) opens the output page in capture mode; the page encodes the program (canvas +
 * program sound, MediaRecorder H.264 + Opus in Matroska) and sends it over a loopback WebSocket to
 * this process, which hands the bytes to the ingest. The browser is guarded (processGuard.ts): it
 * never outlives the worker.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserServer } from 'playwright-core';
import { WebSocketServer } from 'ws';
import { BROWSER_ARGS, chromiumPath } from '../../chromium.mjs';
import { guardChild } from '../../processGuard';
import { redact } from './ffmpegProgress';
import { captureNetworkArgs } from './captureNetwork';
import { CAPTURE_PARAM, parseCaptureStats, QUALITIES, QUALITY_PARAM, type CapturePageStats, type Quality } from '../../../lib/captureContract';

export interface CaptureOptions {
  /** The output page with its channel and one-time capture token (`…/output?channel=…&token=…`). */
  pageUrl: string;
  quality: Quality;
  /** Origins the page may load from besides its own and the ingest (media and public origins); nothing else is reachable. */
  reachable: readonly string[];
  /** Encoded program bytes (Matroska). */
  media(chunk: Buffer): void;
  /** The page said something (its status, a console error). */
  log(line: string): void;
  /** The page's own figures (its draw time, the frames its clock missed), each second. */
  stats(s: CapturePageStats): void;
  /** The capture ended by itself (the page closed its socket, the browser crashed). */
  ended(reason: string): void;
}


export async function startCapture(o: CaptureOptions) {
  const secret = randomBytes(18).toString('base64url');
  // The page's URL carries its one-time capture token and the ingest path its secret: no log line shows either.
  const hidden = [new URL(o.pageUrl).searchParams.get('token') ?? '', secret];
  const log = (line: string) => o.log(redact(line, hidden));
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: `/ingest/${secret}`, maxPayload: 16 * 1024 * 1024 });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  let connected = false;
  let stopping = false;
  wss.on('connection', (ws) => {
    // One page, one connection: a second one (a reload) replaces nothing, it is refused.
    if (connected) return ws.close(1008, 'already capturing');
    connected = true;
    ws.on('message', (data, isBinary) => {
      if (isBinary) return o.media(Buffer.isBuffer(data) ? data : Buffer.concat(data as Buffer[]));
      const text = data.toString();
      const stats = parseCaptureStats(text);
      if (stats) o.stats(stats);
      else log(`page: ${text.slice(0, 500)}`);
    });
    ws.on('close', () => !stopping && o.ended('the capture page closed its connection'));
  });
  const ingestUrl = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/ingest/${secret}`;

  const { width, height } = QUALITIES[o.quality];
  let server: BrowserServer | null = null;
  let browser: Browser | null = null;
  try {
    const network = captureNetworkArgs([new URL(o.pageUrl).origin, new URL(ingestUrl).origin, ...o.reachable]);
    server = await chromium.launchServer({ executablePath: chromiumPath(), args: [...BROWSER_ARGS, '--disable-gpu', ...network], headless: true, handleSIGINT: false, handleSIGTERM: false });
    const proc = server.process();
    guardChild(proc, 'chromium');
    proc.once('exit', () => !stopping && o.ended('the capture browser exited'));
    browser = await chromium.connect(server.wsEndpoint());
    // The page keeps its CSP: the backend's policy for a capture page allows exactly this worker's ingest (live/captureCsp.ts).
    const page = await browser.newPage({ viewport: { width, height } });
    page.on('console', (m) => m.type() === 'error' && log(`page console: ${m.text().slice(0, 300)}`));
    page.on('crash', () => !stopping && o.ended('the capture page crashed'));
    const url = new URL(o.pageUrl);
    url.searchParams.set(CAPTURE_PARAM, ingestUrl);
    url.searchParams.set(QUALITY_PARAM, o.quality);
    await page.goto(url.href, { waitUntil: 'load' });
  } catch (error) {
    stopping = true;
    await server?.kill().catch(() => undefined);
    wss.close();
    throw new Error(redact(error instanceof Error ? error.message : String(error), hidden));
  }

  return {
    /** Closes the page (its recorder's last slice is sent), then the browser. */
    async stop(): Promise<void> {
      stopping = true;
      await browser?.close().catch(() => undefined);
      await server?.close().catch(() => undefined);
      for (const c of wss.clients) c.terminate();
      wss.close();
    },
    kill(): void {
      stopping = true;
      void server?.kill().catch(() => undefined);
      wss.close();
    },
  };
}
export type Capture = Awaited<ReturnType<typeof startCapture>>;
