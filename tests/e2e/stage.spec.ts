import { test, expect, enterStudio, seedStorage, type Page } from './fixtures';
import type { ChannelBody, Layer } from '../../compositor/model/types';
import type { SceneModel } from '../../compositor/model/scene';

type Surface = { channel(): ChannelBody; scene(): SceneModel; frameStats(): Record<string, { frames: number; textures: number }>; saves(): { saves: number; last: ChannelBody | null } };
const channel = (page: Page) => page.evaluate(() => (window as unknown as { __STUDIO__: Surface }).__STUDIO__.channel());
const scene = (page: Page) => page.evaluate(() => (window as unknown as { __STUDIO__: Surface }).__STUDIO__.scene());
const previewFrames = (page: Page) => page.evaluate(() => (window as unknown as { __STUDIO__: Surface }).__STUDIO__.frameStats().preview?.frames ?? 0);
const savedLayers = (page: Page) => page.evaluate(() => (window as unknown as { __STUDIO__: Surface }).__STUDIO__.saves().last?.layers.length);
const liveIds = async (page: Page) => (await channel(page)).layers.map((l: Layer) => l.sourceId);
const card = (page: Page, name: string) => page.getByTestId('producer-card').filter({ hasText: name });

test.beforeEach(async ({ page }) => {
  await seedStorage(page, { tutorialCompleted: 'true' });
});

test('guests go on air by switch and by double-click; layers follow', async ({ page, problems }) => {
  void problems;
  await enterStudio(page);
  await expect(page.getByTestId('producer-card')).toHaveCount(7);
  // The demo opens with two guests on air.
  expect(await liveIds(page)).toEqual(['demo-guest-1', 'demo-guest-2']);

  await card(page, 'Siobhan Walsh').getByRole('switch').click();
  await expect(card(page, 'Siobhan Walsh')).toHaveAttribute('data-live', 'true');
  await card(page, 'Camila Reyes').locator('.card-media').dblclick();
  await expect(card(page, 'Camila Reyes')).toHaveAttribute('data-live', 'true');

  const body = await channel(page);
  expect(body.layers.map((l) => [l.sourceName, l.number, l.liveRank])).toEqual([
    ['Lukas Becker', 2, 10],
    ['Amara Okafor', 3, 20],
    ['Siobhan Walsh', 4, 30],
    ['Camila Reyes', 5, 40],
  ]);
  for (const l of body.layers) {
    expect(l.position.x + l.position.width).toBeLessThanOrEqual(1);
    expect(String(l.position.x).split('.')[1]?.length ?? 0).toBeLessThanOrEqual(4);
  }
  // The debounced saver sent the final state once things settled.
  await expect.poll(() => savedLayers(page)).toBe(4);

  // The preview draws what the channel says: frames were rendered for it.
  await expect.poll(() => previewFrames(page)).toBeGreaterThan(0);
  await page.screenshot({ path: 'tests/.tmp/screens/stage-4-live.png', animations: 'disabled' });
});

test('spotlight, every offered layout, rename, reorder by drag, undo and redo', async ({ page, problems }) => {
  void problems;
  await enterStudio(page);
  await card(page, 'Siobhan Walsh').getByRole('switch').click();
  await expect(card(page, 'Siobhan Walsh')).toHaveAttribute('data-live', 'true');

  // Layouts for 3 live: Split, Cinema, Side by Side and PIP are offered.
  const toolbar = page.getByRole('toolbar', { name: 'Layouts' });
  for (const [label, code] of [
    ['Cover', 'COVER'],
    ['Split Screen', 'SPLIT'],
    ['Cinema', 'CINEMA'],
    ['Side by Side', 'SIDEBYSIDE'],
    ['Picture in Picture', 'PIP'],
    ['Classic', 'CLASSIC'],
  ] as const) {
    await toolbar.getByRole('button', { name: label, exact: true }).click();
    await expect(toolbar.getByRole('button', { name: label, exact: true })).toHaveAttribute('aria-pressed', 'true');
    expect((await channel(page)).layout).toBe(code);
    expect((await scene(page)).producers.length).toBe(code === 'COVER' ? 1 : 3);
  }

  // Spotlight: only the spotted producer is drawn.
  await card(page, 'Amara Okafor').getByRole('button', { name: 'Spotlight Amara Okafor' }).click();
  await expect.poll(async () => (await scene(page)).producers.map((p) => p.name)).toEqual(['Amara Okafor']);
  // The layout bar shows the spotlight, not Classic; Classic waits for it to end.
  await expect(toolbar.getByRole('button', { name: 'Spotlight: Amara Okafor' })).toHaveAttribute('aria-pressed', 'true');
  await expect(toolbar.getByRole('button', { name: 'Classic', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await page.screenshot({ path: 'tests/.tmp/screens/spotlight-layout-bar.png', animations: 'disabled' });
  await card(page, 'Amara Okafor').getByRole('button', { name: 'Spotlight Amara Okafor' }).click();
  await expect(toolbar.getByRole('button', { name: 'Classic', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // Inline rename: Enter saves (sanitised), 'Saved!' shows, Escape discards.
  await card(page, 'Lukas Becker').getByRole('button', { name: /Name of Lukas Becker/ }).click();
  await page.getByRole('textbox', { name: 'Name of Lukas Becker' }).fill('Lukas <b>B.</b>');
  // 'Saved!' shows for SAVED_HINT_MS: it is watched for from before Enter, so a loaded machine cannot miss it.
  await Promise.all([expect(card(page, 'Lukas B.').getByText('Saved!')).toBeVisible(), page.keyboard.press('Enter')]);
  await expect(card(page, 'Lukas B.')).toBeVisible();
  expect((await channel(page)).layers[0]!.sourceName).toBe('Lukas B.');
  await card(page, 'Lukas B.').getByRole('button', { name: /Name of Lukas B\./ }).click();
  await page.getByRole('textbox', { name: 'Name of Lukas B.' }).fill('Nope');
  await page.keyboard.press('Escape');
  await expect(card(page, 'Lukas B.')).toBeVisible();

  // Drag the last card to the front of the grid.
  const before = await page.getByTestId('producer-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-card-id')));
  const from = await card(page, 'Marcus Thompson').locator('.card-media').boundingBox();
  const to = await page.getByTestId('producer-card').first().boundingBox();
  await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
  await page.mouse.down();
  await page.mouse.move(from!.x - 40, from!.y + 10, { steps: 8 });
  await page.mouse.move(to!.x + 2, to!.y + to!.height / 2, { steps: 12 });
  await page.mouse.up();
  await expect.poll(() => page.getByTestId('producer-card').first().getAttribute('data-card-id')).toBe('demo-guest-6');
  const after = await page.getByTestId('producer-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-card-id')));
  expect(after).toHaveLength(before.length);

  // Undo the drag (one entry), then the rename; redo the rename.
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('Control+z');
  await expect.poll(() => page.getByTestId('producer-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-card-id')))).toEqual(before);
  await page.keyboard.press('Control+z');
  await expect(card(page, 'Lukas Becker')).toBeVisible();
  await page.keyboard.press('Control+Shift+z');
  await expect(card(page, 'Lukas B.')).toBeVisible();
  await page.screenshot({ path: 'tests/.tmp/screens/stage-edited.png', animations: 'disabled' });
});

test('participant menu: entries, local time in New York, no remove for a moderator', async ({ page, problems }) => {
  void problems;
  await enterStudio(page);
  await card(page, 'Rajesh Iyer').getByRole('button', { name: 'Options for Rajesh Iyer' }).click();
  const menu = page.getByRole('menu', { name: 'Rajesh Iyer options' });
  await expect(menu).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Rajesh Iyer options' })).toContainText(/Local time .*(EST|EDT)/);
  for (const item of ['Mute mic', 'Mute video', 'Disable mic', 'Disable video', 'Edit name', 'Noise cancellation: off', 'Remove presenter'])
    await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
  await page.screenshot({ path: 'tests/.tmp/screens/participant-menu.png', animations: 'disabled' });
  await menu.getByRole('menuitem', { name: 'Disable mic' }).click();
  await expect(card(page, 'Rajesh Iyer').getByRole('button', { name: /mic of Rajesh Iyer/ })).toBeDisabled();

  await page.waitForTimeout(600); // §5 menu guard
  await card(page, 'Siobhan Walsh').getByRole('button', { name: 'Options for Siobhan Walsh' }).click();
  await expect(page.getByRole('menu', { name: 'Siobhan Walsh options' }).getByRole('menuitem', { name: 'Remove presenter' })).toHaveCount(0);
});
