// A fake camera for a guest's browser (Chromium's --use-file-for-fake-video-capture=<file>.y4m): a
// magenta picture with a frame counter painted into it as COUNTER_BITS black/white blocks along the
// top, so a test can tell the guest's picture from any other, see that it moves, and a benchmark can
// read which frame the output page drew (glass-to-glass delay). Written at run time: raw YUV is big.
import { openSync, writeSync, closeSync } from 'node:fs';

export const CAMERA = { width: 320, height: 180, fps: 30 };
export const COUNTER_BITS = 8;
/** Blocks: 40 px wide each across the top 60 px; the rest magenta. */
const BLOCK_W = CAMERA.width / COUNTER_BITS;
const BLOCK_H = 60;
/** BT.601 limited range: magenta, white, black. */
const MAGENTA = { y: 105, u: 212, v: 234 };
const WHITE = 235;
const BLACK = 16;

/** Writes `frames` frames (the counter runs 0..frames-1, modulo 2^COUNTER_BITS). */
export function writeCounterCamera(path, frames = 256) {
  const { width: w, height: h, fps } = CAMERA;
  const fd = openSync(path, 'w');
  writeSync(fd, `YUV4MPEG2 W${w} H${h} F${fps}:1 Ip A1:1 C420jpeg\n`);
  const y = Buffer.alloc(w * h);
  const u = Buffer.alloc((w / 2) * (h / 2), MAGENTA.u);
  const v = Buffer.alloc((w / 2) * (h / 2), MAGENTA.v);
  // Chroma of the block row is neutral (grey), so the blocks read black and white.
  for (let cy = 0; cy < BLOCK_H / 2; cy++) {
    u.fill(128, cy * (w / 2), (cy + 1) * (w / 2));
    v.fill(128, cy * (w / 2), (cy + 1) * (w / 2));
  }
  for (let f = 0; f < frames; f++) {
    const n = f % (1 << COUNTER_BITS);
    y.fill(MAGENTA.y);
    for (let bit = 0; bit < COUNTER_BITS; bit++) {
      const on = (n >> (COUNTER_BITS - 1 - bit)) & 1;
      for (let row = 0; row < BLOCK_H; row++) y.fill(on ? WHITE : BLACK, row * w + bit * BLOCK_W, row * w + (bit + 1) * BLOCK_W);
    }
    writeSync(fd, 'FRAME\n');
    writeSync(fd, y);
    writeSync(fd, u);
    writeSync(fd, v);
  }
  closeSync(fd);
}

/**
 * The counter in a picture of this camera drawn into the rectangle (x, y, w, h) of an image, read with
 * `luma(px, py)` (0..255); null when the blocks are not there (not this camera, or a torn frame).
 */
export function readCounter(luma, rect) {
  let n = 0;
  for (let bit = 0; bit < COUNTER_BITS; bit++) {
    const px = rect.x + ((bit + 0.5) * BLOCK_W * rect.w) / CAMERA.width;
    const py = rect.y + ((BLOCK_H / 2) * rect.h) / CAMERA.height;
    const l = luma(Math.round(px), Math.round(py));
    if (l > 90 && l < 170) return null; // neither black nor white
    n = (n << 1) | (l >= 170 ? 1 : 0);
  }
  return n;
}

/** Whether a pixel is this camera's magenta (what a guest's tile shows below the counter). */
export const isMagenta = (r, g, b) => r > 170 && b > 170 && g < 110;
