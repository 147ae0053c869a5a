/**
 * The demo's channel API (§7 Channel). Saves are kept in memory for the test surface and relayed to
 * the demo studios open in other tabs of this browser (a BroadcastChannel stands in for the studio
 * server's channel updates), so two tabs act as two producers of one channel: each applies the
 * other's edits by the §4 origin rule, and ignores its own.
 */
import { log } from '../log';
import type { ChannelBody } from '../../compositor/model/types';
import type { RelayChannelService } from '../state/backend';

/** What the demo "channel server" received: how many saves, and the last body. */
export const demoChannelServer = { saves: 0, last: null as ChannelBody | null };

export const DEMO_CHANNEL_RELAY = 'studio-demo-channel';
type Relayed = { uuid: string; body: ChannelBody };
const relay = () => (typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(DEMO_CHANNEL_RELAY));

export function createDemoChannel(): RelayChannelService {
  let outbox: BroadcastChannel | null = null;
  return {
    kind: 'relay',
    async save(uuid, body) {
      demoChannelServer.saves += 1;
      demoChannelServer.last = body;
      outbox ??= relay();
      outbox?.postMessage({ uuid, body } satisfies Relayed);
      log.info('demo', `channel ${uuid} saved (${JSON.parse(body.updateReason)?.action ?? 'load'})`);
    },
    subscribe(uuid, onUpdate) {
      const inbox = relay();
      if (!inbox) return () => undefined;
      inbox.onmessage = (e: MessageEvent<Relayed>) => e.data?.uuid === uuid && onUpdate(e.data.body);
      return () => inbox.close();
    },
  };
}
