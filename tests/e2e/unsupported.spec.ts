import { test, expect } from './fixtures';
import { TEXTS } from '../../src/lib/texts';

test.describe('non-Chrome browser', () => {
  test.use({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0' });
  test('shows the Chrome-only screen with a download link', async ({ page, problems }) => {
    void problems;
    await page.goto('./');
    const screen = page.getByTestId('browser-unsupported');
    await expect(screen).toBeVisible({ timeout: 15_000 });
    await expect(screen).toContainText(TEXTS.onlyChrome);
    await expect(screen.getByRole('link', { name: TEXTS.downloadChrome })).toHaveAttribute('href', /google\.com\/chrome/);
    await expect(page.getByTestId('haircheck')).toHaveCount(0);
  });
});

test.describe('mobile device', () => {
  test.use({
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/156.0 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  test('shows the mobile screen with Learn More', async ({ page, problems }) => {
    void problems;
    await page.goto('./');
    const screen = page.getByTestId('mobile-unsupported');
    await expect(screen).toBeVisible({ timeout: 15_000 });
    await expect(screen).toContainText(TEXTS.mobileNotSupported);
    await expect(screen.getByRole('link', { name: TEXTS.learnMore })).toBeVisible();
    await page.screenshot({ path: 'tests/.tmp/screens/mobile.png', animations: 'disabled' });
  });
});
