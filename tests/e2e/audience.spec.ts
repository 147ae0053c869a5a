import { test, expect, enterStudio, openTool, seedStorage, reenterStudio } from './fixtures';

test.beforeEach(async ({ page }) => seedStorage(page, { tutorialCompleted: 'true' }));


test('polls: invalid form shows each reason, a valid poll starts, simulated votes arrive, it ends', async ({ page, problems }) => {
  void problems;
  await enterStudio(page);
  await openTool(page, /^Poll/);
  const panel = page.getByTestId('tool-panel');
  await panel.getByRole('button', { name: 'Create poll' }).click();
  const question = panel.getByRole('textbox', { name: 'Question' });
  await question.fill('x'.repeat(151));
  await question.blur();
  await expect(panel.getByText('Poll question is too long')).toBeVisible();
  await question.fill('');
  await question.blur();
  await expect(panel.getByText('Poll question is empty')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Save' })).toBeDisabled();
  await question.fill('Which segment did you enjoy most?');
  await panel.getByRole('textbox', { name: 'Option 1' }).fill('The keynote');
  await panel.getByRole('textbox', { name: 'Option 2' }).fill('y'.repeat(151));
  await panel.getByRole('textbox', { name: 'Option 2' }).blur();
  await expect(panel.getByText('Poll option text is too long')).toBeVisible();
  await panel.getByRole('textbox', { name: 'Option 2' }).fill('');
  await panel.getByRole('textbox', { name: 'Option 2' }).blur();
  await expect(panel.getByText('Poll option text is not set')).toBeVisible();
  await panel.getByRole('textbox', { name: 'Option 2' }).fill('The live demo');
  await panel.getByRole('button', { name: 'Add option' }).click();
  await panel.getByRole('textbox', { name: 'Option 3' }).fill('The Q&A');
  await panel.getByRole('button', { name: 'Save' }).click();

  const card = panel.locator('article, li, section').filter({ hasText: 'Which segment did you enjoy most?' }).last();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Start poll' }).click();
  await expect(card.getByText('Live', { exact: true })).toBeVisible();
  // The simulated audience votes.
  // The card shows votes per option and a total: the total is the largest count.
  const totalVotes = async () => Math.max(0, ...[...((await card.textContent()) ?? '').matchAll(/(\d+) votes?/g)].map((m) => Number(m[1])));
  await expect.poll(totalVotes, { timeout: 15_000 }).toBeGreaterThan(2);
  await page.screenshot({ path: 'tests/.tmp/screens/poll-live.png', animations: 'disabled' });
  await card.getByRole('button', { name: 'End poll' }).click();
  await panel.getByRole('tab', { name: /Completed/ }).click();
  await expect(panel.getByText('Which segment did you enjoy most?')).toBeVisible();
});

test('Q&A: publish, decline and answer questions', async ({ page, problems }) => {
  void problems;
  await enterStudio(page);
  await openTool(page, /^Q&A/);
  const panel = page.getByTestId('tool-panel');
  await panel.getByRole('tab', { name: /Incoming/ }).click();
  await panel.getByRole('button', { name: 'Publish' }).first().click();
  await expect(panel.getByText('Yay! Question is successfully published!')).toBeVisible();
  await panel.getByRole('button', { name: 'Decline' }).first().click();
  await expect(panel.getByText('Question is not published!')).toBeVisible();
  await panel.getByRole('tab', { name: /Unanswered/ }).click();
  await panel.getByRole('button', { name: 'Reply' }).first().click();
  await panel.getByRole('textbox', { name: 'Your reply' }).fill('Yes: export to CSV is on the roadmap.');
  await panel.getByRole('button', { name: 'Send reply' }).click();
  await panel.getByRole('tab', { name: /Answered/ }).click();
  await expect(panel.getByText('Yes: export to CSV is on the roadmap.')).toBeVisible();
  await page.screenshot({ path: 'tests/.tmp/screens/qna.png', animations: 'disabled' });
});

test('people: search, sort and Mute All', async ({ page, problems }) => {
  void problems;
  await enterStudio(page);
  await openTool(page, /^People/);
  const panel = page.getByTestId('tool-panel');
  await expect(panel.getByTestId('person-row')).toHaveCount(7);
  await panel.getByRole('button', { name: 'Mute All' }).click();
  await expect(panel.getByRole('button', { name: 'Unmute All' })).toBeVisible();
  await expect(page.getByTestId('producer-card').filter({ hasText: 'Lukas Becker' }).getByRole('button', { name: 'Mute mic of Lukas Becker', pressed: true })).toBeVisible();

  await panel.getByRole('tab', { name: /Attendees/ }).click();
  await panel.getByRole('searchbox').fill('zoe');
  await expect(panel.getByTestId('person-row')).toHaveCount(1);
  await expect(panel.getByTestId('person-row')).toContainText('Zoe Martin');
  await panel.getByRole('searchbox').fill('');
  await panel.getByRole('button', { name: 'Sort' }).click();
  await page.getByRole('menuitemradio', { name: 'Alphabetical (A–Z)' }).click();
  const names = await panel.getByTestId('person-row').locator('.person-name').allTextContents();
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' })));
  await page.screenshot({ path: 'tests/.tmp/screens/people.png', animations: 'disabled' });
});

test('settings: broadcast quality and a sound toggle are kept across reload', async ({ page, problems }) => {
  void problems;
  await enterStudio(page);
  await openTool(page, /^Settings/);
  const panel = page.getByTestId('tool-panel');
  await panel.locator('label.radio-card', { hasText: '720p' }).click();
  await expect(panel.getByRole('radio', { name: /720p/ })).toBeChecked();
  await panel.getByRole('switch', { name: 'Go live' }).click();
  await page.screenshot({ path: 'tests/.tmp/screens/settings.png', animations: 'disabled' });
  await reenterStudio(page);
  await expect(page.getByTestId('tool-panel')).toHaveAttribute('data-tool', 'SETTINGS', { timeout: 20_000 });
  await expect(page.getByTestId('tool-panel').getByRole('radio', { name: /720p/ })).toBeChecked();
  await expect(page.getByTestId('tool-panel').getByRole('switch', { name: 'Go live' })).not.toBeChecked();
});
