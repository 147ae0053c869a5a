/**
 * Real guests over WebRTC (issue: Real guests and screen share): the studio backend runs as a separate
 * process and starts Janus on loopback. The moderator (producer1) is in one browser with Chromium's
 * fake camera; the guest is in a second browser whose fake camera is tests/e2e/media/counterCamera
 * (magenta, with a frame counter), so their picture is told apart in the preview and on the output
 * page (a third context, through the output link). Every page fails its test on a console error,
 * page error or CSP violation.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { chromium, test, expect, type Browser, type Locator, type Page } from '@playwright/test';
import { BROWSER_ARGS, chromiumPath } from '../../src/server/chromium.mjs';
// @ts-expect-error as above
import { isMagenta, writeCounterCamera } from './media/counterCamera.mjs';
import { startBackendProcess, type BackendProcess } from './backendProcess';

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

const GUEST = 'Gina Guest';
const problems: string[] = [];
/** A refused link is refused by its answer (404 INVITE_UNKNOWN), which Chromium logs: expected on that page only. */
function watch(page: Page, who: string, expected: RegExp | null = null): Page {
  page.on('console', (m) => m.type() === 'error' && !expected?.test(m.text()) && problems.push(`${who} console error: ${m.text()}`));
  page.on('response', (r) => r.status() >= 400 && !expected?.test(`status of ${r.status()}`) && problems.push(`${who} got ${r.status()} from ${r.request().method()} ${r.url()}`));
  page.on('pageerror', (e) => problems.push(`${who} page error: ${e.message}`));
  void page.addInitScript(() => {
    (window as unknown as { __csp: string[] }).__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return page;
}
async function cspViolations(...pages: Page[]): Promise<string[]> {
  const all = await Promise.all(pages.map((p) => p.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []).catch(() => [] as string[])));
  return all.flat();
}

/** The share of an element's pixels for which `test` holds. */
async function share(el: Locator, test_: (r: number, g: number, b: number) => boolean): Promise<number> {
  const png = PNG.sync.read(await el.screenshot());
  let hits = 0;
  for (let i = 0; i < png.data.length; i += 4) if (test_(png.data[i]!, png.data[i + 1]!, png.data[i + 2]!)) hits++;
  return hits / (png.width * png.height);
}
/**
 * Chromium's own fake camera (the moderator's): a green picture. Its shade is not fixed: Chromium 150
 * draws it (0,136,0) from the local camera but (0,77,0) once decoded from the meeting, so the test is
 * the hue (green well above red and blue), not a brightness.
 */
const isFakeGreen = (r: number, g: number, b: number) => g > 60 && r < g / 2 && b < g / 2;

let backend: BackendProcess;
let guestBrowser: Browser;
let studio: Page;
let guest: Page;
let output: Page;
let inviteLink = '';

const card = (name: string) => studio.getByTestId('producer-card').filter({ hasText: name });
const preview = () => studio.locator('canvas.stage-canvas');

test.beforeAll(async ({ browser }) => {
  const camera = join(tmpdir(), `studio-guest-camera-${process.pid}.y4m`);
  writeCounterCamera(camera, 256);
  backend = await startBackendProcess();
  guestBrowser = await chromium.launch({ executablePath: chromiumPath(), args: [...BROWSER_ARGS, `--use-file-for-fake-video-capture=${camera}`] });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  studio = watch(await context.newPage(), 'studio');
  await studio.addInitScript(() => localStorage.setItem('tutorialCompleted', 'true'));
  await studio.goto(`${backend.studio}event/product-launch`);
  await studio.getByLabel('Username').fill('producer1', { timeout: 30_000 });
  await studio.getByLabel('Password').fill('studio');
  await studio.getByRole('button', { name: 'SIGN IN' }).click();
  await studio.getByRole('button', { name: /ENTER STUDIO/ }).click({ timeout: 30_000 });
  await expect(studio.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected', { timeout: 45_000 });
});

test.afterAll(async () => {
  await guestBrowser?.close();
  await backend?.stop();
});

test.afterEach(async () => {
  const pages = [studio, guest, output].filter(Boolean);
  expect([...problems.splice(0), ...(await cspViolations(...pages)).map((v) => `CSP violation: ${v}`)]).toEqual([]);
});

async function openGuest(link: string, expected: RegExp | null = null): Promise<Page> {
  const page = watch(await (await guestBrowser.newContext({ viewport: { width: 1280, height: 800 } })).newPage(), 'guest', expected);
  await page.goto(link);
  return page;
}

async function joinAsGuest(link: string, name: string): Promise<Page> {
  const page = await openGuest(link);
  await page.getByTestId('guest-name').fill(name, { timeout: 30_000 });
  await page.getByRole('button', { name: /JOIN BACKSTAGE/ }).click();
  await expect(page.getByTestId('guest-status')).toHaveText('You are backstage', { timeout: 20_000 });
  return page;
}

test('a guest joins from the invite link, shows live backstage, goes on air, and the preview and the output page show their camera', async () => {
  await studio.getByTestId('invite-guest').click();
  const dialog = studio.getByTestId('invite-dialog');
  inviteLink = await dialog.getByTestId('invite-link').inputValue({ timeout: 10_000 });
  expect(inviteLink).toMatch(new RegExp(`^${backend.studio}guest/[\\w-]{20,}$`));
  await expect(dialog).toContainText('The link works until');
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  guest = await joinAsGuest(inviteLink, GUEST);
  // The host sees the guest's card with moving video: two looks at it differ.
  await expect(card(GUEST)).toBeVisible({ timeout: 20_000 });
  const feed = card(GUEST).locator('video');
  await expect.poll(() => feed.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 }).toBeGreaterThan(0);
  const first = await feed.screenshot();
  await expect.poll(async () => Buffer.compare(first, await feed.screenshot()) !== 0, { timeout: 20_000 }).toBe(true);
  expect(await share(feed, isMagenta)).toBeGreaterThan(0.3);

  // On air (the guest's mic was muted as they came in: §9 muteMicOnGuestEnter is on by default).
  await expect(card(GUEST).getByRole('button', { name: `Mute mic of ${GUEST}` })).toHaveAttribute('aria-pressed', 'true');
  await card(GUEST).getByRole('switch', { name: `On air: ${GUEST}` }).click();
  await expect(guest.getByTestId('guest-status')).toHaveText('You are on air', { timeout: 15_000 });
  await expect.poll(() => share(preview(), isMagenta), { timeout: 15_000 }).toBeGreaterThan(0.3);

  // The host goes on air too: the output page shows both real cameras (no placeholder for the host's own).
  await card('Priya Patel').getByRole('switch', { name: 'On air: Priya Patel' }).click();
  await studio.getByTestId('copy-output-link').click();
  const outputLink = await studio.getByTestId('output-link').inputValue();
  output = watch(await (await guestBrowser.newContext({ viewport: { width: 1280, height: 720 } })).newPage(), 'output');
  await output.goto(outputLink);
  const canvas = output.getByTestId('output-canvas');
  // Two tiles side by side, made smaller by Shift videos up while the lower third is on stage (issue 26): each camera fills about 9 %.
  await expect.poll(() => share(canvas, isMagenta), { timeout: 20_000 }).toBeGreaterThan(0.06);
  await expect.poll(() => share(canvas, isFakeGreen), { timeout: 20_000 }).toBeGreaterThan(0.06);
  // The program return on the guest's page draws the same scene.
  await expect.poll(() => share(guest.getByTestId('program-return'), isFakeGreen), { timeout: 20_000 }).toBeGreaterThan(0.06);
  await card('Priya Patel').getByRole('switch', { name: 'On air: Priya Patel' }).click();
});

test('the host’s controls reach the guest: soft mute, hard mute (the guest cannot unmute, and sees why), rename', async () => {
  const mic = guest.getByTestId('guest-mic');
  // Soft: the guest was muted on entering and may unmute; the host sees it.
  await expect(mic).toHaveAttribute('aria-pressed', 'true');
  await mic.click();
  await expect(mic).toHaveAttribute('aria-pressed', 'false');
  await expect(card(GUEST).getByRole('button', { name: `Mute mic of ${GUEST}` })).toHaveAttribute('aria-pressed', 'false', { timeout: 10_000 });
  // The host soft-mutes the camera; the guest's camera turns off.
  await card(GUEST).getByRole('button', { name: `Mute video of ${GUEST}` }).click();
  await expect(guest.getByTestId('guest-camera')).toHaveAttribute('aria-pressed', 'true', { timeout: 10_000 });
  await guest.getByTestId('guest-camera').click();
  await expect(guest.getByTestId('guest-camera')).toHaveAttribute('aria-pressed', 'false');

  // Hard mute: Disable mic from the card's menu.
  await card(GUEST).getByRole('button', { name: `Options for ${GUEST}` }).click();
  await studio.getByRole('menuitem', { name: 'Disable mic' }).click();
  await expect(mic).toHaveAttribute('aria-pressed', 'true', { timeout: 10_000 });
  await expect(mic).toHaveAttribute('aria-disabled', 'true');
  await mic.click({ force: true }); // aria-disabled: still focusable and clickable, so it can say why
  await expect(guest.getByTestId('guest-notice-line')).toHaveText('The host has disabled your microphone.');
  await expect(mic).toHaveAttribute('aria-pressed', 'true');
  await card(GUEST).getByRole('button', { name: `Options for ${GUEST}` }).click();
  await studio.getByRole('menuitem', { name: 'Enable mic' }).click();
  await expect(mic).not.toHaveAttribute('aria-disabled', 'true', { timeout: 10_000 });

  // Rename: the guest sees the new name.
  await card(GUEST).getByRole('button', { name: `Options for ${GUEST}` }).click();
  await studio.getByRole('menuitem', { name: 'Edit name' }).click();
  const field = studio.getByRole('textbox', { name: `Name of ${GUEST}` });
  await field.fill('Dr. Gina Guest');
  await field.press('Enter');
  await expect(guest.getByTestId('guest-own-name')).toHaveText('Dr. Gina Guest', { timeout: 10_000 });
});

test('screen shares: the host’s goes on air with the content-share layout; a guest’s never does; CONTINUE in the conflict stops the other share', async () => {
  await studio.getByTestId('share-screen').click();
  const hostShare = studio.getByTestId('producer-card').filter({ hasText: 'Priya Patel' }).nth(1);
  await expect(hostShare).toBeVisible({ timeout: 20_000 });
  await expect(hostShare).toHaveAttribute('aria-label', /Priya Patel, on air/);
  // §4: with a content share live, Cover is not offered.
  await expect(studio.getByRole('toolbar', { name: 'Layouts' }).getByRole('button', { name: 'Cover', exact: true })).toHaveCount(0);
  await studio.getByTestId('share-screen').click(); // Stop sharing
  await expect(studio.getByTestId('producer-card').filter({ hasText: 'Priya Patel' })).toHaveCount(1, { timeout: 15_000 });

  // A guest shares: a content-share card named after them, backstage.
  await guest.getByTestId('share-screen').click();
  const guestShare = studio.getByTestId('producer-card').filter({ hasText: 'Dr. Gina Guest' }).nth(1);
  await expect(guestShare).toBeVisible({ timeout: 20_000 });
  await expect(guestShare).not.toHaveAttribute('aria-label', /on air/);
  // The host asks to share too: the conflict names the guest; CONTINUE stops theirs and starts the host's.
  await studio.getByTestId('share-screen').click();
  const conflict = studio.getByTestId('screen-share-conflict');
  await expect(conflict).toContainText('Dr. Gina Guest is sharing a screen.');
  await conflict.getByRole('button', { name: 'CONTINUE' }).click();
  await expect(guest.getByTestId('share-screen')).toHaveAttribute('aria-pressed', 'false', { timeout: 15_000 });
  await expect(studio.getByTestId('producer-card').filter({ hasText: 'Dr. Gina Guest' })).toHaveCount(1, { timeout: 15_000 });
  await expect(studio.getByTestId('producer-card').filter({ hasText: 'Priya Patel' }).nth(1)).toHaveAttribute('aria-label', /on air/, { timeout: 15_000 });
  await studio.getByTestId('share-screen').click(); // Stop sharing
  await expect(studio.getByTestId('producer-card').filter({ hasText: 'Priya Patel' })).toHaveCount(1, { timeout: 15_000 });
});

test('removing the guest shows them a clear screen; a new invite link revokes the old one; a guest who leaves frees their card', async () => {
  await card('Dr. Gina Guest').getByRole('button', { name: 'Options for Dr. Gina Guest' }).click();
  await studio.getByRole('menuitem', { name: 'Remove presenter' }).click();
  await expect(guest.getByTestId('guest-notice')).toHaveText(/You were removed from this event by the host\./, { timeout: 15_000 });
  await expect(card('Dr. Gina Guest')).toHaveCount(0, { timeout: 15_000 });

  await studio.getByTestId('invite-guest').click();
  const dialog = studio.getByTestId('invite-dialog');
  await expect(dialog.getByTestId('invite-link')).toHaveValue(inviteLink);
  await dialog.getByTestId('invite-rotate').click();
  await expect(dialog.getByTestId('invite-link')).not.toHaveValue(inviteLink);
  const fresh = await dialog.getByTestId('invite-link').inputValue();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  const stale = await openGuest(inviteLink, /status of 404/);
  await expect(stale.getByTestId('guest-notice')).toHaveText('This invite link is not valid. Ask the host for a new one.');

  const second = await joinAsGuest(fresh, 'Gus Guest');
  await expect(card('Gus Guest')).toBeVisible({ timeout: 20_000 });
  await second.getByTestId('guest-leave').click();
  await expect(second.getByTestId('guest-notice')).toHaveText(/You left the event\./);
  // §4: out of the roster after 5 s missing, freed at the next cleanup (every 5 s).
  await expect(card('Gus Guest')).toHaveCount(0, { timeout: 20_000 });
});

test('a guest on air who closes the tab (no Leave) leaves the stage within 15 s, off air first', async () => {
  await studio.getByTestId('invite-guest').click();
  const dialog = studio.getByTestId('invite-dialog');
  const link = await dialog.getByTestId('invite-link').inputValue({ timeout: 10_000 });
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  const name = 'Tess Tabcloser';
  const page = await joinAsGuest(link, name);
  await expect(card(name)).toBeVisible({ timeout: 20_000 });
  await card(name).getByRole('switch', { name: `On air: ${name}` }).click();
  await expect(page.getByTestId('guest-status')).toHaveText('You are on air', { timeout: 15_000 });

  const closedAt = Date.now();
  await page.context().close(); // the tab is gone: no Leave, no goodbye
  const layerNames = () => studio.evaluate(() => (window as unknown as { __STUDIO__: { channel(): { layers: { sourceName: string }[] } | null } }).__STUDIO__.channel()?.layers.map((l) => l.sourceName) ?? []);
  // §4: missing from the roster for over 5 s marks them out; the cleanup every 5 s frees the card, off air first.
  await expect.poll(layerNames, { timeout: 15_000 }).not.toContain(name);
  await expect(card(name)).toHaveCount(0, { timeout: Math.max(1, 15_000 - (Date.now() - closedAt)) });
  test.info().annotations.push({ type: 'card gone after the tab closed', description: `${Date.now() - closedAt} ms` });
});
