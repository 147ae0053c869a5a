/**
 * The run of show (issue 25) as a moderator uses it in the demo: build three scenes from the stage,
 * run them with NEXT (button and Shift+N), check the channel after each take, undo a take; the output
 * page cross-fades between looks (pixels mid-fade are a mix of both); two producers (two tabs) edit
 * the rundown at once and converge, and a reload keeps it.
 */
import { PNG } from 'pngjs';
import { test, expect, enterStudio, openTool, seedStorage, type Page, reenterStudio } from './fixtures';
import type { ChannelBody } from '../../compositor/model/types';

type Surface = { channel(): ChannelBody };
const channel = (page: Page) => page.evaluate(() => (window as unknown as { __STUDIO__: Surface }).__STUDIO__.channel());
const onAir = async (page: Page) => (await channel(page)).layers.filter((l) => l.type !== 'CONTENT_SHARING').map((l) => l.sourceName).sort();
const card = (page: Page, name: string) => page.getByTestId('producer-card').filter({ hasText: name });
const toggleOnAir = (page: Page, name: string) => card(page, name).getByRole('switch', { name: `On air: ${name}` }).click();
const scenes = (page: Page) => page.getByTestId('scene-card');
const scene = (page: Page, name: string) => scenes(page).filter({ hasText: name });

async function rename(added: ReturnType<Page['locator']>, name: string) {
  await added.getByRole('button', { name: /^Name of scene/ }).click();
  const field = added.getByRole('textbox', { name: /^Name of scene/ });
  await field.fill(name);
  await field.press('Enter');
  await expect(added).toContainText(name);
}

async function saveScene(page: Page, name: string) {
  const before = await scenes(page).count();
  await page.getByRole('button', { name: 'Save scene' }).click();
  await expect(scenes(page)).toHaveCount(before + 1);
  await rename(scenes(page).nth(before), name);
}

/** Three scenes: 'Opening' (Camila alone), 'Interview' (Camila and Rajesh, Side by Side), 'Outro' (nobody). */
async function buildShow(page: Page) {
  // The demo opens with guests on air: the show starts from an empty stage.
  for (const name of await onAir(page)) await toggleOnAir(page, name);
  await expect.poll(() => onAir(page)).toEqual([]);
  await toggleOnAir(page, 'Camila Reyes');
  await saveScene(page, 'Opening');
  await toggleOnAir(page, 'Rajesh Iyer');
  await page.getByRole('toolbar', { name: 'Layouts' }).getByRole('button', { name: 'Side by Side' }).click();
  await saveScene(page, 'Interview');
  await toggleOnAir(page, 'Camila Reyes');
  await toggleOnAir(page, 'Rajesh Iyer');
  await saveScene(page, 'Outro');
}

test('three scenes run with NEXT and Shift+N: each take sets the channel in one undoable step', async ({ page, problems }) => {
  void problems;
  await seedStorage(page, { tutorialCompleted: 'true' });
  await enterStudio(page);
  await openTool(page, /Rundown/);
  await expect(page.getByTestId('tool-panel')).toContainText('No scenes yet');
  await buildShow(page);
  await expect(onAir(page)).resolves.toEqual([]);

  // The thumbnails are drawn (not blank): the compositor drew each scene's own look.
  const thumb = PNG.sync.read(await scene(page, 'Interview').getByTestId('scene-thumbnail').screenshot());
  let lit = 0;
  for (let i = 0; i < thumb.data.length; i += 4) if (thumb.data[i]! + thumb.data[i + 1]! + thumb.data[i + 2]! > 60) lit++;
  expect(lit / (thumb.width * thumb.height)).toBeGreaterThan(0.2);

  const next = page.getByTestId('rundown-next');
  await expect(next).toHaveText(/Start with Opening/);
  await next.click();
  await expect.poll(() => onAir(page)).toEqual(['Camila Reyes']);
  await expect(scene(page, 'Opening')).toHaveAttribute('data-state', 'live');
  await expect(scene(page, 'Interview')).toHaveAttribute('data-state', 'next');
  await expect(page.getByTestId('show-clock')).toContainText('Show 0:0');

  await next.click();
  await expect.poll(() => onAir(page)).toEqual(['Camila Reyes', 'Rajesh Iyer']);
  expect((await channel(page)).layout).toBe('SIDEBYSIDE');
  // What the take saved says which scene it was.
  const lastReason = async () => JSON.parse((await page.evaluate(() => (window as unknown as { __STUDIO__: { saves(): { last: ChannelBody | null } } }).__STUDIO__.saves().last))?.updateReason ?? 'null');
  await expect.poll(lastReason).toMatchObject({ group: 'CHANNEL', action: 'SELECT', value: 'Interview' });

  // Keyboard: Shift+N is NEXT, wherever the focus is on the stage.
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await page.keyboard.press('Shift+N');
  await expect.poll(() => onAir(page)).toEqual([]);
  await expect(scene(page, 'Outro')).toHaveAttribute('data-state', 'live');
  await expect(next).toHaveText('End of the rundown');
  await expect(next).toBeDisabled();

  // One undo step per take, named after the scene.
  await page.getByRole('button', { name: /^Undo/ }).click();
  await expect.poll(() => onAir(page)).toEqual(['Camila Reyes', 'Rajesh Iyer']);

  // A scene is taken by its picture too.
  await scene(page, 'Opening').getByRole('button', { name: 'Take scene Opening' }).click();
  await expect.poll(() => onAir(page)).toEqual(['Camila Reyes']);
  expect((await channel(page)).layout).toBe('CLASSIC');
});

const distance = (a: number[], b: number[]) => Math.hypot(...a.map((v, i) => v - b[i]!));

// This failed 4 of 4 runs while the demo output page drew with WebGL in software (each video frame's
// upload held its main thread about 70 ms; now Canvas 2D there, compositor/render/rendererChoice.ts), and
// once more in a full run after that, when a screenshot fixed at 2.5 s after the take still showed the
// outgoing look: the take had reached the output page late. So the canvas is sampled through the fade.
test('the output page cross-fades between takes: mid-fade its pixels are a mix of both looks', async ({ page, context, problems }) => {
  void problems;
  await seedStorage(page, { tutorialCompleted: 'true' });
  await enterStudio(page);
  await openTool(page, /Rundown/);
  await buildShow(page);
  // The longest Fade, so samples on a loaded machine still land inside it.
  await page.getByLabel('Transition between scenes').selectOption('fade');
  const ms = page.getByTestId('tool-panel').getByRole('spinbutton', { name: 'Fade length (ms)' }).first();
  await ms.fill('5000');
  await ms.press('Enter');

  const output = await context.newPage();
  await output.goto('./output?renderer=canvas');
  await expect(output.getByTestId('output-canvas')).toBeVisible();
  // The middle of the frame's top band: the background in one look, a camera in the other, read from
  // the canvas in the page (Canvas 2D, asked for by the link, keeps its pixels between frames).
  await output.evaluate(() => {
    (window as unknown as { __look(): number[] }).__look = () => {
      const source = document.querySelector<HTMLCanvasElement>('[data-testid=output-canvas]')!;
      const band = document.createElement('canvas');
      band.width = 64;
      band.height = 8;
      const ctx = band.getContext('2d')!;
      ctx.drawImage(source, source.width * 0.3, source.height * 0.1, source.width * 0.4, source.height * 0.1, 0, 0, 64, 8);
      const { data } = ctx.getImageData(0, 0, 64, 8);
      const sum = [0, 0, 0];
      for (let i = 0; i < data.length; i += 4) for (let c = 0; c < 3; c++) sum[c]! += data[i + c]!;
      return sum.map((v) => v / (data.length / 4));
    };
  });
  const look = () => output.evaluate(() => (window as unknown as { __look(): number[] }).__look());
  /** The look once the output holds still (a camera moves a little: within 3 of the last sample). */
  const settled = async () => {
    let last: number[] | null = null;
    let still = false;
    await expect
      .poll(async () => {
        const next = await look();
        still = last !== null && distance(last, next) < 3;
        last = next;
        return still;
      }, { timeout: 30_000, intervals: [1000] })
      .toBe(true);
    return last!;
  };
  await page.getByTestId('rundown-next').click(); // Opening: Camila alone, full frame
  const b = await settled();
  // Samples from just before the take, through the 5 s fade and past it, taken in the page at every
  // animation frame: one read from here took 1 s in the suite (8 samples in 9 s, none inside the fade
  // once). On a loaded machine the take reaches the output page late and frames come slower, so no
  // single moment is asked for.
  await output.evaluate(() => {
    const w = window as unknown as { __look(): number[]; __looks: { t: number; look: number[] }[]; __sampleUntil: number };
    w.__looks = [];
    w.__sampleUntil = performance.now() + 12_000;
    const sample = () => {
      w.__looks.push({ t: performance.now(), look: w.__look() });
      if (performance.now() < w.__sampleUntil) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  await page.getByTestId('rundown-next').click(); // Interview: two tiles side by side
  await output.waitForFunction(() => performance.now() >= (window as unknown as { __sampleUntil: number }).__sampleUntil, null, { timeout: 60_000 });
  const during = await output.evaluate(() => (window as unknown as { __looks: { t: number; look: number[] }[] }).__looks);
  const a = await settled();

  expect(distance(b, a)).toBeGreaterThan(20);
  // Mid-fade: away from both ends, and closer to the line between them than either end is to the other,
  // for more than a second of the 5 s fade. A cut shows mixed frames for a few hundred ms at most (the
  // tiles' own easing, seen with a cut in place of the fade: this check then fails).
  const mixes = during.filter(({ look: m }) => distance(m, b) > 5 && distance(m, a) > 5 && distance(m, b) + distance(m, a) < distance(b, a) * 1.25);
  const mixedMs = mixes.length ? mixes.at(-1)!.t - mixes[0]!.t : 0;
  expect(mixedMs, `${during.length} samples, ${mixes.length} a mix of both looks`).toBeGreaterThan(1000);
  await output.close();
});

test('two producers edit the rundown at once and converge; a reload keeps it', async ({ page, context, problems }) => {
  void problems;
  await seedStorage(page, { tutorialCompleted: 'true' });
  await enterStudio(page);
  const other = await context.newPage();
  await enterStudio(other);
  await openTool(page, /Rundown/);
  await openTool(other, /Rundown/);

  // Both save a scene at the same moment: both scenes are in both rundowns.
  await Promise.all([page, other].map((p) => p.getByRole('button', { name: 'Save scene' }).click()));
  for (const p of [page, other]) await expect(scenes(p)).toHaveCount(2);
  // Each renames one at once; then one sets a duration while the other writes notes: every edit stays.
  await Promise.all([rename(scenes(page).nth(0), 'From the first'), rename(scenes(other).nth(1), 'From the second')]);
  await Promise.all([
    (async () => {
      await scene(page, 'From the first').getByLabel('Duration').fill('1:30');
      await scene(page, 'From the first').getByLabel('Duration').press('Enter');
    })(),
    (async () => {
      await scene(other, 'From the second').getByLabel('Notes').fill('Ask about the launch date');
      await scene(other, 'From the second').getByLabel('Notes').blur();
    })(),
  ]);
  for (const p of [page, other]) {
    await expect(scene(p, 'From the first')).toHaveCount(1);
    await expect(scene(p, 'From the second')).toHaveCount(1);
    await expect(scene(p, 'From the first').getByLabel('Duration')).toHaveValue('1:30');
    await expect(scene(p, 'From the second').getByLabel('Notes')).toHaveValue('Ask about the launch date');
  }

  await other.close();
  await reenterStudio(page);
  // The studio opens on the tool it was left on.
  await expect(page.getByTestId('tool-panel')).toHaveAttribute('data-tool', 'RUNDOWN');
  await expect(scenes(page)).toHaveCount(2);
  await expect(scene(page, 'From the first').getByLabel('Duration')).toHaveValue('1:30');
});
