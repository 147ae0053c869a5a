import { describe, expect, it, vi } from 'vitest';
import {
  blurPixels,
  cameraEffectFor,
  drawEffectFrame,
  CAMERA_EFFECT_CORE_SHARE,
  CAMERA_EFFECT_MAX_FPS,
  nextDrawAt,
  drawBlurredCover,
  nextStepAt,
  ROOM_SCALE,
  type CameraEffect,
  type EffectStream,
} from '../../src/services/media/cameraEffects';
import { createCameraFeed, type CameraFeedDeps } from '../../src/services/media/cameraFeed';
import { segmenterOn, SEGMENTATION_HEIGHT, SEGMENTATION_WIDTH } from '../../src/services/media/segmentation';
import { BLUR_RANGE_FACTOR, VIRTUAL_BACKGROUND_EXTRA_BLUR } from '../../src/lib/limits';
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

  describe('a processed frame', () => {
    const recordingContext = (width = 640, height = 360) => {
      const calls: string[] = [];
      const ctx = {
        canvas: { width, height },
        globalCompositeOperation: 'source-over',
        filter: 'none',
        save: () => calls.push('save'),
        restore: () => calls.push('restore'),
        // Records "op filter source x,y wxh" for drawImage(source, dx, dy, dw, dh), and
        // "op filter source[sx,sy swxsh] x,y wxh" when a source rectangle is given.
        drawImage: (source: { name: string }, ...n: number[]) => {
          const from = n.length === 8 ? `[${n[0]},${n[1]} ${n[2]}x${n[3]}]` : '';
          const [x, y, w, h] = n.slice(-4);
          calls.push(`${ctx.globalCompositeOperation} ${ctx.filter} ${source.name}${from} ${x},${y} ${w}x${h}`);
        },
      };
      return { ctx: ctx as unknown as CanvasRenderingContext2D, calls };
    };
    const frame = { name: 'frame' } as unknown as CanvasImageSource;
    const mask = { name: 'mask' } as unknown as CanvasImageSource;
    const room = { name: 'room' } as unknown as CanvasImageSource;

    it('the person from the mask stays sharp; the room is drawn behind it at full size', () => {
      const { ctx, calls } = recordingContext();
      drawEffectFrame(ctx, frame, mask, room);
      expect(calls).toEqual([
        'save',
        'copy none mask 0,0 640x360',
        'source-in none frame 0,0 640x360',
        'destination-over none room 0,0 640x360',
        'restore',
      ]);
    });

    it('the room is blurred at 1/4 size with 1/4 of the blur, drawn a radius larger on every side', () => {
      expect(ROOM_SCALE).toBe(4);
      const { ctx, calls } = recordingContext(160, 90);
      drawBlurredCover(ctx, frame, 640, 360, 10 / ROOM_SCALE);
      expect(calls).toHaveLength(3);
      expect(calls[1]!.startsWith('source-over blur(2.5px) frame[')).toBe(true);
      expect(calls[1]!.endsWith('] -2.5,-2.5 165x95')).toBe(true);
      // 165x95 with the margins; the 16:9 frame covers it by height, centred: its sides are cut.
      const [sx, sy, sw, sh] = /\[([\d.]+),([\d.]+) ([\d.]+)x([\d.]+)\]/.exec(calls[1]!)!.slice(1).map(Number);
      expect([sy, sh]).toEqual([0, 360]);
      expect(sw).toBeCloseTo((360 * 165) / 95);
      expect(sx).toBeCloseTo((640 - sw!) / 2);
    });

    it('the background covers the room, centred, cropped at the sides when wider', () => {
      const { ctx, calls } = recordingContext(160, 90);
      drawBlurredCover(ctx, { name: 'image' } as unknown as CanvasImageSource, 1920, 1080, 30 / ROOM_SCALE);
      const [, op] = calls;
      expect(op!.startsWith('source-over blur(7.5px) image[')).toBe(true);
      expect(op!.endsWith('] -7.5,-7.5 175x105')).toBe(true);
      // 175x105 is 5:3, the image 16:9: it covers by height and is cropped at the sides.
      const [sx, sy, sw, sh] = /\[([\d.]+),([\d.]+) ([\d.]+)x([\d.]+)\]/.exec(op!)!.slice(1).map(Number);
      expect([sy, sh]).toEqual([0, 1080]);
      expect(sw).toBeCloseTo(1800);
      expect(sx).toBeCloseTo(60);
    });
  });
});

describe('the camera feed', () => {
  const camera = { id: 'camera' } as unknown as MediaStream;
  const blur: CameraEffect = { kind: 'blur', px: 10 };
  const replace: CameraEffect = { kind: 'replace', px: 30, imageUrl: '/bg.jpg' };

  const harness = (ready: () => Promise<void> = () => Promise.resolve()) => {
    const published: string[] = [];
    const startingSaid: boolean[] = [];
    const made: { effect: CameraEffect; stopped: boolean }[] = [];
    const deps: CameraFeedDeps = {
      publish: (s) => published.push((s as unknown as { id: string }).id),
      startEffect: vi.fn(async (_camera: MediaStream, effect: CameraEffect) => {
        const entry = { effect, stopped: false };
        made.push(entry);
        const n = made.length;
        await ready();
        return { stream: { id: `processed-${n}` }, stop: () => (entry.stopped = true) } as unknown as EffectStream;
      }),
      unsupported: vi.fn(),
      starting: (starting) => startingSaid.push(starting),
    };
    return { feed: createCameraFeed(camera, deps), deps, published, made, startingSaid };
  };

  it('without an effect the raw camera is published', async () => {
    const { feed, published } = harness();
    await feed.apply(null);
    expect(published).toEqual(['camera']);
  });

  it('with an effect the raw camera is never published: the feed waits for the processed stream', async () => {
    let resolve!: () => void;
    const { feed, published } = harness(() => new Promise((r) => (resolve = r)));
    const applied = feed.apply(replace);
    await Promise.resolve();
    expect(published).toEqual([]);
    resolve();
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

  it('a choice overtaken while it starts is dropped, never published', async () => {
    let resolve!: () => void;
    const { feed, published, made } = harness(() => new Promise((r) => (resolve = r)));
    const first = feed.apply(replace);
    await feed.apply(null);
    resolve();
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

  it('says it is starting from the effect asked until it shows, or is given up', async () => {
    let resolve!: () => void;
    const { feed, startingSaid } = harness(() => new Promise((r) => (resolve = r)));
    const applied = feed.apply(replace);
    await Promise.resolve();
    expect(startingSaid).toEqual([true]);
    resolve();
    await applied;
    expect(startingSaid).toEqual([true, false]);
    await feed.apply(null);
    expect(startingSaid.at(-1)).toBe(false);
    const failing = harness(() => Promise.reject(new Error('no segmentation')));
    await failing.feed.apply(blur);
    expect(failing.startingSaid).toEqual([true, false]);
  });

  it('stopping the feed stops the processed stream', async () => {
    const { feed, made } = harness();
    await feed.apply(blur);
    feed.stop();
    expect(made[0]!.stopped).toBe(true);
  });
});

describe('the effect keeps the machine responsive', () => {
  it('each step keeps at most a quarter of a core busy: a slow step delays the next', () => {
    expect(CAMERA_EFFECT_CORE_SHARE).toBe(0.25);
    // 5 ms per frame: the next may start after 20 ms, every frame of a 30 fps camera (33 ms apart).
    expect(nextStepAt(1000, 5)).toBe(1020);
    // 25 ms per frame: the next waits 100 ms, about 10 frames a second.
    expect(nextStepAt(1000, 25)).toBe(1100);
  });

  it('the processed feed runs at up to 15 frames a second, however fast the machine', () => {
    expect(CAMERA_EFFECT_MAX_FPS).toBe(15);
    // A 2 ms frame: the next waits for the 15 fps pace (66.7 ms), less a few ms of camera jitter,
    // so the camera frame 2 frames later (66.7 ms at 30 fps) is taken.
    expect(nextDrawAt(1000, 2)).toBeGreaterThan(1060);
    expect(nextDrawAt(1000, 2)).toBeLessThanOrEqual(1000 + 2000 / 30);
    // A slow frame is held back by the core share instead.
    expect(nextDrawAt(1000, 25)).toBe(1100);
  });
});

describe('the segmentation worker client', () => {
  const fakeChannel = () => {
    const listeners: ((e: { data?: unknown }) => void)[] = [];
    const posted: { message: unknown; transfer: unknown }[] = [];
    return {
      posted,
      addEventListener: (_type: string, fn: (e: { data?: unknown }) => void) => listeners.push(fn),
      postMessage: (message: unknown, transfer: unknown) => posted.push({ message, transfer }),
      emit: (data: unknown) => listeners.forEach((fn) => fn({ data })),
    };
  };
  const bitmap = (name: string) => ({ name, close: vi.fn() }) as unknown as ImageBitmap;
  const nameOf = (b: ImageBitmap) => (b as unknown as { name: string }).name;

  it('is ready when the worker says so; frames are transferred and answered by masks in order', async () => {
    const channel = fakeChannel();
    const ready = segmenterOn(channel as unknown as MessagePort);
    channel.emit({ type: 'ready' });
    const segmenter = await ready;
    const frame = bitmap('frame 1');
    const first = segmenter.segment(frame);
    const second = segmenter.segment(bitmap('frame 2'));
    expect(channel.posted[0]).toEqual({ message: { type: 'frame', frame }, transfer: [frame] });
    channel.emit({ type: 'mask', mask: bitmap('mask 1') });
    channel.emit({ type: 'mask', mask: bitmap('mask 2') });
    expect(nameOf(await first)).toBe('mask 1');
    expect(nameOf(await second)).toBe('mask 2');
  });

  it('frames are scaled to the landscape model input (256x144) before they go', () => {
    expect([SEGMENTATION_WIDTH, SEGMENTATION_HEIGHT]).toEqual([256, 144]);
  });

  it('a worker that cannot start rejects, so the effects are switched off', async () => {
    const channel = fakeChannel();
    const ready = segmenterOn(channel as unknown as MessagePort);
    channel.emit({ type: 'failed', message: 'no WebAssembly' });
    await expect(ready).rejects.toThrow('no WebAssembly');
  });

  it('a frame the worker cannot segment rejects that frame only', async () => {
    const channel = fakeChannel();
    const ready = segmenterOn(channel as unknown as MessagePort);
    channel.emit({ type: 'ready' });
    const segmenter = await ready;
    const bad = segmenter.segment(bitmap('frame'));
    channel.emit({ type: 'failed', message: 'no mask for the frame' });
    await expect(bad).rejects.toThrow('no mask');
    const good = segmenter.segment(bitmap('frame'));
    channel.emit({ type: 'mask', mask: bitmap('mask') });
    expect(nameOf(await good)).toBe('mask');
  });
});
