/**
 * Starting and stopping a processed camera feed on the main thread (cameraEffectsClient.ts): each
 * camera frame the worker asks for is read and transferred, no stream is cut while a frame is on its
 * way, and nothing is left behind when the hand-over fails. The workers and Chrome's insertable
 * streams are fakes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EffectsWorkerRequest } from '../../src/services/media/cameraEffects.worker';

/** What happened, in order, across the fakes. */
let events: string[] = [];
let refuseStart = false;
/** Whether the worker answers a stop (a terminated one cannot). */
let answersStop = true;
/** Every worker started: the segmentation worker, then the camera-effects worker. */
let workers: FakeWorker[] = [];
let cameraFrame = 0;

class FakeWorker extends EventTarget {
  constructor(readonly url: string | URL) {
    super();
    workers.push(this);
  }
  postMessage(request: EffectsWorkerRequest | { type: 'connect' }, transfer: unknown[] = []) {
    if (request.type === 'connect') return;
    if (request.type === 'start' && refuseStart) throw new DOMException('the stream is locked', 'DataCloneError');
    const frame = request.type === 'frame' && request.frame ? ` ${(request.frame as unknown as { name: string }).name}${transfer.includes(request.frame) ? ' (transferred)' : ''}` : '';
    events.push(`worker: ${request.type}${frame}`);
    if (request.type === 'segmenter') this.reply({ type: 'ready' });
    if (request.type === 'start') this.reply({ type: 'running', id: request.id });
    if (request.type === 'stop' && answersStop) this.reply({ type: 'stopped', id: request.id });
  }
  reply(data: unknown) {
    queueMicrotask(() => this.dispatchEvent(new MessageEvent('message', { data })));
  }
  terminate() {}
}
const track = (name: string) => ({ kind: 'video', stop: () => events.push(`${name} stopped`), clone: () => track('camera copy') });

beforeEach(() => {
  events = [];
  workers = [];
  refuseStart = false;
  answersStop = true;
  cameraFrame = 0;
  vi.useFakeTimers();
  vi.resetModules();
  vi.stubGlobal('Worker', FakeWorker);
  vi.stubGlobal(
    'MediaStreamTrackProcessor',
    class {
      readable = {
        getReader: () => ({
          read: async () => {
            events.push('camera frame read');
            return { value: { name: `frame ${++cameraFrame}` }, done: false };
          },
        }),
      };
    },
  );
  vi.stubGlobal(
    'MediaStreamTrackGenerator',
    class {
      writable = {};
      stop = () => events.push('generator stopped');
    },
  );
  vi.stubGlobal(
    'MediaStream',
    class {
      constructor(readonly tracks: unknown[]) {}
    },
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const camera = { getVideoTracks: () => [track('camera')], getAudioTracks: () => [] } as unknown as MediaStream;
const startBlur = async () => (await import('../../src/services/media/cameraEffectsClient')).startEffectStream(camera, { kind: 'blur', px: 10 });

describe('a processed camera feed', () => {
  it('reads a camera frame only when the worker asks, and transfers it', async () => {
    await startBlur();
    events = [];
    await vi.advanceTimersByTimeAsync(100);
    expect(events).toEqual([]);
    workers[1]!.reply({ type: 'next', id: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['camera frame read', 'worker: frame frame 1 (transferred)']);
  });

  it('a stop ends the camera copy only once the worker reads no more; the worker ends the generator', async () => {
    const feed = await startBlur();
    events = [];
    feed.stop();
    expect(events).toEqual(['worker: stop']);
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['worker: stop', 'camera copy stopped']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(events).not.toContain('generator stopped');
  });

  it('a worker that never answers the stop is overtaken: the camera copy and the generator are stopped here', async () => {
    answersStop = false;
    const feed = await startBlur();
    events = [];
    feed.stop();
    await vi.advanceTimersByTimeAsync(4999);
    expect(events).toEqual(['worker: stop']);
    await vi.advanceTimersByTimeAsync(1);
    expect(events).toEqual(['worker: stop', 'camera copy stopped', 'generator stopped']);
  });

  it('a start the worker refuses leaves no camera copy or generator running', async () => {
    refuseStart = true;
    await expect(startBlur()).rejects.toThrow('the stream is locked');
    expect(events).toEqual(['worker: segmenter', 'camera copy stopped', 'generator stopped']);
  });
});
