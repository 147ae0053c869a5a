#!/usr/bin/env node
/**
 * Camera effects benchmark: what camera blur and the virtual background (person segmentation on
 * the main thread) cost the studio. The real app runs in headless Chromium on a fake camera playing
 * a photo of a person (tests/e2e/media); each mode (effects off, blur, virtual background) gets a
 * fresh page, a warm-up, then a measured window of:
 *   - effectFps: frames per second of the moderator's own feed as the backstage card shows it;
 *   - uiFrameP50/P95: requestAnimationFrame intervals (how smooth the studio stays);
 *   - longTaskShare: the share of the window spent in main-thread tasks over 50 ms.
 * Effects off is the floor: quote the ratios, measured in the same run.
 * Prints JSON, then a one-line summary.  node benchmarks/camera-effects.mjs [--seconds 10] [--json-only]
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const JSON_ONLY = args.includes('--json-only');
const SECONDS = args.includes('--seconds') ? Number(args[args.indexOf('--seconds') + 1]) : 10;
const WARMUP_MS = 6000;
const CACHE = join(ROOT, 'node_modules', '.cache', 'studio-benchmarks');
mkdirSync(join(CACHE, 'tmp'), { recursive: true });
process.env.TMPDIR = join(CACHE, 'tmp');

const { createServer } = await import('vite');
const { chromium } = await import('@playwright/test');
const { BROWSER_ARGS } = await import('../src/server/chromium.mjs');
const log = (...a) => !JSON_ONLY && console.error('[bench]', ...a);

const MODES = {
  off: { cameraBlurActive: false, cameraVirtualBgActive: false },
  blur: { cameraBlurActive: true, cameraVirtualBgActive: false },
  virtualBackground: { cameraBlurActive: false, cameraVirtualBgActive: true },
};

const server = await createServer({ root: ROOT, logLevel: 'warn', cacheDir: join(CACHE, 'vite-camera'), server: { host: '127.0.0.1', port: 0, hmr: false, watch: null } });
let browser;
try {
  await server.listen();
  const url = `http://127.0.0.1:${server.httpServer.address().port}${server.config.base}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/lib/chromium/chromium',
    args: [...BROWSER_ARGS, `--use-file-for-fake-video-capture=${join(ROOT, 'tests/e2e/media/person-camera.mjpeg')}`],
  });

  const measure = async (name, settings) => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.addInitScript((s) => {
      localStorage.setItem('tutorialCompleted', 'true');
      localStorage.setItem('settings', JSON.stringify(s));
    }, settings);
    await page.goto(url);
    await page.getByRole('button', { name: /ENTER STUDIO/ }).click({ timeout: 60_000 });
    await page.getByTestId('studio').waitFor();
    log(`${name}: warming up …`);
    await page.waitForTimeout(WARMUP_MS);
    log(`${name}: measuring ${SECONDS} s …`);
    const result = await page.evaluate(async (seconds) => {
      const card = document.querySelector('[data-testid="producer-card"] video.card-feed');
      let firstFrames = null;
      let lastFrames = 0;
      const onFrame = (_now, meta) => {
        firstFrames ??= meta.presentedFrames;
        lastFrames = meta.presentedFrames;
        card?.requestVideoFrameCallback(onFrame);
      };
      card?.requestVideoFrameCallback(onFrame);
      let longTaskMs = 0;
      const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => (longTaskMs += e.duration)));
      observer.observe({ type: 'longtask' });
      const intervals = [];
      let last = performance.now();
      let running = true;
      const tick = (now) => {
        intervals.push(now - last);
        last = now;
        if (running) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      await new Promise((r) => setTimeout(r, seconds * 1000));
      running = false;
      observer.disconnect();
      intervals.sort((a, b) => a - b);
      const at = (q) => intervals[Math.min(intervals.length - 1, Math.floor(q * intervals.length))];
      return {
        effectFps: firstFrames === null ? 0 : (lastFrames - firstFrames) / seconds,
        uiFrameP50: at(0.5),
        uiFrameP95: at(0.95),
        longTaskShare: longTaskMs / (seconds * 1000),
      };
    }, SECONDS);
    await page.close();
    return result;
  };

  const results = {};
  for (const [name, settings] of Object.entries(MODES)) results[name] = await measure(name, settings);
  const round = (x) => Math.round(x * 100) / 100;
  const rounded = Object.fromEntries(Object.entries(results).map(([k, v]) => [k, Object.fromEntries(Object.entries(v).map(([m, x]) => [m, round(x)]))]));
  const ratio = (mode) => round(results[mode].uiFrameP95 / results.off.uiFrameP95);
  const out = { seconds: SECONDS, ...rounded, uiFrameP95VsOff: { blur: ratio('blur'), virtualBackground: ratio('virtualBackground') } };
  console.log(JSON.stringify(out, null, 2));
  const v = rounded.virtualBackground;
  console.log(
    `camera effects: virtual background ${v.effectFps} fps (off ${rounded.off.effectFps}), UI frame p95 ${v.uiFrameP95} ms (${out.uiFrameP95VsOff.virtualBackground}x of off), long tasks ${Math.round(v.longTaskShare * 100)} % of the time; blur ${rounded.blur.effectFps} fps, p95 ${out.uiFrameP95VsOff.blur}x`,
  );
} finally {
  await browser?.close();
  await server.close();
}
