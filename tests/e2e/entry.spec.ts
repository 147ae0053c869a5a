import { test, expect, studioState } from './fixtures';
import { TEXTS } from '../../src/lib/texts';
import { HAIRCHECK_AUTO_PROCEED_MS } from '../../src/lib/limits';

// The splash and the connecting overlay are what this spec is about: at their real pace.
test.use({ fastEntry: false });

test('splash → device check with devices and a moving mic meter → connecting overlay → studio', async ({ page, problems }) => {
  void problems;
  // The page's clock runs as usual until it is paused on ENTER STUDIO (below).
  await page.clock.install();
  await page.goto('./?code=launch42');
  await expect(page.getByTestId('splash')).toBeVisible();
  await expect(page.getByTestId('haircheck')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('splash')).toBeHidden();

  // Real devices from enumerateDevices (Chromium's fake camera and microphone).
  await expect(page.getByRole('combobox', { name: 'Camera' })).toContainText('fake_device_0');
  await expect(page.getByRole('combobox', { name: 'Microphone' })).toContainText('Fake');
  await expect(page.getByRole('combobox', { name: 'Speaker' })).toContainText('Fake');
  await expect(page.locator('video[aria-label="Your camera"]')).toBeVisible();
  // Visible comes first; the first camera frame may take a moment on a loaded machine.
  await expect.poll(() => page.locator('video[aria-label="Your camera"]').evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.videoWidth > 0)).toBe(true);

  // Stop the automatic move-on (8 s) so a slow machine cannot leave the page mid-check.
  await page.getByRole('button', { name: 'Stay here' }).click();
  // The fake microphone beeps: the 4-tile meter must move, not sit still.
  const meter = page.getByRole('meter', { name: 'Microphone level' });
  await expect(meter.locator('.mic-tile')).toHaveCount(4);
  const levels = new Set<string>();
  for (let i = 0; i < 16; i++) {
    levels.add((await meter.getAttribute('aria-valuenow')) ?? '');
    await page.waitForTimeout(250);
  }
  expect(levels.size).toBeGreaterThan(1);
  expect([...levels].some((l) => Number(l) > 0)).toBe(true);
  await page.screenshot({ path: 'tests/.tmp/screens/haircheck.png', animations: 'disabled' });

  // The overlay shows while the studio connects and for the §2 switch delay (100 ms): the page's
  // clock is held there, so its texts are read before the switch.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  await page.getByRole('button', { name: /ENTER STUDIO/ }).click();
  const overlay = page.getByTestId('connecting-overlay');
  await expect(overlay).toBeVisible();
  await expect(overlay).toContainText(TEXTS.welcomeToStudio);
  await expect(overlay).toContainText(TEXTS.connectingToStudio);
  await expect(overlay).toContainText(TEXTS.pleaseWaitSetup);
  await expect(overlay.getByRole('progressbar')).toBeVisible();
  await page.clock.resume();

  await expect(page.getByTestId('studio')).toBeVisible({ timeout: 30_000 }); // entering under load (see fixtures.ts enterStudio)
  await expect(overlay).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Product Launch Live: Spring Edition' })).toBeVisible();
  const state = await studioState(page);
  expect(state.layout!.view).toBe('event');
  expect(state.meeting!.connexionState).toBe('CONNECTED');
  // The devices the moderator joined with are remembered.
  const remembered = await page.evaluate(() => JSON.parse(localStorage.getItem('lastUsedDevices') ?? '{}'));
  expect(remembered.camera.name).toBe('fake_device_0');
  await page.screenshot({ path: 'tests/.tmp/screens/studio.png', animations: 'disabled' });
});

test('the device check moves on by itself once camera, microphone and speaker exist', async ({ page, problems }) => {
  void problems;
  await page.clock.install();
  await page.goto('./');
  await expect(page.getByTestId('haircheck')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/Entering the studio in \ds/)).toBeVisible();
  await page.clock.fastForward(HAIRCHECK_AUTO_PROCEED_MS + 1_000);
  await expect(page.getByTestId('studio')).toBeVisible({ timeout: 30_000 }); // entering (see fixtures.ts enterStudio)
});

test('"Stay here" keeps the moderator in the device check', async ({ page, problems }) => {
  void problems;
  // The page's clock runs as usual but can be jumped past the countdown instead of waiting it out;
  // the test above shows the same jump enters when nothing stops it.
  await page.clock.install();
  await page.goto('./');
  await expect(page.getByTestId('haircheck')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/Entering the studio in \ds/)).toBeVisible();
  await page.getByRole('button', { name: 'Stay here' }).click();
  await page.clock.fastForward(HAIRCHECK_AUTO_PROCEED_MS + 1_000);
  await page.clock.runFor(2_000);
  await expect(page.getByTestId('haircheck')).toBeVisible();
  await expect(page.getByText(/Entering the studio in/)).toHaveCount(0);
  // Entering begins with the connecting overlay (the test above): it never opened.
  await expect(page.getByTestId('connecting-overlay')).toHaveCount(0);
  await expect(page.getByTestId('studio')).toHaveCount(0);
});

test('a denied camera shows the device dialog; RESELECT DEVICES asks again', async ({ page, problems }) => {
  void problems;
  await page.addInitScript(() => {
    const real = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    (window as unknown as { __deny: boolean }).__deny = true;
    navigator.mediaDevices.getUserMedia = (c) =>
      (window as unknown as { __deny: boolean }).__deny ? Promise.reject(new DOMException('Permission denied', 'NotAllowedError')) : real(c);
  });
  await page.goto('./');
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toContainText(TEXTS.deviceErrorTitle);
  await expect(dialog).toContainText(TEXTS.deviceErrorText);
  await expect(dialog.getByRole('button', { name: 'CANCEL' })).toBeVisible();
  await page.screenshot({ path: 'tests/.tmp/screens/device-error.png', animations: 'disabled' });

  await dialog.getByRole('button', { name: 'CANCEL' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/camera and microphone are not available/)).toBeVisible();
  // No auto-proceed without working devices.
  await expect(page.getByText(/Entering the studio in/)).toHaveCount(0);

  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(dialog).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __deny: boolean }).__deny = false));
  await dialog.getByRole('button', { name: 'RESELECT DEVICES' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('video[aria-label="Your camera"]')).toBeVisible();
});

test('the built app is served with a strict Content-Security-Policy', async ({ page, problems }) => {
  void problems;
  const response = await page.goto('./');
  const header = response!.headers()['content-security-policy'] ?? '';
  // Scripts only from the app; WebAssembly may compile (the camera's segmentation), JavaScript eval may not.
  expect(header).toContain("script-src 'self' 'wasm-unsafe-eval';");
  expect(header).not.toContain("'unsafe-eval'");
  expect(header).not.toContain("'unsafe-inline'");
  expect(header).toContain("worker-src 'self' blob:");
  const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(meta).toContain("default-src 'self'");
  expect(meta).not.toContain("'unsafe-eval'");
});
