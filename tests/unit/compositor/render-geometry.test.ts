/** compositor/render pure geometry: fractions → pixels, crop and cover frames, initials, zoom. */
import { describe, expect, it } from 'vitest';
import { coverFrame, cropFrame, initials, pixelBox, zoomTransform } from '../../../compositor/render';
import { layoutRects } from '../../../compositor/layout';

describe('pixelBox', () => {
  it.each([
    ['full frame', { x: 0, y: 0, width: 1, height: 1 }, 1600, 900, { x: 0, y: 0, width: 1600, height: 900 }],
    ['right half', { x: 0.5, y: 0, width: 0.5, height: 1 }, 1920, 1080, { x: 960, y: 0, width: 960, height: 1080 }],
    ['hidden slot', { x: 0.5, y: 0.5, width: 0, height: 0 }, 1600, 900, { x: 800, y: 450, width: 0, height: 0 }],
    ['rounded edges', { x: 0.0125, y: 0.0222, width: 0.3089, height: 0.3083 }, 1600, 900, { x: 20, y: 20, width: 494, height: 277 }],
  ])('%s', (_name, rect, w, h, expected) => {
    expect(pixelBox(rect, w, h)).toEqual(expected);
  });

  it('adjacent CLASSIC tiles never overlap at preview or output size', () => {
    for (const [w, h] of [
      [1600, 900],
      [1920, 1080],
    ] as const) {
      const boxes = layoutRects('CLASSIC', 9).map((s) => pixelBox(s.position, w, h));
      for (let i = 0; i + 1 < boxes.length; i += 1) {
        const a = boxes[i]!;
        const b = boxes[i + 1]!;
        if (a.y === b.y) expect(a.x + a.width).toBeLessThanOrEqual(b.x);
      }
    }
  });
});

describe('cropFrame', () => {
  it.each([
    ['no crop', { top: 0, left: 0, bottom: 0, right: 0 }, { x: 0, y: 0, width: 640, height: 360 }],
    ['left/right', { top: 0, left: 0.25, bottom: 0, right: 0.25 }, { x: 160, y: 0, width: 320, height: 360 }],
    ['top/bottom', { top: 0.1, left: 0, bottom: 0.2, right: 0 }, { x: 0, y: 36, width: 640, height: 252 }],
  ])('%s', (_name, crop, expected) => {
    const f = cropFrame(640, 360, crop);
    expect(f.x).toBeCloseTo(expected.x);
    expect(f.y).toBeCloseTo(expected.y);
    expect(f.width).toBeCloseTo(expected.width);
    expect(f.height).toBeCloseTo(expected.height);
  });

  it('clamps crops that cut the whole side to a sliver at the centre', () => {
    const f = cropFrame(1000, 1000, { top: -1, left: 0.7, bottom: 2, right: 0.7 });
    expect(f.width).toBeGreaterThan(0);
    expect(f.x + f.width / 2).toBeCloseTo(500);
    expect(f.height).toBeGreaterThan(0);
    expect(f.y).toBeGreaterThanOrEqual(0);
  });
});

describe('coverFrame', () => {
  it.each([
    ['same aspect', [640, 360, 1920, 1080], { x: 0, y: 0, width: 640, height: 360 }],
    ['square into 16:9', [1000, 1000, 1600, 900], { x: 0, y: 218.75, width: 1000, height: 562.5 }],
    ['ultrawide into 16:9', [2100, 900, 1600, 900], { x: 250, y: 0, width: 1600, height: 900 }],
  ] as const)('%s', (_name, [sw, sh, dw, dh], expected) => {
    const f = coverFrame(sw, sh, dw, dh);
    expect(f.x).toBeCloseTo(expected.x);
    expect(f.y).toBeCloseTo(expected.y);
    expect(f.width).toBeCloseTo(expected.width);
    expect(f.height).toBeCloseTo(expected.height);
  });
});

describe('initials', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['Guest 3', 'G3'],
    ['  cher  ', 'C'],
    ['Jean-Paul van der Berg', 'JB'],
    ['', '?'],
    ['émile zola', 'ÉZ'],
  ])('%j → %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe('zoomTransform', () => {
  it('scales about the centre', () => {
    expect(zoomTransform(1, 1600, 900)).toEqual({ scale: 1, x: 0, y: 0 });
    const z = zoomTransform(1.04, 1600, 900);
    expect(z.scale).toBe(1.04);
    expect(z.x).toBeCloseTo(-32);
    expect(z.y).toBeCloseTo(-18);
    expect(zoomTransform(Number.NaN, 10, 10).scale).toBe(1);
  });
});
