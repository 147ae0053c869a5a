#!/usr/bin/env node
/**
 * Entering the studio (issue 33): how long from the device check's proceed (ENTER STUDIO) to the first
 * frame the studio's preview compositor draws, and from navigation to the output page's first frame.
 * Each run is a fresh browser context on the e2e build (dist-e2e/, served by `vite preview`); the page
 * stays on the device check `--dwell` ms (a moderator looks at their camera first) before proceeding.
 * Times are read in the page: a click stamped with performance.now(), then every animation frame polls
 * window.__STUDIO__.frameStats() until the compositor counts a frame (resolution: one frame, ~16 ms).
 *
 * `--dist a --dist b` measures two builds (e.g. before/after a change) interleaved run by run in one
 * process, so the machine's load falls on both alike: quote the ratio.
 * Prints JSON, then a one-line summary.
 *   node benchmarks/entry.mjs [--runs 7] [--dwell 3000] [--dist dist-e2e] [--dist other-build] [--json-only]
 */
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const JSON_ONLY = args.includes('--json-only');
const RUNS = Number(opt('--runs', 7));
const DWELL_MS = Number(opt('--dwell', 3000));
const dists = args.flatMap((a, i) => (a === '--dist' ? [resolve(ROOT, args[i + 1])] : []));
if (dists.length === 0) dists.push(join(ROOT, 'dist-e2e'));
for (const d of dists) if (!existsSync(join(d, 'index.html'))) throw new Error(`${d} has no build: run \`npm run build:e2e\` (or vite build --mode e2e --outDir …)`);

const CACHE = join(ROOT, 'node_modules', '.cache', 'studio-benchmarks');
mkdirSync(join(CACHE, 'tmp'), { recursive: true });
process.env.TMPDIR = join(CACHE, 'tmp');
const log = (...a) => !JSON_ONLY && console.error('[bench]', ...a);

const { preview } = await import('vite');
const { chromium } = await import('@playwright/test');
const { BROWSER_ARGS, chromiumPath } = await import('../src/server/chromium.mjs');
const round = (v) => Math.round(v);
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : null;
};
const dist = (xs) => ({ p50: round(quantile(xs, 0.5)), min: round(Math.min(...xs)), max: round(Math.max(...xs)), n: xs.length });

/** In the page: resolves with performance.now() of the first animation frame after `role`'s compositor drew one. */
const FIRST_FRAME = (role) =>
  new Promise((done) => {
    const poll = () => {
      const stats = window.__STUDIO__?.frameStats?.()[role];
      if (stats && stats.frames > 0) done(performance.now());
      else requestAnimationFrame(poll);
    };
    poll();
  });

const servers = [];
let browser;
try {
  for (const outDir of dists) {
    const server = await preview({ root: ROOT, logLevel: 'warn', mode: 'e2e', build: { outDir }, preview: { host: '127.0.0.1', port: 0, strictPort: false }, cacheDir: join(CACHE, 'vite-entry') });
    servers.push({ outDir, url: `${server.resolvedUrls.local[0]}`, server });
  }
  const executablePath = chromiumPath();
  browser = await chromium.launch({ executablePath, args: BROWSER_ARGS });
  const version = browser.version();

  const studioRun = async (url) => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.addInitScript(() => localStorage.setItem('tutorialCompleted', 'true'));
    await page.goto(url);
    const enter = page.getByRole('button', { name: /ENTER STUDIO/ });
    await enter.waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => !document.querySelector('[data-testid="haircheck"] button[disabled]') && typeof window.__STUDIO__ === 'object', null, { timeout: 60_000 });
    await page.waitForTimeout(DWELL_MS);
    const t = await page.evaluate(
      async ({ firstFrame }) => {
        const button = [...document.querySelectorAll('button')].find((b) => /ENTER STUDIO/.test(b.textContent ?? ''));
        const studioShown = new Promise((done) => {
          const poll = () => (document.querySelector('[data-testid="studio"]') ? done(performance.now()) : requestAnimationFrame(poll));
          poll();
        });
        const start = performance.now();
        button.click();
        const frame = await new Function(`return (${firstFrame})('preview')`)();
        // The app's performance marks (entry:*, preview:*, compositor:*, renderer:*) from the proceed on: where the time went.
        const marks = Object.fromEntries(performance.getEntriesByType('mark').filter((m) => m.startTime >= start).map((m) => [m.name, Math.round(m.startTime - start)]));
        return { studioShownMs: (await studioShown) - start, firstFrameMs: frame - start, marks };
      },
      { firstFrame: FIRST_FRAME.toString() },
    );
    await context.close();
    return { ...t, errors };
  };

  const outputRun = async (url) => {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    const errors = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${url}output`);
    // From navigation (performance's time origin) to the first frame: the output page has no device check.
    const firstFrameMs = await page.evaluate(`(${FIRST_FRAME.toString()})('output')`);
    const marks = await page.evaluate(() => Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, Math.round(m.startTime)])));
    await context.close();
    return { firstFrameMs, marks, errors };
  };

  const results = Object.fromEntries(servers.map((s) => [s.outDir, { studio: [], output: [] }]));
  const load = [os.loadavg()[0]];
  await studioRun(servers[0].url); // warm-up: the OS's file cache, Chromium's first start of SwiftShader
  for (let run = 0; run < RUNS; run += 1) {
    const order = run % 2 === 0 ? servers : [...servers].reverse();
    for (const s of order) {
      const studio = await studioRun(s.url);
      const output = await outputRun(s.url);
      results[s.outDir].studio.push(studio);
      results[s.outDir].output.push(output);
      log(`${s.outDir} run ${run + 1}: studio ${round(studio.firstFrameMs)} ms (shown ${round(studio.studioShownMs)}), output ${round(output.firstFrameMs)} ms`, JSON.stringify(studio.marks), JSON.stringify(output.marks));
    }
  }
  load.push(os.loadavg()[0]);

  const builds = Object.fromEntries(
    Object.entries(results).map(([d, r]) => [
      d,
      {
        studioFirstFrameMs: dist(r.studio.map((x) => x.firstFrameMs)),
        studioShownMs: dist(r.studio.map((x) => x.studioShownMs)),
        outputFirstFrameMs: dist(r.output.map((x) => x.firstFrameMs)),
        consoleErrors: [...new Set([...r.studio, ...r.output].flatMap((x) => x.errors))],
      },
    ]),
  );
  const names = Object.keys(builds);
  const out = {
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, loadavg1: load.map((l) => Math.round(l * 100) / 100) },
    chromium: version,
    runs: RUNS,
    dwellMs: DWELL_MS,
    builds,
    ...(names.length === 2
      ? {
          ratioP50: {
            studio: Math.round((builds[names[1]].studioFirstFrameMs.p50 / builds[names[0]].studioFirstFrameMs.p50) * 100) / 100,
            output: Math.round((builds[names[1]].outputFirstFrameMs.p50 / builds[names[0]].outputFirstFrameMs.p50) * 100) / 100,
          },
        }
      : {}),
  };
  console.log(JSON.stringify(out, null, 2));
  const line = names.map((n) => `${n.split('/').at(-1)}: studio ${builds[n].studioFirstFrameMs.p50} ms, output ${builds[n].outputFirstFrameMs.p50} ms`).join('; ');
  console.log(`entry (p50 of ${RUNS}, proceed → first frame; output: navigation → first frame; Chromium ${version}, ${out.machine.cpus} × ${out.machine.model}): ${line}${out.ratioP50 ? ` (ratio ${out.ratioP50.studio} / ${out.ratioP50.output})` : ''}`);
} finally {
  await browser?.close();
  for (const s of servers) await new Promise((r) => s.server.httpServer.close(r));
}
