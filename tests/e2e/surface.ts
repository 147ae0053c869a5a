import type { Page } from '@playwright/test';

/**
 * window.__STUDIO__ (src/dev) is installed once the app has read its config.json and loaded src/dev
 * (main.tsx), after the page's load event: a page just opened may not have it yet.
 */
export const surfaceReady = (page: Page): Promise<void> => page.waitForFunction(() => '__STUDIO__' in window).then(() => undefined);
