/** The capture's frame pacing: never more than `fps` frames a second, however often a frame is asked for. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pacedFrames } from '../../../compositor/render';

afterEach(() => vi.useRealTimers());

describe('pacedFrames', () => {
  it('runs the first frame at once and the next one a frame time after it; a cancelled one never runs', () => {
    vi.useFakeTimers();
    let t = 0;
    const frames = pacedFrames(30, () => t);
    const ran: number[] = [];
    frames.request(() => ran.push(t));
    vi.advanceTimersByTime(0);
    expect(ran).toEqual([0]);
    frames.request(() => ran.push(t));
    t = 20;
    vi.advanceTimersByTime(20);
    expect(ran).toEqual([0]); // 20 ms after the last: too soon at 30 fps
    t = 34;
    vi.advanceTimersByTime(14);
    expect(ran).toEqual([0, 34]);
    const h = frames.request(() => ran.push(t));
    frames.cancel(h);
    vi.advanceTimersByTime(100);
    expect(ran).toEqual([0, 34]);
  });
});
