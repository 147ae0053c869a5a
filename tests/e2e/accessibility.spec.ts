/**
 * Issue 11 acceptance: axe-core finds no serious or critical violation on the device check, the
 * welcome and each tour step, the studio with each tool open in turn, each dialog of the §8
 * catalogue and the studio's other dialogs and menus, and the output page.
 */
import { test, expect, enterStudio, seedStorage, openTool, type Page } from './fixtures';

const anyDialog = (page: Page) => page.locator('[role=dialog], [role=alertdialog]');
import { seriousFindings, type Finding } from './axe';
import { ERROR_CATALOGUE, type ErrorCode } from '../../src/state/errorCatalogue';
import { TOOLS } from '../../src/features/studio/tools';

type Surface = { showError(code: ErrorCode): void; closeError(): void };

// axe takes a few seconds per state on this software-rendered machine, and these tests visit many.
test.describe.configure({ timeout: 360_000 });

const report = (findings: Finding[]) => findings.map((f) => `[${f.state}] ${f.impact} ${f.rule}: ${f.target}\n    ${f.summary.replace(/\n/g, '\n    ')}`);

test('the device check, the welcome and each tour step', async ({ page, problems }) => {
  void problems;
  const findings: Finding[] = [];
  await page.goto('./');
  await expect(page.getByTestId('haircheck')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: /ENTER STUDIO/ })).toBeEnabled();
  findings.push(...(await seriousFindings(page, 'device check')));
  await enterStudio(page);
  const welcome = page.getByTestId('welcome-overlay');
  for (let step = 1; step <= 3; step++) {
    await welcome.getByRole('button', { name: `Step ${step} of 3` }).click();
    findings.push(...(await seriousFindings(page, `welcome step ${step}`)));
  }
  await welcome.getByRole('button', { name: 'START A TOUR' }).click();
  for (let step = 1; step <= 4; step++) {
    const coachmark = page.getByTestId('tour').getByRole('dialog');
    await expect(coachmark).toContainText(`${step} of 4`);
    findings.push(...(await seriousFindings(page, `tour step ${step}`)));
    if (step < 4) await coachmark.getByRole('button', { name: 'NEXT' }).click();
  }
  expect(report(findings)).toEqual([]);
});

test('the studio with each tool open, its dialogs and menus, and every §8 dialog', async ({ page, problems }) => {
  void problems;
  await seedStorage(page, { tutorialCompleted: 'true' });
  await enterStudio(page);
  const findings: Finding[] = [];
  findings.push(...(await seriousFindings(page, 'studio')));

  for (const tool of TOOLS) {
    await openTool(page, new RegExp(`^${tool.title.replace(/[&]/g, '\\$&')}`));
    await expect(page.getByTestId('tool-panel')).toHaveAttribute('data-tool', tool.tool);
    findings.push(...(await seriousFindings(page, `tool ${tool.title}`)));
  }
  await openTool(page, /^Settings/); // closes the last one

  await page.getByTestId('producer-card').first().getByRole('button', { name: /^Options for/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  findings.push(...(await seriousFindings(page, 'participant menu')));
  await page.keyboard.press('Escape');

  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  findings.push(...(await seriousFindings(page, 'shortcuts dialog')));
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Exit studio' }).click();
  await expect(anyDialog(page)).toBeVisible();
  findings.push(...(await seriousFindings(page, 'exit dialog')));
  await page.keyboard.press('Escape');

  await page.getByTestId('go-live').click();
  await expect(anyDialog(page)).toBeVisible();
  findings.push(...(await seriousFindings(page, 'registration pop-up')));
  await page.keyboard.press('Escape');
  await expect(anyDialog(page)).toHaveCount(0);

  for (const code of Object.keys(ERROR_CATALOGUE) as ErrorCode[]) {
    await page.evaluate((c) => (window as unknown as { __STUDIO__: Surface }).__STUDIO__.showError(c), code);
    await expect(page.getByTestId('error-dialog')).toBeVisible();
    findings.push(...(await seriousFindings(page, `§8 ${code}`)));
    await page.evaluate(() => (window as unknown as { __STUDIO__: Surface }).__STUDIO__.closeError());
  }
  expect(report(findings)).toEqual([]);
});

test('the Graphics panel with every section expanded, every editor open and a video shared', async ({ page, problems }) => {
  void problems;
  const open = Object.fromEntries(['BRAND SETTINGS', 'LOGOS', 'LOWER THIRDS', 'TICKERS', 'IMAGES', 'VIDEOS', 'BACKGROUNDS'].map((k) => [k, true]));
  await seedStorage(page, { tutorialCompleted: 'true', selectedTool: 'GRAPHICS', 'tools-state': JSON.stringify(open) });
  await enterStudio(page);
  const panel = page.getByTestId('graphics-panel');
  await expect(panel.locator('[data-section][data-expanded]')).toHaveCount(7);
  await panel.getByRole('button', { name: /^Logo 1: show it on stage/ }).click();
  await panel.getByRole('button', { name: /^Video 1: click to start sharing the video/ }).click();
  await expect(panel.getByRole('region', { name: /^Shared video/ })).toBeVisible();
  // Looping, so it is still on air (its player checked) however long the checks take.
  await panel.getByRole('region', { name: /^Shared video/ }).getByRole('button', { name: 'Loop' }).click();
  await panel.getByRole('button', { name: 'Add lower third' }).click();
  await panel.getByRole('button', { name: 'Add ticker' }).click();
  await expect(panel.getByRole('form')).toHaveCount(2);
  await panel.getByRole('button', { name: 'Save colour' }).click();
  const findings = await seriousFindings(page, 'graphics panel, all open');
  await panel.getByRole('button', { name: /^More for Background 1/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  findings.push(...(await seriousFindings(page, 'graphics asset menu')));
  await page.keyboard.press('Escape');
  await panel.getByRole('button', { name: 'More for Video 2' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Leave the program' })).toBeVisible();
  findings.push(...(await seriousFindings(page, 'video menu, with what happens at its end')));
  await page.keyboard.press('Escape');
  expect(report(findings)).toEqual([]);
});

test('the output page', async ({ page, problems }) => {
  void problems;
  await page.goto('./output');
  await expect(page.locator('canvas')).toBeVisible({ timeout: 15_000 });
  expect(report(await seriousFindings(page, 'output'))).toEqual([]);
});
