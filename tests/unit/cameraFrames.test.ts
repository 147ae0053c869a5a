/** A feed's camera frames in the worker (cameraFrames.ts): one asked for per read, none read ahead, none left open. */
import { describe, expect, it, vi } from 'vitest';
import { cameraFrames } from '../../src/services/media/cameraFrames';

const frame = (name: string) => ({ name, closed: false, close() { this.closed = true; } });
const asVideoFrame = (f: ReturnType<typeof frame>) => f as unknown as VideoFrame;

describe("a feed's camera frames", () => {
  it('each read asks the main thread for one frame and gets the one delivered; nothing is asked for ahead', async () => {
    const ask = vi.fn();
    const frames = cameraFrames(ask);
    await Promise.resolve();
    expect(ask).not.toHaveBeenCalled();
    const reader = frames.readable.getReader();
    const read = reader.read();
    await vi.waitFor(() => expect(ask).toHaveBeenCalledOnce());
    const first = frame('first');
    frames.deliver(asVideoFrame(first));
    expect((await read).value).toBe(first);
    await new Promise((r) => setTimeout(r, 10));
    expect(ask).toHaveBeenCalledOnce();
  });

  it('a frame nobody asked for is closed; null ends the stream', async () => {
    const frames = cameraFrames(() => undefined);
    const stray = frame('stray');
    frames.deliver(asVideoFrame(stray));
    expect(stray.closed).toBe(true);
    const reader = frames.readable.getReader();
    const read = reader.read();
    await new Promise((r) => setTimeout(r, 0));
    frames.deliver(null);
    expect(await read).toEqual({ value: undefined, done: true });
  });
});
