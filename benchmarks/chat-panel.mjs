#!/usr/bin/env node
/**
 * Chat panel benchmark (issue: "the chat list stays smooth with 5,000 messages"): mounts the real
 * ChatPanel in headless Chromium with 50 and with 5,000 public messages and reports mount time,
 * first frame, scroll frame times, rows in the DOM and the cost of one incoming message. The
 * 50-message run is the baseline: a virtualised list should cost about the same at 5,000.
 * Prints JSON, then a one-line summary.  node benchmarks/chat-panel.mjs [--json-only]
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const JSON_ONLY = process.argv.includes('--json-only');
const CACHE = join(ROOT, 'node_modules', '.cache', 'studio-benchmarks');
mkdirSync(join(CACHE, 'tmp'), { recursive: true });
process.env.TMPDIR = join(CACHE, 'tmp');

const { createServer } = await import('vite');
const react = (await import('@vitejs/plugin-react')).default;
const { chromium } = await import('@playwright/test');
const log = (...a) => !JSON_ONLY && console.error('[bench]', ...a);

const server = await createServer({
  configFile: false,
  root: ROOT,
  base: '/',
  plugins: [react()],
  logLevel: 'warn',
  cacheDir: join(CACHE, 'vite-chat'),
  server: { host: '127.0.0.1', port: 0, hmr: false, watch: null },
  optimizeDeps: { entries: ['benchmarks/chat-harness/index.html'] },
});
let browser;
try {
  await server.listen();
  const url = `http://127.0.0.1:${server.httpServer.address().port}/benchmarks/chat-harness/index.html`;
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/lib/chromium/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForFunction(() => window.__bench !== undefined, null, { timeout: 60_000 });
  const results = [];
  for (const n of [50, 5000, 50, 5000]) {
    log(`${n} messages …`);
    results.push(await page.evaluate((count) => window.__bench.run(count), n));
  }
  // The second pass of each size is measured (the first warms up Vite and the JIT).
  const [base, big] = [results[2], results[3]];
  const round = (x) => Math.round(x * 100) / 100;
  const out = {
    baseline50: Object.fromEntries(Object.entries(base).map(([k, v]) => [k, round(v)])),
    at5000: Object.fromEntries(Object.entries(big).map(([k, v]) => [k, round(v)])),
    ratio5000to50: { mount: round(big.mountMs / base.mountMs), scrollP95: round(big.scrollFrameP95 / base.scrollFrameP95) },
    errors,
  };
  console.log(JSON.stringify(out, null, 2));
  console.log(
    `chat panel @5000: mount ${round(big.mountMs)} ms (${out.ratio5000to50.mount}x of @50), scroll frame p95 ${round(big.scrollFrameP95)} ms, ${big.rowsInDom} rows in DOM, incoming message ${round(big.incomingP50)} ms`,
  );
} finally {
  await browser?.close();
  await server.close();
}
