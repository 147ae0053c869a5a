/** The demo's channel API (§7 Channel): saves are kept in memory for the test surface. */
import { log } from '../log';
import type { ChannelBody } from '../../compositor/model/types';
import type { ChannelService } from '../state/backend';

/** What the demo "channel server" received: how many saves, and the last body. */
export const demoChannelServer = { saves: 0, last: null as ChannelBody | null };

export function createDemoChannel(): ChannelService {
  return {
    async save(uuid, body) {
      demoChannelServer.saves += 1;
      demoChannelServer.last = body;
      log.info('demo', `channel ${uuid} saved (${JSON.parse(body.updateReason)?.action ?? 'load'})`);
    },
    // This page is the demo channel's only producer: no update ever comes from elsewhere.
    subscribe(uuid) {
      log.info('demo', `following channel ${uuid}`);
      return () => log.info('demo', `stopped following channel ${uuid}`);
    },
  };
}
