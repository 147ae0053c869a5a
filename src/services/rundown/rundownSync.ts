/**
 * The rundown's one way out of the studio (issue 25), in every mode: the synced-document pipeline
 * (services/sync) over the rundown's keyed map. The room's rundown is read at start (and again with
 * backoff until it comes); this tab's edits wait in the engine meanwhile.
 */
import { backend } from '../../state/backend';
import { LOCAL_ORIGIN } from '../../state/channel/reason';
import { roomOf, startDocSync, type SyncedDocPort } from '../sync/docSync';

export function startRundownSync(uuid: string, doc: SyncedDocPort, origin: string = LOCAL_ORIGIN): () => Promise<void> {
  const service = backend().rundown;
  const sync = startDocSync({
    name: 'rundown',
    origin,
    doc,
    room: roomOf(service, uuid),
  });
  return () => sync.stop();
}
