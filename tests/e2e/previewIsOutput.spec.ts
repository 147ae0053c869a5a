/**
 * "The preview is the output" (DESIGN): the same SceneModel drawn by a preview-sized compositor
 * (1600×900 and a small 800×450, at the preview's 104 % zoom) shows, at every producer tile's
 * centre, the same colour as the 1920×1080 output once the zoom is applied.
 */
import { PNG } from 'pngjs';
import { test, expect } from './fixtures';
import { GOLDEN_SCENES } from '../golden/scenes';
import { PREVIEW_ZOOM } from '../../compositor/model/constants';

test.use({ viewport: { width: 1920, height: 1080 } });

const pixel = (png: PNG, x: number, y: number) => {
  const i = (Math.round(y) * png.width + Math.round(x)) * 4;
  return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
};
const close = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) <= 6);

test('preview-sized renders agree with the output at every tile centre (after the 104 % zoom)', async ({ page, problems }) => {
  void problems;
  await page.goto('./output');
  await page.waitForFunction(() => (window as unknown as { __OUTPUT__?: unknown }).__OUTPUT__ !== undefined);
  const canvas = page.getByTestId('output-canvas');
  const picked = GOLDEN_SCENES.filter((s) => ['classic-5', 'cinema-3', 'pip-3', 'split-5', 'sidebyside-3-share'].includes(s.name));
  expect(picked).toHaveLength(5);
  let compared = 0;
  for (const { name, scene, colors } of picked) {
    await page.evaluate(([s, c]) => (window as unknown as { __OUTPUT__: { render(s: unknown, c: unknown): void } }).__OUTPUT__.render(s, c), [scene, colors] as const);
    const output = PNG.sync.read(await canvas.screenshot());
    for (const [w, h] of [
      [1600, 900],
      [800, 450],
    ] as const) {
      const url = await page.evaluate(
        ([s, c, width, height, zoom]) => (window as unknown as { __OUTPUT__: { renderAt(...a: unknown[]): Promise<string> } }).__OUTPUT__.renderAt(s, c, width, height, zoom),
        [scene, colors, w, h, PREVIEW_ZOOM] as const,
      );
      const preview = PNG.sync.read(Buffer.from(url.split(',')[1]!, 'base64'));
      expect(preview.width).toBe(w);
      // The preview zooms about the frame's centre: frame fraction f sits at (f - 0.5) * zoom * size + size / 2.
      const toPreview = (f: number, size: number) => (f - 0.5) * PREVIEW_ZOOM * size + size / 2;
      const toFrame = (p: number, size: number) => (p - size / 2) / (PREVIEW_ZOOM * size) + 0.5;
      const INSET_PX = 4; // just inside each tile's corners: a wrong zoom or offset lands in the gutter
      for (const p of scene.producers) {
        const [left, right] = [toPreview(p.rect.x, w) + INSET_PX, toPreview(p.rect.x + p.rect.width, w) - INSET_PX];
        const [top, bottom] = [toPreview(p.rect.y, h) + INSET_PX, toPreview(p.rect.y + p.rect.height, h) - INSET_PX];
        const points = [[(left + right) / 2, (top + bottom) / 2], [left, top], [right, top], [left, bottom], [right, bottom]];
        for (const [px, py] of points) {
          if (px! < 0 || py! < 0 || px! >= w || py! >= h) continue;
          const expected = pixel(output, toFrame(px!, w) * output.width, toFrame(py!, h) * output.height);
          expect(close(pixel(preview, px!, py!), expected), `${name} @${w}: ${p.id} at (${Math.round(px!)}, ${Math.round(py!)}) preview ${pixel(preview, px!, py!)} vs output ${expected}`).toBe(true);
          compared++;
        }
      }
    }
  }
  expect(compared).toBeGreaterThan(100);
});
