#!/usr/bin/env node
/**
 * Chat panel benchmark (issue: "the chat list stays smooth with 5,000 messages"): mounts the real
 * ChatPanel in headless Chromium with 50 and with 5,000 public messages and reports mount time,
 * first frame, rows in the DOM, scroll frame times and the cost of one incoming message, each with
 * its main-thread CPU time, and the list's behaviour checks. A warm-up pass, then `--rounds` measured
 * passes (sizes alternating); the figures are medians over the rounds. The 50-message run is the
 * baseline: a virtualised list should cost about the same at 5,000.
 * Prints JSON, then a summary.  node benchmarks/chat-panel.mjs [--json-only] [--rounds N]
 */
import { mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const JSON_ONLY = process.argv.includes('--json-only');
const roundsArg = process.argv.indexOf('--rounds');
const ROUNDS = roundsArg > 0 ? Math.max(1, Number(process.argv[roundsArg + 1]) || 5) : 5;
const SIZES = [50, 5000];
const FIGURES = [
  'rowsInDom',
  'rowsAfterScroll',
  'mountMs',
  'firstFrameMs',
  'scrollFrameP50',
  'scrollFrameP95',
  'incomingP50',
  'incomingSyncP50',
  'incomingFollowP50',
  'mountCpuMs',
  'scrollCpuPerFrameMs',
  'incomingCpuMs',
  'incomingFollowCpuMs',
];
const CACHE = join(ROOT, 'node_modules', '.cache', 'studio-benchmarks');
mkdirSync(join(CACHE, 'tmp'), { recursive: true });
process.env.TMPDIR = join(CACHE, 'tmp');

const { createServer } = await import('vite');
const react = (await import('@vitejs/plugin-react')).default;
const { chromium } = await import('@playwright/test');
const log = (...a) => !JSON_ONLY && console.error('[bench]', ...a);
const round = (x) => Math.round(x * 100) / 100;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

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
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--js-flags=--expose-gc'],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  // Main-thread CPU time for the harness: unlike wall time, it hardly grows when other processes take the CPU.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  await page.exposeFunction('__cpuMs', async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((m) => m.name === 'ThreadTime').value * 1000;
  });
  await page.goto(url);
  await page.waitForFunction(() => window.__bench !== undefined, null, { timeout: 60_000 });
  const load = [loadavg()[0]];
  const run = (n) => page.evaluate((count) => window.__bench.run(count), n);

  log('warm-up …'); // Vite, the JIT
  for (const n of SIZES) await run(n);
  const results = Object.fromEntries(SIZES.map((n) => [n, []]));
  for (let r = 0; r < ROUNDS; r++) {
    log(`round ${r + 1}/${ROUNDS} …`);
    for (const n of SIZES) results[n].push(await run(n));
  }
  load.push(loadavg()[0]);

  const summarise = (runs) => ({
    ...Object.fromEntries(FIGURES.map((f) => [f, round(median(runs.map((x) => x[f])))])),
    behaviour: Object.fromEntries(Object.keys(runs[0].behaviour).map((k) => [k, runs.every((x) => x.behaviour[k])])),
  });
  const [base, big] = [summarise(results[50]), summarise(results[5000])];
  const out = {
    rounds: ROUNDS,
    machine: { cores: cpus().length, loadavg: load.map(round) },
    baseline50: base,
    at5000: big,
    ratio5000to50: {
      mount: round(big.mountMs / base.mountMs),
      mountCpu: round(big.mountCpuMs / base.mountCpuMs),
      scrollP95: round(big.scrollFrameP95 / base.scrollFrameP95),
      scrollCpu: round(big.scrollCpuPerFrameMs / base.scrollCpuPerFrameMs),
      incomingCpu: round(big.incomingCpuMs / base.incomingCpuMs),
    },
    errors,
  };
  console.log(JSON.stringify(out, null, 2));
  const ok = Object.values(big.behaviour).every(Boolean) ? 'behaviour ok' : `behaviour FAILED ${JSON.stringify(big.behaviour)}`;
  console.log(
    `chat panel @5000 (medians of ${ROUNDS}): ${big.rowsInDom} rows in DOM, mount ${big.mountMs} ms (${out.ratio5000to50.mount}x of @50), scroll frame p50/p95 ${big.scrollFrameP50}/${big.scrollFrameP95} ms, incoming message ${big.incomingP50} ms (at the bottom ${big.incomingFollowP50} ms), ${ok}`,
  );
  console.log(
    `  main-thread CPU: mount ${big.mountCpuMs} ms (${out.ratio5000to50.mountCpu}x of @50), ${big.scrollCpuPerFrameMs} ms per scroll frame (${out.ratio5000to50.scrollCpu}x), ${big.incomingCpuMs} ms per incoming message (${out.ratio5000to50.incomingCpu}x; at the bottom ${big.incomingFollowCpuMs} ms)`,
  );
} finally {
  await browser?.close();
  await server.close();
}
