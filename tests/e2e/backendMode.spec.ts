/**
 * Backend mode end to end (issue: Backend mode): the studio build served by the studio backend
 * (src/server, a separate process on a free port with a temp data folder), two producers in two
 * browser contexts. Sign-in and the event list, the join link, changes crossing between producers,
 * socket drops, a 500 on save, and the output page on its own token (going live runs a real
 * broadcast: tests/e2e/live.spec.ts, alone). A kill -9 is tested where a process really dies in the
 * product: the scale-out (pages reconnect, nothing acknowledged lost, an edit in flight resent),
 * going live (the broadcast taken over) and tests/server/durability.test.ts (the embedded database).
 * Every page fails its test on a console error, page error or CSP violation, except the network
 * errors a test causes on purpose (a dead server, a 500).
 */
import { PNG } from 'pngjs';
import { expect, type Page } from '@playwright/test';
import { canonicalJson, type KeyedChannel } from '../../compositor/sync';
import type { ChannelBody } from '../../compositor/model/types';
import { PREVIEW_ZOOM } from '../../compositor/model/constants';
import type { BackendProcess } from './backendProcess';
import { joinAs, signIn, enter, test } from './backendStudio';
import { surfaceReady } from './surface';

type Sync = { view: string; version: number; pending: number; unsent: boolean } | null;
type Doc = { layout: string; brandSettings: { nametagsActive: boolean }; templates: { id: string; selected: boolean }[] };
interface Surface {
  sync(): Sync;
  channel(): ChannelBody | null;
  state(): { server: { connection: string; saveStatus: string; user: { id: string } | null }; stage: { doc: Doc }; program: Doc };
  logs(): { message: string }[];
}
type Window_ = { __STUDIO__: Surface };
const sync = async (page: Page) => (await surfaceReady(page), page.evaluate(() => (window as unknown as Window_).__STUDIO__.sync()));
const doc = async (page: Page) => (await surfaceReady(page), page.evaluate(() => (window as unknown as Window_).__STUDIO__.state().stage.doc));
/** What a read-only page (the output page) draws: its program, apart from any studio's stage. */
const programDoc = async (page: Page) => (await surfaceReady(page), page.evaluate(() => (window as unknown as Window_).__STUDIO__.state().program));

/** Both ends and the backend have the same channel, nothing unacknowledged left. */
async function converged(pages: Page[], backend: BackendProcess, uuid: string): Promise<string> {
  let view = '';
  let differences = '';
  await expect
    .poll(
      async () => {
        const states = await Promise.all(pages.map(sync));
        const stored = await backend.hook<{ keyed: KeyedChannel; version?: number }>(`channel/${uuid}`);
        const server = canonicalJson(stored.keyed);
        view = server;
        differences = states.map((s, i) => `page ${i + 1}: ${describeSync(s, stored.keyed)}`).join('; ');
        return states.every((s) => s !== null && s.pending === 0 && !s.unsent && s.view === server);
      },
      { timeout: 60_000, intervals: [250, 500, 1000] },
    )
    .toBe(true)
    .catch((error: unknown) => {
      // Which page is behind, and on which keys, for whoever reads the failure.
      throw new Error(`not converged (${differences})`, { cause: error });
    });
  return view;
}

/** A page's sync state against the stored channel: its version, what waits, and the keys it sees otherwise. */
function describeSync(state: Sync, stored: KeyedChannel): string {
  if (!state) return 'no sync engine';
  const seen = Object.fromEntries(JSON.parse(state.view) as [string, unknown][]);
  const keys = [...new Set([...Object.keys(seen), ...Object.keys(stored)])].filter((k) => canonicalJson({ v: seen[k] } as KeyedChannel) !== canonicalJson({ v: (stored as Record<string, unknown>)[k] } as KeyedChannel));
  // A key one side lacks is a difference too (and JSON.stringify(undefined) is no string to cut).
  const show = (v: unknown) => (v === undefined ? 'absent' : JSON.stringify(v).slice(0, 120));
  const shown = keys.map((k) => `${k}=${show(seen[k])} (stored ${show((stored as Record<string, unknown>)[k])})`);
  return `version ${state.version}, pending ${state.pending}, unsent ${state.unsent}, differs in [${shown.join(', ')}]`;
}

const channelUuid = (page: Page) => page.evaluate(() => (window as unknown as { __STUDIO__: { state(): { meeting: { channel: { uuid: string } } } } }).__STUDIO__.state().meeting.channel.uuid);
const layoutButton = (page: Page, name: string) => page.getByRole('toolbar', { name: 'Layouts' }).getByRole('button', { name, exact: true });

/**
 * Milliseconds from the click on one producer's page until `arrived` holds on the other's (checked
 * every animation frame there). Both times are read inside the pages (same machine clock), so the
 * test runner's own round trips do not count.
 */
type Arrival = { kind: 'live' | 'layout' | 'lowerThird'; value: string } | { kind: 'nametags'; value: boolean };

/** In the page: whether the change has arrived; the first time it has, when (read back by timeUntil). */
function arrived(arg: Arrival): boolean {
  const s = (window as unknown as Window_).__STUDIO__;
  const doc = s.state().stage.doc;
  const ok =
    arg.kind === 'live'
      ? (s.channel()?.layers ?? []).some((l) => l.sourceName === arg.value)
      : arg.kind === 'layout'
        ? s.channel()?.layout === arg.value
        : arg.kind === 'lowerThird'
          ? doc.templates.some((t) => t.id === arg.value && t.selected)
          : doc.brandSettings.nametagsActive === arg.value;
  const w = window as unknown as { __arrivedAt?: number };
  if (ok) w.__arrivedAt ??= performance.timeOrigin + performance.now();
  return ok;
}

async function timeUntil(actor: Page, page: Page, act: () => Promise<void>, arrival: Arrival): Promise<number> {
  await actor.evaluate(() => {
    const w = window as unknown as { __clickedAt?: number };
    delete w.__clickedAt;
    window.addEventListener('click', () => (w.__clickedAt = performance.timeOrigin + performance.now()), { capture: true, once: true });
  });
  await page.evaluate(() => delete (window as unknown as { __arrivedAt?: number }).__arrivedAt);
  // Watched from before the click, so the arrival is seen the frame it happens; it must come within
  // 15 s of the click's end (on a loaded machine Playwright itself waits seconds for a button to be stable).
  const waiting = page.waitForFunction(arrived, arrival, { polling: 'raf', timeout: 120_000 });
  waiting.catch(() => undefined);
  await act();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`the ${arrival.kind} change did not arrive within 15 s of the click`)), 15_000)));
  await Promise.race([waiting, late]).finally(() => clearTimeout(timer));
  const clicked = await actor.evaluate(() => (window as unknown as { __clickedAt?: number }).__clickedAt ?? NaN);
  const shown = await page.evaluate(() => (window as unknown as { __arrivedAt?: number }).__arrivedAt ?? NaN);
  return shown - clicked;
}

test.describe.configure({ mode: 'serial' });

test('sign in with remember me, open an event from the list, and join by the join link; nothing secret is stored', async ({ browser, backend, watch }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  watch(page);
  await page.addInitScript(() => localStorage.setItem('tutorialCompleted', 'true'));
  await page.goto(backend.studio);
  await expect(page.getByText('Only your username is remembered on this computer.', { exact: false })).toBeVisible({ timeout: 30_000 });
  await signIn(page, 'producer1', true);

  const list = page.getByRole('list', { name: 'Your upcoming events' });
  await expect(list.getByText('Product Launch Live')).toBeVisible({ timeout: 15_000 });
  await expect(list.getByText('Quarterly Town Hall')).toBeVisible();

  // No password or token in local storage, session storage, IndexedDB or the log; the cookie is SameSite.
  const [cookie] = (await context.cookies()).filter((c) => c.name === 'token');
  expect(cookie?.sameSite).toBe('Strict');
  const token = cookie!.value;
  expect(token.length).toBeGreaterThan(20);
  const stored = await page.evaluate(async () => ({
    local: Object.entries(localStorage),
    session: Object.entries(sessionStorage),
    databases: (await indexedDB.databases()).map((d) => d.name),
    logs: (window as unknown as { __STUDIO__: Surface }).__STUDIO__.logs().map((e) => e.message),
  }));
  const everything = JSON.stringify(stored);
  expect(everything).not.toContain(token);
  expect(stored.local.filter(([, v]) => v === 'studio')).toEqual([]);
  expect(everything).not.toMatch(/password/i);
  expect(stored.local).toContainEqual(['rememberedUsername', 'producer1']);
  expect(stored.databases).toEqual([]);

  // From the list into the studio of that event.
  await list.getByRole('button', { name: 'OPEN STUDIO: Product Launch Live' }).click();
  await expect(page).toHaveURL(/\/studio\/instant-demo\/event\/product-launch$/);
  await enter(page);
  await expect(page.getByRole('heading', { name: 'Product Launch Live' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('studio-backend-mode.png') });

  // A reload stays signed in (the token cookie) and the username is offered again after signing out.
  await page.reload();
  await enter(page);
  await context.close();

  // The join link straight into the studio, signing in on the way, as the other producer.
  const second = await joinAs(browser, backend, watch, 'producer2');
  await expect(second.getByRole('heading', { name: 'Product Launch Live' })).toBeVisible();
  await second.context().close();
});

test('an event that has not started yet: the studio says it waits, and opens by itself when the event starts', async ({ browser, backend, watch }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  watch(page);
  await page.addInitScript(() => localStorage.setItem('tutorialCompleted', 'true'));
  await page.goto(`${backend.studio}event/instance-wait`);
  await signIn(page, 'producer1');
  await page.getByRole('button', { name: /ENTER STUDIO/ }).click({ timeout: 30_000 });
  // §4: the instance appears about 6 s after the first join attempt; the join checks every 2 s.
  await expect(page.getByTestId('waiting-for-event')).toContainText('Waiting for the event to start…', { timeout: 15_000 });
  await expect(page.getByTestId('studio')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('waiting-for-event')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Instance Wait Rehearsal' })).toBeVisible();
  await context.close();
});

test('a producer who does not moderate an event cannot join it, and is told why', { tag: '@provokes-network-errors' }, async ({ browser, backend, watch }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  watch(page);
  await page.addInitScript(() => localStorage.setItem('tutorialCompleted', 'true'));
  await page.goto(`${backend.studio}event/town-hall`);
  await signIn(page, 'producer2');
  await page.getByRole('button', { name: /ENTER STUDIO/ }).click({ timeout: 30_000 });
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(dialog.getByText('Uh oh! An unknown error occurred.')).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toContainText(/moderat/i);
  await expect(page.getByTestId('studio')).toHaveCount(0);
  await context.close();
});

test('two producers: each change reaches the other, and both converge through 6 socket drops', { tag: '@provokes-network-errors' }, async ({ browser, backend, watch }) => {
  test.setTimeout(420_000);
  const a = await joinAs(browser, backend, watch, 'producer1');
  const b = await joinAs(browser, backend, watch, 'producer2');
  const uuid = await channelUuid(a);
  await converged([a, b], backend, uuid);
  const latencies: number[] = [];

  // A goes on air; B sees A's layer.
  latencies.push(
    await timeUntil(a, b, () => a.getByRole('switch', { name: 'On air: Priya Patel' }).click(), { kind: 'live', value: 'Priya Patel' }),
  );
  await expect(b.getByTestId('producer-card').filter({ hasText: 'Priya Patel' })).toHaveAttribute('data-live', 'true');

  // A changes the layout; B follows.
  latencies.push(await timeUntil(a, b, () => layoutButton(a, 'Cover').click(), { kind: 'layout', value: 'COVER' }));

  // A puts another lower third on stage; B shows it.
  latencies.push(
    await timeUntil(
      a,
      b,
      () => a.getByRole('button', { name: /^Ask your questions Use the Q&A tab, we answer live 2 SHOW$/ }).click(),
      { kind: 'lowerThird', value: 'lower-third-predefined-2' },
    ),
  );

  // B's own edit comes back to A.
  latencies.push(await timeUntil(b, a, () => b.getByRole('switch', { name: /Name Tags/ }).click(), { kind: 'nametags', value: false }));

  // Each change arrived (waitForFunction above fails after 15 s). How fast is measured by
  // benchmarks/sync.mjs (p50/p95 over 200 edits), not asserted here: this machine is shared and
  // noisy, and a timed assertion would test its load. The times are kept with the test's report.
  expect(latencies.every((ms) => Number.isFinite(ms) && ms > 0)).toBe(true);
  test.info().annotations.push({ type: 'edit→other producer (ms, 500 of it the §9 save debounce)', description: latencies.map(Math.round).join(', ') });

  // 6 socket drops while both keep editing different things: A the layout, B the name tags. That
  // any interleaving of edits and drops converges is the fuzz's (tests/unit/sync/syncFuzz.test.ts); here it is
  // that the real pages reconnect and resend through real sockets.
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  let layout = 'COVER';
  let nametags = false;
  for (let drop = 0; drop < 6; drop++) {
    layout = layout === 'COVER' ? 'CLASSIC' : 'COVER';
    await layoutButton(a, layout === 'COVER' ? 'Cover' : 'Classic').click();
    if (drop % 2 === 0) {
      nametags = !nametags;
      await b.getByRole('switch', { name: /Name Tags/ }).click();
    }
    await a.waitForTimeout(Math.round(random() * 500));
    await backend.hook('drop-sockets', {});
    if (drop === 0) await expect(a.getByTestId('connection-state')).toHaveAttribute('data-state', /reconnecting|connecting/, { timeout: 5000 });
    await a.waitForTimeout(Math.round(200 + random() * 600));
  }
  const final = await converged([a, b], backend, uuid);
  const keyed = JSON.parse(final) as [string, unknown][];
  expect(keyed).toContainEqual(['layout', layout]);
  expect(keyed).toContainEqual(['brand:nametagsActive', nametags]);
  expect((await doc(a)).layout).toBe(layout);
  expect((await doc(b)).brandSettings.nametagsActive).toBe(nametags);
  await expect(a.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected', { timeout: 45_000 });
  await a.context().close();
  await b.context().close();
});

test('the run of show is shared through the backend: a scene one producer saves, the other takes; a reload keeps it (issue 25)', async ({ browser, backend, watch }) => {
  test.setTimeout(240_000);
  const a = await joinAs(browser, backend, watch, 'producer1');
  const b = await joinAs(browser, backend, watch, 'producer2');
  const openRundown = (p: Page) => p.getByRole('navigation', { name: 'Studio tools' }).getByRole('button', { name: /Rundown/ }).click();
  await openRundown(a);
  await openRundown(b);
  const scenes = (p: Page) => p.getByTestId('scene-card');

  // A puts their camera on air, goes to Cover and saves that look; B's rundown shows the scene.
  await a.getByRole('switch', { name: 'On air: Priya Patel' }).click();
  await layoutButton(a, 'Cover').click();
  await a.getByRole('button', { name: 'Save scene' }).click();
  await expect(scenes(a)).toHaveCount(1);
  await expect(scenes(b)).toHaveCount(1, { timeout: 20_000 });
  await expect(scenes(b).first()).toContainText('Scene 1');

  // A changes the stage; B takes the scene: both stages are back on that look, A's rundown says ON AIR.
  await layoutButton(a, 'Classic').click();
  await expect.poll(async () => (await doc(b)).layout, { timeout: 20_000 }).toBe('CLASSIC');
  await b.getByRole('button', { name: 'Take scene Scene 1' }).click();
  await expect.poll(async () => (await doc(a)).layout, { timeout: 20_000 }).toBe('COVER');
  await expect(scenes(a).first()).toHaveAttribute('data-state', 'live', { timeout: 20_000 });

  // The backend keeps it: a reload shows the scene and what is on air.
  await a.reload();
  await enter(a);
  await openRundown(a); // joinAs opens the studio on Graphics
  await expect(scenes(a)).toHaveCount(1, { timeout: 20_000 });
  await expect(scenes(a).first()).toHaveAttribute('data-state', 'live');
  await a.context().close();
  await b.context().close();
});

test('a 500 on save shows the unknown-error dialog; the edit is kept and saved by the retry', { tag: '@provokes-network-errors' }, async ({ browser, backend, watch }) => {
  test.setTimeout(240_000);
  const a = await joinAs(browser, backend, watch, 'producer1');
  const uuid = await channelUuid(a);
  await converged([a], backend, uuid);
  const target = (await doc(a)).layout === 'COVER' ? 'Classic' : 'Cover';
  await backend.hook('faults', { fail: { method: 'PUT', pathPrefix: '/api/studio/channel', status: 500, count: 2 } });
  await layoutButton(a, target).click();
  const dialog = a.getByRole('alertdialog').or(a.getByRole('dialog'));
  await expect(dialog.getByText('Uh oh! An unknown error occurred.')).toBeVisible({ timeout: 15_000 });
  await expect(a.getByTestId('save-state')).toBeVisible();
  await dialog.getByRole('button', { name: 'OKAY' }).click();
  // Kept in the studio while the server refuses it, then saved by the retry (1 s, then 2 s).
  expect((await doc(a)).layout).toBe(target.toUpperCase());
  const final = await converged([a], backend, uuid);
  expect(JSON.parse(final)).toContainEqual(['layout', target.toUpperCase()]);
  await expect(a.getByTestId('save-state')).toHaveCount(0);
  await backend.hook('faults', {});
  await a.context().close();
});

test('the output link shows the program on another machine, the same pixels as the preview; a wrong token is refused', { tag: '@provokes-network-errors' }, async ({ browser, backend, watch }) => {
  test.setTimeout(240_000);
  const a = await joinAs(browser, backend, watch, 'producer1');
  // The program without a camera (cameras cross machines with real guests over WebRTC, not yet).
  const self = a.getByRole('switch', { name: 'On air: Priya Patel' });
  if ((await self.getAttribute('aria-checked')) === 'true') await self.click();
  await a.getByTestId('copy-output-link').click();
  const link = await a.getByTestId('output-link').inputValue();
  expect(link).toMatch(/\/output\?channel=.+&token=.+/);

  const machine = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const output = await machine.newPage();
  watch(output);
  await output.goto(link);
  const shown = await doc(a);
  await expect.poll(async () => (await programDoc(output)).templates.filter((t) => t.selected).map((t) => t.id), { timeout: 20_000 }).toEqual(shown.templates.filter((t) => t.selected).map((t) => t.id));
  expect((await programDoc(output)).layout).toBe(shown.layout);
  await a.waitForTimeout(2500); // the lower third's entrance has ended on both

  // The same scene, and the same pixels: the preview (zoomed 104 %) sampled on a grid against the output.
  const sceneOf = (p: Page) => p.evaluate(() => JSON.stringify((window as unknown as { __STUDIO__: { scene(): { templates: unknown; background: unknown } } }).__STUDIO__.scene().templates));
  expect(await sceneOf(output)).toBe(await sceneOf(a));
  const preview = PNG.sync.read(await a.locator('canvas.stage-canvas').screenshot());
  const program = PNG.sync.read(await output.getByTestId('output-canvas').screenshot({ path: test.info().outputPath('output.png') }));
  await a.locator('canvas.stage-canvas').screenshot({ path: test.info().outputPath('preview.png') });
  /** Mean colour around a point, and whether the area is flat (a sample on a sharp edge says nothing about scale errors). */
  const area = (png: PNG, cx: number, cy: number, r: number) => {
    const sum = [0, 0, 0];
    const lo = [255, 255, 255];
    const hi = [0, 0, 0];
    let n = 0;
    for (let y = Math.round(cy - r); y <= cy + r; y++)
      for (let x = Math.round(cx - r); x <= cx + r; x++) {
        const i = (y * png.width + x) * 4;
        for (let c = 0; c < 3; c++) {
          const v = png.data[i + c]!;
          sum[c]! += v;
          lo[c] = Math.min(lo[c]!, v);
          hi[c] = Math.max(hi[c]!, v);
        }
        n++;
      }
    return { mean: sum.map((v) => v / n), flat: hi.every((h, c) => h - lo[c]! < 40) };
  };
  let compared = 0;
  const scale = program.width / preview.width;
  for (let gy = 1; gy < 16; gy++)
    for (let gx = 1; gx < 24; gx++) {
      const [px, py] = [(gx / 24) * preview.width, (gy / 16) * preview.height];
      const frameX = (px - preview.width / 2) / (PREVIEW_ZOOM * preview.width) + 0.5;
      const frameY = (py - preview.height / 2) / (PREVIEW_ZOOM * preview.height) + 0.5;
      const o = area(program, frameX * program.width, frameY * program.height, 6 * scale);
      if (!o.flat) continue; // an edge of the lower third: both sides are compared elsewhere
      const p = area(preview, px, py, 2).mean;
      expect(Math.max(...p.map((v, c) => Math.abs(v - o.mean[c]!))), `grid (${gx}, ${gy}): preview ${p.map(Math.round)} output ${o.mean.map(Math.round)}`).toBeLessThan(24);
      compared++;
    }
  expect(compared).toBeGreaterThan(250);

  // A wrong token shows a clear message; a new link revokes the old one.
  const wrong = await machine.newPage();
  watch(wrong);
  await wrong.goto(link.replace(/token=[^&]+/, 'token=not-the-token'));
  await expect(wrong.getByTestId('output-refused')).toContainText('This output link cannot show the program');
  await a.getByTestId('copy-output-link').click();
  await expect(output.getByTestId('output-refused')).toBeVisible({ timeout: 30_000 }).catch(async () => {
    // The old link's socket is refused at its next registration; a reload shows it at once.
    await output.reload();
    await expect(output.getByTestId('output-refused')).toBeVisible();
  });
  await machine.close();
  await a.context().close();
});
