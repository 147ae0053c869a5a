import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDocSaver } from '../../src/services/sync/saver';
import { CHANNEL_SAVE_DEBOUNCE_MS } from '../../src/lib/limits';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('channel saver (§7 debounced 500 ms; RELIABILITY R3)', () => {
  it('debounces 500 ms', () => expect(CHANNEL_SAVE_DEBOUNCE_MS).toBe(500));

  it('100 edits inside 400 ms give exactly one save with the final state', async () => {
    const save = vi.fn(async (_body: number) => undefined);
    const saver = createDocSaver({ save });
    for (let i = 1; i <= 100; i++) {
      saver.schedule(i);
      await vi.advanceTimersByTimeAsync(4);
    }
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(CHANNEL_SAVE_DEBOUNCE_MS);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith(100, { keepalive: false });
    expect(saver.isDirty()).toBe(false);
  });

  it('edits during a save in flight give exactly one follow-up save with the final state', async () => {
    const first = deferred();
    const save = vi.fn((_body: string) => (save.mock.calls.length === 1 ? first.promise : Promise.resolve()));
    const saver = createDocSaver({ save });
    saver.schedule('a');
    await vi.advanceTimersByTimeAsync(CHANNEL_SAVE_DEBOUNCE_MS);
    expect(save).toHaveBeenCalledTimes(1);
    saver.schedule('b');
    saver.schedule('c');
    await vi.advanceTimersByTimeAsync(CHANNEL_SAVE_DEBOUNCE_MS * 4); // the debounce fires while 'a' is in flight
    expect(save).toHaveBeenCalledTimes(1);
    first.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith('c', { keepalive: false });
    await vi.advanceTimersByTimeAsync(CHANNEL_SAVE_DEBOUNCE_MS * 4);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('a failed save keeps the state dirty and the next flush retries it', async () => {
    const save = vi.fn().mockRejectedValueOnce(new Error('503')).mockResolvedValue(undefined);
    const saver = createDocSaver({ save });
    saver.schedule({ layout: 'COVER' });
    await vi.advanceTimersByTimeAsync(CHANNEL_SAVE_DEBOUNCE_MS);
    await vi.waitFor(() => expect(saver.status()).toBe('error'));
    expect(saver.isDirty()).toBe(true);
    expect(saver.status()).toBe('error');
    await saver.flush(false);
    expect(save).toHaveBeenCalledTimes(2);
    expect(saver.isDirty()).toBe(false);
    expect(saver.status()).toBe('idle');
  });

  it('a pending save is flushed with keepalive when the page is hidden or closed', async () => {
    const save = vi.fn(async (_b: number) => undefined);
    const saver = createDocSaver({ save });
    let visibility: DocumentVisibilityState = 'visible';
    const docTarget = new EventTarget() as EventTarget & { visibilityState: DocumentVisibilityState };
    Object.defineProperty(docTarget, 'visibilityState', { get: () => visibility });
    const winTarget = new EventTarget();
    const detach = saver.attachToPage(docTarget as unknown as Document, winTarget as unknown as Window);

    saver.schedule(1);
    await vi.advanceTimersByTimeAsync(200);
    visibility = 'hidden';
    docTarget.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledWith(1, { keepalive: true });

    saver.schedule(2);
    winTarget.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenLastCalledWith(2, { keepalive: true });
    await vi.advanceTimersByTimeAsync(CHANNEL_SAVE_DEBOUNCE_MS);
    expect(save).toHaveBeenCalledTimes(2);
    detach();
  });

  it('flush with nothing pending sends nothing', async () => {
    const save = vi.fn(async () => undefined);
    await createDocSaver({ save }).flush();
    expect(save).not.toHaveBeenCalled();
  });
});
