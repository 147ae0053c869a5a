/** Backend mode's channel (the SyncChannelService of the Backend port) over the channel client and the studio socket. */
import type { ChannelBody } from '../../../compositor/model/types';
import { keyedFromBody } from '../../../compositor/sync';
import type { ChannelClient, WireChannel } from '../../api/channel';
import { openStudioSocket } from '../../realtime/studioSocket';
import { socketUrl } from '../../realtime/socket';
import type { SyncChannelService, SyncedChannel } from '../../state/backend';
import { errorMessage } from '../../log';
import type { EventSockets } from './sockets';

/** The §7 body of a channel answer, without the fields that are not the body's. */
export function bodyOf(w: WireChannel): ChannelBody {
  return {
    layers: Array.isArray(w.layers) ? w.layers : [],
    name: w.name,
    layout: w.layout,
    brandSettings: w.brandSettings,
    templateUrl: w.templateUrl ?? '',
    templateAttributes: w.templateAttributes,
    producerOrder: w.producerOrder,
    updateReason: w.updateReason,
  };
}

/** The server's own keyed map when it sends one (its key order is the one every producer must share), else read from the body. */
export function synced(w: WireChannel): SyncedChannel {
  const body = bodyOf(w);
  const keyed = w.keyed && typeof w.keyed === 'object' ? w.keyed : keyedFromBody(body);
  return { body, server: { version: Number(w.version) || 0, applied: w.applied ?? {}, keyed } };
}

export interface ServerChannelOptions {
  channels: ChannelClient;
  studioApi: string;
  sockets: () => EventSockets | null;
  selfWireId: () => string;
}

export function createServerChannel({ channels, studioApi, sockets, selfWireId }: ServerChannelOptions): SyncChannelService {
  return {
    kind: 'sync',
    push: async (uuid, body, update, opts) => synced(await channels.save(uuid, body, update, opts)),
    resync: async (uuid) => synced(await channels.resync(uuid)),
    subscribe(uuid, on) {
      const s = sockets();
      s?.onChannel((w) => w.uuid === uuid && on.channel(synced(w)));
      s?.onReconnected(on.reconnected);
      return () => {
        s?.onChannel(null);
        s?.onReconnected(null);
      };
    },
    selfWireId,
    rotateOutputToken: async (uuid) => (await channels.rotateOutputToken(uuid)).outputToken,
    followReadOnly(uuid, outputToken, on) {
      let stopped = false;
      const refuse = (message: string) => !stopped && on.refused(message);
      void channels.getWithOutputToken(uuid, outputToken).then(
        (w) => !stopped && on.channel(bodyOf(w)),
        (error: unknown) => refuse(errorMessage(error)),
      );
      const socket = openStudioSocket({
        url: socketUrl(`${studioApi.replace(/\/$/, '')}/websocket`),
        channel: uuid,
        credentials: () => ({ outputToken }),
        onChannel: (w) => !stopped && on.channel(bodyOf(w)),
        onStudioState: () => undefined,
        onRefused: () => refuse('This output link is no longer valid.'),
        // A reconnect may have missed updates: read the channel again.
        onReconnected: () => void channels.getWithOutputToken(uuid, outputToken).then((w) => !stopped && on.channel(bodyOf(w)), () => undefined),
      });
      return () => {
        stopped = true;
        socket.close();
      };
    },
  };
}
