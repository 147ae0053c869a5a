/** The demo implementation of the session: built-in data, no server fetch (§1). */
import { log } from '../log';
import type { ChannelBody } from '../../compositor/model/types';
import type { Connection, StudioSession } from '../services/types';
import { VOLUME_SAMPLE_MS } from '../lib/limits';
import { DEMO_CHANNEL, DEMO_CONNECT_LATENCY_MS, DEMO_EVENT_INFORMATION, DEMO_FIXED_CODE, DEMO_USER } from './demoData';
import { createSpeakingSimulator, DEMO_GUESTS } from './demoGuests';
import { demoStage } from './demoStage';
import { startPollsQnaDemo } from './audience/pollsQnaDemo';
import { startPeopleDemo } from './audience/peopleDemo';
import { startChatDemo } from './audience/chatDemo';

export interface DemoSessionOptions {
  latencyMs?: number;
  wait?: (ms: number) => Promise<void>;
}

const realWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What the demo "channel server" received: the last saved body per channel, for the test surface. */
export const demoChannelServer = { saves: 0, last: null as ChannelBody | null };

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
    async saveChannel(uuid, body) {
      demoChannelServer.saves += 1;
      demoChannelServer.last = body;
      log.info('demo', `channel ${uuid} saved (${JSON.parse(body.updateReason)?.action ?? 'load'})`);
    },
    startAudience(info) {
      const stops = [startPollsQnaDemo({ autoApprove: info.qnaAutoApprove }), startPeopleDemo(), startChatDemo()];
      return () => stops.forEach((stop) => stop());
    },
    subscribeAudioLevels(listener) {
      const simulator = createSpeakingSimulator(7, DEMO_GUESTS.map((g) => g.id));
      const start = Date.now();
      const timer = setInterval(() => listener(simulator.levelsAt(Date.now() - start)), VOLUME_SAMPLE_MS);
      return () => clearInterval(timer);
    },
  };
}
