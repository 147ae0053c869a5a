/**
 * Issue 26, "the preview fills the stage": at three window sizes, with and without a tool open, the
 * preview is 16:9, fills its pane (as wide as stageArrangement's fit says: width- or height-bound,
 * never both short), overlaps none of the stage's controls, and at 1600 × 900 is at least 800 px wide
 * with a tool open and 1000 px with none. The split is keyboard-operable. Screenshots of each case go
 * to /tmp/shots-26/ (SHOTS_DIR) for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import { test, expect, enterStudio, openTool, seedStorage, type Page } from './fixtures';
import { fitStage } from '../../src/features/stage/stageArrangement';
import { PANE_MIN_LOWER_PX, PANE_MIN_TOP_PX } from '../../src/lib/limits';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-26';
const SIZES = [
  { width: 1280, height: 720 },
  { width: 1600, height: 900 },
  { width: 1920, height: 1080 },
] as const;

type Box = { x: number; y: number; width: number; height: number };
const box = (page: Page, selector: string): Promise<Box> => page.locator(selector).first().evaluate((el) => el.getBoundingClientRect().toJSON() as Box);
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

/** Two frames drawn: the ResizeObserver's arrangement and the canvas resize have run (however slow the page). */
const settled = (page: Page) => page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

async function measure(page: Page, name: string) {
  await settled(page);
  const preview = await box(page, '[data-testid="stage-preview"]');
  const pane = await box(page, '.stage-area');
  const controls = await box(page, '[data-testid="control-bar"]');
  const toolbar = await box(page, '.stage-bottom');
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  return { preview, pane, controls, toolbar };
}

function expectFilled({ preview, pane, controls, toolbar }: Awaited<ReturnType<typeof measure>>) {
  expect(preview.width / preview.height).toBeCloseTo(16 / 9, 1);
  expect(Math.abs(preview.width * 9 - preview.height * 16)).toBeLessThanOrEqual(16 * 2);
  // As wide as the better arrangement allows (within the 1 px frame border and rounding).
  expect(preview.width).toBeGreaterThanOrEqual(fitStage(pane).previewWidth - 4);
  for (const other of [controls, toolbar]) expect(overlaps(preview, other)).toBe(false);
  for (const edge of [preview.x - pane.x, pane.x + pane.width - (preview.x + preview.width), preview.y - pane.y, pane.y + pane.height - (preview.y + preview.height)]) {
    expect(edge).toBeGreaterThanOrEqual(0);
  }
}

test.describe('the preview fills the stage', () => {
  test.beforeEach(async ({ page }) => {
    mkdirSync(SHOTS, { recursive: true });
    await seedStorage(page, { tutorialCompleted: 'true' });
  });

  for (const size of SIZES) {
    test(`${size.width}×${size.height}: 16:9, fills its pane with and without a tool open`, async ({ page, problems }) => {
      void problems;
      await page.setViewportSize(size);
      await enterStudio(page);
      const none = await measure(page, `${size.width}x${size.height}-no-tool`);
      expectFilled(none);
      await openTool(page, /^Graphics/);
      await expect(page.getByTestId('tool-panel')).toBeVisible();
      const tool = await measure(page, `${size.width}x${size.height}-tool-open`);
      expectFilled(tool);
      // Closing the panel gives the room back to the preview.
      expect(none.preview.width).toBeGreaterThan(tool.preview.width);
      if (size.width === 1600) {
        expect(tool.preview.width).toBeGreaterThanOrEqual(800);
        expect(none.preview.width).toBeGreaterThanOrEqual(1000);
      }
      test.info().annotations.push({ type: 'preview', description: `${size.width}×${size.height}: ${Math.round(none.preview.width)} px (no tool), ${Math.round(tool.preview.width)} px (tool open)` });
    });
  }

  test('the split: 70 % by default, visible, arrow keys and Home/End move it, the preview follows', async ({ page, problems }) => {
    void problems;
    await page.setViewportSize({ width: 1600, height: 900 });
    await enterStudio(page);
    await openTool(page, /^Graphics/);
    const stage = page.locator('[data-panel][id="stage"]');
    const lower = page.locator('[data-panel][id="backstage"]');
    const height = (l: typeof stage) => l.evaluate((el) => el.getBoundingClientRect().height);
    const total = (await height(stage)) + (await height(lower));
    expect((await height(stage)) / total).toBeCloseTo(0.7, 2);

    const separator = page.getByRole('separator', { name: 'Resize stage and backstage' });
    const handle = await separator.boundingBox();
    expect(handle!.height).toBeGreaterThanOrEqual(10); // a visible bar with a grip, not a 6 px line
    await separator.focus();
    const now = async () => Number(await separator.getAttribute('aria-valuenow'));
    const before = await now();
    await page.keyboard.press('ArrowUp'); // keyboard focus: the ring shows
    expect(await separator.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    expect(await now()).toBeLessThan(before);

    await page.keyboard.press('Home');
    await expect.poll(() => height(stage)).toBeLessThan(PANE_MIN_TOP_PX + 2);
    expect(await height(stage)).toBeGreaterThanOrEqual(PANE_MIN_TOP_PX - 1);
    await settled(page);
    const widthSmall = (await box(page, '[data-testid="stage-preview"]')).width;

    await page.keyboard.press('End');
    await expect.poll(() => height(lower)).toBeLessThan(PANE_MIN_LOWER_PX + 2);
    expect(await height(lower)).toBeGreaterThanOrEqual(PANE_MIN_LOWER_PX - 1);
    await expect.poll(async () => (await box(page, '[data-testid="stage-preview"]')).width).toBeGreaterThan(widthSmall + 100);
    expectFilled(await measure(page, '1600x900-split-end'));
  });
});
