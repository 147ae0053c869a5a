/**
 * The demo's "Open attendee view" (issue 32): from People › Attendees the demo studio opens the event
 * page in another tab of the same browser, joined to it over the demo's tab room, with no backend.
 * The attendee joins and is listed, chats both ways (a moderator's delete takes the message off the
 * page), votes once in the poll the moderator starts, and the studio's count moves; asks a question
 * the moderator publishes from Incoming and answers, and sees both; the simulated audience runs on
 * beside them (its published questions are on the page too). Neither tab logs an error.
 */
import { test, expect, enterStudio, openTool, seedStorage, type Page } from './fixtures';

const SHOTS = 'tests/.tmp/screens';
const POLL = 'Which new feature are you most excited to try?';
const QUESTION = 'Will the slides be shared after the launch?';
/** One of the demo's published questions (pollsQnaData.ts). */
const SEEDED = 'Will the recording be available after the event?';

/**
 * The fixture watches the studio's page; the attendee's tab is watched the same way here, less one
 * known noise: the fixture's own localStorage init script (a script with no address in its stack)
 * throws on the new tab's first about:blank, an opaque origin since the link is noopener.
 */
function watchErrors(page: Page, problems: string[]): void {
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`attendee tab console error: ${m.text()}`);
  });
  const injected = (e: Error) => /^SecurityError/.test(e.stack ?? '') && !(e.stack ?? '').includes('http');
  page.on('pageerror', (e) => !injected(e) && problems.push(`attendee tab page error: ${e.message}`));
}

const totalIn = (text: string | null, pattern: RegExp) => [...(text ?? '').matchAll(pattern)].map((m) => Number(m[1]));

test('Open attendee view: an attendee tab joins the demo studio, chats both ways, votes once, asks a question answered in the studio, and is listed in People', async ({ page, context, problems }) => {
  test.setTimeout(180_000);
  await seedStorage(page, { tutorialCompleted: 'true' });
  await enterStudio(page);
  await openTool(page, /^People/);
  const people = page.getByTestId('tool-panel');
  await people.getByRole('tab', { name: /Attendees/ }).click();

  // The control is a link with a name, reached from the keyboard; it opens the event page in a new tab.
  const open = people.getByRole('link', { name: 'Open attendee view' });
  await open.focus();
  await expect(open).toBeFocused();
  const opened = context.waitForEvent('page');
  context.on('page', (p) => watchErrors(p, problems));
  await open.press('Enter');
  const attendee = await opened;
  await expect(attendee).toHaveURL(/\/watch\/demodemo$/);

  // Join with a name (the JoinForm's rules: nothing typed, nothing to send).
  const form = attendee.getByRole('form', { name: 'Join the event' });
  await expect(form.getByRole('button', { name: 'Join' })).toBeDisabled();
  await form.getByLabel('Your name').fill('Ada Lovelace');
  await form.getByRole('button', { name: 'Join' }).click();
  await expect(attendee.getByText('You are Ada Lovelace')).toBeVisible();
  await expect(attendee.getByRole('heading', { level: 1 })).toHaveText('Product Launch Live: Spring Edition');

  // The studio lists the attendee beside the simulated audience.
  await expect(people.getByTestId('person-row').filter({ hasText: 'Ada Lovelace' })).toBeVisible();
  await people.getByRole('searchbox', { name: 'Search attendees' }).fill('Ada Love');
  await expect(people.getByTestId('person-row')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/demo-attendee-studio-people.png` });
  await people.getByRole('searchbox', { name: 'Search attendees' }).fill('');

  // Attendee → studio.
  const audience = attendee.getByRole('region', { name: 'Audience' });
  await audience.getByPlaceholder('Message everyone').fill('Hello from the audience');
  await audience.getByPlaceholder('Message everyone').press('Enter');
  await expect(audience.getByRole('article', { name: 'You: Hello from the audience' })).toBeVisible();
  await openTool(page, /^Chat/);
  const chat = page.getByTestId('tool-panel');
  await expect(chat.getByRole('article', { name: 'Ada Lovelace: Hello from the audience' })).toBeVisible();

  // Studio → attendee (the simulated audience's chat reaches the page too).
  await chat.getByPlaceholder('Message everyone…').fill('Welcome, Ada');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(audience.getByRole('article', { name: /^Alex Morgan: Welcome, Ada/ })).toBeVisible();
  await expect.poll(async () => audience.getByRole('article').count()).toBeGreaterThan(3);

  // The moderator deletes the attendee's message: it leaves the attendee's page.
  const row = chat.locator('li.chat-row').filter({ has: page.getByRole('article', { name: 'Ada Lovelace: Hello from the audience' }) });
  await row.hover();
  await row.getByRole('button', { name: 'Delete message from Ada Lovelace' }).click();
  await row.getByRole('group', { name: 'Delete message from Ada Lovelace' }).getByRole('button', { name: 'Delete' }).click();
  await expect(audience.getByRole('article', { name: 'You: Hello from the audience' })).toHaveCount(0);

  // The moderator starts a poll; it reaches the attendee's Polls tab, who votes once.
  await audience.getByRole('tab', { name: /Polls/ }).click();
  await expect(audience.getByText('This poll has ended.')).toBeVisible(); // the demo's last poll, until one starts
  await openTool(page, /^Poll/);
  const card = page.getByTestId('tool-panel').getByRole('article', { name: POLL });
  await card.getByRole('button', { name: 'Start poll' }).click();
  const options = audience.getByRole('radiogroup', { name: POLL });
  await expect(options).toBeVisible();
  await options.getByRole('radio').first().check();
  await audience.getByRole('button', { name: 'Vote' }).click();
  await expect(audience.getByText('Thanks for voting. Results so far:')).toBeVisible();
  await expect(audience.getByText('(your vote)')).toBeVisible();
  await expect(audience.getByRole('button', { name: 'Vote' })).toHaveCount(0);
  // The studio's count holds at least every vote the attendee's answer counted, theirs included.
  const counted = totalIn(await audience.locator('.audience-results').textContent(), /: (\d+) votes?/g).reduce((a, b) => a + b, 0);
  expect(counted).toBeGreaterThan(0);
  await expect.poll(async () => Math.max(0, ...totalIn(await card.textContent(), /(\d+) votes?/g))).toBeGreaterThanOrEqual(counted);

  await openTool(page, /^People/);
  await expect(people.getByTestId('person-row').filter({ hasText: 'Ada Lovelace' })).toBeVisible();
  await attendee.screenshot({ path: `${SHOTS}/demo-attendee-page.png` });

  // Q&A: the demo's published questions are there, each upvoted once; the attendee's own waits for a moderator.
  await audience.getByRole('tab', { name: /Q&A/ }).click();
  const seeded = audience.getByRole('article', { name: SEEDED });
  await seeded.getByRole('button', { name: /^Upvote, / }).click();
  await expect(seeded.getByRole('button', { name: /^Upvoted, / })).toBeDisabled();
  await audience.getByLabel('Your question').fill(QUESTION);
  await audience.getByRole('button', { name: 'Ask' }).click();
  const mine = audience.getByRole('article', { name: QUESTION });
  await expect(mine).toContainText('Waiting for a moderator to publish it');
  await expect(mine).toContainText('Ada Lovelace (you)');

  // The studio has it as an incoming question; the moderator publishes it, then answers it.
  await openTool(page, /^Q&A/);
  const qna = page.getByTestId('tool-panel');
  await qna.getByRole('tab', { name: /Incoming/ }).click();
  await qna.getByRole('article', { name: QUESTION }).getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Yay! Question is successfully published!')).toBeVisible();
  await page.getByText('Yay! Question is successfully published!').click(); // the mask goes on a click
  await expect(mine).not.toContainText('Waiting for a moderator');
  await expect(mine.getByRole('button', { name: /^Upvote, / })).toBeVisible();
  await qna.getByRole('tab', { name: /Published/ }).click();
  const published = qna.getByRole('article', { name: QUESTION });
  await published.getByRole('button', { name: 'Reply' }).click();
  await published.getByLabel('Your reply').fill('Yes, with the recording.');
  await published.getByRole('button', { name: 'Send reply' }).click();
  await expect(mine.getByRole('list', { name: 'Answers' })).toContainText('Yes, with the recording.');
  await expect(mine).toContainText('1 answer');
  await attendee.screenshot({ path: `${SHOTS}/demo-attendee-qna.png` });
  await openTool(page, /^People/);

  // Leave event: off the studio's list; joining again is a new attendee.
  await audience.getByRole('button', { name: 'Leave event' }).click();
  await expect(attendee.getByText('You left the event. You can still watch; join again to take part.')).toBeVisible();
  await expect(people.getByTestId('person-row').filter({ hasText: 'Ada Lovelace' })).toHaveCount(0, { timeout: 15_000 });
  await form.getByLabel('Your name').fill('Ada Lovelace');
  await form.getByRole('button', { name: 'Join' }).click();
  await expect(people.getByTestId('person-row').filter({ hasText: 'Ada Lovelace' })).toBeVisible();

  // Removed from People › Attendees: the attendee's page says so.
  await people.getByRole('button', { name: 'Options for Ada Lovelace' }).click();
  await page.getByRole('menuitem', { name: 'Remove guest' }).click();
  await expect(attendee.getByText('You were removed from this event by a moderator.')).toBeVisible();
  await expect(people.getByTestId('person-row').filter({ hasText: 'Ada Lovelace' })).toHaveCount(0);
  await attendee.close();
});

test('the attendee page with no demo studio open says the studio must be open', async ({ page, problems }) => {
  void problems;
  await page.goto('./watch/demodemo');
  await expect(page.getByRole('alert')).toHaveText(/The demo studio is not open/);
  await expect(page.getByRole('form', { name: 'Join the event' })).toHaveCount(0);
});
