/**
 * The studio socket (§7, {studioApi}/websocket): registers for one channel with the producer token,
 * or read-only with the channel's output token (the output page). It delivers the channel after
 * every applied update and, to producers, the broadcast's status (its job: the studio server's §4
 * broadcast state and the outputs' health) and the run of show's rundown.
 */
import type { WireChannel, WireRundown } from '../api/channel';
import { connection, openSocket, type SocketOptions } from './socket';

export interface StudioSocketOptions extends Pick<SocketOptions, 'onState' | 'onReconnected' | 'onRefused' | 'WebSocket' | 'events'> {
  url: string;
  channel: string;
  credentials: () => { token: string } | { outputToken: string };
  onChannel(channel: WireChannel): void;
  /** The broadcast's status (issue 23 `live.status`), unread: the live rules check it. */
  onLiveStatus?(status: unknown): void;
  /** The run of show after every applied update (issue 25 `rundown.updated`; producers only). */
  onRundown?(rundown: WireRundown): void;
}

export function openStudioSocket(o: StudioSocketOptions) {
  return openSocket({
    ...connection(o),
    register: () => ({ type: 'register', channel: o.channel, ...o.credentials() }),
    isRegistered: (f) => f.type === 'registered',
    onFrame(f) {
      // `registered` carries the channel as it was when this socket joined: an update applied between the
      // page's first read and its first registration reaches it only this way (no resync on a first connect).
      if ((f.type === 'channel.updated' || f.type === 'registered') && typeof f.channel === 'object' && f.channel !== null) return o.onChannel(f.channel as WireChannel);
      if (f.type === 'live.status') return o.onLiveStatus?.(f.status);
      if (f.type === 'rundown.updated' && typeof f.rundown === 'object' && f.rundown !== null) return o.onRundown?.(f.rundown as WireRundown);
    },
  });
}
