/**
 * The demo's run of show (issue 25): the rundown's room runs in one of this browser's studio tabs,
 * as the demo channel's does (demoChannel.ts), so two tabs are two producers of one rundown; the
 * hosting tab keeps it in localStorage, so it survives a reload and the last tab's close.
 */
import type { ServerChannel } from '../../compositor/sync';
import { isRecord } from '../../compositor/model/json';
import type { RundownService } from '../state/backend';
import { tabRooms } from './demoChannel';
import type { RoomKeep } from './tabRoom';

const roomName = (uuid: string) => `studio-demo-rundown:${uuid}`;

/** The rundown as the demo keeps it in this browser (a storage that throws, as in a private window, keeps nothing). */
export function localKeep(key: string, storage: () => Storage | undefined = () => (typeof localStorage === 'undefined' ? undefined : localStorage)): RoomKeep {
  return {
    load() {
      try {
        const value: unknown = JSON.parse(storage()?.getItem(key) ?? 'null');
        return isRecord(value) && typeof value.version === 'number' && isRecord(value.applied) && isRecord(value.keyed) ? (value as unknown as ServerChannel) : null;
      } catch {
        return null;
      }
    },
    save(server) {
      try {
        storage()?.setItem(key, JSON.stringify(server));
      } catch {
        // Full or refused storage: the rundown still lives in the open tabs.
      }
    },
  };
}

export function createDemoRundown(): RundownService {
  const rooms = tabRooms((name) => localKeep(name));
  return {
    push: (uuid, update) => rooms(roomName(uuid)).push(update),
    resync: (uuid) => rooms(roomName(uuid)).resync(),
    subscribe: (uuid, on) => rooms(roomName(uuid)).subscribe(on),
  };
}
