/** Backend mode's rundown (the RundownService of the Backend port, issue 25) over the channel client and the studio socket. */
import type { ChannelClient } from '../../api/channel';
import type { RundownService } from '../../state/backend';
import { serverChannelOf as serverRundownOf } from './channelService';
import type { EventSockets } from './sockets';

export function createServerRundown({ channels, sockets }: { channels: ChannelClient; sockets: () => EventSockets | null }): RundownService {
  return {
    push: async (uuid, update, opts) => serverRundownOf(await channels.saveRundown(uuid, update, opts)),
    resync: async (uuid) => serverRundownOf(await channels.rundown(uuid)),
    subscribe(uuid, on) {
      const s = sockets();
      s?.onRundown({ rundown: (w) => w.uuid === uuid && on.doc(serverRundownOf(w)), reconnected: on.reconnected });
      return () => s?.onRundown(null);
    },
  };
}
