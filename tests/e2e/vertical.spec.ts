/**
 * One show, two shapes (issue 34): the Vertical (9:16) switch shows the vertical program beside the
 * 16:9 preview, both drawn live from the one channel; the output page draws the vertical program with
 * ?format=9:16, and its pixels agree with a preview-sized render of the same scene.
 */
import { PNG } from 'pngjs';
import { test, expect, enterStudio, seedStorage, type Page } from './fixtures';
import { PORTRAIT_SCENES } from '../golden/scenes';
import { PREVIEW_ZOOM } from '../../compositor/model/constants';
import type { SceneModel } from '../../compositor/model/scene';

type Surface = { __STUDIO__: { scene(shape?: string): SceneModel; frameStats(): Record<string, { frames: number } | undefined> } };
const verticalScene = (page: Page) => page.evaluate(() => (window as unknown as Surface).__STUDIO__.scene('9:16'));
const framesOf = (page: Page, role: string) => page.evaluate((r) => (window as unknown as Surface).__STUDIO__.frameStats()[r]?.frames ?? 0, role);

test('Vertical (9:16) shows the vertical program beside the 16:9 preview, both live; the output page draws it with ?format=9:16', async ({ page, context, problems }) => {
  void problems;
  await seedStorage(page, { tutorialCompleted: 'true' });
  await enterStudio(page);
  const vertical = page.getByTestId('stage-frame-vertical');
  await expect(vertical).toHaveCount(0);
  const button = page.getByRole('button', { name: 'Vertical (9:16)' });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(vertical).toBeVisible();

  // Beside the 16:9 preview, the same height, upright, covering nothing of it.
  const [wide, tall] = await Promise.all([page.getByTestId('stage-frame').boundingBox(), vertical.boundingBox()]);
  expect(Math.abs(wide!.height - tall!.height)).toBeLessThanOrEqual(2);
  expect(tall!.width / tall!.height).toBeCloseTo(9 / 16, 1);
  expect(wide!.x + wide!.width).toBeLessThanOrEqual(tall!.x);
  await expect.poll(() => framesOf(page, 'vertical')).toBeGreaterThan(0);

  // People on air: the vertical program lays them out for a phone, the 16:9 one is as before.
  await page.getByTestId('producer-card').filter({ hasText: 'Rajesh Iyer' }).getByRole('switch').click();
  await page.getByRole('toolbar', { name: 'Layouts' }).getByRole('button', { name: 'Split Screen' }).click();
  await expect.poll(async () => (await verticalScene(page)).producers.length).toBe(3);
  const [main, ...others] = (await verticalScene(page)).producers;
  expect(main!.rect.width).toBeGreaterThan(0.9); // the spotlight across the width, on top
  for (const o of others) expect(o.rect.y).toBeGreaterThan(main!.rect.y + main!.rect.height);
  // The safe-area guide shows, on the vertical program, the area its graphics keep to.
  await page.getByRole('button', { name: 'Safe-area guide' }).click();
  const phoneSafe = vertical.getByTestId('safe-area-guide-vertical').locator('.safe-area-frame');
  const guide = await phoneSafe.boundingBox();
  const frame = (await vertical.boundingBox())!;
  expect(guide!.x).toBeGreaterThan(frame.x);
  expect(guide!.x + guide!.width).toBeLessThan(frame.x + frame.width * 0.9); // clear of the buttons down the right
  expect(guide!.y + guide!.height).toBeLessThan(frame.y + frame.height * 0.85); // and of the captions below
  await page.getByRole('button', { name: 'Safe-area guide' }).click();
  // The vertical program's own layout: 9:16 changes, 16:9 stays; one undo puts it back.
  const wideBefore = await page.evaluate(() => (window as unknown as Surface).__STUDIO__.scene());
  const tallBefore = (await verticalScene(page)).producers.map((p) => p.rect);
  await page.getByRole('combobox', { name: 'Vertical layout' }).selectOption({ label: 'Vertical: Classic' });
  await expect.poll(async () => (await verticalScene(page)).producers.map((p) => p.rect)).not.toEqual(tallBefore);
  const grid = (await verticalScene(page)).producers;
  expect(grid[0]!.rect.width).toBeLessThan(0.6); // two columns, not the spotlight across the width
  expect((await page.evaluate(() => (window as unknown as Surface).__STUDIO__.scene())).producers).toEqual(wideBefore.producers);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect.poll(async () => (await verticalScene(page)).producers.map((p) => p.rect)).toEqual(tallBefore);
  await expect(page.getByRole('combobox', { name: 'Vertical layout' })).toHaveValue('SAME');
  await page.getByRole('combobox', { name: 'Vertical layout' }).selectOption({ label: 'Vertical: Classic' });
  const drawn = await framesOf(page, 'vertical');
  await expect.poll(() => framesOf(page, 'vertical')).toBeGreaterThan(drawn);
  await page.screenshot({ path: 'tests/.tmp/screens/vertical-studio.png' });

  // The output page's vertical program follows the channel.
  const output = await context.newPage();
  await output.goto('./output?format=9:16');
  const canvas = output.getByTestId('output-canvas');
  await expect(canvas).toHaveAttribute('width', '1080');
  await expect(canvas).toHaveAttribute('height', '1920');
  await expect.poll(async () => (await verticalScene(output)).producers.map((p) => p.rect)).toEqual((await verticalScene(page)).producers.map((p) => p.rect));
  // The switch is off again: the 16:9 preview alone.
  await button.click();
  await expect(vertical).toHaveCount(0);
});

test.describe('the vertical output page', () => {
  test.use({ viewport: { width: 1080, height: 1920 } });

  test('draws at 1080×1920 what a preview-sized render of the same 9:16 scene shows, tile by tile', async ({ page, problems }) => {
    void problems;
    await page.goto('./output?format=9:16');
    await page.waitForFunction(() => (window as unknown as { __OUTPUT__?: unknown }).__OUTPUT__ !== undefined);
    const canvas = page.getByTestId('output-canvas');
    const pixel = (png: PNG, x: number, y: number) => {
      const i = (Math.round(y) * png.width + Math.round(x)) * 4;
      return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
    };
    let compared = 0;
    for (const { name, scene, colors } of PORTRAIT_SCENES.filter((s) => ['portrait-classic-5', 'portrait-split-3', 'portrait-cinema-3', 'portrait-sidebyside-3-share'].includes(s.name))) {
      await page.evaluate(([s, c]) => (window as unknown as { __OUTPUT__: { render(s: unknown, c: unknown): void } }).__OUTPUT__.render(s, c), [scene, colors] as const);
      const output = PNG.sync.read(await canvas.screenshot());
      expect([output.width, output.height]).toEqual([1080, 1920]);
      const [w, h] = [450, 800];
      const url = await page.evaluate(
        ([s, c, width, height, zoom]) => (window as unknown as { __OUTPUT__: { renderAt(...a: unknown[]): Promise<string> } }).__OUTPUT__.renderAt(s, c, width, height, zoom),
        [scene, colors, w, h, PREVIEW_ZOOM] as const,
      );
      const preview = PNG.sync.read(Buffer.from(url.split(',')[1]!, 'base64'));
      const toPreview = (f: number, size: number) => (f - 0.5) * PREVIEW_ZOOM * size + size / 2;
      const toFrame = (p: number, size: number) => (p - size / 2) / (PREVIEW_ZOOM * size) + 0.5;
      for (const p of scene.producers) {
        const px = toPreview(p.rect.x + p.rect.width / 2, w);
        const py = toPreview(p.rect.y + p.rect.height / 2, h);
        if (px < 0 || py < 0 || px >= w || py >= h) continue;
        const expected = pixel(output, toFrame(px, w) * output.width, toFrame(py, h) * output.height);
        const got = pixel(preview, px, py);
        expect(got.every((v, i) => Math.abs(v - expected[i]!) <= 6), `${name}: ${p.id} preview ${got} vs output ${expected}`).toBe(true);
        compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(12);
  });
});
