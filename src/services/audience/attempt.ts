/**
 * How the poll and Q&A commands call the server (§8): the item waits while the call is in flight;
 * a failure rolls the optimistic change back and becomes the panel's inline error. Seen marking is
 * reported in the background, and its failure only logged.
 */
import { log } from '../../log';
import type { RemoteListActions, Rollback } from '../../state/remoteList';
import { describeFailure } from './failure';

/** Runs one call for `command` on the item `id`; resolves to its value, or null when it failed (rolled back). */
export async function attempt<C extends string, T>(list: RemoteListActions<C>, command: C, id: string | undefined, call: () => Promise<T>, rollback: Rollback): Promise<{ value: T } | null> {
  list.callStarted(id);
  try {
    return { value: await call() };
  } catch (e) {
    rollback();
    list.failed(command, id, describeFailure(e));
    return null;
  } finally {
    list.callEnded(id);
  }
}

/** `attempt` for an optimistic command: false when §4 refused it (no rollback, no call) or the call failed. */
export async function attemptAllowed<C extends string>(list: RemoteListActions<C>, command: C, id: string | undefined, rollback: Rollback | null, call: () => Promise<unknown>): Promise<boolean> {
  return rollback !== null && (await attempt(list, command, id, call, rollback)) !== null;
}

/** Tells the server which ids are newly seen (the store has marked them already); a failure is logged. */
export function reportSeen(scope: string, fresh: readonly string[], call: (ids: string[]) => Promise<void>): void {
  if (fresh.length === 0) return;
  Promise.resolve()
    .then(() => call([...fresh]))
    .catch((e: unknown) => log.info(scope, `seen marking failed: ${describeFailure(e)}`));
}
