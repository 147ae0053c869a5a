/**
 * The Graphics tool as a moderator uses it (issue: Graphics): brand colour, a lower third, a ticker, two
 * logos, an uploaded image (progress, then on stage), an oversized file refused, and a shared foreground
 * video paused, sought and looped. Each step is checked in the model and in the preview's pixels.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import type { Locator } from '@playwright/test';
import { test, expect, enterStudio, seedStorage, type Page } from './fixtures';
import type { SceneModel } from '../../compositor/model/scene';

type Surface = { scene(): SceneModel; state(): { stage: { doc: { media: Record<string, { id: string } | null> } } } };
const scene = (page: Page) => page.evaluate(() => (window as unknown as { __STUDIO__: Surface }).__STUDIO__.scene());
const sharedVideo = (page: Page) => page.evaluate(() => (window as unknown as { __STUDIO__: { sharedVideo(): { state: string; loop: boolean; seekSec: number; replayable: boolean } } }).__STUDIO__.sharedVideo());

const TMP = 'tests/.tmp/uploads';
type Rgb = [number, number, number];
const hex = (h: string): Rgb => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;

async function preview(page: Page): Promise<PNG> {
  return PNG.sync.read(await page.getByTestId('stage-preview').locator('canvas').screenshot());
}

/** Share of the pixels in a region (fractions of the frame) within `tolerance` of `color`. */
function share(png: PNG, color: Rgb, region: { x0: number; y0: number; x1: number; y1: number }, tolerance = 40): number {
  let hit = 0;
  let all = 0;
  for (let y = Math.floor(region.y0 * png.height); y < region.y1 * png.height; y += 2)
    for (let x = Math.floor(region.x0 * png.width); x < region.x1 * png.width; x += 2) {
      const i = (y * png.width + x) * 4;
      all += 1;
      if (Math.abs(png.data[i]! - color[0]) + Math.abs(png.data[i + 1]! - color[1]) + Math.abs(png.data[i + 2]! - color[2]) <= tolerance * 3) hit += 1;
    }
  return hit / all;
}

/** Mean absolute difference of two previews over a region, 0..255. */
function difference(a: PNG, b: PNG, region: { x0: number; y0: number; x1: number; y1: number }): number {
  let sum = 0;
  let n = 0;
  for (let y = Math.floor(region.y0 * a.height); y < region.y1 * a.height; y += 2)
    for (let x = Math.floor(region.x0 * a.width); x < region.x1 * a.width; x += 2) {
      const i = (y * a.width + x) * 4;
      sum += Math.abs(a.data[i]! - b.data[i]!) + Math.abs(a.data[i + 1]! - b.data[i + 1]!) + Math.abs(a.data[i + 2]! - b.data[i + 2]!);
      n += 3;
    }
  return sum / n;
}

function solidPng(path: string, color: Rgb, width = 320, height = 180) {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i += 1) png.data.set([...color, 255], i * 4);
  writeFileSync(path, PNG.sync.write(png));
}

/** A React Aria radio: its input is visually hidden, its label takes the click. */
const pick = (radio: Locator) => radio.locator('xpath=ancestor::label[1]').click();

async function choose(page: Page, button: string, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button, exact: true }).click();
  await (await chooser).setFiles(file);
}

const section = (page: Page, name: string) => page.locator('[data-section]').filter({ has: page.getByRole('button', { name: new RegExp(`^${name}`) }) });
async function open(page: Page, name: string) {
  const trigger = page.getByRole('button', { name: new RegExp(`^${name}`) });
  if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
}

const LOWER_THIRD = { x0: 0.02, y0: 0.78, x1: 0.4, y1: 0.9 };
// The ticker band runs from y 0.90 to its bottom edge on 0.95 (§9, inside title-safe: compositor/layout/bottomBand.ts);
// the preview's 104 % zoom puts it at 0.916..0.968.
const TICKER_BAND = { x0: 0, y0: 0.925, x1: 1, y1: 0.96 };
const TOP_LEFT = { x0: 0, y0: 0, x1: 0.2, y1: 0.2 };
const TOP_RIGHT = { x0: 0.8, y0: 0, x1: 1, y1: 0.2 };

test.beforeEach(async ({ page }) => {
  mkdirSync(TMP, { recursive: true });
  await seedStorage(page, { tutorialCompleted: 'true', selectedTool: 'GRAPHICS' });
});

test('a moderator brands the show: colour, lower third, ticker, logos, an uploaded image, a shared video', async ({ page, problems }) => {
  void problems;
  test.setTimeout(420_000); // many preview captures; a loaded two-core machine takes minutes
  await enterStudio(page);
  await expect(page.getByTestId('graphics-panel')).toBeVisible();

  // The default lower third is on stage in the default primary colour.
  await expect.poll(async () => (await scene(page)).templates?.find((t) => t.kind === 'lowerThird')).toMatchObject({ primaryText: 'Welcome to the show', primaryColor: '#0D62C5' });
  await expect.poll(async () => share(await preview(page), hex('#0D62C5'), LOWER_THIRD), { timeout: 15_000 }).toBeGreaterThan(0.08);

  // Primary colour: a preset swatch recolours the lower third on stage.
  await pick(section(page, 'Brand settings').getByRole('radio', { name: '#2E7D32' }));
  await expect.poll(async () => share(await preview(page), hex('#2E7D32'), LOWER_THIRD)).toBeGreaterThan(0.08);
  expect(share(await preview(page), hex('#0D62C5'), LOWER_THIRD)).toBeLessThan(0.02);

  // A new lower third, then on stage in place of the default.
  await page.getByRole('button', { name: 'Add lower third' }).click();
  await page.keyboard.type('Ada Lovelace');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Chief Scientist');
  await page.getByRole('form', { name: 'New lower third' }).getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('button', { name: /^Ada Lovelace Chief Scientist NEW 4 SHOW$/ }).click();
  await expect.poll(async () => (await scene(page)).templates?.filter((t) => t.kind === 'lowerThird')).toMatchObject([{ primaryText: 'Ada Lovelace', secondaryText: 'Chief Scientist' }]);

  // A ticker on a red band at y 0.95 that scrolls.
  await open(page, 'Tickers');
  await page.getByRole('button', { name: 'Add ticker' }).click();
  await page.keyboard.type('Breaking: the studio now has graphics');
  await expect(page.getByText('37/500 max characters')).toBeVisible();
  await pick(page.getByRole('form', { name: 'New ticker' }).getByRole('radio', { name: '#C62828' }));
  await page.getByRole('form', { name: 'New ticker' }).getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: /^Breaking: the studio now has graphics NEW SHOW$/ }).click();
  await expect.poll(async () => share(await preview(page), hex('#C62828'), TICKER_BAND)).toBeGreaterThan(0.4);
  // The ticker scrolls: a later preview differs in its band (polled: a loaded page draws few frames).
  const before = await preview(page);
  await expect.poll(async () => difference(before, await preview(page), TICKER_BAND), { timeout: 30_000 }).toBeGreaterThan(1);

  // Two logos, in the first two free corners.
  await open(page, 'Logos');
  const noLogos = await preview(page);
  await section(page, 'Logos').getByRole('button', { name: /^Logo 1: show it on stage/ }).click();
  await section(page, 'Logos').getByRole('button', { name: /^Logo 2: show it on stage/ }).click();
  await expect.poll(async () => (await scene(page)).templates?.filter((t) => t.kind === 'logo').map((t) => (t as { corner: string }).corner)).toEqual(['TOPRIGHT', 'TOPLEFT']);
  await expect.poll(async () => difference(noLogos, await preview(page), TOP_RIGHT)).toBeGreaterThan(3);
  expect(difference(noLogos, await preview(page), TOP_LEFT)).toBeGreaterThan(3);

  // Upload a PNG: progress, a NEW item, then on stage over the producers.
  await open(page, 'Images');
  const magenta = join(TMP, 'magenta.png');
  solidPng(magenta, [230, 0, 200]);
  await choose(page, 'Add image', magenta);
  await expect(page.getByRole('progressbar', { name: 'Uploading magenta' })).toBeVisible();
  const uploaded = section(page, 'Images').getByRole('button', { name: /^magenta, NEW: show it on stage/ });
  await expect(uploaded).toBeVisible({ timeout: 15_000 });
  await expect(section(page, 'Images').getByText('NEW')).toBeVisible();
  await uploaded.click();
  await expect.poll(async () => share(await preview(page), [230, 0, 200], { x0: 0.3, y0: 0.3, x1: 0.7, y1: 0.7 }), { timeout: 30_000 }).toBeGreaterThan(0.9); // decoding and a first frame under a loaded suite

  // An oversized file is refused with the §5 text, and nothing is added.
  const big = join(TMP, 'huge.png');
  const bytes = Buffer.alloc(21 * 1024 * 1024);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  writeFileSync(big, bytes);
  await choose(page, 'Add image', big);
  await expect(section(page, 'Images').getByRole('alert')).toContainText('Supported formats: JPEG, PNG. Max file size: 20MB');
  await expect(section(page, 'Images').getByRole('button', { name: /^huge/ })).toHaveCount(0);

  // Share a foreground video: it replaces the image (§4 exclusive), then pause, seek and loop. It is set
  // to hold its last frame, so a slow machine that reaches its end before the loop is on keeps it on air.
  await open(page, 'Videos');
  await section(page, 'Videos').getByRole('button', { name: 'More for Video 1' }).click();
  await page.getByRole('menuitemradio', { name: 'Hold the last frame' }).click();
  await section(page, 'Videos').getByRole('button', { name: /^Video 1: click to start sharing the video/ }).click();
  await expect.poll(async () => (await sharedVideo(page)).state).toBe('PLAYING');
  await expect.poll(async () => (await scene(page)).foreground?.key).toBe('foregroundVideo:foreground-video-1');
  await expect(section(page, 'Images').getByRole('button', { name: /^magenta: show it on stage/ })).toBeVisible();
  // The image stays until the video's first frame is drawn (never a black frame); a loaded machine can take well over 10 s to decode it.
  await expect.poll(async () => share(await preview(page), [230, 0, 200], { x0: 0.3, y0: 0.3, x1: 0.7, y1: 0.7 }), { timeout: 30_000 }).toBeLessThan(0.1);
  const player = page.getByRole('region', { name: /^Shared video/ });
  // Loop first, so a slow machine cannot reach the end of the video before the pause.
  await player.getByRole('button', { name: 'Loop' }).click();
  await expect(player.getByRole('button', { name: 'Loop' })).toHaveAttribute('aria-pressed', 'true');
  expect((await sharedVideo(page)).loop).toBe(true);
  // A very slow run may have reached the end first: then the player offers the replay.
  if ((await sharedVideo(page)).replayable) await player.getByRole('button', { name: 'Click to replay video' }).click();
  // Pause, and it stays paused. (A looping video passes through PAUSED for 100 ms at each restart, §4;
  // a click that lands in that moment plays it again, so the pause is retried until it holds.)
  // (On a loaded machine the renderer can take seconds to take a click: each try waits up to 8 s.)
  await expect(async () => {
    if ((await sharedVideo(page)).state === 'PLAYING') await player.getByRole('button', { name: 'Pause' }).click({ timeout: 8000 });
    await page.waitForTimeout(400);
    expect((await sharedVideo(page)).state).toBe('PAUSED');
  }).toPass({ timeout: 60_000 });
  // Paused, the picture holds still (a loaded machine may draw the last frames late: wait for it).
  const middle = { x0: 0.2, y0: 0.2, x1: 0.8, y1: 0.8 };
  let paused = await preview(page);
  await expect
    .poll(async () => {
      await page.waitForTimeout(500);
      const next = await preview(page);
      const moved = difference(paused, next, middle);
      paused = next;
      return moved;
    })
    .toBeLessThan(1);
  const pausedAt = (await sharedVideo(page)).seekSec;
  // Seek by keyboard, far from where it paused (End and back 5 %, or Home), and the preview shows that frame.
  await player.getByRole('slider', { name: 'Seek' }).focus();
  if (pausedAt < 4) {
    await page.keyboard.press('End');
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowLeft');
  } else await page.keyboard.press('Home');
  await expect.poll(async () => Math.abs((await sharedVideo(page)).seekSec - pausedAt)).toBeGreaterThan(2);
  await expect.poll(async () => difference(paused, await preview(page), middle)).toBeGreaterThan(1);
  await player.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(async () => (await sharedVideo(page)).state).toBe('PLAYING');
  await page.screenshot({ path: 'tests/.tmp/screens/graphics.png' });
});

test('Backgrounds › Show More keeps the three columns inside the panel, with no sideways scroll', async ({ page, problems }) => {
  void problems;
  await enterStudio(page);
  await open(page, 'Backgrounds');
  const backgrounds = section(page, 'Backgrounds');
  await backgrounds.getByRole('button', { name: 'Show More' }).click();
  await expect(backgrounds.getByRole('button', { name: 'Show Less' })).toBeVisible();
  const tiles = backgrounds.locator('.asset-grid > li');
  await expect(tiles).toHaveCount(17); // 10 images, 6 videos (§9) and the add button
  const fit = await page.evaluate(() => {
    const panel = document.querySelector<HTMLElement>('[data-testid="graphics-panel"]')!;
    const body = panel.closest<HTMLElement>('.tool-panel-body')!;
    const box = panel.getBoundingClientRect();
    const grid = document.querySelector<HTMLElement>('[data-section="BACKGROUNDS"] .asset-grid')!;
    const cells = [...grid.children].map((li) => li.getBoundingClientRect());
    return {
      sideways: [panel.scrollWidth - panel.clientWidth, body.scrollWidth - body.clientWidth],
      outside: cells.filter((r) => r.left < box.left || r.right > box.right).length,
      columns: new Set(cells.map((r) => Math.round(r.left))).size,
    };
  });
  expect(fit).toEqual({ sideways: [0, 0], outside: 0, columns: 3 });
  await backgrounds.screenshot({ path: 'tests/.tmp/screens/backgrounds-show-more.png' });
});

test('a foreground video that ends leaves the program; one set to hold its last frame stays on it', async ({ page, problems }) => {
  void problems;
  test.setTimeout(180_000);
  await enterStudio(page);
  await open(page, 'Videos');
  const videos = section(page, 'Videos');
  const foreground = async () => (await scene(page)).foreground?.key ?? null;

  // Video 3 (6 s) leaves by default: the program goes back to what is under it.
  await videos.getByRole('button', { name: /^Video 3: click to start sharing the video/ }).click();
  await expect.poll(foreground).toBe('foregroundVideo:foreground-video-3');
  await expect(page.getByRole('region', { name: /^Shared video/ }).getByRole('radio', { name: 'Leave the program' })).toBeChecked();
  await expect.poll(foreground, { timeout: 60_000 }).toBeNull();
  expect((await sharedVideo(page)).state).toBe('CLOSED');

  // Set to hold (in its menu, before it goes on air): it ends on its last frame, on air, ready to replay.
  await videos.getByRole('button', { name: 'More for Video 3' }).click();
  await page.getByRole('menuitemradio', { name: 'Hold the last frame' }).click();
  await videos.getByRole('button', { name: /^Video 3: click to start sharing the video/ }).click();
  await expect.poll(async () => (await sharedVideo(page)).replayable, { timeout: 60_000 }).toBe(true);
  expect(await foreground()).toBe('foregroundVideo:foreground-video-3');
  await expect(page.getByRole('button', { name: 'Click to replay video' })).toBeVisible();
});
