/**
 * The audience in backend mode (issue 32): an attendee opens the event's public link, joins with a
 * name, chats both ways with a moderator in the studio (a moderator's delete takes a message off the
 * attendee's page), stays the same person across a reload, is listed in People › Attendees, and a
 * removal there ends their part. Polls and Q&A reach every attendee. A phone-sized page puts the chat
 * below the program; axe finds nothing serious on either.
 */
import type { Browser, Page } from '@playwright/test';
import { seriousFindings } from './axe';
import type { BackendProcess } from './backendProcess';
import { expect, joinAs, test, type Watched } from './backendStudio';

const SHOTS = 'tests/.tmp/screens';

async function attendeePage(browser: Browser, backend: BackendProcess, watch: (p: Page) => Watched, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const { page } = watch(await context.newPage());
  await page.goto(`${backend.studio}watch/product-launch`);
  return page;
}

async function joinAsAttendee(page: Page, name: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Join the event' });
  await expect(form.getByRole('button', { name: 'Join' })).toBeDisabled(); // nothing typed yet
  await form.getByLabel('Your name').fill(name);
  await form.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByText(`You are ${name}`)).toBeVisible({ timeout: 15_000 });
}

const tool = (page: Page, name: RegExp) => page.getByRole('navigation', { name: 'Studio tools' }).getByRole('button', { name }).click();

test.describe.configure({ mode: 'serial' });

test('an attendee joins from the public link, chats both ways with a moderator, is listed in People, and a removal ends their part', async ({ browser, backend, watch }) => {
  test.setTimeout(240_000);
  const studio = await joinAs(browser, backend, watch, 'producer1');
  const page = await attendeePage(browser, backend, watch);
  await expect(page.getByTestId('watch-state')).toHaveText('This broadcast is not live yet');
  await joinAsAttendee(page, 'Ada Lovelace');
  const audience = page.getByRole('region', { name: 'Audience' });
  expect(await seriousFindings(page, 'attendee page, joined')).toEqual([]);

  // The studio lists the attendee.
  await tool(studio, /^People/);
  const people = studio.getByTestId('tool-panel');
  await people.getByRole('tab', { name: /Attendees/ }).click();
  await expect(people.getByTestId('person-row').filter({ hasText: 'Ada Lovelace' })).toBeVisible({ timeout: 15_000 });

  // Attendee → studio.
  await audience.getByPlaceholder('Message everyone').fill('Hello from the audience');
  await audience.getByPlaceholder('Message everyone').press('Enter');
  await expect(audience.getByRole('article', { name: 'You: Hello from the audience' })).toBeVisible();
  await tool(studio, /^Chat/);
  const chat = studio.getByTestId('tool-panel');
  const fromAda = chat.getByRole('article', { name: 'Ada Lovelace: Hello from the audience' });
  await expect(fromAda).toBeVisible({ timeout: 15_000 });

  // Studio → attendee.
  await chat.getByPlaceholder('Message everyone…').fill('Welcome, Ada');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(audience.getByRole('article', { name: /^Priya Patel: Welcome, Ada/ })).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/attendee-chat.png` });

  // The moderator puts the attendee's message on stream: their page marks it; taken off, the mark goes.
  const row = chat.locator('li.chat-row').filter({ has: studio.getByRole('article', { name: 'Ada Lovelace: Hello from the audience' }) });
  const mine = audience.getByRole('article', { name: 'You: Hello from the audience' });
  await row.hover();
  await row.getByRole('button', { name: 'Show on stream' }).click();
  await expect(mine).toContainText('On stream', { timeout: 15_000 });
  await row.getByRole('button', { name: 'Hide from stream' }).click();
  await expect(mine).not.toContainText('On stream', { timeout: 15_000 });

  // The moderator deletes the attendee's message: it leaves the attendee's page too.
  await row.hover();
  await row.getByRole('button', { name: 'Delete message from Ada Lovelace' }).click();
  await row.getByRole('group', { name: 'Delete message from Ada Lovelace' }).getByRole('button', { name: 'Delete' }).click();
  await expect(audience.getByRole('article', { name: 'You: Hello from the audience' })).toHaveCount(0, { timeout: 15_000 });

  // A reload is the same attendee (the session cookie), with the chat as it stands.
  await page.reload();
  await expect(page.getByText('You are Ada Lovelace')).toBeVisible({ timeout: 15_000 });
  await expect(audience.getByRole('article', { name: /^Priya Patel: Welcome, Ada/ })).toBeVisible();
  expect(await page.evaluate(() => document.cookie)).toBe(''); // HttpOnly: nothing for scripts
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toMatch(/attendee/i);

  // Removed from People › Attendees: the attendee's page says so, and a reload does not bring them back.
  await tool(studio, /^People/);
  await people.getByRole('tab', { name: /Attendees/ }).click();
  await people.getByRole('button', { name: 'Options for Ada Lovelace' }).click();
  await studio.getByRole('menuitem', { name: 'Remove guest' }).click();
  await expect(page.getByText('You were removed from this event by a moderator.')).toBeVisible({ timeout: 15_000 });
  await page.reload();
  await expect(page.getByText('You were removed from this event by a moderator.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('form', { name: 'Join the event' })).toHaveCount(0);
  await studio.context().close();
  await page.context().close();
});

test('a poll started in the studio reaches two attendees at once; each votes once (a second tab cannot vote again); the studio counts both', async ({ browser, backend, watch }) => {
  test.setTimeout(180_000);
  const studio = await joinAs(browser, backend, watch, 'producer1');
  const [one, two] = [await attendeePage(browser, backend, watch), await attendeePage(browser, backend, watch)];
  await joinAsAttendee(one, 'Voter One');
  await joinAsAttendee(two, 'Voter Two');
  for (const page of [one, two]) await page.getByRole('region', { name: 'Audience' }).getByRole('tab', { name: /Polls/ }).click();
  await expect(one.getByText('There is no active poll')).toBeVisible();

  await tool(studio, /^Poll/);
  const panel = studio.getByTestId('tool-panel');
  await panel.getByRole('button', { name: 'Create poll' }).click();
  await panel.getByRole('textbox', { name: 'Question' }).fill('Tea or coffee?');
  await panel.getByRole('textbox', { name: 'Option 1' }).fill('Tea');
  await panel.getByRole('textbox', { name: 'Option 2' }).fill('Coffee');
  await panel.getByRole('button', { name: 'Save' }).click();
  const card = panel.locator('article, li, section').filter({ hasText: 'Tea or coffee?' }).last();
  await card.getByRole('button', { name: 'Start poll' }).click();

  for (const [page, option] of [
    [one, 'Tea'],
    [two, 'Coffee'],
  ] as const) {
    const poll = page.getByRole('radiogroup', { name: 'Tea or coffee?' });
    await expect(poll).toBeVisible({ timeout: 15_000 });
    await poll.getByRole('radio', { name: option }).check();
    await page.getByRole('button', { name: 'Vote' }).click();
    await expect(page.getByText('Thanks for voting. Results so far:')).toBeVisible();
  }
  await one.screenshot({ path: `${SHOTS}/attendee-poll.png` });
  // A second tab of the first browser is the same attendee: it shows the vote, and offers none.
  const again = await one.context().newPage();
  await again.goto(`${backend.studio}watch/product-launch?tab=polls`);
  await expect(again.getByText('Thanks for voting. Results so far:')).toBeVisible({ timeout: 15_000 });
  await expect(again.getByRole('button', { name: 'Vote' })).toHaveCount(0);
  // The studio counts both votes.
  const totalVotes = async () => Math.max(0, ...[...((await card.textContent()) ?? '').matchAll(/(\d+) votes?/g)].map((m) => Number(m[1])));
  await expect.poll(totalVotes, { timeout: 15_000 }).toBe(2);
  await card.getByRole('button', { name: 'End poll' }).click();
  await expect(two.getByText('This poll has ended.')).toBeVisible({ timeout: 15_000 });
  for (const page of [studio, one, two]) await page.context().close();
});

test('Q&A: an attendee asks, a moderator publishes it in the studio, a second attendee upvotes it, the moderator answers: the asker sees the answer and the count', async ({ browser, backend, watch }) => {
  test.setTimeout(180_000);
  const studio = await joinAs(browser, backend, watch, 'producer1');
  const [asker, voter] = [await attendeePage(browser, backend, watch), await attendeePage(browser, backend, watch)];
  await joinAsAttendee(asker, 'Asker One');
  await joinAsAttendee(voter, 'Voter Two');
  const askerPanel = asker.getByRole('region', { name: 'Audience' });
  const voterPanel = voter.getByRole('region', { name: 'Audience' });
  for (const panel of [askerPanel, voterPanel]) await panel.getByRole('tab', { name: /Q&A/ }).click();

  const text = 'Will the recording be shared afterwards?';
  await askerPanel.getByLabel('Your question').fill(text);
  await askerPanel.getByRole('button', { name: 'Ask' }).click();
  const mine = askerPanel.getByRole('article', { name: text });
  await expect(mine).toContainText('Waiting for a moderator to publish it');
  await expect(mine).toContainText('Asker One (you)');
  await expect(askerPanel.getByLabel('Your question')).toHaveValue('');
  // Not published yet: nobody else has it.
  await expect(voterPanel.getByText('There are no question yet!')).toBeVisible();
  await asker.screenshot({ path: `${SHOTS}/attendee-qna-waiting.png` });

  await tool(studio, /^Q&A/);
  const qna = studio.getByTestId('tool-panel');
  await qna.getByRole('tab', { name: /Incoming/ }).click();
  const incoming = qna.getByRole('article', { name: text });
  await expect(incoming).toBeVisible({ timeout: 15_000 });
  await incoming.getByRole('button', { name: 'Publish' }).click();
  await expect(studio.getByText('Yay! Question is successfully published!')).toBeVisible();
  await studio.getByText('Yay! Question is successfully published!').click(); // the mask goes on a click

  // Published: the second attendee gets it at once and upvotes it, once.
  const theirs = voterPanel.getByRole('article', { name: text });
  await expect(theirs).toBeVisible({ timeout: 15_000 });
  await expect(theirs).toContainText('Asker One');
  await theirs.getByRole('button', { name: 'Upvote, 0 upvotes' }).click();
  await expect(theirs.getByRole('button', { name: 'Upvoted, 1 upvote' })).toBeDisabled();
  await expect(mine).not.toContainText('Waiting for a moderator');
  await expect(mine.getByRole('button', { name: 'Upvote, 1 upvote' })).toBeVisible({ timeout: 15_000 });

  // The studio counts the upvote; the moderator answers from Published.
  await qna.getByRole('tab', { name: /Published/ }).click();
  const published = qna.getByRole('article', { name: text });
  await expect(published).toContainText('1 upvote', { timeout: 15_000 });
  await published.getByRole('button', { name: 'Reply' }).click();
  await published.getByLabel('Your reply').fill('Yes, by tomorrow morning.');
  await published.getByRole('button', { name: 'Send reply' }).click();

  for (const article of [mine, theirs]) {
    await expect(article.getByRole('list', { name: 'Answers' })).toContainText('Yes, by tomorrow morning.', { timeout: 15_000 });
    await expect(article).toContainText('1 answer');
  }
  await expect(mine.getByRole('button', { name: 'Upvote, 1 upvote' })).toBeVisible();
  expect(await seriousFindings(asker, 'attendee page, Q&A')).toEqual([]);
  await asker.screenshot({ path: `${SHOTS}/attendee-qna.png` });
  for (const page of [studio, asker, voter]) await page.context().close();
});

test('a raised hand: the studio counts it, invites the attendee on stage; their page offers Join backstage, they join as a guest under their name, leave, and are back on the event page', async ({ browser, backend, watch }) => {
  test.setTimeout(240_000);
  const studio = await joinAs(browser, backend, watch, 'producer1');
  const page = await attendeePage(browser, backend, watch);
  await joinAsAttendee(page, 'Hana Hand');
  await page.getByRole('button', { name: 'Raise hand' }).click();
  await expect(page.getByRole('button', { name: 'Lower hand' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Your hand is raised. The hosts can see it.')).toBeVisible();

  // The People tool counts the hand; Attendees lists it first.
  const nav = studio.getByRole('navigation', { name: 'Studio tools' });
  await expect(nav.getByRole('button', { name: /^People 1/ })).toBeVisible({ timeout: 15_000 });
  await tool(studio, /^People/);
  const people = studio.getByTestId('tool-panel');
  await people.getByRole('tab', { name: /Attendees/ }).click();
  const hand = people.getByTestId('raised-hand').filter({ hasText: 'Hana Hand' });
  await expect(people.getByRole('heading', { name: 'Raised hands (1)' })).toBeVisible();
  await studio.screenshot({ path: `${SHOTS}/studio-raised-hand.png` });
  await hand.getByRole('button', { name: 'Invite on stage: Hana Hand' }).click();
  await expect(hand).toContainText('Invited on stage', { timeout: 15_000 });

  // The attendee's page offers Join backstage: the guest flow, under their name, with no link sent.
  const invitation = page.getByRole('alert').filter({ hasText: 'The hosts invite you on stage' });
  await expect(invitation).toBeVisible({ timeout: 15_000 });
  expect(await seriousFindings(page, 'attendee page, invited on stage')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/attendee-invited.png` });
  await invitation.getByRole('button', { name: 'Join backstage' }).click();
  await expect(page.getByText('You join as Hana Hand, the name you gave the event.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: /JOIN BACKSTAGE/ }).click();
  await expect(page.getByTestId('guest-status')).toHaveText('You are backstage', { timeout: 30_000 });
  await expect(studio.getByTestId('producer-card').filter({ hasText: 'Hana Hand' })).toBeVisible({ timeout: 20_000 });
  // On stage, the hand is down: nothing waits in People any more.
  await expect(people.getByTestId('raised-hand')).toHaveCount(0, { timeout: 15_000 });

  // Leaving the stage leads back to the event page, still the same attendee.
  await page.getByRole('button', { name: /Leave/ }).click();
  await page.getByRole('button', { name: 'Back to the event' }).click();
  await expect(page.getByText('You are Hana Hand')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Raise hand' })).toHaveAttribute('aria-pressed', 'false');
  await page.context().close();
  await studio.context().close();
});

test('on a phone-sized screen the chat is below the program; leaving and joining again work by keyboard', async ({ browser, backend, watch }) => {
  const page = await attendeePage(browser, backend, watch, { width: 390, height: 844 });
  expect(await seriousFindings(page, 'attendee page, join form')).toEqual([]);
  // Keyboard only: the name field, then Enter.
  await page.getByLabel('Your name').focus();
  await page.keyboard.type('Grace Hopper');
  await page.keyboard.press('Enter');
  await expect(page.getByText('You are Grace Hopper')).toBeVisible({ timeout: 15_000 });
  const program = await page.getByTestId('watch-state').boundingBox();
  const side = await page.getByRole('region', { name: 'Audience' }).boundingBox();
  expect(side!.y).toBeGreaterThan(program!.y + program!.height - 1);
  expect(side!.width).toBeGreaterThan(300);
  await page.screenshot({ path: `${SHOTS}/attendee-phone.png` });

  await page.getByRole('button', { name: 'Leave event' }).click();
  await expect(page.getByText('You left the event.', { exact: false })).toBeVisible();
  await page.getByLabel('Your name').fill('Grace');
  await page.getByLabel('Your name').press('Enter');
  await expect(page.getByText('You are Grace')).toBeVisible({ timeout: 15_000 });
  await page.context().close();
});
