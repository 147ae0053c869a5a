#!/usr/bin/env node
/**
 * Channel sync benchmark (CONTRACT.md "Sync", §4 Channel updates): on the real backend
 * (src/server, PGlite in a temporary folder) serving the e2e build (dist-e2e/):
 *
 * 1. Edit on A → frame drawn on B: two producers (producer1 and producer2, two browser contexts) in
 *    the studio of `product-launch`. A toggles the layout CLASSIC ↔ COVER with the layout toolbar;
 *    B notes when the pushed channel arrives on its studio socket, when its synced view has the new
 *    layout and when its preview compositor has drawn a frame after that. Every time is taken in the
 *    pages (performance.timeOrigin + performance.now(), one machine clock), so Playwright's round
 *    trips do not count. The 500 ms save debounce is part of the path and is also reported taken off.
 * 2. PUT throughput: no browsers; P simulated producers (sharing the two users with distinct sync
 *    origins, as tabs would) each send sequential `PUT /api/studio/channel/{uuid}` with a sync update
 *    of a lower third it owns, for a fixed time. Then checks that the server's `applied` has every
 *    origin at its last acknowledged seq and its lower third at the last value sent (lost = 0).
 *
 * Prints JSON, then a one-line summary. Progress goes to stderr.
 *
 *   node benchmarks/sync.mjs [--quick] [--json-only] [--out file.json]
 *   node benchmarks/sync.mjs --edits 100 --producers 20 --seconds 5 [--only sync|throughput]
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dist, load1, round, startBackend, withTimeout } from './backend-harness.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');
const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const JSON_ONLY = args.includes('--json-only');
const OUT = args.includes('--out') ? args[args.indexOf('--out') + 1] : null;
const ONLY = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
const numberArg = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const EDITS = numberArg('--edits', QUICK ? 40 : 200);
const WARMUP_EDITS = 4;
const PRODUCERS = numberArg('--producers', QUICK ? 10 : 50);
const SECONDS = numberArg('--seconds', QUICK ? 3 : 10);

// Playwright puts browser profiles in os.tmpdir(): keep them (and the backend's data folder) inside
// the workspace, where neither git nor ESLint looks, as the other benchmarks do.
const CACHE = join(ROOT, 'node_modules', '.cache', 'studio-benchmarks');
const TMP = join(CACHE, 'tmp');
mkdirSync(TMP, { recursive: true });
process.env.TMPDIR = TMP;

const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
// The browser tests' flags: SwiftShader WebGL, fake camera and microphone, no permission prompts.
const { BROWSER_ARGS: CHROME_ARGS } = await import('../src/server/chromium.mjs');
const DIST = join(ROOT, 'dist-e2e');
const SHARING_URL = 'product-launch';
const USERS = ['producer1', 'producer2'];
const PASSWORD = 'studio';
const LAYOUTS = ['COVER', 'CLASSIC'];

/** The studio's save debounce (§9), read from its source so the report follows it. */
const DEBOUNCE_MS = (() => {
  const m = /CHANNEL_SAVE_DEBOUNCE_MS\s*=\s*(\d+)/.exec(readFileSync(join(ROOT, 'src', 'lib', 'limits.ts'), 'utf8'));
  if (!m) throw new Error('CHANNEL_SAVE_DEBOUNCE_MS not found in src/lib/limits.ts');
  return Number(m[1]);
})();

const log = (...a) => {
  if (!JSON_ONLY) console.error('[bench]', ...a);
};
async function http(base, path, { method = 'GET', token, json, form } = {}) {
  const headers = {};
  let body;
  if (token) headers['X-Producer-Authorization'] = `Bearer ${token}`;
  if (json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) {
    body = new URLSearchParams(form);
  }
  const res = await fetch(base + path, { method, headers, body });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

const signIn = async (base, username) =>
  (await http(base, '/usermanager/oauth2/token', { method: 'POST', form: { username, password: PASSWORD, grant_type: 'password' } })).access_token;

async function findChannel(base, token) {
  const event = await http(base, `/ptapi/api/eventdetails/v1/events/public/details?sharingUrl=${SHARING_URL}`);
  return http(base, `/api/studio/channel?ptEventId=${event.eventId}&ptEventInstanceId=${event.instanceId}`, { token });
}

// ---------------------------------------------------------------------------------------------
// 1. Edit on A → frame drawn on B.

/**
 * Installed before the app in both pages: no welcome tour; every `channel.updated` the studio socket
 * receives is stamped (with the preview's frame count at that moment); every channel PUT is stamped.
 */
function instrument() {
  localStorage.setItem('tutorialCompleted', 'true');
  const now = () => performance.timeOrigin + performance.now();
  const bench = { arrivals: [], puts: [] };
  window.__syncBench = bench;
  const frames = () => window.__STUDIO__?.frameStats()?.preview?.frames ?? -1;
  const NativeSocket = window.WebSocket;
  window.WebSocket = class extends NativeSocket {
    constructor(...a) {
      super(...a);
      // Added in the constructor, so it runs before the app's own message handler.
      this.addEventListener('message', (e) => {
        if (typeof e.data !== 'string' || !e.data.includes('"channel.updated"')) return;
        const t = now();
        let msg;
        try {
          msg = JSON.parse(e.data);
        } catch {
          return;
        }
        if (msg.type !== 'channel.updated') return;
        const arrival = { t, version: msg.channel?.version, layout: msg.channel?.layout, frames: frames(), applied: null };
        bench.arrivals.push(arrival);
        // After the whole message task (the app's handler included): has the synced view got it?
        setTimeout(() => {
          arrival.applied = now();
          arrival.framesAfter = frames();
          arrival.view = window.__STUDIO__?.sync()?.view ?? '';
        }, 0);
      });
    }
  };
  const nativeFetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const url = input instanceof Request ? input.url : String(input);
    if (method !== 'PUT' || !url.includes('/channel/')) return nativeFetch(input, init);
    const put = { start: now(), end: null, status: null };
    bench.puts.push(put);
    return nativeFetch(input, init).then(
      (res) => {
        put.end = now();
        put.status = res.status;
        return res;
      },
      (error) => {
        put.end = now();
        put.status = 'error';
        throw error;
      },
    );
  };
}

async function enterStudio(browser, base, username) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(`${base}/studio/instant-demo/event/${SHARING_URL}`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await page.getByRole('button', { name: /ENTER STUDIO/ }).click({ timeout: 60_000 });
  await page.getByTestId('studio').waitFor({ timeout: 60_000 });
  // In: the synced channel is there and the preview compositor draws.
  await page.waitForFunction(() => window.__STUDIO__?.sync() && (window.__STUDIO__.frameStats().preview?.frames ?? 0) > 0, null, { timeout: 60_000 });
  return { context, page, errors };
}

/** Both tabs agree on the channel and have nothing left to save. */
async function settled(a, b) {
  const read = (page) => page.evaluate(() => window.__STUDIO__.sync());
  const deadline = Date.now() + 30_000;
  for (;;) {
    const [sa, sb] = await Promise.all([read(a), read(b)]);
    if (sa.pending === 0 && !sa.unsent && sb.pending === 0 && !sb.unsent && sa.version === sb.version) return sa.version;
    if (Date.now() > deadline) throw new Error(`producers did not settle: A ${JSON.stringify({ ...sa, view: undefined })}, B ${JSON.stringify({ ...sb, view: undefined })}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * In B: waits for the first `channel.updated` arriving from now on that carries `layout`, then for
 * the end of the first frame the preview draws after it, with B's synced view holding that layout.
 * The check runs in a task posted from each animation frame callback, so it comes after the frame's
 * rAF callbacks (the compositor's draw among them) whatever their order.
 */
function armWatch(layout) {
  const bench = window.__syncBench;
  const from = bench.arrivals.length;
  const needle = JSON.stringify(['layout', layout]);
  const now = () => performance.timeOrigin + performance.now();
  bench.watch = new Promise((resolveWatch, reject) => {
    const channel = new MessageChannel();
    const started = now();
    let viewAt = null;
    channel.port1.onmessage = () => {
      const arrival = bench.arrivals.slice(from).find((a) => a.layout === layout);
      const t = now();
      if (arrival) {
        const s = window.__STUDIO__;
        if (viewAt === null && s.sync()?.view.includes(needle)) viewAt = arrival.view?.includes(needle) ? arrival.applied : t;
        const frames = s.frameStats().preview?.frames ?? 0;
        if (viewAt !== null && frames > arrival.frames) {
          channel.port1.close();
          resolveWatch({ arrived: arrival.t, version: arrival.version, view: viewAt, frame: t, framesSinceArrival: frames - arrival.frames });
          return;
        }
      }
      if (t - started > 20_000) {
        channel.port1.close();
        reject(new Error(`B never drew layout ${layout}`));
        return;
      }
      requestAnimationFrame(() => channel.port2.postMessage(0));
    };
    requestAnimationFrame(() => channel.port2.postMessage(0));
  });
  bench.watch.catch(() => undefined);
}

/** In A: the layout toolbar's button, clicked; returns the time of the click. */
function clickLayout(layout) {
  const button = document.querySelector(`[data-testid="layout-toolbar"] button[data-layout="${layout}"]`);
  if (!button || button.disabled) throw new Error(`layout button ${layout} missing or disabled`);
  const t = performance.timeOrigin + performance.now();
  button.click();
  return t;
}

async function measureSync(browser, base) {
  log(`entering the studio as ${USERS.join(' and ')} …`);
  const A = await enterStudio(browser, base, USERS[0]);
  const B = await enterStudio(browser, base, USERS[1]);
  const startVersion = await settled(A.page, B.page);
  const samples = [];
  let putFailures = 0;
  const total = WARMUP_EDITS + EDITS;
  const t0 = Date.now();
  for (let i = 0; i < total; i += 1) {
    const layout = LAYOUTS[i % 2];
    await B.page.evaluate(armWatch, layout);
    const edit = await A.page.evaluate(clickLayout, layout);
    const seen = await withTimeout(
      B.page.evaluate(() => window.__syncBench.watch),
      30_000,
      `edit ${i}`,
    );
    await settled(A.page, B.page);
    // A's own push can acknowledge the save before the PUT's answer lands: wait for the answer too.
    const put = await A.page
      .waitForFunction((t) => window.__syncBench.puts.find((p) => p.start >= t && p.end !== null) ?? null, edit, { timeout: 15_000 })
      .then((handle) => handle.jsonValue())
      .catch(() => null);
    if (put && put.status !== 200) putFailures += 1;
    if (i < WARMUP_EDITS) continue;
    samples.push({
      endToEnd: seen.frame - edit,
      editToPut: put ? put.start - edit : null,
      putMs: put?.end ? put.end - put.start : null,
      putStartToArrival: put ? seen.arrived - put.start : null,
      arrivalToView: seen.view - seen.arrived,
      viewToFrame: seen.frame - seen.view,
      arrivalToFrame: seen.frame - seen.arrived,
    });
    if ((i - WARMUP_EDITS + 1) % 20 === 0) log(`  ${i - WARMUP_EDITS + 1}/${EDITS} edits, last ${round(seen.frame - edit)} ms`);
  }
  const seconds = round((Date.now() - t0) / 1000);
  const endVersion = await settled(A.page, B.page);
  const chromium = browser.version();
  const errors = [...A.errors, ...B.errors];
  await A.context.close();
  await B.context.close();
  const pick = (k) => samples.map((s) => s[k]).filter((v) => v !== null);
  const e2e = dist(pick('endToEnd'));
  const minus = dist(pick('endToEnd').map((v) => v - DEBOUNCE_MS));
  return {
    chromium,
    result: {
      edits: samples.length,
      warmupEdits: WARMUP_EDITS,
      edit: 'layout CLASSIC <-> COVER from the layout toolbar on A (producer1), drawn by the preview on B (producer2)',
      debounceMs: DEBOUNCE_MS,
      p50Ms: e2e.p50,
      p95Ms: e2e.p95,
      maxMs: e2e.max,
      p50MinusDebounceMs: minus.p50,
      p95MinusDebounceMs: minus.p95,
      maxMinusDebounceMs: minus.max,
      stagesMs: {
        editToPut: dist(pick('editToPut')),
        putRoundTrip: dist(pick('putMs')),
        putStartToArrivalOnB: dist(pick('putStartToArrival')),
        arrivalToViewOnB: dist(pick('arrivalToView')),
        viewToFrameOnB: dist(pick('viewToFrame')),
        arrivalToFrameOnB: dist(pick('arrivalToFrame')),
      },
      putFailures,
      versions: { start: startVersion, end: endVersion },
      seconds,
      ...(errors.length ? { pageErrors: errors.slice(0, 5) } : {}),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// 2. PUT throughput with P producers.

/** A lower third's §7 attributes (compositor/templates, LOWERTHIRD), owned by producer `i`. */
const lowerThird = (i, seq) => ({
  id: `bench-${i}`,
  theme: '1',
  number: 0,
  isVisible: false,
  isNew: false,
  isAdding: false,
  selected: false,
  position: null,
  primaryText: `Producer ${i}`,
  secondaryText: `edit ${seq}`,
  name: '',
  source: '',
  template: '',
  primaryColor: '#0D62C5',
  fgColor: '',
  bgColor: '',
  borderColor: '',
  fontFamily: '',
  fontWeight: '',
  badgeColor: '',
  initials: '',
  origin: '',
  type: 'LOWERTHIRD',
});

const BODY_FIELDS = ['name', 'layers', 'layout', 'brandSettings', 'templateUrl', 'templateAttributes', 'producerOrder', 'updateReason'];

async function measureThroughput(base) {
  const tokens = await Promise.all(USERS.map((u) => signIn(base, u)));
  const channel = await findChannel(base, tokens[0]);
  const body = Object.fromEntries(BODY_FIELDS.map((k) => [k, channel[k]]));
  const run = Date.now().toString(36);
  // Each producer signs in over HTTP, as a tab would (the users are shared: only two exist).
  const producers = await Promise.all(
    Array.from({ length: PRODUCERS }, async (_, i) => ({
      i,
      origin: `bench-${run}-${i}`,
      token: await signIn(base, USERS[i % USERS.length]),
      acked: 0,
      sent: 0,
    })),
  );
  log(`${PRODUCERS} producers PUT for ${SECONDS} s …`);
  const latencies = [];
  let errors = 0;
  const errorSamples = [];
  const load = load1();
  const start = performance.now();
  const end = start + SECONDS * 1000;
  await Promise.all(
    producers.map(async (p) => {
      while (performance.now() < end) {
        // A failed save is sent again with the same seq (the studio's saver does the same).
        const seq = p.acked + 1;
        p.sent = seq;
        const t = performance.now();
        try {
          const answer = await http(base, `/api/studio/channel/${channel.uuid}`, {
            method: 'PUT',
            token: p.token,
            json: { ...body, sync: { origin: p.origin, seq, changes: { [`tpl:bench-${p.i}`]: lowerThird(p.i, seq) } } },
          });
          latencies.push(performance.now() - t);
          if ((answer.applied?.[p.origin] ?? 0) < seq) throw new Error(`answer does not acknowledge ${p.origin} seq ${seq}`);
          p.acked = seq;
        } catch (error) {
          errors += 1;
          if (errorSamples.length < 5) errorSamples.push(String(error?.message ?? error));
        }
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  const after = await http(base, `/api/studio/channel/${channel.uuid}`, { token: tokens[0] });
  // Lost: an acknowledged update the server no longer has (seq behind, or another value for its key).
  const lostOrigins = producers.filter((p) => {
    const value = after.keyed?.[`tpl:bench-${p.i}`];
    const valueSeq = Number(/^edit (\d+)$/.exec(value?.secondaryText ?? '')?.[1] ?? 0);
    return (after.applied?.[p.origin] ?? 0) < p.acked || valueSeq < p.acked;
  });
  const saves = latencies.length;
  const d = dist(latencies);
  return {
    producers: PRODUCERS,
    users: USERS.length,
    seconds: round(elapsed, 2),
    saves,
    savesPerSecond: round(saves / elapsed),
    p50Ms: d.p50,
    p95Ms: d.p95,
    maxMs: d.max,
    errors,
    ...(errorSamples.length ? { errorSamples } : {}),
    lost: lostOrigins.length,
    ...(lostOrigins.length ? { lostOrigins: lostOrigins.slice(0, 5).map((p) => ({ origin: p.origin, acked: p.acked, applied: after.applied?.[p.origin] ?? 0 })) } : {}),
    versions: { start: channel.version, end: after.version },
    change: 'one lower third per producer (tpl:bench-<i>), full §7 body + sync',
    loadavgAtStart: load,
  };
}

// ---------------------------------------------------------------------------------------------

const LOAD_BEFORE = load1();
if (!existsSync(join(DIST, 'index.html'))) throw new Error('dist-e2e/ is missing: run `npm run build:e2e` once');
const dataDir = mkdtempSync(join(TMP, 'sync-backend-'));
let backend;
let browser;
const out = { benchmark: 'sync', date: new Date().toISOString() };
try {
  backend = await startBackend(dataDir);
  log('backend at', backend.url);
  const config = await http(backend.url, '/studio/instant-demo/config.json');
  if (config?.backend !== 'server') throw new Error(`the backend serves no studio build in server mode: ${JSON.stringify(config)}`);
  let chromiumVersion = null;
  if (ONLY !== 'throughput') {
    const { chromium } = await import('@playwright/test');
    browser = await chromium.launch({ executablePath: CHROME, args: CHROME_ARGS, headless: true });
    const { chromium: version, result } = await measureSync(browser, backend.url);
    chromiumVersion = version;
    out.sync = result;
    await browser.close();
    browser = undefined;
    log(`  A→B p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, max ${result.maxMs} ms`);
  }
  if (ONLY !== 'sync') {
    out.throughput = await measureThroughput(backend.url);
    log(`  ${out.throughput.savesPerSecond} saves/s, p95 ${out.throughput.p95Ms} ms, ${out.throughput.errors} errors, ${out.throughput.lost} lost`);
  }
  const cpus = os.cpus();
  out.environment = {
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? null,
    node: process.version,
    chromium: chromiumVersion,
    backend: 'src/server (tsx, PGlite) on 127.0.0.1',
    // 1-minute load average before and after: above the core count, other processes shared the CPU.
    loadavg: { before: LOAD_BEFORE, after: load1() },
  };
  const ordered = { benchmark: out.benchmark, date: out.date, environment: out.environment, ...(out.sync ? { sync: out.sync } : {}), ...(out.throughput ? { throughput: out.throughput } : {}) };
  const json = JSON.stringify(ordered, null, 2);
  if (OUT) writeFileSync(OUT, json);
  console.log(json);
  const parts = [];
  if (out.sync) parts.push(`A→B p50 ${Math.round(out.sync.p50Ms)} ms p95 ${Math.round(out.sync.p95Ms)} ms (debounce ${DEBOUNCE_MS} ms; minus it p50 ${Math.round(out.sync.p50MinusDebounceMs)} ms, ${out.sync.edits} edits)`);
  if (out.throughput) {
    const t = out.throughput;
    parts.push(`PUT ${t.producers} producers ${Math.round(t.savesPerSecond)}/s p95 ${Math.round(t.p95Ms)} ms, ${t.errors} errors, ${t.lost} lost`);
  }
  console.log(`sync: ${parts.join(' · ')} | load ${out.environment.loadavg.before}→${out.environment.loadavg.after} on ${out.environment.cpus} cpus`);
} finally {
  await browser?.close().catch(() => undefined);
  await backend?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
