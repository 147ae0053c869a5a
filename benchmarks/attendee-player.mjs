/**
 * Glass to attendee (issue 32), for benchmarks/golive.mjs --attendee: the attendee's event page
 * ({studio}watch/{sharingUrl}) in its own headless Chromium, playing the program through its HLS
 * player as an attendee would. For every frame the page shows (requestVideoFrameCallback), the
 * page reads the benchmark's strip (src/dev/goliveBenchSignal.ts: the frame counter and the wall
 * clock of the draw) from the decoded picture, and notes when the frame was meant for the screen.
 * Glass to attendee is that moment minus the draw's clock: the same machine's clock on both ends.
 *
 * The page only samples the strip's cells (an 80 × 1 canvas read per frame); the decoding is here,
 * after the window, so the player costs what an attendee's browser would plus that read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { BROWSER_ARGS, chromiumPath } from '../src/server/chromium.mjs';

/** Per shown frame: the strip's mean lumas and when it was meant for the screen (epoch ms). */
function sampleInPage({ cells, band }) {
  const video = document.querySelector('video');
  const canvas = document.createElement('canvas');
  canvas.width = cells;
  canvas.height = 1;
  const g = canvas.getContext('2d', { willReadFrequently: true });
  const shown = [];
  window.__attendeeFrames = shown;
  const each = (_now, meta) => {
    const h = video.videoHeight;
    if (h && g) {
      g.drawImage(video, 0, h * band.y, video.videoWidth, h * band.height, 0, 0, cells, 1);
      const px = g.getImageData(0, 0, cells, 1).data;
      const lumas = [];
      for (let i = 0; i < cells; i++) lumas.push(Math.round(0.299 * px[i * 4] + 0.587 * px[i * 4 + 1] + 0.114 * px[i * 4 + 2]));
      shown.push({ at: performance.timeOrigin + meta.expectedDisplayTime, lumas, presented: meta.presentedFrames });
    }
    video.requestVideoFrameCallback(each);
  };
  video.requestVideoFrameCallback(each);
}

/** utime + stime (clock ticks) of `root` and every process under it. */
export function treeTicks(root) {
  const all = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'latin1');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      all.push({ pid: Number(name), ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop();
    for (const p of all) {
      if (p.pid === pid) total += p.ticks;
      if (p.ppid === pid) stack.push(p.pid);
    }
  }
  return total;
}

/**
 * Opens the watch page and starts sampling once it plays. `signal` is goliveBenchSignal.ts.
 * Returns { pid, take(t0, t1) → frames in the window, stop() }.
 */
export async function startAttendeePlayer(watchUrl, signal, { log = () => undefined } = {}) {
  // A browser server: its process is known, so its whole tree's CPU is counted.
  const server = await chromium.launchServer({ executablePath: chromiumPath(), args: [...BROWSER_ARGS, '--autoplay-policy=no-user-gesture-required'] });
  const browser = await chromium.connect(server.wsEndpoint());
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(watchUrl);
  await page.waitForFunction(() => {
    const v = document.querySelector('video');
    return v && v.readyState >= 2 && !v.paused;
  }, null, { timeout: 60_000 });
  log('attendee page playing');
  // The strip's band, read across its middle (as the RTMP reader's crop does).
  await page.evaluate(sampleInPage, { cells: signal.STRIP_CELLS, band: signal.STRIP_READ });
  const pid = server.process().pid ?? null;
  return {
    pid,
    /** The frames the page showed whose draw fell in [t0, t1]: glass to attendee, and how many of the drawn frames it showed. */
    async take(t0, t1) {
      const raw = await page.evaluate(() => window.__attendeeFrames.splice(0));
      const frames = [];
      for (const f of raw) {
        const fields = signal.readStrip(f.lumas);
        if (!fields) continue;
        const glass = signal.unwrapTime(fields.timeMs, f.at);
        if (glass >= t0 && glass <= t1) frames.push({ counter: fields.counter, glass, shownAt: f.at });
      }
      return { frames, sampled: raw.length };
    },
    async stop() {
      await browser.close().catch(() => undefined);
      await server.close().catch(() => undefined);
    },
  };
}
