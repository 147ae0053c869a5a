#!/usr/bin/env node
/**
 * Chat panel benchmark (issue: "the chat list stays smooth with 5,000 messages"): mounts the real
 * ChatPanel in headless Chromium with 50 and with 5,000 public messages and reports mount time,
 * first frame, scroll frame times, rows in the DOM and the cost of one incoming message, with the
 * list's behaviour checks. The 50-message run is the baseline: a virtualised list should cost about
 * the same at 5,000.
 * EXPERIMENT (branch chat-virtualizer): the list variants ('ours' today, 'tanstack', each also with
 * memoised rows) run in the same page, interleaved, and the summary gives each over 'ours' per figure
 * (medians over the rounds of the ratio within a round).
 * Prints JSON, then a summary.  node benchmarks/chat-panel.mjs [--json-only] [--rounds N]
 */
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const JSON_ONLY = process.argv.includes('--json-only');
const roundsArg = process.argv.indexOf('--rounds');
const ROUNDS = roundsArg > 0 ? Math.max(1, Number(process.argv[roundsArg + 1]) || 5) : 5;
const IMPLS = ['ours', 'ours+memo', 'tanstack', 'tanstack+memo'];
const SIZES = [50, 5000];
const CACHE = join(ROOT, 'node_modules', '.cache', 'studio-benchmarks');
mkdirSync(join(CACHE, 'tmp'), { recursive: true });
process.env.TMPDIR = join(CACHE, 'tmp');

const { createServer } = await import('vite');
const react = (await import('@vitejs/plugin-react')).default;
const { chromium } = await import('@playwright/test');
const log = (...a) => !JSON_ONLY && console.error('[bench]', ...a);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const round = (x) => Math.round(x * 100) / 100;
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
  'incomingFollowFrameP50',
  'mountCpuMs',
  'scrollCpuPerFrameMs',
  'incomingCpuMs',
  'incomingFollowCpuMs',
];

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
  // Main-thread CPU time for the harness: it does not grow when other processes take the CPU.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  await page.exposeFunction('__cpuMs', async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((m) => m.name === 'ThreadTime').value * 1000;
  });
  await page.goto(url);
  await page.waitForFunction(() => window.__bench !== undefined, null, { timeout: 60_000 });
  const load = [loadavg()[0]];
  const run = (impl, n) => page.evaluate(([i, count]) => window.__bench.run(count, i), [impl, n]);

  // A warm-up pass of each (Vite, the JIT), then the measured rounds; the order flips every round.
  log('warm-up …');
  // (the order rotates every round)
  for (const impl of IMPLS) for (const n of SIZES) await run(impl, n);
  const results = Object.fromEntries(IMPLS.map((impl) => [impl, Object.fromEntries(SIZES.map((n) => [n, []]))]));
  for (let r = 0; r < ROUNDS; r++) {
    log(`round ${r + 1}/${ROUNDS} …`);
    const order = IMPLS.map((_, i) => IMPLS[(i + r) % IMPLS.length]);
    for (const n of SIZES) for (const impl of order) results[impl][n].push(await run(impl, n));
  }
  load.push(loadavg()[0]);

  const summarise = (runs) => ({
    ...Object.fromEntries(FIGURES.map((f) => [f, round(median(runs.map((x) => x[f])))])),
    behaviour: Object.fromEntries(Object.keys(runs[0].behaviour).map((k) => [k, runs.every((x) => x.behaviour[k])])),
  });
  const byImpl = Object.fromEntries(IMPLS.map((impl) => [impl, { baseline50: summarise(results[impl][50]), at5000: summarise(results[impl][5000]) }]));
  const out = {
    rounds: ROUNDS,
    machine: { cores: (await import('node:os')).cpus().length, loadavg: load.map(round) },
    byImpl,
    ratio5000to50: Object.fromEntries(IMPLS.map((impl) => [impl, { mount: round(byImpl[impl].at5000.mountMs / byImpl[impl].baseline50.mountMs), scrollP95: round(byImpl[impl].at5000.scrollFrameP95 / byImpl[impl].baseline50.scrollFrameP95) }])),
    // Each variant over 'ours' at 5,000: per round (same page, minutes apart at most), then the median.
    vsOurs5000: Object.fromEntries(
      IMPLS.filter((impl) => impl !== 'ours').map((impl) => [
        impl,
        Object.fromEntries(FIGURES.map((f) => [f, round(median(results[impl][5000].map((x, i) => x[f] / results.ours[5000][i][f])))])),
      ]),
    ),
    errors,
  };
  console.log(JSON.stringify(out, null, 2));
  const line = (impl) => {
    const b = byImpl[impl].at5000;
    const ok = Object.values(b.behaviour).every(Boolean) ? 'behaviour ok' : `behaviour FAILED ${JSON.stringify(b.behaviour)}`;
    return [
      `${impl.padEnd(13)} @5000: ${b.rowsInDom} rows in DOM, mount ${b.mountMs} ms (${out.ratio5000to50[impl].mount}x of @50), scroll frame p50/p95 ${b.scrollFrameP50}/${b.scrollFrameP95} ms, incoming ${b.incomingP50} ms (flushSync alone ${b.incomingSyncP50} ms, at the bottom ${b.incomingFollowP50} ms), ${ok}`,
      `${''.padEnd(13)}  main-thread CPU: mount ${b.mountCpuMs} ms, ${b.scrollCpuPerFrameMs} ms per scroll frame, ${b.incomingCpuMs} ms per incoming message (at the bottom ${b.incomingFollowCpuMs} ms)`,
    ].join('\n');
  };
  for (const impl of IMPLS) console.log(line(impl));
  for (const [impl, p] of Object.entries(out.vsOurs5000)) {
    console.log(
      `${impl}/ours @5000 (paired medians, ${ROUNDS} rounds): rows ${p.rowsInDom}, mount ${p.mountMs}, first frame ${p.firstFrameMs}, scroll p50 ${p.scrollFrameP50}, p95 ${p.scrollFrameP95}, incoming ${p.incomingP50} (flushSync alone ${p.incomingSyncP50}), at the bottom ${p.incomingFollowP50}; CPU: mount ${p.mountCpuMs}, scroll frame ${p.scrollCpuPerFrameMs}, incoming ${p.incomingCpuMs}, at the bottom ${p.incomingFollowCpuMs}`,
    );
  }
} finally {
  await browser?.close();
  await server.close();
}
