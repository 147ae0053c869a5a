#!/usr/bin/env node
/**
 * Compositor frame-time benchmark (PERF-NOTES.md): the compositor against a raw WebGL2 floor in the
 * same headless Chromium (SwiftShader), N = 9 live 640×360 sources, CLASSIC layout, 1600×900 and
 * 1920×1080; plus scene-update cost, texture count and JS heap around 500 on/off-air toggles, and a
 * real <video> check of the requestVideoFrameCallback path. Prints JSON, then a one-line summary.
 *
 *   node benchmarks/compositor.mjs [--quick] [--json-only] [--out file.json] [--only name] [--shot file.png]
 *   node benchmarks/compositor.mjs --broadcast [--quick] [--json-only] [--out file.json] [--shot file.png]
 *   node benchmarks/compositor.mjs --transition [--quick] [--json-only] [--out file.json]
 *   node benchmarks/compositor.mjs --vertical [--quick] [--json-only] [--out file.json] [--shot file.png]
 *
 * --vertical measures the broadcast scene in the 9:16 frame (issue 34) at 900×1600 and 1080×1920.
 *
 * --broadcast measures the full broadcast scene instead (harness/broadcast.ts): 9 producers, a
 * background video, a foreground image, a lower third playing in and out, the ticker scrolling,
 * 4 logos, 9 name tags and the chat overlay, against a floor drawing the same videos and quads.
 *
 * --transition measures that scene while it transitions (issue 25, harness/transition.ts): during
 * Fade takes (every frame mid-fade) and during tile moves (a guest going off and on air), against
 * the same floor.
 *
 * Serves benchmarks/harness through Vite (dev server, started here) and drives window.__bench.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');
const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const JSON_ONLY = args.includes('--json-only');
const OUT = args.includes('--out') ? args[args.indexOf('--out') + 1] : null;
const SHOT = args.includes('--shot') ? resolve(args[args.indexOf('--shot') + 1]) : null;

// Playwright puts browser profiles in os.tmpdir(): keep them inside the workspace, where neither git
// nor ESLint looks (node_modules), next to the harness's own Vite dependency cache.
const CACHE = join(ROOT, 'node_modules', '.cache', 'studio-benchmarks');
const TMP = join(CACHE, 'tmp');
mkdirSync(TMP, { recursive: true });
process.env.TMPDIR = TMP;

const { createServer } = await import('vite');
const { chromium } = await import('@playwright/test');

const CHROME = process.env.CHROME_PATH || '/usr/lib/chromium/chromium';
// The browser tests' flags (quiet, SwiftShader WebGL; the fake camera and microphone go unused here).
const { BROWSER_ARGS: CHROME_ARGS } = await import('../src/server/chromium.mjs');

const N = 9;
const numberArg = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const WARMUP = numberArg('--warmup', QUICK ? 5 : 20);
const FRAMES = numberArg('--frames', QUICK ? 30 : 120);
const SERIES = args.includes('--series');
const TOGGLES = QUICK ? 50 : 500;
const TOGGLE_WARMUP = QUICK ? 20 : 500;

const WEBGL = { name: 'pixi-webgl', preference: 'webgl' }; // DEFAULT_MAX_BATCH_TEXTURES slots
const WEBGL_16 = { name: 'pixi-webgl-16-slots', preference: 'webgl', maxBatchTextures: 16 }; // pixi's default
const CANVAS = { name: 'pixi-canvas', preference: 'canvas' };
const CANVAS_SW = { name: 'pixi-canvas-software', preference: 'canvas', softwareCanvas: true };

/** Each run is a fresh page (pixi keeps one batch shader per page), floor and compositor interleaved. */
const RUNS = [
  { width: 1600, height: 900, variant: WEBGL, toggles: true, video: true },
  { width: 1600, height: 900, variant: WEBGL_16 },
  { width: 1600, height: 900, variant: CANVAS, toggles: true, canvas2d: true },
  { width: 1600, height: 900, variant: CANVAS_SW },
  { width: 1920, height: 1080, variant: WEBGL },
  { width: 1920, height: 1080, variant: CANVAS, canvas2d: true },
];

const log = (...a) => {
  if (!JSON_ONLY) console.error('[bench]', ...a);
};

async function heapUsed(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}

/** page.evaluate with a deadline: a page stuck in a loop fails the run instead of hanging it. */
const EVAL_TIMEOUT_MS = 240_000;
function evaluate(page, fn, arg) {
  let timer;
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`page.evaluate timed out after ${EVAL_TIMEOUT_MS} ms`)), EVAL_TIMEOUT_MS);
  });
  return Promise.race([page.evaluate(fn, arg), deadline]).finally(() => clearTimeout(timer));
}

/** A page on the harness with window.__bench ready; its page errors and console errors are collected. */
async function openHarness(browser, baseUrl) {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(`${baseUrl}benchmarks/harness/index.html`);
  await page.waitForFunction(() => window.__bench !== undefined, null, { timeout: 60_000 });
  return { page, errors };
}

async function runOne(browser, baseUrl, run) {
  const { page, errors } = await openHarness(browser, baseUrl);
  const config = {
    width: run.width,
    height: run.height,
    n: N,
    warmup: run.warmupOnly ? 5 : WARMUP,
    frames: run.warmupOnly ? 10 : FRAMES,
    variant: run.variant,
    canvas2d: run.canvas2d === true,
    series: SERIES,
  };
  const t0 = Date.now();
  const info = await evaluate(page, (c) => window.__bench.setup(c), config);
  const frames = await evaluate(page, () => window.__bench.frames());
  if (run.warmupOnly) {
    await page.close();
    return null;
  }
  const drawOnlyMs = await evaluate(page, () => window.__bench.drawOnly(30));
  const sceneUpdateMs = await evaluate(page, (rounds) => window.__bench.sceneUpdates(rounds), QUICK ? 3 : 10);
  const idle = await evaluate(page, () => window.__bench.idle(500));
  const result = {
    size: `${run.width}x${run.height}`,
    variant: run.variant.name,
    renderer: info.renderer,
    batchTextures: info.batchTextures,
    gl: info.gl,
    ...frames,
    drawOnlyMs,
    sceneUpdateMs,
    ...idle,
  };
  if (run.toggles) {
    const cdp = await page.context().newCDPSession(page);
    const before = await evaluate(page, () => window.__bench.counts());
    const heapCold = await heapUsed(cdp);
    // Warm-up cycles first: pixi's pools and V8's code for these paths grow once, then stay.
    await evaluate(page, (n) => window.__bench.toggles(n), TOGGLE_WARMUP);
    const heapBefore = await heapUsed(cdp);
    const t = await evaluate(page, (n) => window.__bench.toggles(n), TOGGLES);
    const after = await evaluate(page, () => window.__bench.counts());
    const heapAfter = await heapUsed(cdp);
    result.toggles = {
      cycles: t.cycles,
      warmupCycles: TOGGLE_WARMUP,
      ms: t.ms,
      textures: { before: before.stats.textures, after: after.stats.textures },
      glTextures: { before: before.glTextures, after: after.glTextures },
      heapBytes: {
        cold: heapCold,
        before: heapBefore,
        after: heapAfter,
        delta: heapAfter - heapBefore,
        perCycle: Math.round((heapAfter - heapBefore) / t.cycles),
      },
    };
    await cdp.detach();
  }
  if (SHOT && run === RUNS[0]) {
    await evaluate(page, () => window.__bench.showcase());
    // Canvas order in the harness: floor, compositor (, canvas 2D reference).
    await page.locator('canvas').nth(1).screenshot({ path: SHOT });
    log('screenshot of the compositor canvas →', SHOT);
  }
  await evaluate(page, () => window.__bench.teardown());
  if (run.video) result.video = await evaluate(page, (url) => window.__bench.videoCheck(url), '/assets/video/guest-1.webm');
  if (run.video) result.remount = await evaluate(page, (p) => window.__bench.remountCheck(p), run.variant.preference);
  result.seconds = Math.round((Date.now() - t0) / 100) / 10;
  if (errors.length) result.pageErrors = errors.slice(0, 5);
  await page.close();
  return result;
}

/** --vertical: the full broadcast scene in the 9:16 frame (issue 34), upright sizes, its own target. */
const VERTICAL = args.includes('--vertical');
const BROADCAST = args.includes('--broadcast') || VERTICAL;
const BROADCAST_SIZES = VERTICAL
  ? [
      [900, 1600],
      [1080, 1920],
    ]
  : [
      [1600, 900],
      [1920, 1080],
    ];
/** PERF-NOTES-style target for the full scene: the graphics cost at most 15 % over the floor (10 % in 9:16, issue 34). */
const BROADCAST_TARGET = VERTICAL ? 1.1 : 1.15;

async function runBroadcast(browser, baseUrl, [width, height]) {
  const { page, errors } = await openHarness(browser, baseUrl);
  const t0 = Date.now();
  const info = await evaluate(page, (c) => window.__bench.broadcastSetup(c), { width, height, warmup: WARMUP, frames: FRAMES, shape: VERTICAL ? '9:16' : '16:9' });
  const frames = await evaluate(page, () => window.__bench.broadcastFrames());
  const idle = await evaluate(page, (ms) => window.__bench.broadcastIdle(ms), 2000);
  if (SHOT && width === BROADCAST_SIZES[0][0]) {
    await evaluate(page, () => window.__bench.broadcastShowcase());
    await page.locator('canvas').first().screenshot({ path: SHOT });
    log('screenshot of the broadcast scene →', SHOT);
  }
  await evaluate(page, () => window.__bench.broadcastTeardown());
  await page.close();
  return { size: `${width}x${height}`, ...info, ...frames, ...idle, seconds: Math.round((Date.now() - t0) / 100) / 10, ...(errors.length ? { pageErrors: errors.slice(0, 5) } : {}) };
}

const TRANSITION = args.includes('--transition');

async function runTransition(browser, baseUrl, [width, height]) {
  const { page, errors } = await openHarness(browser, baseUrl);
  const t0 = Date.now();
  const info = await evaluate(page, (c) => window.__bench.broadcastSetup(c), { width, height, warmup: WARMUP, frames: FRAMES });
  const fade = await evaluate(page, () => window.__bench.transitionFrames('fade'));
  const move = await evaluate(page, () => window.__bench.transitionFrames('move'));
  const fadeCrossfadeFloor = await evaluate(page, () => window.__bench.fadeVsCrossfadeFloor());
  const idle = await evaluate(page, () => window.__bench.transitionIdle());
  await evaluate(page, () => window.__bench.broadcastTeardown());
  await page.close();
  return { size: `${width}x${height}`, ...info, fade, move, fadeCrossfadeFloor, ...idle, seconds: Math.round((Date.now() - t0) / 100) / 10, ...(errors.length ? { pageErrors: errors.slice(0, 5) } : {}) };
}

function reportTransition(results, browser) {
  const out = {
    benchmark: 'compositor-transition',
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, chromium: browser.version(), loadavg: { before: LOAD_BEFORE, after: Math.round(os.loadavg()[0] * 100) / 100 } },
    config: { producers: N, videos: N + 1, warmup: WARMUP, frames: FRAMES, quick: QUICK, clock: '60 Hz, one step per frame', fade: '500 ms takes back to back', move: 'a guest off/on air every 300 ms' },
    target: `compositor p50 <= ${BROADCAST_TARGET} x floor p50 (paired), as the static scene: moves against the floor, fades against the floor with one blended full-frame quad more`,
    runs: results,
  };
  const json = JSON.stringify(out, null, 2);
  if (OUT) writeFileSync(OUT, json);
  console.log(json);
  const fmt = (r, k) => `${k} p50 ${r[k].compositor.frameMs.p50}ms vs floor ${r[k].floor.frameMs.p50}ms (paired ${r[k].ratio.pairedP50}x, p95 ${r[k].ratio.pairedP95}x; ${r[k].uploadsPerFrame} uploads/frame)`;
  // A move draws what the static scene draws, so it is judged against the same floor; a fade draws
  // the outgoing look too, so against the floor that draws that one blended quad more.
  const met = results.every((r) => r.move.ratio.pairedP50 <= BROADCAST_TARGET && r.fadeCrossfadeFloor.ratio.pairedP50 <= BROADCAST_TARGET);
  console.log(
    [
      `compositor transitions${QUICK ? ' (quick)' : ''}:`,
      results.map((r) => `${r.size} ${fmt(r, 'fade')}; ${fmt(r, 'move')}; fade vs a floor with one blended full-frame quad more ${r.fadeCrossfadeFloor.ratio.pairedP50}x`).join(' | '),
      `| frames during a 500 ms fade ${results.map((r) => r.framesDuringFade).join('/')}, idle after ${results.map((r) => r.framesIdleAfter).join('/')}`,
      `| target ≤${BROADCAST_TARGET}x paired (moves against the floor, fades against the floor with the outgoing quad): ${met ? 'MET' : 'NOT MET'}`,
      `| load ${out.machine.loadavg.before}→${out.machine.loadavg.after} on ${out.machine.cpus} × ${os.cpus()[0]?.model.trim()}, Chromium ${out.machine.chromium}`,
    ].join(' '),
  );
}

function reportBroadcast(results, browser) {
  const out = {
    benchmark: VERTICAL ? 'compositor-broadcast-vertical' : 'compositor-broadcast',
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, chromium: browser.version(), loadavg: { before: LOAD_BEFORE, after: Math.round(os.loadavg()[0] * 100) / 100 } },
    config: { producers: N, videos: N + 1, warmup: WARMUP, frames: FRAMES, clock: '60 Hz, one step per frame' },
    target: `compositor p50 <= ${BROADCAST_TARGET} x floor p50 (paired)`,
    runs: results,
  };
  const json = JSON.stringify(out, null, 2);
  if (OUT) writeFileSync(OUT, json);
  console.log(json);
  const fmt = (r) =>
    `${r.size} p50 ${r.compositor.frameMs.p50}ms vs floor ${r.floor.frameMs.p50}ms (paired ${r.ratio.pairedP50}x; js ${r.compositor.jsMs.p50}ms; ${r.floorQuads} quads)`;
  console.log(
    [
      VERTICAL ? 'compositor broadcast scene, vertical 9:16:' : 'compositor broadcast scene:',
      results.map(fmt).join(' | '),
      `| text rasters during run ${results.map((r) => r.textRastersDuringRun).join('/')}`,
      `| idle frames in 2 s without ticker ${results.map((r) => r.framesWhileIdleNoTicker).join('/')} (with ticker ${results.map((r) => r.framesPerSecondWithTicker).join('/')}/s)`,
      `| target ≤${BROADCAST_TARGET}x paired: ${results.every((r) => r.ratio.pairedP50 <= BROADCAST_TARGET) ? 'MET' : 'NOT MET'}`,
      `| load ${out.machine.loadavg.before}→${out.machine.loadavg.after} on ${out.machine.cpus} × ${os.cpus()[0]?.model.trim()}, Chromium ${out.machine.chromium}`,
    ].join(' '),
  );
}

const LOAD_BEFORE = Math.round(os.loadavg()[0] * 100) / 100;
const server = await createServer({
  configFile: false,
  root: ROOT,
  base: '/',
  logLevel: 'warn',
  clearScreen: false,
  cacheDir: join(CACHE, 'vite'),
  server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, watch: null },
  optimizeDeps: { entries: ['benchmarks/harness/index.html'], include: ['pixi.js', 'pixi.js/unsafe-eval'] },
});
let browser;
try {
  await server.listen();
  const address = server.httpServer.address();
  const baseUrl = `http://127.0.0.1:${address.port}/`;
  log('vite at', baseUrl);
  browser = await chromium.launch({ executablePath: CHROME, args: CHROME_ARGS, headless: true });
  // A throwaway page first: Vite's first transforms and the browser's first GPU work would
  // otherwise land in the first measured run.
  log('warm-up page …');
  await runOne(browser, baseUrl, { width: 640, height: 360, variant: WEBGL, warmupOnly: true });
  if (TRANSITION) {
    const results = [];
    for (const size of BROADCAST_SIZES) {
      log(`transitions ${size.join('x')} …`);
      const r = await runTransition(browser, baseUrl, size);
      log(`  fade paired ${r.fade.ratio.pairedP50}, move paired ${r.move.ratio.pairedP50}, ${r.seconds}s`);
      results.push(r);
    }
    reportTransition(results, browser);
  } else if (BROADCAST) {
    const results = [];
    for (const size of BROADCAST_SIZES) {
      log(`broadcast ${size.join('x')} …`);
      const r = await runBroadcast(browser, baseUrl, size);
      log(`  compositor p50 ${r.compositor.frameMs.p50} ms, floor p50 ${r.floor.frameMs.p50} ms, paired ${r.ratio.pairedP50}, rasters ${r.textRastersDuringRun}, ${r.seconds}s`);
      results.push(r);
    }
    reportBroadcast(results, browser);
  } else {
    const results = [];
    const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
    for (const run of RUNS.filter((r) => !only || `${r.variant.name}@${r.width}x${r.height}`.includes(only))) {
      log(`run ${run.variant.name} ${run.width}x${run.height} …`);
      const r = await runOne(browser, baseUrl, run);
      log(
        `  compositor p50 ${r.compositor.frameMs.p50} ms, floor p50 ${r.floor.frameMs.p50} ms, ratio ${r.ratio.p50} (paired ${r.ratio.pairedP50}), ${r.seconds}s`,
      );
      results.push(r);
    }
    const find = (size, variant) => results.find((r) => r.size === size && r.variant === variant);
    const main = find('1600x900', WEBGL.name);
    const webglRuns = results.filter((r) => r.variant === WEBGL.name);
    const out = {
      benchmark: 'compositor',
      date: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        chromium: browser.version(),
        gl: main?.gl,
        // 1-minute load average before and after: above the core count, other processes shared the CPU.
        loadavg: { before: LOAD_BEFORE, after: Math.round(os.loadavg()[0] * 100) / 100 },
      },
      config: { n: N, source: '640x360 canvases', layout: 'CLASSIC', warmup: WARMUP, frames: FRAMES, toggles: TOGGLES },
      target: 'compositor p50 <= 1.25 x floor p50',
      summary: Object.fromEntries(
        results.map((r) => [
          `${r.variant}@${r.size}`,
          {
            compositorP50: r.compositor.frameMs.p50,
            compositorP95: r.compositor.frameMs.p95,
            floorP50: r.floor.frameMs.p50,
            floorP95: r.floor.frameMs.p95,
            ratioP50: r.ratio.p50,
            ratioP95: r.ratio.p95,
            pairedRatioP50: r.ratio.pairedP50,
            first30P50: r.compositor.first30Ms.p50,
            last30P50: r.compositor.last30Ms.p50,
            jsMsP50: r.compositor.jsMs.p50,
            floorJsMsP50: r.floor.jsMs.p50,
            sceneUpdateP50: r.sceneUpdateMs.all.p50,
            sceneUpdateCpuP50: r.sceneUpdateMs.cpuMs.p50,
            ...(r.canvas2dReference ? { canvas2dReferenceP50: r.canvas2dReference.frameMs.p50 } : {}),
          },
        ]),
      ),
      runs: results,
    };
    const json = JSON.stringify(out, null, 2);
    if (OUT) writeFileSync(OUT, json);
    console.log(json);
    const fmt = (r) =>
      `${r.variant}@${r.size} p50 ${r.compositor.frameMs.p50}ms vs floor ${r.floor.frameMs.p50}ms = ${r.ratio.p50}x (paired ${r.ratio.pairedP50}x` +
      (r.renderer === 'canvas' ? `; first 30 ${r.compositor.first30Ms.p50}ms, last 30 ${r.compositor.last30Ms.p50}ms)` : ')');
    const line = [
      `compositor N=${N}:`,
      results.map(fmt).join(' | '),
      `| scene update p50 ${main?.sceneUpdateMs.all.p50}ms`,
      `| textures ${main?.toggles?.textures.before}→${main?.toggles?.textures.after} after ${TOGGLES} toggles`,
      `| heap ${(main?.toggles?.heapBytes.before / 1e6).toFixed(1)}→${(main?.toggles?.heapBytes.after / 1e6).toFixed(1)} MB`,
      `| target ≤1.25x (default webgl, paired): ${webglRuns.every((r) => r.ratio.pairedP50 <= 1.25) ? 'MET' : 'NOT MET'}`,
      `| load ${out.machine.loadavg.before}→${out.machine.loadavg.after} on ${out.machine.cpus} × ${os.cpus()[0]?.model.trim()}, Chromium ${out.machine.chromium}`,
    ].join(' ');
    console.log(line);
  }
} finally {
  await browser?.close();
  await server.close();
}
