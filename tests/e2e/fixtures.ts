/**
 * Every browser test runs through this fixture: it fails the test on any console error, page
 * error or Content-Security-Policy violation seen during it (DESIGN quality bar, RELIABILITY §2.3).
 */
import { test as base, expect, type Page } from '@playwright/test';
import { FAST_ENTRY_KEY } from '../../src/dev/fastEntry';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

export const test = base.extend<{ problems: string[]; fastEntry: boolean }>({
  // The test's pages enter the studio without the §2 splash and the demo's connect latency
  // (src/dev/fastEntry.ts), about 3 s less per entry; a spec about them sets `test.use({ fastEntry: false })`.
  fastEntry: [true, { option: true }],
  context: async ({ context, fastEntry }, use) => {
    if (fastEntry) await context.addInitScript((key) => localStorage.setItem(key, 'true'), FAST_ENTRY_KEY);
    await use(context);
  },
  problems: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    await page.addInitScript(() => {
      window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations!.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await use(problems);
    const csp = await page.evaluate(() => window.__cspViolations ?? []).catch(() => []);
    expect([...problems, ...csp.map((v) => `CSP violation: ${v}`)]).toEqual([]);
  },
});

export { expect };
export type { Page };

/** Local storage as a returning moderator left it, set before the app boots. */
export async function seedStorage(page: Page, values: Record<string, string>) {
  await page.addInitScript((v) => {
    if (sessionStorage.getItem('__seeded')) return;
    sessionStorage.setItem('__seeded', '1');
    for (const [k, val] of Object.entries(v)) localStorage.setItem(k, val);
  }, values);
}

/** Splash → device check → ENTER STUDIO → studio. */
export async function enterStudio(page: Page, query = '') {
  await page.goto(`./${query}`);
  await enterFromDeviceCheck(page);
}

/** A reload of the studio lands on the device check again (§2): enter once more. */
export async function reenterStudio(page: Page) {
  await page.reload();
  await enterFromDeviceCheck(page);
}

async function enterFromDeviceCheck(page: Page) {
  await expect(page.getByTestId('haircheck')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: /ENTER STUDIO/ }).click();
  // Entering takes about 3 s in an idle headless Chromium here (1 s of demo latency, then six guest
  // videos and the compositor start on a software GPU); two browsers in parallel on two cores can
  // stretch that past 10 s. What is checked is that the studio opens, not how fast.
  await expect(page.getByTestId('studio')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('connecting-overlay')).toBeHidden();
}

export async function studioState(page: Page) {
  return page.evaluate(() => (window as unknown as { __STUDIO__: { state(): Record<string, Record<string, unknown>> } }).__STUDIO__.state());
}

/** Opens a tool from the side navigation (its button's name starts with the tool's label). */
export const openTool = (page: Page, name: RegExp) => page.getByRole('navigation', { name: 'Studio tools' }).getByRole('button', { name }).click();
