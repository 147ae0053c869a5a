/** The demo implementation of the session: built-in data, no server fetch (§1). */
import { log } from '../log';
import { realWait } from '../lib/clock';
import type { ChannelService } from '../state/backend';
import type { ChannelStage, Connection, StudioSession } from '../state/session';
import { docFromWire } from '../services/channel/wireIds';
import { DEMO_CHANNEL, DEMO_EVENT_INFORMATION, DEMO_FIXED_CODE, DEMO_USER } from './demoData';
import { demoStage } from './demoStage';

export interface DemoSessionOptions {
  /** A connect held this long (tests of the connecting phase); the demo connects as soon as its room answers. */
  latencyMs?: number;
  wait?: (ms: number) => Promise<void>;
}

/**
 * The stage on joining: the channel as the demo's room has it when another tab already runs it, over
 * the demo's own cards; the sample stage when this is the first tab (it becomes the first edit).
 */
async function joinStage(channel: ChannelService): Promise<ChannelStage> {
  const server = await channel.resync(DEMO_CHANNEL.uuid);
  const sample = demoStage(DEMO_USER).doc;
  return { doc: server.version === 0 ? sample : docFromWire(server.keyed, sample, channel.selfWireId()), server };
}

export function createDemoSession(channel: ChannelService, { latencyMs, wait = realWait }: DemoSessionOptions = {}): StudioSession {
  return {
    capabilities: { goLive: false, joinFailureDialog: false },
    goLive: () => Promise.reject(new Error('The instant demo cannot go live')),
    stopLive: () => Promise.reject(new Error('The instant demo cannot go live')),
    currentUser: () => DEMO_USER,
    upcomingEventTitle: () => DEMO_EVENT_INFORMATION.eventTitle,
    // The demo's room is joined during the device check: its election (another tab may host it) is over by ENTER STUDIO.
    warmUp: () => void channel.resync(DEMO_CHANNEL.uuid).catch(() => undefined),
    async connect(code: string): Promise<Connection> {
      const [stage] = await Promise.all([joinStage(channel), latencyMs ? wait(latencyMs) : undefined]);
      log.info('demo', `joined demo event ${DEMO_EVENT_INFORMATION.eventId} with code ${DEMO_FIXED_CODE}${code}`);
      return { user: DEMO_USER, eventInformation: { ...DEMO_EVENT_INFORMATION }, channel: { ...DEMO_CHANNEL }, stage };
    },
    async leave() {
      log.info('demo', 'left the demo meeting');
    },
  };
}
