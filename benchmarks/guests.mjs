#!/usr/bin/env node
/**
 * Real guests benchmark (issue: Real guests and screen share), on the studio backend with its Janus on
 * loopback, serving the e2e build (dist-e2e/):
 *
 * 1. Glass to glass: a guest whose fake camera is tests/e2e/media/counterCamera.mjs (a frame counter
 *    painted into the picture) is alone on air; the guest's page notes when each counter value was
 *    captured (requestVideoFrameCallback's captureTime on the local preview), the output page reads the
 *    counter back from its own canvas right after each compositor frame (its test hook's onFrame). Delay = drawn − captured, both
 *    on the machine's one clock (performance.timeOrigin + now). p50/p95 over the run.
 * 2. The studio's UI frame time (requestAnimationFrame intervals in the moderator's studio) with 0, 2
 *    and 4 guests connected (backstage, receiving each one's video and sound).
 *
 * Prints JSON, then a one-line summary. Progress goes to stderr.
 *
 *   node benchmarks/guests.mjs [--quick] [--json-only] [--seconds N]
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { dist, load1, startBackend } from './backend-harness.mjs';
import { CAMERA, COUNTER_BITS, writeCounterCamera } from '../tests/e2e/media/counterCamera.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const JSON_ONLY = args.includes('--json-only');
const SECONDS = args.includes('--seconds') ? Number(args[args.indexOf('--seconds') + 1]) : QUICK ? 5 : 15;
const GUEST_COUNTS = [0, 2, 4];

const CACHE = join(ROOT, 'node_modules', '.cache', 'studio-benchmarks');
const TMP = join(CACHE, 'tmp');
mkdirSync(TMP, { recursive: true });
process.env.TMPDIR = TMP;
const { BROWSER_ARGS } = await import('../src/server/chromium.mjs');
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const log = (...a) => !JSON_ONLY && console.error('[bench]', ...a);

if (!existsSync(join(ROOT, 'dist-e2e', 'index.html'))) throw new Error('dist-e2e/ is missing: run `npm run build:e2e` once');
if (!existsSync('/usr/bin/janus')) throw new Error('Janus is not installed: node tests/ensure-janus.mjs');

const camera = join(TMP, 'guest-counter.y4m');
writeCounterCamera(camera, 1 << COUNTER_BITS);
const dataDir = mkdtempSync(join(TMP, 'guests-backend-'));
const backend = await startBackend(dataDir);
const studioBase = `${backend.url}/studio/instant-demo/`;
const hostBrowser = await chromium.launch({ executablePath: CHROME, args: BROWSER_ARGS });
const guestBrowser = await chromium.launch({ executablePath: CHROME, args: [...BROWSER_ARGS, `--use-file-for-fake-video-capture=${camera}`] });

/** The counter read from an image through a 2D context (the same blocks as counterCamera.mjs). */
function installReader() {
  const BITS = window.__COUNTER_BITS__;
  const scratch = document.createElement('canvas');
  scratch.width = 320;
  scratch.height = 180;
  const ctx = scratch.getContext('2d', { willReadFrequently: true });
  window.__readCounter = (source) => {
    ctx.drawImage(source, 0, 0, 320, 180);
    const { data } = ctx.getImageData(0, 0, 320, 60);
    let n = 0;
    for (let bit = 0; bit < BITS; bit++) {
      const x = Math.round((bit + 0.5) * (320 / BITS));
      const i = (30 * 320 + x) * 4;
      const l = 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];
      if (l > 90 && l < 170) return null;
      n = (n << 1) | (l >= 170 ? 1 : 0);
    }
    return n;
  };
}

async function enterStudio() {
  const context = await hostBrowser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('tutorialCompleted', 'true'));
  await page.goto(`${studioBase}event/product-launch`);
  await page.getByLabel('Username').fill('producer1', { timeout: 60_000 });
  await page.getByLabel('Password').fill('studio');
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await page.getByRole('button', { name: /ENTER STUDIO/ }).click({ timeout: 60_000 });
  await page.getByTestId('studio').waitFor({ timeout: 60_000 });
  return page;
}

async function inviteLink(studio) {
  await studio.getByTestId('invite-guest').click();
  const link = await studio.getByTestId('invite-link').inputValue({ timeout: 20_000 });
  await studio.keyboard.press('Escape');
  return link;
}

async function joinGuest(link, name) {
  const page = await (await guestBrowser.newContext({ viewport: { width: 1024, height: 640 } })).newPage();
  await page.addInitScript((bits) => (window.__COUNTER_BITS__ = bits), COUNTER_BITS);
  await page.goto(link);
  await page.getByTestId('guest-name').fill(name, { timeout: 60_000 });
  await page.getByRole('button', { name: /JOIN BACKSTAGE/ }).click();
  await page.getByTestId('guest-view').waitFor({ timeout: 60_000 });
  return page;
}

/** requestAnimationFrame intervals in the studio for `seconds`. */
async function uiFrames(studio, seconds) {
  const intervals = await studio.evaluate(
    (ms) =>
      new Promise((done) => {
        const out = [];
        let last = performance.now();
        const end = last + ms;
        const tick = (now) => {
          out.push(now - last);
          last = now;
          if (now < end) requestAnimationFrame(tick);
          else done(out);
        };
        requestAnimationFrame(tick);
      }),
    seconds * 1000,
  );
  return dist(intervals);
}

/** Glass to glass: `first` alone on air, read back on the output page; the guest goes off air after. */
async function glassToGlass(studio, first) {
  log('glass to glass');
  await studio.getByRole('switch', { name: 'On air: Guest 1' }).click();
  await studio.getByTestId('copy-output-link').click();
  const outputLink = await studio.getByTestId('output-link').inputValue();
  const output = await (await hostBrowser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
  await output.addInitScript((bits) => (window.__COUNTER_BITS__ = bits), COUNTER_BITS);
  await output.goto(outputLink);
  await output.getByTestId('output-canvas').waitFor();
  await output.waitForTimeout(4000);
  await first.evaluate(installReader);
  await output.evaluate(installReader);
  const captured = first.evaluate((ms) => {
    const video = document.querySelector('[data-testid="guest-preview"]');
    const seen = [];
    return new Promise((done) => {
      const end = performance.now() + ms;
      const onFrame = (now, meta) => {
        const n = window.__readCounter(video);
        if (n !== null) seen.push({ n, t: performance.timeOrigin + (meta.captureTime ?? now) });
        if (performance.now() < end) video.requestVideoFrameCallback(onFrame);
        else done(seen);
      };
      video.requestVideoFrameCallback(onFrame);
    });
  }, (SECONDS + 2) * 1000);
  const drawn = output.evaluate((ms) => {
    const canvas = document.querySelector('[data-testid="output-canvas"]');
    const seen = [];
    let last = null;
    return new Promise((done) => {
      // Right after each program frame is drawn, while the drawing buffer still holds it.
      const off = window.__OUTPUT__.onFrame(() => {
        const n = window.__readCounter(canvas);
        if (n !== null && n !== last) seen.push({ n, t: performance.timeOrigin + performance.now() });
        last = n;
      });
      setTimeout(() => (off(), done(seen)), ms);
    });
  }, SECONDS * 1000);
  const [atGuest, atOutput] = await Promise.all([captured, drawn]);
  // The fake camera plays its file at a steady CAMERA.fps: counter n is captured at base + n·frame
  // (+ whole periods). The base is the median over the guest's own samples, so every frame the output
  // drew gets its capture time even when the guest's page sampled fewer.
  const frame = 1000 / CAMERA.fps;
  const period = (1 << COUNTER_BITS) * frame;
  const bases = atGuest.map((g) => g.t - g.n * frame);
  const ref = bases.at(-1);
  const wrapped = bases.map((b) => ref + ((((b - ref) % period) + period + period / 2) % period) - period / 2).sort((a, b) => a - b);
  const base = wrapped[Math.floor(wrapped.length / 2)];
  const delays = [];
  for (const d of atOutput) {
    const captured = base + d.n * frame;
    const k = Math.floor((d.t - captured) / period);
    delays.push(d.t - (captured + k * period));
  }
  await output.context().close();
  await studio.getByRole('switch', { name: 'On air: Guest 1' }).click();
  return { ...dist(delays), framesDrawn: atOutput.length, framesCaptured: atGuest.length };
}

const results = { seconds: SECONDS, load1AtStart: load1(), camera: CAMERA, uiFrameMs: {}, glassToGlassMs: null };
try {
  log('studio: entering');
  const studio = await enterStudio();
  const link = await inviteLink(studio);
  const guests = [];
  for (const count of GUEST_COUNTS) {
    while (guests.length < count) {
      guests.push(await joinGuest(link, `Guest ${guests.length + 1}`));
      await studio.getByTestId('producer-card').filter({ hasText: `Guest ${guests.length}` }).waitFor({ timeout: 60_000 });
    }
    await studio.waitForTimeout(3000); // their feeds arrive and settle
    log(`studio UI frames with ${count} guests`);
    results.uiFrameMs[count] = await uiFrames(studio, SECONDS);
    // With one guest only (nothing else competing for the two cores), the delay from camera to program.
    if (count === 0) {
      guests.push(await joinGuest(link, 'Guest 1'));
      await studio.getByTestId('producer-card').filter({ hasText: 'Guest 1' }).waitFor({ timeout: 60_000 });
      results.glassToGlassMs = await glassToGlass(studio, guests[0]);
    }
  }

} finally {
  await hostBrowser.close().catch(() => undefined);
  await guestBrowser.close().catch(() => undefined);
  await backend.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(camera, { force: true });
}
results.load1AtEnd = load1();
console.log(JSON.stringify(results, null, JSON_ONLY ? 0 : 2));
const g = results.glassToGlassMs;
const ui = results.uiFrameMs;
console.log(
  `guests: glass to glass p50 ${g.p50} ms, p95 ${g.p95} ms (${g.n} frames); studio UI frame p95 ${GUEST_COUNTS.map((c) => `${ui[c].p95} ms with ${c}`).join(', ')} guests (load ${results.load1AtStart}→${results.load1AtEnd})`,
);

