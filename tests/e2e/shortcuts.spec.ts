/**
 * The command table at work in the studio: '?' lists every shortcut, Alt+n picks a layout, Ctrl+Z
 * undoes it with the undone edit's reason saved, and typing in a field never triggers a shortcut.
 */
import { test, expect, enterStudio, seedStorage, type Page } from './fixtures';
import type { ChannelBody } from '../../compositor/model/types';

type Surface = { channel(): ChannelBody; saves(): { saves: number; last: ChannelBody | null } };
const layout = (page: Page) => page.evaluate(() => (window as unknown as { __STUDIO__: Surface }).__STUDIO__.channel().layout);
const lastSavedReason = (page: Page) =>
  page.evaluate(() => {
    const last = (window as unknown as { __STUDIO__: Surface }).__STUDIO__.saves().last;
    return last ? JSON.parse(last.updateReason) : null;
  });

test.beforeEach(async ({ page }) => {
  await seedStorage(page, { tutorialCompleted: 'true' });
});

test("'?' lists the shortcuts; Alt+2 and Ctrl+Z act on the stage; a text field keeps its keys", async ({ page, problems }) => {
  void problems;
  await enterStudio(page);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  for (const text of ['Undo', 'Redo', 'Layout: Cover', 'Layout: Picture in Picture', 'Ctrl+Z', 'Alt+6', 'Put on air']) await expect(dialog).toContainText(text);
  await page.screenshot({ path: 'tests/.tmp/screens/shortcuts.png', animations: 'disabled' });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Two guests are on air in the demo: Alt+2 (Cover) is offered.
  await page.keyboard.press('Alt+2');
  await expect.poll(() => layout(page)).toBe('COVER');
  await expect.poll(() => lastSavedReason(page)).toMatchObject({ group: 'LAYOUT', action: 'SELECT', value: 'COVER' });
  await page.keyboard.press('Control+z');
  await expect.poll(() => layout(page)).toBe('CLASSIC');
  await expect.poll(() => lastSavedReason(page)).toMatchObject({ group: 'LAYOUT', action: 'SELECT', value: 'COVER' });

  await page.getByRole('navigation', { name: 'Studio tools' }).getByRole('button', { name: /^Chat/ }).click();
  const input = page.getByTestId('tool-panel').getByPlaceholder('Message everyone…');
  await input.click();
  await page.keyboard.type('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);
  await expect(input).toHaveValue('?');
});
