/**
 * Golden images of the output page (DESIGN Testing surface): each scene is drawn at 1920×1080 and
 * compared with its reviewed reference under tests/golden/ by pixelmatch. A missing reference fails
 * the test; `UPDATE_GOLDEN=1 npx playwright test golden` writes new ones for review.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import pixelmatch from 'pixelmatch';
import { test, expect } from './fixtures';
import { GOLDEN_SCENES, PORTRAIT_SCENES, type GoldenScene } from '../golden/scenes';

const DIR = 'tests/golden/images';
const DIFF_DIR = 'tests/.tmp/golden-diff';
/** SwiftShader may shade a few edge pixels differently; solid tiles leave no room for more. */
const MAX_DIFF_PIXELS = 200;
/**
 * Canvas 2D places glyphs and scaled edges a sub-pixel apart from WebGL (a scrolling ticker's text, a
 * name tag mid-move): up to about 1,500 pixels of the frame's 2 million differ by an edge's shade,
 * invisible side by side. A graphic drawn wrong or missing (a name tag is some 12,000 pixels) is not.
 */
const CANVAS_MAX_DIFF_PIXELS = 2000;


/**
 * The capture draws with pixi's Canvas 2D renderer (captureContract.outputRenderer, issue 36): the
 * broadcast must show what the preview shows, so every golden scene drawn that way is held to the
 * same reference images as WebGL, with a tolerance for what Canvas 2D rasterises differently
 * (anti-aliased edges of rounded corners and glyphs, by a shade).
 */
const RENDERERS = [
  { renderer: 'webgl', query: '?renderer=webgl', maxDiff: MAX_DIFF_PIXELS },
  { renderer: 'canvas', query: '?renderer=canvas', maxDiff: CANVAS_MAX_DIFF_PIXELS },
] as const;

/** Each shape of the program (issue 34) on its output page, the window its size: 16:9, and 9:16 with ?format=9:16. */
const SHAPES = [
  { shape: '16:9', format: '', scenes: GOLDEN_SCENES, viewport: { width: 1920, height: 1080 } },
  { shape: '9:16', format: '&format=9:16', scenes: PORTRAIT_SCENES, viewport: { width: 1080, height: 1920 } },
] as const;

for (const { shape, format, scenes, viewport } of SHAPES) test.describe(`${shape}`, () => {
  test.use({ viewport });
  for (const { renderer, query, maxDiff } of RENDERERS) {
    test(`output page (${renderer}) matches the golden images for every layout and producer count`, async ({ page, problems }) => {
      void problems;
      test.setTimeout(240_000);
      await page.goto(`./output${query}${format}`);
      await page.waitForFunction(() => (window as unknown as { __OUTPUT__?: unknown }).__OUTPUT__ !== undefined);
      const canvas = page.getByTestId('output-canvas');
      mkdirSync(DIR, { recursive: true });
      mkdirSync(DIFF_DIR, { recursive: true });

      // GOLDEN_ONLY='ticker|logo': only the scenes whose name matches (review or update a few).
      const only = process.env.GOLDEN_ONLY ? new RegExp(process.env.GOLDEN_ONLY) : null;
      for (const { name, scene, colors, elapsedMs, from } of (scenes as readonly GoldenScene[]).filter((g) => !only || only.test(g.name))) {
        await page.evaluate(
          ([s, c, ms, f]) => (window as unknown as { __OUTPUT__: { render(s: unknown, c: unknown, ms?: number, f?: unknown): void } }).__OUTPUT__.render(s, c, ms ?? undefined, f ?? undefined),
          [scene, colors, elapsedMs ?? null, from ?? null] as const,
        );
        const actual = PNG.sync.read(await canvas.screenshot());
        const file = `${DIR}/${name}.png`;
        if (process.env.UPDATE_GOLDEN) {
          if (renderer === 'webgl') writeFileSync(file, PNG.sync.write(actual));
          continue;
        }
        expect.soft(existsSync(file), `missing golden image ${file}`).toBe(true);
        if (!existsSync(file)) continue;
        const expected = PNG.sync.read(readFileSync(file));
        const diff = new PNG({ width: expected.width, height: expected.height });
        const differing = pixelmatch(expected.data, actual.data, diff.data, expected.width, expected.height, { threshold: 0.1 });
        if (process.env.GOLDEN_REPORT) console.log(`${renderer} ${name}: ${differing}`);
        if (differing > maxDiff) {
          writeFileSync(`${DIFF_DIR}/${renderer}-${name}.png`, PNG.sync.write(diff));
          writeFileSync(`${DIFF_DIR}/${renderer}-${name}-actual.png`, PNG.sync.write(actual));
        }
        expect.soft(differing, `${renderer} ${name}: ${differing} pixels differ`).toBeLessThanOrEqual(maxDiff);
      }
    });
  }
});
