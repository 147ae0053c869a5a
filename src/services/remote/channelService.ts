/** Backend mode's channel (the ChannelService of the Backend port) over the channel client and the studio socket. */
import type { ServerChannel } from '../../../compositor/sync';
import type { ChannelClient, WireChannel } from '../../api/channel';
import { openStudioSocket } from '../../realtime/studioSocket';
import { socketUrl } from '../../realtime/socket';
import type { ChannelService } from '../../state/backend';
import { errorMessage } from '../../log';
import type { EventSockets } from './sockets';

/** The room's channel (or rundown) of an answer: the server's own keyed map (its key order is the one every producer must share). */
export function serverChannelOf(w: Pick<WireChannel, 'version' | 'applied' | 'keyed'>): ServerChannel {
  return { version: Number(w.version) || 0, applied: w.applied ?? {}, keyed: w.keyed && typeof w.keyed === 'object' ? w.keyed : {} };
}

export interface ServerChannelOptions {
  channels: ChannelClient;
  studioApi: string;
  sockets: () => EventSockets | null;
  selfWireId: () => string;
}

export function createServerChannel({ channels, studioApi, sockets, selfWireId }: ServerChannelOptions): ChannelService {
  return {
    push: async (uuid, update, { body, keepalive }) => serverChannelOf(await channels.save(uuid, body, update, { keepalive })),
    resync: async (uuid) => serverChannelOf(await channels.resync(uuid)),
    subscribe(uuid, on) {
      const s = sockets();
      s?.onChannel((w) => w.uuid === uuid && on.doc(serverChannelOf(w)));
      s?.onReconnected(on.reconnected);
      return () => {
        s?.onChannel(null);
        s?.onReconnected(null);
      };
    },
    selfWireId,
    rotateOutputToken: async (uuid) => (await channels.rotateOutputToken(uuid)).outputToken,
    followReadOnly(link, on) {
      if (!link?.token) {
        on.refused(null);
        return () => undefined;
      }
      const { channel: uuid, token: outputToken } = link;
      let stopped = false;
      const refuse = (message: string) => !stopped && on.refused(message);
      void channels.getWithOutputToken(uuid, outputToken).then(
        (w) => !stopped && on.channel(serverChannelOf(w)),
        (error: unknown) => refuse(errorMessage(error)),
      );
      const socket = openStudioSocket({
        url: socketUrl(`${studioApi.replace(/\/$/, '')}/websocket`),
        channel: uuid,
        credentials: () => ({ outputToken }),
        onChannel: (w) => !stopped && on.channel(serverChannelOf(w)),
        onRefused: () => refuse('This output link is no longer valid.'),
        // A reconnect may have missed updates: read the channel again.
        onReconnected: () => void channels.getWithOutputToken(uuid, outputToken).then((w) => !stopped && on.channel(serverChannelOf(w)), () => undefined),
      });
      return () => {
        stopped = true;
        socket.close();
      };
    },
  };
}
