/**
 * The one saver of a synced document (the channel's §7 PUT /channel/{uuid}, debounced 500 ms, and
 * the rundown's; RELIABILITY R3/R4). Local edits mark the document dirty and (re)start the debounce;
 * when it fires, the latest body is saved. Edits
 * made while a save is in flight give exactly one follow-up save with the final state. Only a
 * successful save clears dirty. A pending save is flushed when the page is hidden or closed.
 */
import { CHANNEL_SAVE_DEBOUNCE_MS } from '../../lib/limits';
import { errorMessage, log } from '../../log';

import { realClock, type Clock } from '../../lib/clock';

export interface SaverOptions<T> {
  /** Sends one body; rejects on failure. `keepalive` is set for a flush while the page goes away. */
  save(body: T, opts: { keepalive: boolean }): Promise<void>;
  debounceMs?: number;
  clock?: Clock;
  onStatus?(status: SaverStatus): void;
  /** A failed save is tried again by itself after this backoff (doubling from min to max); without it, on the next edit or flush. */
  retry?: { minMs: number; maxMs: number };
  /** Each failed save (the first of a run of failures shows the §8 dialog). */
  onError?(error: unknown, failuresInARow: number): void;
  /** The document's name in the log ('channel', 'rundown'). */
  name?: string;
}

export type SaverStatus = 'idle' | 'pending' | 'saving' | 'error';

export function createDocSaver<T>({ save, debounceMs = CHANNEL_SAVE_DEBOUNCE_MS, clock = realClock, onStatus, retry, onError, name = 'channel' }: SaverOptions<T>) {
  let latest: T | null = null;
  let dirty = false;
  let timer: unknown = null;
  let inFlight: Promise<void> | null = null;
  let status: SaverStatus = 'idle';
  let failures = 0;

  const setStatus = (s: SaverStatus) => {
    if (s === status) return;
    status = s;
    onStatus?.(s);
  };

  async function run(keepalive: boolean): Promise<void> {
    timer = null;
    if (!dirty || latest === null) return;
    if (inFlight) return; // the in-flight save's completion picks up the newer body
    const body = latest;
    dirty = false;
    setStatus('saving');
    inFlight = save(body, { keepalive })
      .then(() => {
        failures = 0;
        setStatus(dirty ? 'pending' : 'idle');
      })
      .catch((error: unknown) => {
        // Keep the newest state dirty so the next edit, flush or retry sends it.
        dirty = true;
        failures += 1;
        setStatus('error');
        log.warn(name, `save failed: ${errorMessage(error)}`);
        onError?.(error, failures);
        if (retry && timer === null) timer = clock.setTimeout(() => void run(false), Math.min(retry.maxMs, retry.minMs * 2 ** (failures - 1)));
      })
      .finally(() => {
        inFlight = null;
        if (dirty && status !== 'error' && timer === null) run(false);
      });
    return inFlight;
  }

  return {
    /** A local change: remember the newest body and restart the debounce. */
    schedule(body: T): void {
      latest = body;
      dirty = true;
      setStatus('pending');
      if (timer !== null) clock.clearTimeout(timer);
      timer = clock.setTimeout(() => void run(false), debounceMs);
    },
    /** Saves now if anything is pending (page hidden or closed, or before leaving). */
    flush(keepalive = true): Promise<void> {
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      return run(keepalive);
    },
    isDirty: () => dirty,
    status: () => status,
    /** Flushes on visibilitychange→hidden and pagehide (Page Lifecycle guidance). */
    attachToPage(target: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'> = document, win: Pick<Window, 'addEventListener' | 'removeEventListener'> = window) {
      const onVisibility = () => {
        if (target.visibilityState === 'hidden') void this.flush(true);
      };
      const onPageHide = () => void this.flush(true);
      target.addEventListener('visibilitychange', onVisibility);
      win.addEventListener('pagehide', onPageHide);
      return () => {
        target.removeEventListener('visibilitychange', onVisibility);
        win.removeEventListener('pagehide', onPageHide);
      };
    },
  };
}
