import { test, expect, enterStudio, seedStorage, reenterStudio } from './fixtures';
import { TEXTS } from '../../src/lib/texts';

test.use({ viewport: { width: 1366, height: 768 } });

test('welcome → START A TOUR → four coachmarks next to their targets → DONE; no welcome after reload', async ({ page, problems }) => {
  void problems;
  await enterStudio(page);
  const welcome = page.getByTestId('welcome-overlay');
  await expect(welcome).toBeVisible();
  await expect(welcome).toContainText('Welcome to your studio, Alex!');
  await page.screenshot({ path: 'tests/.tmp/screens/welcome.png', animations: 'disabled' });
  await welcome.getByRole('button', { name: 'NEXT' }).click();
  await welcome.getByRole('button', { name: 'Step 3 of 3' }).click();
  await expect(welcome.getByRole('button', { name: 'MAYBE LATER' })).toBeVisible();
  await welcome.getByRole('button', { name: 'START A TOUR' }).click();
  await expect(welcome).toBeHidden();

  const targets = ['presenters', 'layouts', 'graphics', 'golive'];
  for (let i = 0; i < 4; i++) {
    const coachmark = page.getByTestId('tour').getByRole('dialog');
    await expect(coachmark).toHaveAttribute('data-step', String(i));
    await expect(coachmark).toContainText(`${i + 1} of 4`);
    const box = (await coachmark.boundingBox())!;
    const target = (await page.locator(`[data-tour="${targets[i]}"]`).boundingBox())!;
    // Inside the window, at least 10 px from the left edge, and next to (not over) its target.
    expect(box.x).toBeGreaterThanOrEqual(10);
    expect(box.x + box.width).toBeLessThanOrEqual(1366);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(768);
    const gap = Math.max(target.x - (box.x + box.width), box.x - (target.x + target.width), target.y - (box.y + box.height), box.y - (target.y + target.height));
    expect(gap, `step ${i + 1} gap to its target`).toBeGreaterThanOrEqual(19);
    expect(gap, `step ${i + 1} gap to its target`).toBeLessThanOrEqual(40);
    await page.screenshot({ path: `tests/.tmp/screens/tour-${i + 1}.png`, animations: 'disabled' });
    if (i < 3) await coachmark.getByRole('button', { name: 'NEXT' }).click();
  }
  await page.getByTestId('tour').getByRole('button', { name: 'PREVIOUS' }).click();
  await expect(page.getByTestId('tour').getByRole('dialog')).toHaveAttribute('data-step', '2');
  await page.keyboard.press('ArrowRight');
  await page.getByTestId('tour').getByRole('button', { name: 'DONE' }).click();
  await expect(page.getByTestId('tour')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('tutorialCompleted'))).toBe('true');

  await reenterStudio(page);
  await page.waitForTimeout(500);
  await expect(page.getByTestId('welcome-overlay')).toHaveCount(0);

  // The tour replays from the '?' overlay, from its first step, with the focus on it.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('?');
  await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).getByRole('button', { name: 'Replay the tour' }).click();
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeHidden();
  const replay = page.getByTestId('tour').getByRole('dialog');
  await expect(replay).toHaveAttribute('data-step', '0');
  await expect(replay).toContainText('1 of 4');
  await expect(replay).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tour')).toHaveCount(0);
});

test('MAYBE LATER closes the welcome without completing the tutorial; the close icon ends the tour without it too', async ({ page, problems }) => {
  void problems;
  await enterStudio(page);
  const welcome = page.getByTestId('welcome-overlay');
  await welcome.getByRole('button', { name: 'Step 3 of 3' }).click();
  await welcome.getByRole('button', { name: 'MAYBE LATER' }).click();
  await expect(welcome).toBeHidden();
  await expect(page.getByTestId('tour')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('tutorialCompleted'))).toBeNull();
});

test('going offline shows the lost-network dialog; coming back closes it', async ({ page, context, problems }) => {
  void problems;
  await seedStorage(page, { tutorialCompleted: 'true' });
  await enterStudio(page);
  // What the studio loads as it opens (feeds, pictures) finishes first: this test is about the dialog.
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  const dialog = page.getByTestId('error-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(TEXTS.networkLost);
  await expect(dialog.getByRole('button', { name: 'RETRY' })).toBeVisible();
  await page.screenshot({ path: 'tests/.tmp/screens/network-lost.png', animations: 'disabled' });
  await dialog.getByRole('button', { name: 'RETRY' }).click();
  await expect(dialog).toBeVisible(); // still offline
  await context.setOffline(false);
  await expect(dialog).toBeHidden();
});
