/**
 * The demo's rundown (issue 25): kept in local storage, so a reload keeps it, and shared by this
 * browser's tabs through storage events, so two tabs are two producers of one rundown. A local edit
 * merges its per-key changes into what storage holds (another tab's edits of other keys survive),
 * then this tab takes the merged rundown; the browser tells the other tabs.
 */
import { applyChanges } from '../../compositor/sync';
import { onRundownChange, rundownActions } from '../state/rundown/store';
import { readKey, rundownKey, writeKey } from '../state/storage';

type StorageTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/** Loads the channel's rundown and keeps it in step with storage; returns the disconnect. */
export function connectDemoRundown(uuid: string, target: StorageTarget | undefined = globalThis.window): () => void {
  const key = rundownKey(uuid);
  rundownActions.load(readKey(key));
  const offLocal = onRundownChange(({ changes }) => {
    const merged = applyChanges(readKey(key), changes);
    writeKey(key, merged);
    rundownActions.applyRemote(merged);
  });
  const onStorage = (e: StorageEvent) => {
    if (e.key === key.name) rundownActions.applyRemote(e.newValue === null ? {} : (key.decode(e.newValue) ?? {}));
    else if (e.key === null) rundownActions.applyRemote({}); // storage cleared
  };
  target?.addEventListener('storage', onStorage);
  return () => {
    offLocal();
    target?.removeEventListener('storage', onStorage);
  };
}
