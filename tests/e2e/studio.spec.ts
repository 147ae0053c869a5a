import { test, expect, enterStudio, reenterStudio, seedStorage, studioState } from './fixtures';
import { TEXTS } from '../../src/lib/texts';

async function widthOf(page: import('@playwright/test').Page, testId: string) {
  return page.getByTestId(testId).evaluate((el) => el.getBoundingClientRect().width);
}

test.describe('returning moderator (tutorial completed)', () => {
  test.beforeEach(async ({ page }) => seedStorage(page, { tutorialCompleted: 'true' }));

  test('tool switching, the 70/530 px rule, and the tool remembered across reload', async ({ page, problems }) => {
    void problems;
    await enterStudio(page);
    const viewport = page.viewportSize()!.width;
    await expect(page.getByTestId('tool-panel')).toHaveCount(0);
    expect(await widthOf(page, 'left-area')).toBeCloseTo(viewport - 70, 0);

    const nav = page.getByRole('navigation', { name: 'Studio tools' });
    await nav.getByRole('button', { name: 'Chat', exact: true }).click();
    await expect(page.getByTestId('tool-panel')).toHaveAttribute('data-tool', 'CHAT');
    await expect(page.getByRole('heading', { name: 'Chat', level: 2 })).toBeVisible();
    expect(await widthOf(page, 'left-area')).toBeCloseTo(viewport - 530, 0);

    await nav.getByRole('button', { name: 'People' }).click();
    await expect(page.getByTestId('tool-panel')).toHaveAttribute('data-tool', 'PEOPLE');
    await nav.getByRole('button', { name: 'People' }).click();
    await expect(page.getByTestId('tool-panel')).toHaveCount(0);
    expect(await widthOf(page, 'left-area')).toBeCloseTo(viewport - 70, 0);

    await nav.getByRole('button', { name: 'Host Chat' }).click();
    await reenterStudio(page);
    await expect(page.getByTestId('tool-panel')).toHaveAttribute('data-tool', 'HOST CHAT');
    expect((await studioState(page)).layout!.selectedTool).toBe('HOST CHAT');

    await page.getByRole('button', { name: 'Close Host Chat' }).click();
    await expect(page.getByTestId('tool-panel')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('selectedTool'))).toBe('NONE');
  });

  test('the split: stage 70 % (§2 420 : 180) by default, lower pane at least 210 px, keyboard resizable', async ({ page, problems }) => {
    void problems;
    await enterStudio(page);
    const stage = page.locator('[data-panel][id="stage"]');
    const lower = page.locator('[data-panel][id="backstage"]');
    const stageHeight = await stage.evaluate((el) => el.getBoundingClientRect().height);
    const lowerHeight0 = await lower.evaluate((el) => el.getBoundingClientRect().height);
    expect(stageHeight / (stageHeight + lowerHeight0)).toBeCloseTo(0.7, 2);
    const separator = page.getByRole('separator');
    await separator.focus();
    for (let i = 0; i < 40; i++) await page.keyboard.press('ArrowDown');
    const lowerHeight = await lower.evaluate((el) => el.getBoundingClientRect().height);
    expect(lowerHeight).toBeGreaterThanOrEqual(209);
    for (let i = 0; i < 80; i++) await page.keyboard.press('ArrowUp');
    expect(await stage.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThanOrEqual(299);
  });

  test('exit dialog: both buttons; confirming leaves for /select-channel', async ({ page, problems }) => {
    void problems;
    await enterStudio(page);
    await page.getByRole('button', { name: 'Exit studio' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(TEXTS.exitQuestion);
    await page.screenshot({ path: 'tests/.tmp/screens/exit-dialog.png', animations: 'disabled' });
    await dialog.getByRole('button', { name: 'CANCEL' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('studio')).toBeVisible();

    await page.getByRole('button', { name: 'Exit studio' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'YES, EXIT STUDIO' }).click();
    await expect(page).toHaveURL(/\/studio\/instant-demo\/select-channel$/);
    await expect(page.getByTestId('select-channel')).toBeVisible();
    expect((await studioState(page)).meeting!.channel).toBeNull();
  });

  test('go-live opens the registration pop-up; closing hides it', async ({ page, problems }) => {
    void problems;
    await enterStudio(page);
    await page.getByTestId('go-live').click();
    const popup = page.getByTestId('register-popup');
    await expect(popup).toBeVisible();
    await expect(popup).toContainText('14-day free trial');
    await expect(popup.getByRole('link', { name: 'TRY FREE FOR 14 DAYS' })).toBeVisible();
    await expect(popup.getByRole('link', { name: 'BUY NOW' })).toBeVisible();
    await page.screenshot({ path: 'tests/.tmp/screens/register.png', animations: 'disabled' });
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(popup).toBeHidden();
    await page.getByTestId('rec-indicator').click();
    await expect(popup).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
  });

  test('an unknown stored tool falls back to NONE', async ({ page, problems }) => {
    void problems;
    await page.addInitScript(() => localStorage.setItem('selectedTool', 'WHATEVER'));
    await enterStudio(page);
    await expect(page.getByTestId('tool-panel')).toHaveCount(0);
  });
});

test('a first-time moderator gets the Graphics tool opened', async ({ page, problems }) => {
  void problems;
  await enterStudio(page);
  await expect(page.getByTestId('tool-panel')).toHaveAttribute('data-tool', 'GRAPHICS');
});
