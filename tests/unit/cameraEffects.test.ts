import { describe, expect, it, vi } from 'vitest';
import {
  blurPixels,
  CAMERA_EFFECT_MAIN_THREAD_SHARE,
  cameraEffectFor,
  coverRect,
  drawEffectFrame,
  nextEffectFrameAt,
  type CameraEffect,
  type EffectStream,
} from '../../src/services/cameraEffects';
import { createCameraFeed, type CameraFeedDeps } from '../../src/services/cameraFeed';
import type { Segmenter } from '../../src/services/segmentation';
import { BLUR_RANGE_FACTOR, VIRTUAL_BACKGROUND_EXTRA_BLUR } from '../../src/state/limits';
import { DEFAULT_SETTINGS, decodeSettings, VIRTUAL_BG_STAGE } from '../../src/state/settingsStore';

const settings = (patch: Partial<typeof DEFAULT_SETTINGS>) => ({ ...DEFAULT_SETTINGS, ...patch });

describe('camera effects (§3 Settings, §9: twice the range, plus 20 for the virtual background)', () => {
  it('blur is twice the range; the virtual background adds 20', () => {
    expect(BLUR_RANGE_FACTOR).toBe(2);
    expect(VIRTUAL_BACKGROUND_EXTRA_BLUR).toBe(20);
    expect(blurPixels(5, false)).toBe(10);
    expect(blurPixels(5, true)).toBe(30);
    expect(blurPixels(1, true)).toBe(22);
  });

  it('the settings pick the effect: none at start, blur, or replacement (which wins over blur)', () => {
    expect(DEFAULT_SETTINGS.cameraBlurActive).toBe(false);
    expect(DEFAULT_SETTINGS.cameraVirtualBgActive).toBe(false);
    expect(cameraEffectFor(DEFAULT_SETTINGS, '/bg.jpg')).toBeNull();
    expect(cameraEffectFor(settings({ cameraBlurActive: true }), '/bg.jpg')).toEqual({ kind: 'blur', px: 10 });
    expect(cameraEffectFor(settings({ cameraBlurActive: true, cameraBlurRange: 8 }), '/bg.jpg')).toEqual({ kind: 'blur', px: 16 });
    const replace = { kind: 'replace', px: 30, imageUrl: '/bg.jpg' };
    expect(cameraEffectFor(settings({ cameraVirtualBgActive: true }), '/bg.jpg')).toEqual(replace);
    expect(cameraEffectFor(settings({ cameraVirtualBgActive: true, cameraBlurActive: true }), '/bg.jpg')).toEqual(replace);
  });

  it('the virtual background image follows the stage by default; a stored value must be "stage" or a background id', () => {
    expect(DEFAULT_SETTINGS.cameraVirtualBgImage).toBe(VIRTUAL_BG_STAGE);
    expect(decodeSettings({ cameraVirtualBgImage: 'background-7' }).cameraVirtualBgImage).toBe('background-7');
    expect(decodeSettings({ cameraVirtualBgImage: 'javascript:alert(1)' }).cameraVirtualBgImage).toBe(VIRTUAL_BG_STAGE);
    expect(decodeSettings({ cameraVirtualBgImage: 7 }).cameraVirtualBgImage).toBe(VIRTUAL_BG_STAGE);
  });

  it('the replacement image covers the frame, centred, aspect kept', () => {
    expect(coverRect(1920, 1080, 1280, 720)).toEqual({ x: 0, y: 0, w: 1280, h: 720 });
    expect(coverRect(1000, 1000, 1280, 720)).toEqual({ x: 0, y: -280, w: 1280, h: 1280 });
    expect(coverRect(400, 100, 200, 100)).toEqual({ x: -100, y: 0, w: 400, h: 100 });
  });

  describe('a processed frame', () => {
    const recordingContext = () => {
      const calls: string[] = [];
      const ctx = {
        canvas: { width: 640, height: 360 },
        globalCompositeOperation: 'source-over',
        filter: 'none',
        save: () => calls.push('save'),
        restore: () => calls.push('restore'),
        drawImage: (source: { name: string }, x: number, y: number, w: number, h: number) =>
          calls.push(`${ctx.globalCompositeOperation} ${ctx.filter} ${source.name} ${x},${y} ${w}x${h}`),
      };
      return { ctx: ctx as unknown as CanvasRenderingContext2D, calls };
    };
    const frame = { name: 'frame' } as unknown as CanvasImageSource;
    const mask = { name: 'mask' } as unknown as CanvasImageSource;

    it('blur: the person from the mask stays sharp, the room behind is the frame blurred, drawn a radius larger', () => {
      const { ctx, calls } = recordingContext();
      drawEffectFrame(ctx, frame, mask, { kind: 'blur', px: 10 }, null);
      expect(calls).toEqual([
        'save',
        'copy none mask 0,0 640x360',
        'source-in none frame 0,0 640x360',
        'destination-over blur(10px) frame -10,-10 660x380',
        'restore',
      ]);
    });

    it('virtual background: the room is replaced by the image, defocused and covering the frame', () => {
      const { ctx, calls } = recordingContext();
      const image = { name: 'image', naturalWidth: 1920, naturalHeight: 1080 } as unknown as HTMLImageElement;
      drawEffectFrame(ctx, frame, mask, { kind: 'replace', px: 30, imageUrl: '/bg.jpg' }, image);
      expect(calls.slice(1, 3)).toEqual(['copy none mask 0,0 640x360', 'source-in none frame 0,0 640x360']);
      const room = calls[3]!;
      expect(room.startsWith('destination-over blur(30px) image ')).toBe(true);
      // 700×420 is 5:3, the image 16:9: it covers by height and is cropped at the sides.
      const [x, y] = room.split(' ')[3]!.split(',').map(Number);
      expect(y).toBe(-30);
      expect(x).toBeLessThan(-30);
    });
  });
});

describe('the camera feed', () => {
  const camera = { id: 'camera' } as unknown as MediaStream;
  const blur: CameraEffect = { kind: 'blur', px: 10 };
  const replace: CameraEffect = { kind: 'replace', px: 30, imageUrl: '/bg.jpg' };

  const harness = (load: () => Promise<Segmenter> = () => Promise.resolve({ segment: vi.fn() })) => {
    const published: (string | null)[] = [];
    const made: { effect: CameraEffect; stopped: boolean }[] = [];
    const deps: CameraFeedDeps = {
      publish: (s) => published.push(s ? (s as unknown as { id: string }).id : null),
      loadSegmenter: vi.fn(load),
      effectStream: (_source, effect) => {
        const entry = { effect, stopped: false };
        made.push(entry);
        return { stream: { id: `processed-${made.length}` }, stop: () => (entry.stopped = true) } as unknown as EffectStream;
      },
      unsupported: vi.fn(),
    };
    return { feed: createCameraFeed(camera, deps), deps, published, made };
  };

  it('without an effect the raw camera is published', async () => {
    const { feed, published } = harness();
    await feed.apply(null);
    expect(published).toEqual(['camera']);
  });

  it('with an effect the raw camera is never published: the feed waits for the processed stream', async () => {
    let resolve!: (s: Segmenter) => void;
    const { feed, published } = harness(() => new Promise((r) => (resolve = r)));
    const applied = feed.apply(replace);
    await Promise.resolve();
    expect(published).toEqual([]);
    resolve({ segment: vi.fn() });
    await applied;
    expect(published).toEqual(['processed-1']);
  });

  it('switching effects publishes the new stream before stopping the old; the camera is not reopened', async () => {
    const { feed, published, made } = harness();
    await feed.apply(blur);
    await feed.apply(replace);
    expect(published).toEqual(['processed-1', 'processed-2']);
    expect(made.map((m) => m.stopped)).toEqual([true, false]);
    await feed.apply(replace);
    expect(made).toHaveLength(2);
    await feed.apply(null);
    expect(published.at(-1)).toBe('camera');
    expect(made[1]!.stopped).toBe(true);
  });

  it('a choice overtaken while the segmenter loads is dropped, never published', async () => {
    let resolve!: (s: Segmenter) => void;
    const { feed, published, made } = harness(() => new Promise((r) => (resolve = r)));
    const first = feed.apply(replace);
    await feed.apply(null);
    resolve({ segment: vi.fn() });
    await first;
    expect(published).toEqual(['camera']);
    expect(made.every((m) => m.stopped)).toBe(true);
  });

  it('if the segmentation cannot run, the caller is told (it switches the effects off) and the room is not shown', async () => {
    const { feed, deps, published } = harness(() => Promise.reject(new Error('no WebAssembly')));
    await feed.apply(blur);
    expect(deps.unsupported).toHaveBeenCalledTimes(1);
    expect(published).toEqual([]);
  });

  it('stopping the feed stops the processed stream', async () => {
    const { feed, made } = harness();
    await feed.apply(blur);
    feed.stop();
    expect(made[0]!.stopped).toBe(true);
  });
});

describe('the effect keeps the studio responsive', () => {
  it('takes at most about a third of the main thread: a slow frame delays the next one', () => {
    expect(CAMERA_EFFECT_MAIN_THREAD_SHARE).toBe(0.35);
    // 7 ms per frame: the next may start after 20 ms, every frame of a 30 fps camera (33 ms apart).
    expect(nextEffectFrameAt(1000, 7)).toBe(1020);
    // 35 ms per frame: the next waits 100 ms, about 10 frames a second.
    expect(nextEffectFrameAt(1000, 35)).toBe(1100);
  });
});
