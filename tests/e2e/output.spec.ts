import { test, expect, enterStudio, seedStorage, type Page } from './fixtures';
import type { SceneModel } from '../../compositor/model/scene';
import { surfaceReady } from './surface';

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
