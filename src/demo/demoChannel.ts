/**
 * The demo's channel API (§7 Channel) on the keyed sync of backend mode: the room core runs in one
 * of this browser's studio tabs (tabRoom.ts) and the others, and the demo output page, reach it over
 * a BroadcastChannel; the Web Locks API picks the tab that hosts it. So two tabs are two producers
 * of one channel with the same guarantees as two browsers on the studio backend.
 */
import type { ChannelBody } from '../../compositor/model/types';
import type { ChannelService } from '../state/backend';
import { SELF_ID } from '../state/session';
import { DEMO_CHANNEL } from './demoData';
import { joinTabRoom, type RoomElection, type RoomKeep, type RoomMessage, type RoomTransport, type TabRoom } from './tabRoom';

/** What this tab sent the demo channel: how many saves, and the last body (the test surface reads it). */
export const demoChannelServer = { saves: 0, last: null as ChannelBody | null };

const roomName = (uuid: string) => `studio-demo-room:${uuid}`;

/**
 * Tabs share a room only where one of them can be elected its host (Web Locks) and reach the others
 * (BroadcastChannel); elsewhere (an old browser, the unit tests' jsdom) each studio runs its own.
 */
export const canShare = () => typeof BroadcastChannel !== 'undefined' && typeof navigator !== 'undefined' && !!navigator.locks;

function broadcastTransport(name: string): RoomTransport {
  const channel = canShare() ? new BroadcastChannel(name) : null;
  return {
    post: (message) => channel?.postMessage(message),
    listen(on) {
      const handler = (e: MessageEvent<RoomMessage>) => on(e.data);
      channel?.addEventListener('message', handler);
      return () => {
        channel?.removeEventListener('message', handler);
        channel?.close();
      };
    },
  };
}

/** The tab that holds the lock hosts the room; the browser frees it when the tab closes. */
export function lockElection(name: string): RoomElection {
  return {
    campaign(lead) {
      if (!canShare()) {
        lead(); // this studio is on its own
        return () => undefined;
      }
      const abort = new AbortController();
      let release: (() => void) | null = null;
      navigator.locks.request(name, { signal: abort.signal }, () => new Promise<void>((resolve) => ((release = resolve), lead()))).catch(() => undefined);
      return () => {
        abort.abort();
        release?.();
      };
    },
  };
}

const newMember = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `tab-${Date.now()}-${Math.random()}`);

/** The rooms of this tab by name, each joined once: elected among this browser's tabs where they can share one. */
export function tabRooms(keep?: (name: string) => RoomKeep): (name: string) => TabRoom {
  const rooms = new Map<string, TabRoom>();
  return (name) => {
    let room = rooms.get(name);
    if (!room) {
      room = joinTabRoom({ member: newMember(), transport: broadcastTransport(name), election: lockElection(name), ...(canShare() ? {} : { collectMs: 0 }), ...(keep ? { keep: keep(name) } : {}) });
      rooms.set(name, room);
    }
    return room;
  };
}

export function createDemoChannel(): ChannelService {
  const rooms = tabRooms();
  const roomOf = (uuid: string): TabRoom => rooms(roomName(uuid));
  return {
    push(uuid, update, { body }) {
      demoChannelServer.saves += 1;
      demoChannelServer.last = body;
      return roomOf(uuid).push(update);
    },
    resync: (uuid) => roomOf(uuid).resync(),
    subscribe: (uuid, on) => roomOf(uuid).subscribe(on),
    // Every tab is the same demo moderator: one card, each tab showing its own camera on it.
    selfWireId: () => SELF_ID,
    // The demo's output page follows this browser's tabs and needs no token.
    rotateOutputToken: async () => null,
    followReadOnly(link, on) {
      const uuid = link?.channel ?? DEMO_CHANNEL.uuid;
      const room = joinTabRoom({ member: newMember(), transport: broadcastTransport(roomName(uuid)), election: null });
      const catchUp = () => void room.resync().then(on.channel, () => undefined); // no studio tab yet: its first channel comes by itself
      const off = room.subscribe({ doc: on.channel, reconnected: catchUp });
      catchUp();
      return () => {
        off();
        room.close();
      };
    },
  };
}
