/**
 * Browser tests against the studio backend (a separate process, tests/e2e/backendProcess.ts): one
 * backend per worker, every page watched for console errors, page errors and CSP violations (a
 * test tagged @provokes-network-errors may cause the network errors it provokes), and producers
 * signed in to the studio of 'Product Launch Live'.
 */
import { test as base, expect, type Browser, type Page } from '@playwright/test';
import { startBackendProcess, type BackendProcess } from './backendProcess';

interface Surface {
  logs(): { message: string }[];
}

/** Network errors a test provokes on purpose (sockets dropped, a 500 injected): Chromium logs each one. */
const PROVOKED = [/Failed to load resource/, /WebSocket connection to .* failed/, /ERR_CONNECTION_REFUSED/, /net::ERR_/];

export interface Watched {
  page: Page;
  problems: string[];
}

export const test = base.extend<{ watch: (page: Page) => Watched }, { backend: BackendProcess }>({
  backend: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const backend = await startBackendProcess();
      await use(backend);
      await backend.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  // eslint-disable-next-line no-empty-pattern -- as above
  watch: async ({}, use, info) => {
    const watched: Watched[] = [];
    await use((page: Page) => {
      const w = { page, problems: [] as string[] };
      page.on('console', (m) => m.type() === 'error' && w.problems.push(`console error: ${m.text()}`));
      page.on('pageerror', (e) => w.problems.push(`page error: ${e.message}`));
      void page.addInitScript(() => {
        (window as unknown as { __csp: string[] }).__csp = [];
        document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
      });
      watched.push(w);
      return w;
    });
    const provokedOk = info.tags.includes('@provokes-network-errors');
    const all: string[] = [];
    for (const w of watched) {
      const csp = await w.page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []).catch(() => [] as string[]);
      all.push(...w.problems.filter((p) => !(provokedOk && PROVOKED.some((re) => re.test(p)))), ...csp.map((v) => `CSP violation: ${v}`));
    }
    expect(all).toEqual([]);
  },
});

export async function signIn(page: Page, username: string, remember = false) {
  await page.getByLabel('Username').fill(username, { timeout: 30_000 });
  await page.getByLabel('Password').fill('studio');
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'SIGN IN' }).click();
}

export async function enter(page: Page) {
  await page.getByRole('button', { name: /ENTER STUDIO/ }).click({ timeout: 30_000 });
  await expect(page.getByTestId('studio')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected', { timeout: 20_000 }).catch(async (error: Error) => {
    // Not connected: the studio's log says which socket was refused, and why.
    const logs = await page.evaluate(() => (window as unknown as { __STUDIO__: Surface }).__STUDIO__.logs().map((e) => e.message)).catch(() => []);
    throw new Error(`${error.message}\nstudio log:\n${logs.join('\n')}`);
  });
}

/** A producer in the studio of 'Product Launch Live' through its join link. */
export async function joinAs(browser: Browser, backend: BackendProcess, watch: (p: Page) => Watched, username: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  watch(page);
  await page.addInitScript(() => {
    localStorage.setItem('tutorialCompleted', 'true');
    localStorage.setItem('selectedTool', 'GRAPHICS');
  });
  await page.goto(`${backend.studio}event/product-launch`);
  await signIn(page, username);
  await enter(page);
  return page;
}

export { expect };
