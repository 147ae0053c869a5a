/**
 * How the live commands call the server (§8): the item waits while its call is in flight; a failure
 * rolls the optimistic change back and becomes the dialog's inline error (the server's reason).
 */
import { log } from '../../log';
import { backend } from '../../state/backend';
import type { LiveService } from '../../state/live/service';
import { useLiveStore } from '../../state/live/store';
import type { Rollback } from '../../state/remoteList';
import { describeFailure } from '../audience/failure';

/** Backend mode's live service; the demo has none (nor has a flow run before any backend is installed). */
export function liveService(): LiveService | null {
  try {
    return backend().live ?? null;
  } catch {
    return null;
  }
}

/** Whether this studio can go live for real (backend mode): the destinations and recordings exist. */
export const liveAvailable = (): boolean => liveService() !== null;

/** Runs one call on the item `id`; resolves to its value, or null when it failed (rolled back, reason kept). */
export async function attemptLive<T>(id: string, call: (live: LiveService) => Promise<T>, rollback: Rollback = () => undefined): Promise<{ value: T } | null> {
  const store = useLiveStore.getState();
  const live = liveService();
  if (!live) return null;
  store.callStarted(id);
  try {
    return { value: await call(live) };
  } catch (e) {
    rollback();
    const reason = describeFailure(e);
    log.warn('live', `${id}: ${reason}`);
    useLiveStore.getState().failed(reason);
    return null;
  } finally {
    useLiveStore.getState().callEnded(id);
  }
}
