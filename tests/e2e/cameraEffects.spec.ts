/**
 * Camera blur and virtual background on a real camera picture: the fake camera plays a photo of a
 * person in a room (tests/e2e/media), the studio segments it, and the feed it sends (the Settings ›
 * Camera preview) is read back pixel by pixel.
 */
import { fileURLToPath } from 'node:url';
import { test, expect, enterStudio, seedStorage, type Page } from './fixtures';
import { BROWSER_ARGS, chromiumPath } from '../../src/server/chromium.mjs';

const PERSON_CAMERA = fileURLToPath(new URL('./media/person-camera.mjpeg', import.meta.url));
// --expose-gc: the test collects garbage at the end, so a video frame left unclosed shows as the
// console error Chromium prints for it (and fails the test) instead of whenever GC happens to run.
test.use({ launchOptions: { executablePath: chromiumPath(), args: [...BROWSER_ARGS, `--use-file-for-fake-video-capture=${PERSON_CAMERA}`, '--js-flags=--expose-gc'] } });
test.beforeEach(async ({ page }) => seedStorage(page, { tutorialCompleted: 'true' }));

/** Places in the camera picture (fractions of its size): the wall beside the person, the model space shuttle, the face. */
const WALL = { x: 0.06, y: 0.5 };
const SHUTTLE = { x: 0.6, y: 0.1, w: 0.1, h: 0.3 };
const FACE = { x: 0.5, y: 0.28 };

interface Sample {
  wall: number[];
  face: number[];
  /** Mean brightness step between neighbouring pixels on the model space shuttle: high when sharp, low when blurred. */
  shuttleDetail: number;
}

const PREVIEW = 'video.settings-preview';
/** The moderator's own card in the backstage (the first card). */
const OWN_CARD = '[data-testid="producer-card"] video.card-feed';
const NO_PICTURE: Sample = { wall: [-999, -999, -999], face: [-999, -999, -999], shuttleDetail: NaN };

/** Reads the feed the studio sends, as Settings › Camera previews it (or as the own card shows it). */
async function sampleFeed(page: Page, selector = PREVIEW): Promise<Sample> {
  return (await samplePicture(page, selector)) ?? NO_PICTURE;
}

function samplePicture(page: Page, selector: string): Promise<Sample | null> {
  return page.evaluate(
    ({ WALL, SHUTTLE, FACE, selector }) => {
      const video = document.querySelector<HTMLVideoElement>(selector);
      if (!video || video.videoWidth === 0) return null;
      const canvas = document.createElement('canvas');
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
      ctx.drawImage(video, 0, 0);
      const at = (p: { x: number; y: number }) => [...ctx.getImageData(Math.round(p.x * canvas.width), Math.round(p.y * canvas.height), 1, 1).data.slice(0, 3)];
      const pw = Math.round(SHUTTLE.w * canvas.width);
      const ph = Math.round(SHUTTLE.h * canvas.height);
      const patch = ctx.getImageData(Math.round(SHUTTLE.x * canvas.width), Math.round(SHUTTLE.y * canvas.height), pw, ph).data;
      const light = (i: number) => 0.299 * patch[i * 4]! + 0.587 * patch[i * 4 + 1]! + 0.114 * patch[i * 4 + 2]!;
      let sum = 0;
      for (let y = 0; y < ph - 1; y++) for (let x = 0; x < pw - 1; x++) sum += Math.abs(light(y * pw + x + 1) - light(y * pw + x)) + Math.abs(light((y + 1) * pw + x) - light(y * pw + x));
      const shuttleDetail = sum / ((pw - 1) * (ph - 1));
      return { wall: at(WALL), face: at(FACE), shuttleDetail };
    },
    { WALL, SHUTTLE, FACE, selector },
  );
}

/** The colour the wall's place should take: the chosen image, covering the frame and defocused as the studio does. */
function expectedBackground(page: Page, imageUrl: string, blurPx: number): Promise<number[]> {
  return page.evaluate(
    async ({ imageUrl, blurPx, WALL }) => {
      const image = new Image();
      image.src = imageUrl;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = 640;
      canvas.height = 360;
      const ctx = canvas.getContext('2d')!;
      const w = 640 + 2 * blurPx;
      const h = 360 + 2 * blurPx;
      const scale = Math.max(w / image.naturalWidth, h / image.naturalHeight);
      ctx.filter = `blur(${blurPx}px)`;
      ctx.drawImage(image, (w - image.naturalWidth * scale) / 2 - blurPx, (h - image.naturalHeight * scale) / 2 - blurPx, image.naturalWidth * scale, image.naturalHeight * scale);
      return [...ctx.getImageData(WALL.x * 640, WALL.y * 360, 1, 1).data.slice(0, 3)];
    },
    { imageUrl, blurPx, WALL },
  );
}

const distance = (a: number[], b: number[]) => Math.max(...a.map((v, i) => Math.abs(v - b[i]!)));

async function openCameraSettings(page: Page) {
  await page.getByRole('navigation', { name: 'Studio tools' }).getByRole('button', { name: /^Settings/ }).click();
  const panel = page.getByTestId('tool-panel');
  await panel.getByRole('tab', { name: 'Camera' }).click();
  return panel;
}

test('virtual background replaces the room behind the person; camera blur blurs it; the person stays sharp', async ({ page, problems }) => {
  void problems;
  test.setTimeout(300_000);
  await enterStudio(page);
  const panel = await openCameraSettings(page);

  await expect.poll(() => samplePicture(page, PREVIEW), { timeout: 15_000 }).not.toBeNull();
  const raw = await sampleFeed(page);

  // Virtual background with a chosen image: the wall becomes that image; the face stays the face.
  await panel.getByRole('switch', { name: /^Virtual background/ }).click();
  const choice = panel.getByRole('radio', { name: 'Background 7' });
  const option = panel.locator('label.virtual-bg-option[title="Background 7"]');
  await option.click();
  await expect(choice).toBeChecked();
  const imageUrl = await option.locator('img').getAttribute('src');
  const expected = await expectedBackground(page, imageUrl!, 30);
  expect(distance(expected, raw.wall), 'the test image must differ from the wall').toBeGreaterThan(40);
  // The model loads when the tab opens: seconds on a quiet machine, and over a minute on one loaded
  // four times over (the panel says it is starting meanwhile).
  await expect.poll(async () => distance((await sampleFeed(page)).wall, expected), { timeout: 120_000 }).toBeLessThan(16);
  expect(distance((await sampleFeed(page)).face, raw.face)).toBeLessThan(24);
  // The backstage card and the stage show the same processed feed.
  await expect.poll(async () => distance((await sampleFeed(page, OWN_CARD)).wall, expected), { timeout: 15_000 }).toBeLessThan(16);
  await page.screenshot({ path: 'tests/.tmp/screens/virtual-background.png', animations: 'disabled' });

  // Camera blur instead: the room is the camera's own, blurred (the shuttle model loses its edges); the face stays sharp.
  await panel.getByRole('switch', { name: /^Virtual background/ }).click();
  await panel.getByRole('switch', { name: /^Blur my camera/ }).click();
  await expect.poll(async () => distance((await sampleFeed(page)).wall, raw.wall), { timeout: 30_000 }).toBeLessThan(16);
  await expect.poll(async () => (await sampleFeed(page)).shuttleDetail, { timeout: 30_000 }).toBeLessThan(raw.shuttleDetail * 0.5);
  expect(distance((await sampleFeed(page)).face, raw.face)).toBeLessThan(24);
  await page.screenshot({ path: 'tests/.tmp/screens/camera-blur.png', animations: 'disabled' });

  // Both off: the raw camera again.
  await panel.getByRole('switch', { name: /^Blur my camera/ }).click();
  await expect.poll(async () => (await sampleFeed(page)).shuttleDetail, { timeout: 30_000 }).toBeGreaterThan(raw.shuttleDetail * 0.8);

  // Every video frame of the stopped effects was closed.
  for (let i = 0; i < 3; i++) await page.evaluate(() => (window as unknown as { gc(): void }).gc());
  await page.waitForTimeout(500);
});

test('when the segmentation cannot run, camera blur and the virtual background are switched off and the moderator is told', async ({ page, problems }) => {
  void problems;
  // The runtime's script loads but never starts (as on a browser without what it needs).
  await page.route('**/mediapipe/selfie_segmentation/selfie_segmentation.js', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
  await enterStudio(page);
  const panel = await openCameraSettings(page);
  await panel.getByRole('switch', { name: /^Blur my camera/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Background effects are not supported on this device' })).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByRole('switch', { name: /^Blur my camera/ })).not.toBeChecked();
  expect(await studioSettings(page)).toMatchObject({ cameraBlurActive: false, cameraVirtualBgActive: false });
  // The raw camera comes back.
  await expect.poll(() => samplePicture(page, PREVIEW), { timeout: 15_000 }).not.toBeNull();
});

const studioSettings = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('settings') ?? '{}') as Record<string, unknown>);
