/**
 * §4 Channel updates between producers: two demo studios of one channel (two tabs of one browser,
 * the demo's channel room hosted by one of them). Each applies the other's edits, never saves them back, and keeps its own undo
 * for what the other did not touch.
 */
import { test, expect, enterStudio, seedStorage, type Page } from './fixtures';
import type { ChannelBody } from '../../compositor/model/types';

type Surface = { channel(): ChannelBody; saves(): { saves: number; last: ChannelBody | null } };
const channel = (page: Page) => page.evaluate(() => (window as unknown as { __STUDIO__: Surface }).__STUDIO__.channel());
const saves = (page: Page) => page.evaluate(() => (window as unknown as { __STUDIO__: Surface }).__STUDIO__.saves().saves);
const card = (page: Page, name: string) => page.getByTestId('producer-card').filter({ hasText: name });

test('an edit in one studio shows in the other, which does not save it back', async ({ page, context, problems }) => {
  void problems;
  await seedStorage(page, { tutorialCompleted: 'true' });
  await enterStudio(page);
  const other = await context.newPage();
  await enterStudio(other);
  // The first studio's join sent the stage it loaded (the room was empty); what it saves from now on is its own edits only.
  const joinSaves = await saves(page);

  // The second producer takes a guest on air and picks a layout; the first follows.
  await card(other, 'Camila Reyes').getByRole('switch', { name: 'On air: Camila Reyes' }).click();
  await other.getByRole('toolbar', { name: 'Layouts' }).getByRole('button', { name: 'Cinema' }).click();
  await expect.poll(async () => (await channel(page)).layout).toBe('CINEMA');
  await expect.poll(async () => (await channel(page)).layers.map((l) => l.sourceName)).toContain('Camila Reyes');
  await expect(card(page, 'Camila Reyes')).toHaveAttribute('data-live', 'true');
  expect(await saves(page)).toBe(joinSaves);

  // The first producer's own edit of something else stays undoable and reaches the second.
  await page.getByRole('toolbar', { name: 'Layouts' }).getByRole('button', { name: 'Side by Side' }).click();
  await expect.poll(async () => (await channel(other)).layout).toBe('SIDEBYSIDE');
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect.poll(async () => (await channel(page)).layout).toBe('CINEMA');
  await expect.poll(async () => (await channel(other)).layout).toBe('CINEMA');
  // Undo never reverts the other producer's on-air change.
  await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeDisabled();
  await expect(card(page, 'Camila Reyes')).toHaveAttribute('data-live', 'true');
  await other.close();
});
