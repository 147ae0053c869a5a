/** The demo implementation of the session: built-in data, no server fetch (§1). */
import { log } from '../log';
import { realWait } from '../lib/clock';
import type { Connection, StudioSession } from '../state/session';
import { DEMO_CHANNEL, DEMO_CONNECT_LATENCY_MS, DEMO_EVENT_INFORMATION, DEMO_FIXED_CODE, DEMO_USER } from './demoData';
import { demoStage } from './demoStage';

export interface DemoSessionOptions {
  latencyMs?: number;
  wait?: (ms: number) => Promise<void>;
}


export function createDemoSession({ latencyMs = DEMO_CONNECT_LATENCY_MS, wait = realWait }: DemoSessionOptions = {}): StudioSession {
  return {
    capabilities: { goLive: false },
    goLive: () => Promise.reject(new Error('The instant demo cannot go live')),
    stopLive: () => Promise.reject(new Error('The instant demo cannot go live')),
    currentUser: () => DEMO_USER,
    upcomingEventTitle: () => DEMO_EVENT_INFORMATION.eventTitle,
    async connect(code: string): Promise<Connection> {
      await wait(latencyMs);
      log.info('demo', `joined demo event ${DEMO_EVENT_INFORMATION.eventId} with code ${DEMO_FIXED_CODE}${code}`);
      return { user: DEMO_USER, eventInformation: { ...DEMO_EVENT_INFORMATION }, channel: { ...DEMO_CHANNEL }, stage: demoStage(DEMO_USER) };
    },
    async leave() {
      log.info('demo', 'left the demo meeting');
    },
  };
}
