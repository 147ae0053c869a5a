/**
 * One show, two shapes (issue 34): the Vertical (9:16) switch shows the vertical program beside the
 * 16:9 preview, both drawn live from the one channel; the output page draws the vertical program with
 * ?format=9:16, and its pixels agree with a preview-sized render of the same scene.
 */
import { PNG } from 'pngjs';
import { test, expect, enterStudio, openTool, seedStorage, type Page } from './fixtures';
import { PORTRAIT_SCENES } from '../golden/scenes';
import { PREVIEW_ZOOM } from '../../compositor/model/constants';
import type { SceneModel } from '../../compositor/model/scene';

type Surface = { __STUDIO__: { scene(shape?: string): SceneModel; frameStats(): Record<string, { frames: number } | undefined> } };
const verticalScene = (page: Page) => page.evaluate(() => (window as unknown as Surface).__STUDIO__.scene('9:16'));
const sceneOf = (page: Page) => page.evaluate(() => (window as unknown as Surface).__STUDIO__.scene());
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

const card = (page: Page, name: string) => page.getByTestId('producer-card').filter({ hasText: name });
const TICKER_RED: [number, number, number] = [0xc6, 0x28, 0x28];
/** The share of an output page's pixels in the ticker's red (its band: a few % of the frame when shown). */
async function redShare(output: Page): Promise<number> {
  const png = PNG.sync.read(await output.getByTestId('output-canvas').screenshot());
  let red = 0;
  for (let i = 0; i < png.data.length; i += 4) if (TICKER_RED.every((c, k) => Math.abs(png.data[i + k]! - c) <= 12)) red++;
  return red / (png.width * png.height);
}

test('per-shape choices: a drop on the vertical preview, the ticker hidden in vertical alone, a scene with its vertical layout; tabs on a narrow window', async ({ page, context, problems }) => {
  void problems;
  test.setTimeout(240_000);
  await seedStorage(page, { tutorialCompleted: 'true' });
  await enterStudio(page);
  await page.getByRole('button', { name: 'Vertical (9:16)' }).click();
  const tall = page.getByTestId('stage-preview-vertical');
  await expect(tall).toBeVisible();

  // A backstage card dropped on the vertical preview goes on air, as on the 16:9 one.
  const from = (await card(page, 'Siobhan Walsh').locator('.card-media').boundingBox())!;
  const to = (await tall.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
  await expect(page.getByTestId('drag-intent')).toHaveText('Put Siobhan Walsh on air');
  await page.screenshot({ path: 'tests/.tmp/screens/vertical-drop.png' });
  await page.mouse.up();
  await expect(card(page, 'Siobhan Walsh')).toHaveAttribute('data-live', 'true');
  await expect.poll(async () => (await verticalScene(page)).producers.map((p) => p.name)).toContain('Siobhan Walsh');

  // A red ticker on stage, in both programs.
  await openTool(page, /Graphics/);
  await page.getByRole('button', { name: /^Tickers/ }).click();
  await page.getByRole('button', { name: 'Add ticker' }).click();
  await page.keyboard.type('Breaking: one show, two shapes');
  await page.getByRole('form', { name: 'New ticker' }).getByRole('radio', { name: '#C62828' }).locator('xpath=ancestor::label[1]').click();
  await page.getByRole('form', { name: 'New ticker' }).getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: /^Breaking: one show, two shapes NEW SHOW$/ }).click();
  const wideOut = await context.newPage();
  await wideOut.goto('./output');
  const tallOut = await context.newPage();
  await tallOut.goto('./output?format=9:16');
  await expect.poll(() => redShare(wideOut), { timeout: 20_000 }).toBeGreaterThan(0.02);
  await expect.poll(() => redShare(tallOut), { timeout: 20_000 }).toBeGreaterThan(0.004);

  // Hidden in vertical: the 9:16 program loses it, the 16:9 one keeps it; one undo brings it back.
  const shownInVertical = page.getByRole('checkbox', { name: 'Show in vertical: Breaking: one show, two shapes' });
  await expect(shownInVertical).toBeChecked();
  await shownInVertical.press('Space'); // keyboard-operable
  await expect(shownInVertical).not.toBeChecked();
  await expect.poll(async () => (await verticalScene(page)).templates?.some((t) => t.kind === 'ticker')).toBe(false);
  await expect.poll(async () => (await verticalScene(tallOut)).templates?.some((t) => t.kind === 'ticker')).toBe(false);
  await expect.poll(() => redShare(tallOut), { timeout: 20_000 }).toBeLessThan(0.0005);
  expect((await sceneOf(wideOut)).templates?.some((t) => t.kind === 'ticker')).toBe(true);
  expect(await redShare(wideOut)).toBeGreaterThan(0.02);
  await page.screenshot({ path: 'tests/.tmp/screens/vertical-hide-ticker.png' });
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(page.getByText('Undid: hide ticker in vertical: Breaking: one show, two shapes').first()).toBeVisible();
  await expect(shownInVertical).toBeChecked();
  await expect.poll(async () => (await verticalScene(tallOut)).templates?.some((t) => t.kind === 'ticker')).toBe(true);
  await shownInVertical.click();
  await expect.poll(async () => (await verticalScene(tallOut)).templates?.some((t) => t.kind === 'ticker')).toBe(false);

  // A scene saved with its own vertical layout: taking it brings back that layout and the hide.
  const layout = page.getByRole('combobox', { name: 'Vertical layout' });
  await layout.selectOption({ label: 'Vertical: Split Screen' });
  await expect.poll(async () => (await verticalScene(page)).producers[0]?.rect.width).toBeGreaterThan(0.9); // the spotlight across the top
  const split = (await verticalScene(page)).producers.map((p) => p.rect);
  await openTool(page, /Rundown/);
  await page.getByRole('button', { name: 'Save scene' }).click();
  await expect(page.getByTestId('scene-card')).toHaveCount(1);
  await layout.selectOption({ label: 'Vertical: same as 16:9' });
  await expect.poll(async () => (await verticalScene(page)).producers.map((p) => p.rect)).not.toEqual(split);
  await page.getByTestId('scene-card').getByRole('button', { name: /^Take scene/ }).click();
  await expect(layout).toHaveValue('SPLIT');
  await expect.poll(async () => (await verticalScene(page)).producers.map((p) => p.rect)).toEqual(split);
  await expect.poll(async () => (await verticalScene(tallOut)).producers.map((p) => p.rect)).toEqual(split);
  expect((await verticalScene(tallOut)).templates?.some((t) => t.kind === 'ticker')).toBe(false);

  // A narrow window: the two previews are tabs, one shown at a time, each live when shown.
  await page.setViewportSize({ width: 1000, height: 760 });
  const tabs = page.getByRole('tablist', { name: 'Program shape' });
  await expect(tabs).toBeVisible();
  await expect(page.getByRole('tab', { name: '16:9' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('stage-preview')).toBeVisible();
  await expect(tall).toHaveCount(0);
  await page.getByRole('tab', { name: 'Vertical' }).click();
  await expect(tall).toBeVisible();
  await expect(page.getByTestId('stage-preview')).toHaveCount(0);
  await expect.poll(() => framesOf(page, 'vertical')).toBeGreaterThan(0);
  const box = (await tall.boundingBox())!;
  expect(box.width / box.height).toBeCloseTo(9 / 16, 1);
  await page.screenshot({ path: 'tests/.tmp/screens/vertical-tabs.png' });
  // The toolbar below fits the narrow pane: each control inside it, one after the other, none cut off or overlapping.
  const pane = (await page.locator('.stage-bottom').boundingBox())!;
  const controls = await page.locator('.stage-bottom button:visible').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ x: r.x, right: r.right })));
  expect(controls.length).toBeGreaterThan(8);
  expect(controls[0]!.x).toBeGreaterThanOrEqual(pane.x);
  expect(controls.at(-1)!.right).toBeLessThanOrEqual(pane.x + pane.width + 0.5);
  for (let i = 1; i < controls.length; i++) expect(controls[i]!.x).toBeGreaterThanOrEqual(controls[i - 1]!.right - 0.5);
  await page.keyboard.press('ArrowLeft'); // the tabs follow the arrow keys
  await expect(page.getByTestId('stage-preview')).toBeVisible();
  await expect.poll(() => framesOf(page, 'preview')).toBeGreaterThan(0);
  // Wide again: side by side.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(tabs).toHaveCount(0);
  await expect(tall).toBeVisible();
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
