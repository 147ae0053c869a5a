/**
 * The camera-effects feed closes every VideoFrame on every path (src/services/media/cameraEffectsFeed.ts):
 * fake frames record close(), fake streams record what was written, cancelled or aborted.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runFeed, type FeedReply } from '../../src/services/media/cameraEffectsFeed';
import type { Segmenter } from '../../src/services/media/segmentation';

class FakeFrame {
  closed = false;
  displayWidth = 640;
  displayHeight = 360;
  constructor(
    readonly name: string,
    readonly timestamp = 0,
  ) {}
  close() {
    this.closed = true;
  }
}
const bitmap = (name: string) => ({ name, width: 256, height: 144, closed: false, close() { this.closed = true; } });
type FakeBitmap = ReturnType<typeof bitmap>;

/** Frames the feed made (its drawn output). */
let made: FakeFrame[] = [];
let copies: FakeBitmap[] = [];
let makeCopy: (frame: FakeFrame) => Promise<FakeBitmap>;
let now = 0;

class FakeCanvas {
  constructor(
    public width: number,
    public height: number,
  ) {}
  getContext() {
    return { canvas: this, save() {}, restore() {}, drawImage() {}, getImageData: () => ({ data: new Uint8ClampedArray(4) }), filter: 'none', globalCompositeOperation: 'source-over' };
  }
}

beforeEach(() => {
  made = [];
  copies = [];
  now = 0;
  makeCopy = async () => {
    const copy = bitmap('copy');
    copies.push(copy);
    return copy;
  };
  vi.stubGlobal('OffscreenCanvas', FakeCanvas);
  vi.stubGlobal(
    'VideoFrame',
    class extends FakeFrame {
      constructor(_pixels: unknown, init: { timestamp: number }) {
        super('drawn', init.timestamp);
        made.push(this);
      }
    },
  );
  vi.stubGlobal('createImageBitmap', (frame: FakeFrame) => makeCopy(frame));
  vi.spyOn(performance, 'now').mockImplementation(() => now);
});
afterEach(() => vi.unstubAllGlobals());

/** The camera copy: frames pushed by the test, read by the feed; `end()` is the copy ending. */
function camera() {
  const queue: FakeFrame[] = [];
  let waiting: ((r: ReadableStreamReadResult<FakeFrame>) => void) | null = null;
  let ended = false;
  const reader = {
    read: vi.fn(
      () =>
        new Promise<ReadableStreamReadResult<FakeFrame>>((resolve) => {
          if (queue.length > 0) resolve({ value: queue.shift()!, done: false });
          else if (ended) resolve({ value: undefined, done: true });
          else waiting = resolve;
        }),
    ),
    cancel: vi.fn(async () => undefined),
  };
  const deliver = (r: ReadableStreamReadResult<FakeFrame>) => {
    const w = waiting;
    waiting = null;
    w!(r);
  };
  const sent: FakeFrame[] = [];
  return {
    sent,
    reader,
    readable: { getReader: () => reader } as unknown as ReadableStream<VideoFrame>,
    push(name: string) {
      // Each frame comes a second after the last: the pace rules never hold one back.
      now += 1000;
      const frame = new FakeFrame(name);
      sent.push(frame);
      if (waiting) deliver({ value: frame, done: false });
      else queue.push(frame);
    },
    end() {
      ended = true;
      if (waiting) deliver({ value: undefined, done: true });
    },
  };
}

/** The feed's output: each write answers as `answer` says (resolve, reject, or wait for the test). */
function output(answer: 'ok' | 'fail' | 'hold' = 'ok') {
  const written: FakeFrame[] = [];
  const held: { resolve(): void; reject(e: unknown): void }[] = [];
  const writer = {
    write: vi.fn((frame: FakeFrame) => {
      written.push(frame);
      if (answer === 'ok') return Promise.resolve();
      if (answer === 'fail') return Promise.reject(new Error('the track is gone'));
      return new Promise<void>((resolve, reject) => held.push({ resolve, reject }));
    }),
    close: vi.fn(async () => undefined),
    abort: vi.fn(async () => undefined),
  };
  return { written, held, writer, writable: { getWriter: () => writer } as unknown as WritableStream<VideoFrame> };
}

/** A segmenter answering each copy with a fresh mask (or as `segment` says). */
function segmenterWith(segment: (copy: FakeBitmap) => Promise<FakeBitmap> = async () => bitmap('mask')) {
  const masks: FakeBitmap[] = [];
  const seg = {
    segment: vi.fn(async (copy: FakeBitmap) => {
      const mask = await segment(copy);
      masks.push(mask);
      return mask;
    }),
  };
  return { masks, segmenter: Promise.resolve(seg as unknown as Segmenter), seg };
}

const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
};

function start(opts: { answer?: 'ok' | 'fail' | 'hold'; segmenter?: Promise<Segmenter>; background?: FakeBitmap } = {}) {
  const cam = camera();
  const out = output(opts.answer);
  const segmentation = segmenterWith();
  const replies: FeedReply[] = [];
  const feed = runFeed(
    { type: 'start', id: 7, writable: out.writable, effect: { kind: 'blur', px: 10 }, background: (opts.background ?? null) as unknown as ImageBitmap | null },
    cam.readable,
    opts.segmenter ?? segmentation.segmenter,
    (reply) => replies.push(reply),
  );
  /** No stream is ever cut: every frame on its way would be dropped unclosed. */
  const expectNothingCut = () => {
    expect(cam.reader.cancel).not.toHaveBeenCalled();
    expect(out.writer.abort).not.toHaveBeenCalled();
  };
  return { cam, out, feed, replies, segmentation, expectNothingCut };
}

/** Lets the first frame give the feed its mask, so the frames after it are drawn. */
async function withMask(f: ReturnType<typeof start>) {
  f.cam.push('first');
  await settle();
  expect(f.segmentation.masks).toHaveLength(1);
}

describe('the camera-effects feed closes every VideoFrame', () => {
  it('each camera frame once drawn, each drawn frame once written; the first is announced once', async () => {
    const f = start();
    await withMask(f);
    f.cam.push('second');
    await settle();
    f.cam.push('third');
    await settle();
    expect(f.out.written.map((w) => w.name)).toEqual(['drawn', 'drawn']);
    expect(made.every((m) => m.closed)).toBe(true);
    expect(f.cam.sent.every((s) => s.closed)).toBe(true);
    expect(f.replies).toEqual([{ type: 'running', id: 7 }]);
    f.expectNothingCut();
  });

  it('stop mid-frame (while the frame is copied for the segmenter): that frame is closed, nothing is drawn, no frame is read after it', async () => {
    let copied!: (copy: FakeBitmap) => void;
    makeCopy = () => new Promise((resolve) => (copied = resolve));
    const f = start();
    f.cam.push('in hand');
    await settle();
    f.feed.stop();
    expect(f.replies).toEqual([]);
    copied(bitmap('copy'));
    await settle();
    expect(f.cam.sent[0]!.closed).toBe(true);
    expect(made).toEqual([]);
    expect(f.cam.reader.read).toHaveBeenCalledOnce();
    expect(f.out.writer.close).toHaveBeenCalledOnce();
    expect(f.replies).toEqual([{ type: 'stopped', id: 7 }]);
    f.expectNothingCut();
  });

  it('stop while waiting for a frame: the frame that comes is closed undrawn, and only then is the feed stopped', async () => {
    const f = start();
    await withMask(f);
    f.feed.stop();
    await settle();
    expect(f.replies).toEqual([]);
    f.cam.push('after the stop');
    await settle();
    expect(f.cam.sent.every((s) => s.closed)).toBe(true);
    expect(made).toEqual([]);
    expect(f.cam.reader.read).toHaveBeenCalledTimes(2);
    expect(f.replies).toEqual([{ type: 'stopped', id: 7 }]);
    f.expectNothingCut();
  });

  it('stop mid-frame (while its drawing is written): the write finishes, both frames are closed, then the output closes', async () => {
    const f = start({ answer: 'hold' });
    await withMask(f);
    f.cam.push('being written');
    await settle();
    expect(f.out.held).toHaveLength(1);
    f.feed.stop();
    expect(f.out.writer.close).toHaveBeenCalledOnce(); // queued behind the write by the stream
    f.out.held[0]!.resolve();
    await settle();
    expect(f.out.written).toHaveLength(1);
    expect(made.map((m) => m.closed)).toEqual([true]);
    expect(f.cam.sent.every((s) => s.closed)).toBe(true);
    expect(f.cam.reader.read).toHaveBeenCalledTimes(2);
    expect(f.replies).toEqual([{ type: 'running', id: 7 }, { type: 'stopped', id: 7 }]);
    f.expectNothingCut();
  });

  it('a write that fails: the drawn frame and the camera frame are closed, the failure is told once, and the frames still coming are closed until the stop', async () => {
    const f = start({ answer: 'fail' });
    await withMask(f);
    f.cam.push('refused');
    await settle();
    expect(made.map((m) => m.closed)).toEqual([true]);
    expect(f.replies).toEqual([{ type: 'failed', id: 7, message: 'the track is gone' }]);
    f.cam.push('still coming');
    f.cam.push('and another');
    await settle();
    expect(f.cam.sent.every((s) => s.closed)).toBe(true);
    expect(f.out.written).toHaveLength(1);
    f.feed.stop();
    f.cam.push('last');
    await settle();
    expect(f.cam.sent.every((s) => s.closed)).toBe(true);
    expect(f.out.writer.close).toHaveBeenCalledOnce();
    expect(f.replies.at(-1)).toEqual({ type: 'stopped', id: 7 });
    f.expectNothingCut();
  });

  it('a segmenter that throws: the camera frame and its copy are closed, and the next frame is segmented again', async () => {
    const f = start();
    f.segmentation.seg.segment.mockImplementationOnce(() => {
      throw new Error('the segmentation worker is gone');
    });
    f.cam.push('not segmented');
    await settle();
    expect(f.cam.sent[0]!.closed).toBe(true);
    expect(copies[0]!.closed).toBe(true);
    f.cam.push('segmented');
    await settle();
    expect(f.segmentation.seg.segment).toHaveBeenCalledTimes(2);
    expect(f.cam.sent.every((s) => s.closed)).toBe(true);
    f.expectNothingCut();
  });

  it('a segmenter that rejects a frame, or a frame that cannot be copied: the camera frame is closed and nothing is drawn', async () => {
    const f = start();
    f.segmentation.seg.segment.mockRejectedValueOnce(new Error('no mask for the frame'));
    f.cam.push('unreadable');
    await settle();
    makeCopy = () => Promise.reject(new Error('the frame is gone'));
    f.cam.push('not copied');
    await settle();
    expect(f.cam.sent.every((s) => s.closed)).toBe(true);
    expect(made).toEqual([]);
    f.expectNothingCut();
  });

  it('a segmenter that never started: the failure is told and every frame is closed as it comes', async () => {
    const f = start({ segmenter: Promise.reject(new Error('no WebAssembly')) });
    f.cam.push('one');
    f.cam.push('two');
    await settle();
    expect(f.replies).toEqual([{ type: 'failed', id: 7, message: 'no WebAssembly' }]);
    expect(f.cam.sent.every((s) => s.closed)).toBe(true);
    f.expectNothingCut();
  });

  it('the track ending: the output closes after the last frame, the mask and the background are closed, and a mask that comes later too', async () => {
    const background = bitmap('background');
    let lateMask!: (mask: FakeBitmap) => void;
    const f = start({ background });
    await withMask(f);
    f.segmentation.seg.segment.mockImplementationOnce(() => new Promise((resolve) => (lateMask = resolve as (mask: FakeBitmap) => void)));
    f.cam.push('last');
    await settle();
    f.cam.end();
    await settle();
    expect(f.out.writer.close).toHaveBeenCalledOnce();
    expect(f.cam.sent.every((s) => s.closed)).toBe(true);
    expect(made.every((m) => m.closed)).toBe(true);
    expect(f.segmentation.masks[0]!.closed).toBe(true);
    expect(background.closed).toBe(true);
    const late = bitmap('late mask');
    lateMask(late);
    await settle();
    expect(late.closed).toBe(true);
    // A stop after the end has nothing to wait for.
    expect(f.replies).toEqual([{ type: 'running', id: 7 }]);
    f.feed.stop();
    expect(f.replies.at(-1)).toEqual({ type: 'stopped', id: 7 });
    f.expectNothingCut();
  });
});
