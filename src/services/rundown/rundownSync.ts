/**
 * The rundown's one way out of the studio (issue 25), in every mode: the synced-document pipeline
 * (services/sync) over the rundown's keyed map. The room's rundown is read at start (and again with
 * backoff until it comes); this tab's edits wait in the engine meanwhile.
 */
import { backend } from '../../state/backend';
import { LOCAL_ORIGIN } from '../../state/channel/reason';
import { startDocSync, type SyncedDocPort } from '../sync/docSync';

export type RundownDocPort = SyncedDocPort;

export function startRundownSync(uuid: string, doc: RundownDocPort, origin: string = LOCAL_ORIGIN): () => Promise<void> {
  const service = backend().rundown;
  const sync = startDocSync({
    name: 'rundown',
    origin,
    doc,
    room: { push: (update, opts) => service.push(uuid, update, opts), resync: () => service.resync(uuid), subscribe: (on) => service.subscribe(uuid, on) },
  });
  return () => sync.stop();
}
