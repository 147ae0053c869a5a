/**
 * Starting and stopping a processed camera feed on the main thread (cameraEffectsClient.ts): no
 * stream is cut while frames are on their way between the threads, and nothing is left behind when
 * the hand-over fails. The workers and Chrome's insertable streams are fakes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EffectsWorkerRequest } from '../../src/services/media/cameraEffects.worker';

/** What happened, in order, across the fakes. */
let events: string[] = [];
let refuseHandOver = false;

class FakeWorker extends EventTarget {
  constructor(readonly url: string | URL) {
    super();
  }
  postMessage(request: EffectsWorkerRequest | { type: 'connect' }) {
    if (!('type' in request) || request.type === 'connect') return;
    if (request.type === 'start' && refuseHandOver) throw new DOMException('the stream is locked', 'DataCloneError');
    events.push(`worker: ${request.type}`);
    const reply = request.type === 'segmenter' ? { type: 'ready' } : request.type === 'start' ? { type: 'running', id: request.id } : null;
    if (reply) queueMicrotask(() => this.dispatchEvent(new MessageEvent('message', { data: reply })));
  }
  terminate() {}
}
const track = (name: string) => ({ kind: 'video', stop: () => events.push(`${name} stopped`), clone: () => track('camera copy') });

beforeEach(() => {
  events = [];
  refuseHandOver = false;
  vi.useFakeTimers();
  vi.resetModules();
  vi.stubGlobal('Worker', FakeWorker);
  vi.stubGlobal('MediaStreamTrackProcessor', class {
    readable = {};
  });
  vi.stubGlobal('MediaStreamTrackGenerator', class {
    writable = {};
    stop = () => events.push('generator stopped');
  });
  vi.stubGlobal('MediaStream', class {
    constructor(readonly tracks: unknown[]) {}
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const camera = { getVideoTracks: () => [track('camera')], getAudioTracks: () => [] } as unknown as MediaStream;
const startBlur = async () => (await import('../../src/services/media/cameraEffectsClient')).startEffectStream(camera, { kind: 'blur', px: 10 });

describe('a processed camera feed', () => {
  it('stops from each producing side: the camera copy at once, the worker closes its feed; the generator is stopped here only if the worker never does', async () => {
    const feed = await startBlur();
    events = [];
    feed.stop();
    expect(events).toEqual(['worker: stop', 'camera copy stopped']);
    await vi.advanceTimersByTimeAsync(4999);
    expect(events).not.toContain('generator stopped');
    await vi.advanceTimersByTimeAsync(1);
    expect(events.at(-1)).toBe('generator stopped');
  });

  it('a hand-over the worker refuses leaves no camera copy or generator running', async () => {
    refuseHandOver = true;
    await expect(startBlur()).rejects.toThrow('the stream is locked');
    expect(events).toEqual(['worker: segmenter', 'camera copy stopped', 'generator stopped']);
  });
});
