/**
 * The template gallery ({base}gallery): opens without console errors, shows every template card,
 * a new primary colour redraws the compositor's canvases, and each graphic shows in either shape.
 */
import { test, expect } from './fixtures';

test.use({ viewport: { width: 1600, height: 1000 } });

test('the gallery draws every template and follows the primary colour', async ({ page, problems }) => {
  void problems;
  await page.goto('./gallery');
  await expect(page.getByRole('heading', { name: 'Template gallery' })).toBeVisible();
  for (const id of ['lower-third-1', 'lower-third-2', 'lower-third-3', 'ticker', 'logos', 'nametags-1', 'chat', 'muted']) {
    await expect(page.getByTestId(`gallery-card-${id}`)).toBeVisible();
  }
  const card = page.getByTestId('gallery-card-lower-third-1').locator('canvas');
  // Let the lower third play in, then compare pictures before and after a colour change.
  await page.waitForTimeout(1500);
  const before = await card.screenshot();
  await page.getByRole('button', { name: 'Primary colour #00897B' }).click();
  await expect(page.getByRole('button', { name: 'Primary colour #00897B' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => Buffer.compare(await card.screenshot(), before) !== 0, { timeout: 10_000 }).toBe(true);

  // Keyboard: the text choice is a radio group.
  await page.getByRole('radio', { name: '120 characters' }).check();
  await expect(page.getByRole('radio', { name: '120 characters' })).toBeChecked();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: 'tests/.tmp/gallery.png', fullPage: true });

  // Both shapes (issue 34): each graphic also in the vertical 9:16 frame, upright, beside its 16:9 card.
  await page.getByRole('radio', { name: 'Both' }).check();
  for (const id of ['lower-third-1', 'ticker', 'logos', 'nametags-1', 'chat', 'muted']) {
    const portrait = page.getByTestId(`gallery-card-${id}-portrait`).locator('canvas');
    await expect(portrait).toBeVisible();
    const box = (await portrait.boundingBox())!;
    expect(box.height / box.width).toBeCloseTo(16 / 9, 1);
    await expect(page.getByTestId(`gallery-card-${id}`)).toBeVisible();
  }
  await page.getByRole('radio', { name: 'Vertical 9:16' }).check();
  await expect(page.getByTestId('gallery-card-ticker')).toHaveCount(0);
  await expect(page.getByTestId('gallery-card-ticker-portrait')).toBeVisible();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: 'tests/.tmp/screens/gallery-vertical.png', fullPage: true });
});
