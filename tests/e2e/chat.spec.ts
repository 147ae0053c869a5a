import { test, expect, enterStudio, seedStorage, studioState, type Page } from './fixtures';
import type { SceneModel } from '../../compositor/model/scene';

test.beforeEach(async ({ page }) => seedStorage(page, { tutorialCompleted: 'true' }));

const scene = (page: Page) => page.evaluate(() => (window as unknown as { __STUDIO__: { scene(): SceneModel } }).__STUDIO__.scene());

test('chat: send with an emoji, put an attendee message on stream (it reaches the preview), delete one', async ({ page, problems }) => {
  void problems;
  await enterStudio(page);
  await page.getByRole('navigation', { name: 'Studio tools' }).getByRole('button', { name: /^Chat/ }).click();
  const panel = page.getByTestId('tool-panel');

  // Send a message with an emoji from the picker.
  await panel.getByPlaceholder('Message everyone…').fill('Welcome everyone');
  await panel.getByRole('button', { name: 'Insert emoji' }).click();
  const picker = page.getByRole('dialog', { name: 'Emoji' });
  await picker.getByRole('searchbox', { name: 'Search emoji' }).fill('clap');
  await picker.locator('.emoji-cell').first().click();
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByRole('article', { name: /^You: Welcome everyone/ })).toBeVisible();

  // Put an attendee's message on stream: the stage's scene carries it as the chat overlay.
  // Pin the row by its message: new messages keep arriving from the simulated audience.
  const shownLabel = (await panel.locator('li.chat-row').filter({ hasNotText: 'Welcome everyone' }).last().getByRole('article').getAttribute('aria-label')) ?? '';
  const text = shownLabel.replace(/^[^:]+: /, '');
  const attendeeRow = panel.locator('li.chat-row').filter({ has: page.getByRole('article', { name: shownLabel, exact: true }) });
  await attendeeRow.hover();
  await attendeeRow.getByRole('button', { name: 'Show on stream' }).click();
  // The chat overlay joins the graphics already on stage (the default lower third, the name tags).
  const chats = async () => (await scene(page)).templates?.filter((t) => t.kind === 'chat').map((t) => (t.kind === 'chat' ? t.text : ''));
  await expect.poll(chats).toEqual([text]);
  await expect(panel.getByText('On stream now')).toBeVisible();
  await page.screenshot({ path: 'tests/.tmp/screens/chat-on-stream.png', animations: 'disabled' });
  await panel.getByRole('button', { name: 'Hide from stream' }).first().click();
  await expect.poll(chats).toEqual([]);

  // Delete an attendee's message: 'Message has been deleted', then it is gone.
  const label = (await panel.locator('li.chat-row').filter({ hasNotText: 'Welcome everyone' }).last().getByRole('article').getAttribute('aria-label')) ?? '';
  const name = label.split(':')[0]!;
  const victim = panel.locator('li.chat-row').filter({ has: page.getByRole('article', { name: label, exact: true }) });
  await victim.hover();
  await victim.getByRole('button', { name: `Delete message from ${name}` }).click();
  await victim.getByRole('group', { name: `Delete message from ${name}` }).getByRole('button', { name: 'Delete' }).click();
  await expect(panel.getByText('Message has been deleted').first()).toBeVisible();
  await expect(panel.getByRole('article', { name: label })).toHaveCount(0, { timeout: 5_000 });
});

test('chat: the list holds still under a resting pointer, with a "new messages" pill; it follows again when the pointer leaves', async ({ page, problems }) => {
  void problems;
  test.setTimeout(120_000);
  await enterStudio(page);
  await page.getByRole('navigation', { name: 'Studio tools' }).getByRole('button', { name: /^Chat/ }).click();
  const list = page.getByTestId('tool-panel').getByRole('region', { name: 'Public chat messages' });
  await expect(list.getByRole('article').first()).toBeVisible();
  const box = (await list.boundingBox())!;
  const spot = { x: box.x + box.width / 2, y: box.y + box.height * 0.6 };
  const under = () =>
    page.evaluate(({ x, y }) => {
      const scroller = document.querySelector<HTMLElement>('[role="region"][aria-label="Public chat messages"]')!;
      return { message: document.elementFromPoint(x, y)?.closest('article')?.getAttribute('aria-label') ?? null, scrollTop: scroller.scrollTop };
    }, spot);

  // The pointer comes to rest on a message: the audience keeps writing (every 1.5 to 5 s), nothing moves.
  await page.mouse.move(spot.x, spot.y);
  const resting = await under();
  expect(resting.message).not.toBeNull();
  const publicCount = async () => ((await studioState(page)).chat as { counts: { public: number } }).counts.public;
  const before = await publicCount();
  await expect.poll(publicCount, { timeout: 30_000 }).toBeGreaterThanOrEqual(before + 2);
  expect(await under()).toEqual(resting);
  const pill = page.getByRole('button', { name: /new messages?$/ });
  await expect(pill).toHaveText(/^[2-9]\d* new messages$/);

  // The pointer leaves: the list follows the newest message again.
  await page.mouse.move(box.x - 200, box.y + box.height / 2);
  await expect(pill).toBeHidden();
  await expect
    .poll(() => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight))
    .toBeLessThan(2);
});
