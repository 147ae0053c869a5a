/**
 * The Stats panel and the frame-budget HUD (issue 33) in the demo: Shift+D and the toolbar button open a
 * non-modal panel whose figures move while the stage draws, with no broadcast in the demo and axe
 * clean; `?hud=1` draws an overlay on the studio and on the output page without changing one pixel
 * of the program.
 */
import { test, expect, enterStudio, seedStorage, type Page } from './fixtures';
import { seriousFindings } from './axe';
import { GOLDEN_SCENES } from '../golden/scenes';

const figure = async (page: Page, metric: string): Promise<number> => Number(await page.getByTestId('stats-panel').locator(`[data-metric="${metric}"] .stats-value`).textContent());

test.beforeEach(async ({ page }) => {
  await seedStorage(page, { tutorialCompleted: 'true' });
});

test('the Stats panel opens by Shift+D and the toolbar, reads figures that move, says there is no broadcast, and passes axe', async ({ page, problems }) => {
  void problems;
  await enterStudio(page);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Shift+D');
  const panel = page.getByRole('region', { name: 'Stats' });
  await expect(panel).toBeVisible();
  await expect(panel).toBeFocused(); // keyboard users land in it
  await expect(panel).toContainText('Budgets 16.7 ms (60 fps) and 33.3 ms (30 fps)');
  await expect(page.getByTestId('stats-no-broadcast')).toHaveText(/There is no broadcast in the demo/);
  // Beside the stage, covering nothing: the stage and backstage (the left area) end where the panel begins.
  const [left, box] = await Promise.all([page.getByTestId('left-area').boundingBox(), panel.boundingBox()]);
  expect(left!.x + left!.width).toBeLessThanOrEqual(box!.x + 0.5);
  await expect(page.getByTestId('stage-preview')).toBeVisible();

  // Figures that move: frames drawn go up as the stage draws (a guest taken off air and back).
  const before = await figure(page, 'frames');
  const card = page.getByTestId('producer-card').filter({ hasText: 'Rajesh Iyer' }).getByRole('switch');
  await card.click();
  await card.click();
  await expect.poll(() => figure(page, 'frames'), { timeout: 10_000 }).toBeGreaterThan(before);
  await expect.poll(() => figure(page, 'fps')).toBeGreaterThan(0);
  const p50 = await figure(page, 'frameMs.p50');
  const p95 = await figure(page, 'frameMs.p95');
  const max = await figure(page, 'frameMs.max');
  expect(p50).toBeGreaterThan(0);
  expect(p50).toBeLessThanOrEqual(p95);
  expect(p95).toBeLessThanOrEqual(max);
  expect(await figure(page, 'layers')).toBeGreaterThan(1);
  for (const metric of ['overBudget60', 'overBudget30', 'videoUploadsPerSec', 'textRastersPerSec', 'idleDraws']) expect(Number.isFinite(await figure(page, metric))).toBe(true);
  await page.screenshot({ path: 'tests/.tmp/screens/stats-panel-demo.png' });
  expect(await seriousFindings(page, 'stats panel')).toEqual([]);

  // Non-modal: the stage stays usable with the panel open; Escape in the panel closes it, focus back on the button.
  await panel.focus();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  const button = page.getByTestId('stats-button');
  await expect(button).toBeFocused();
  await expect(page.getByRole('tooltip')).toContainText('Shift+D');
  await button.click();
  await expect(panel).toBeVisible();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Close Stats' }).click();
  await expect(panel).toBeHidden();
});

test('?hud=1 draws the frame-budget HUD over the studio preview', async ({ page, problems }) => {
  void problems;
  await enterStudio(page, '?hud=1');
  const hud = page.getByTestId('stage-frame').getByTestId('frame-hud');
  await expect(hud).toBeVisible();
  await expect(hud.locator('[data-metric="layers"]')).toHaveText(/^\d+ layers$/);
  await expect(hud.locator('[data-metric="fps"]')).toHaveText(/^\d+\.\d fps$/);
  await page.getByTestId('stage-frame').screenshot({ path: 'tests/.tmp/screens/stats-hud-studio.png' });
});

test("?hud=1 on the output page leaves the program's pixels unchanged", async ({ browser }) => {
  const scene = GOLDEN_SCENES.find((g) => g.name.startsWith('CLASSIC') && g.scene.producers.length === 4) ?? GOLDEN_SCENES[0]!;
  const programPixels = async (query: string) => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`./output${query}`);
    await page.waitForFunction(() => (window as unknown as { __OUTPUT__?: unknown }).__OUTPUT__ !== undefined);
    // Draw the fixed scene and read the canvas' own pixels in the same task (what the capture records).
    const url = await page.evaluate(
      ([s, c]) => {
        (window as unknown as { __OUTPUT__: { render(s: unknown, c: unknown): void } }).__OUTPUT__.render(s, c);
        return document.querySelector<HTMLCanvasElement>('[data-testid="output-canvas"]')!.toDataURL('image/png');
      },
      [scene.scene, scene.colors] as const,
    );
    return { page, url, errors };
  };
  const plain = await programPixels('');
  const withHud = await programPixels('?hud=1');
  await expect(plain.page.getByTestId('frame-hud')).toHaveCount(0);
  const hud = withHud.page.getByTestId('frame-hud');
  await expect(hud).toBeVisible();
  await expect(hud.locator('[data-metric="layers"]')).toHaveText(`${1 + scene.scene.producers.length + (scene.scene.foreground ? 1 : 0) + (scene.scene.templates?.length ?? 0)} layers`);
  expect(withHud.url.length).toBeGreaterThan(10_000);
  expect(withHud.url).toBe(plain.url);
  await withHud.page.screenshot({ path: 'tests/.tmp/screens/stats-hud-output.png' });
  expect([...plain.errors, ...withHud.errors]).toEqual([]);
  await plain.page.close();
  await withHud.page.close();
});
