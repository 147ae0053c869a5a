/**
 * The capture: Debian's Chromium (playwright-core, `--disable-gpu`: software WebGL costs the least
 * CPU that way) opens the output page in capture mode, one page per program (16:9, and 9:16 when the
 * broadcast has a vertical program; issue 34). Each page encodes its program (canvas + program
 * sound, MediaRecorder H.264 + Opus in Matroska) and sends it over a loopback WebSocket to this
 * process, which hands the bytes to that program's ingest.
 *
 * The pages share one browser and one ingest server: each page is its own renderer process, so two
 * programs draw in parallel on two cores, while the browser and its display compositor are paid
 * once. The browser is guarded (processGuard.ts): it never outlives the worker.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserServer, type Page } from 'playwright-core';
import { WebSocketServer, type WebSocket } from 'ws';
import { BROWSER_ARGS, chromiumPath } from '../../chromium.mjs';
import { guardChild } from '../../processGuard';
import { redact } from './ffmpegProgress';
import { captureNetworkArgs } from './captureNetwork';
import { CAPTURE_PARAM, FORMAT_PARAM, parseCaptureStats, QUALITIES, QUALITY_PARAM, type CapturePageStats, type Quality } from '../../../lib/captureContract';
import { PORTRAIT, type FrameShape } from '../../../../compositor/model/frame';

export interface CaptureOptions {
  /** The output page with its channel and one-time capture token (`…/output?channel=…&token=…`). */
  pageUrl: string;
  /** The program this page draws. */
  shape: FrameShape;
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

/** A page's end of the shared ingest server: its secret path and what it is told. */
interface PageLink {
  o: CaptureOptions;
  log(line: string): void;
  socket: WebSocket | null;
  stopping: boolean;
}

/** The worker's one browser and ingest server, started by the first page and closed with the last. */
interface Host {
  ingestOrigin: string;
  links: Map<string, PageLink>;
  browser: Browser;
  server: BrowserServer;
  wss: WebSocketServer;
}
let host: Promise<Host> | null = null;

async function startHost(o: CaptureOptions, hidden: string[]): Promise<Host> {
  const links = new Map<string, PageLink>();
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: 16 * 1024 * 1024 });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  wss.on('connection', (ws, req) => {
    const link = links.get(req.url ?? '');
    // One page, one connection: an unknown path or a second connection (a reload) is refused.
    if (!link || link.socket) return ws.close(1008, 'not this capture');
    link.socket = ws;
    ws.on('message', (data, isBinary) => {
      if (isBinary) return link.o.media(Buffer.isBuffer(data) ? data : Buffer.concat(data as Buffer[]));
      const text = data.toString();
      const stats = parseCaptureStats(text);
      if (stats) link.o.stats(stats);
      else link.log(`page: ${text.slice(0, 500)}`);
    });
    ws.on('close', () => !link.stopping && link.o.ended('the capture page closed its connection'));
  });
  const ingestOrigin = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
  let server: BrowserServer | null = null;
  try {
    const network = captureNetworkArgs([new URL(o.pageUrl).origin, ingestOrigin, ...o.reachable]);
    server = await chromium.launchServer({ executablePath: chromiumPath(), args: [...BROWSER_ARGS, '--disable-gpu', ...network], headless: true, handleSIGINT: false, handleSIGTERM: false });
    const proc = server.process();
    guardChild(proc, 'chromium');
    proc.once('exit', () => {
      for (const link of links.values()) if (!link.stopping) link.o.ended('the capture browser exited');
    });
    const browser = await chromium.connect(server.wsEndpoint());
    return { ingestOrigin, links, browser, server, wss };
  } catch (error) {
    await server?.kill().catch(() => undefined);
    wss.close();
    throw new Error(redact(error instanceof Error ? error.message : String(error), hidden));
  }
}

/** Closes the browser and the ingest server once no page uses them. */
async function release(h: Host, path: string): Promise<void> {
  h.links.delete(path);
  if (h.links.size) return;
  host = null;
  await h.browser.close().catch(() => undefined);
  await h.server.close().catch(() => undefined);
  for (const c of h.wss.clients) c.terminate();
  h.wss.close();
}

export async function startCapture(o: CaptureOptions) {
  const path = `/ingest/${randomBytes(18).toString('base64url')}`;
  // The page's URL carries its one-time capture token and the ingest path its secret: no log line shows either.
  const hidden = [new URL(o.pageUrl).searchParams.get('token') ?? '', path.slice('/ingest/'.length)];
  const log = (line: string) => o.log(redact(line, hidden));
  host ??= startHost(o, hidden).catch((e: unknown) => {
    host = null;
    throw e;
  });
  const h = await host;
  const link: PageLink = { o, log, socket: null, stopping: false };
  h.links.set(path, link);

  const { width, height } = QUALITIES[o.quality];
  let page: Page | null = null;
  try {
    // The page keeps its CSP: the backend's policy for a capture page allows exactly this worker's ingest (live/captureCsp.ts).
    page = await h.browser.newPage({ viewport: o.shape === PORTRAIT ? { width: height, height: width } : { width, height } });
    page.on('console', (m) => m.type() === 'error' && log(`page console: ${m.text().slice(0, 300)}`));
    page.on('crash', () => !link.stopping && o.ended('the capture page crashed'));
    const url = new URL(o.pageUrl);
    url.searchParams.set(CAPTURE_PARAM, h.ingestOrigin + path);
    url.searchParams.set(QUALITY_PARAM, o.quality);
    if (o.shape === PORTRAIT) url.searchParams.set(FORMAT_PARAM, o.shape);
    await page.goto(url.href, { waitUntil: 'load' });
  } catch (error) {
    link.stopping = true;
    await page?.close().catch(() => undefined);
    await release(h, path);
    throw new Error(redact(error instanceof Error ? error.message : String(error), hidden));
  }

  return {
    /** Closes the page (its recorder's last slice is sent), then the browser once no other page uses it. */
    async stop(): Promise<void> {
      link.stopping = true;
      await page?.close().catch(() => undefined);
      link.socket?.terminate();
      await release(h, path);
    },
    kill(): void {
      link.stopping = true;
      void h.server.kill().catch(() => undefined);
      h.wss.close();
    },
  };
}
export type Capture = Awaited<ReturnType<typeof startCapture>>;
