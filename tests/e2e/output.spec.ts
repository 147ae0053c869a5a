import { test, expect, enterStudio, seedStorage, type Page } from './fixtures';
import type { SceneModel } from '../../compositor/model/scene';
import { surfaceReady } from './surface';
import { PNG } from 'pngjs';
import pixelmatch from 'pixelmatch';
import { GOLDEN_SCENES } from '../golden/scenes';

const sceneOf = async (page: Page) => (await surfaceReady(page), page.evaluate(() => (window as unknown as { __STUDIO__: { scene(): SceneModel } }).__STUDIO__.scene()));
const framesOf = (page: Page, role: string) =>
  page.evaluate((r) => (window as unknown as { __STUDIO__: { frameStats(): Record<string, { frames: number }> } }).__STUDIO__.frameStats()[r]?.frames ?? 0, role);

test('the output page draws the studio scene alone at 1920×1080 and follows every change', async ({ page, context, problems }) => {
  void problems;
  await seedStorage(page, { tutorialCompleted: 'true' });
  await enterStudio(page);

  const output = await context.newPage();
  const outputErrors: string[] = [];
  output.on('pageerror', (e) => outputErrors.push(e.message));
  output.on('console', (m) => m.type() === 'error' && outputErrors.push(m.text()));
  await output.goto('./output');
  const canvas = output.getByTestId('output-canvas');
  await expect(canvas).toHaveAttribute('width', '1920');
  await expect(canvas).toHaveAttribute('height', '1080');
  await expect(output.locator('button, nav, [role=dialog]')).toHaveCount(0);

  // Same scene as the studio, from the first frame on.
  await expect.poll(async () => (await sceneOf(output)).producers.map((p) => p.id)).toEqual((await sceneOf(page)).producers.map((p) => p.id));
  await expect.poll(() => framesOf(output, 'output')).toBeGreaterThan(0);

  // A change in the studio reaches the output.
  await page.getByTestId('producer-card').filter({ hasText: 'Rajesh Iyer' }).getByRole('switch').click();
  await page.getByRole('toolbar', { name: 'Layouts' }).getByRole('button', { name: 'Cinema' }).click();
  await expect.poll(async () => (await sceneOf(output)).producers.map((p) => p.name)).toEqual(['Lukas Becker', 'Amara Okafor', 'Rajesh Iyer']);
  // The output follows the channel's room, as every producer does: each edit lands once its save (debounced 500 ms) is applied.
  const studioScene = await sceneOf(page);
  await expect.poll(() => sceneOf(output)).toEqual(studioScene);
  await output.screenshot({ path: 'tests/.tmp/screens/output.png' });
  expect(outputErrors).toEqual([]);
});

/**
 * A camera on air moves on the output page with either renderer. pixi's Canvas 2D renderer kept a
 * camera declared 'premultiplied-alpha' on its first frame (an un-premultiplied copy, cached until the
 * source was re-allocated): the capture and every studio on a software-GL machine showed frozen guests.
 */
for (const renderer of ['canvas', 'webgl'] as const) {
  test(`a camera on air keeps moving on the output page (${renderer})`, async ({ page, problems }) => {
    void problems;
    await page.goto(`./output?renderer=${renderer}`);
    await page.waitForFunction(() => (window as unknown as { __OUTPUT__?: unknown }).__OUTPUT__ !== undefined);
    const solo = GOLDEN_SCENES.find((g) => g.name.endsWith('-1'))!;
    const [key] = Object.keys(solo.colors);
    await page.evaluate(async (k) => (window as unknown as { __OUTPUT__: { playCamera(k: string): Promise<void> } }).__OUTPUT__.playCamera(k), key!);
    // Drawn with no sample colours: the tile's source is the playing camera.
    await page.evaluate((s) => (window as unknown as { __OUTPUT__: { render(s: unknown, c: unknown): void } }).__OUTPUT__.render(s, {}), solo.scene);
    const canvas = page.getByTestId('output-canvas');
    const shot = async () => PNG.sync.read(await canvas.screenshot());
    const first = await shot();
    const { width, height } = first;
    // The fake camera changes every frame: a later picture differs over a good part of the tile.
    await expect
      .poll(async () => pixelmatch(first.data, (await shot()).data, undefined, width, height, { threshold: 0.1 }), { timeout: 15_000 })
      .toBeGreaterThan(5_000);
  });
}
