/**
 * The instant demo as a Backend (§1: built-in data, no server): the demo session and channel, the
 * audience's services, and a simulated audience whose events go to the dispatcher it is given.
 */
import type { Backend } from '../state/backend';
import { VOLUME_SAMPLE_MS } from '../lib/limits';
import { log } from '../log';
import { createChatDemo } from './audience/chatDemo';
import { createDemoPeopleService, startPeopleDemo } from './audience/peopleDemo';
import { demoQuestions } from './audience/pollsQnaData';
import { createDemoPollsQnaService } from './audience/pollsQnaService';
import { DEMO_AUDIENCE_SEED, startPollsQnaSimulation } from './audience/pollsQnaSimulator';
import { realTimer, type DemoTimer } from './audience/pollsQnaTimer';
import { createDemoAssets } from './demoAssets';
import { createDemoChannel } from './demoChannel';
import { createDemoRundown } from './demoRundown';
import { createSpeakingSimulator, DEMO_GUESTS } from './demoGuests';
import { createDemoSession, type DemoSessionOptions } from './demoSession';

export interface DemoBackendOptions extends DemoSessionOptions {
  now?: () => number;
  schedule?: DemoTimer;
}

export function createDemoBackend({ now = Date.now, schedule = realTimer, ...sessionOptions }: DemoBackendOptions = {}): Backend {
  const chat = createChatDemo({ now, schedule });
  const pollsQna = createDemoPollsQnaService({ now, schedule, questions: demoQuestions(now()) });
  const channel = createDemoChannel();
  return {
    session: createDemoSession(channel, sessionOptions),
    channel,
    rundown: createDemoRundown(),
    chat: chat.service,
    polls: pollsQna.polls,
    qna: pollsQna.qna,
    people: createDemoPeopleService({ schedule }),
    assets: createDemoAssets(schedule),
    meeting: {
      subscribeAudioLevels(listener) {
        const simulator = createSpeakingSimulator(7, DEMO_GUESTS.map((g) => g.id));
        const start = Date.now();
        const timer = setInterval(() => listener(simulator.levelsAt(Date.now() - start)), VOLUME_SAMPLE_MS);
        return () => clearInterval(timer);
      },
      // The demo has no playout: the shared video's events are only logged.
      reportSharedVideo: async (event) => log.info('sharedVideo', `${event.state} ${event.contentId} at ${event.seek.toFixed(1)} s`),
      startAudience(info, dispatch) {
        const stops = [
          chat.start(dispatch),
          startPollsQnaSimulation({ seed: DEMO_AUDIENCE_SEED, now, schedule, autoApprove: info.qnaAutoApprove, audience: pollsQna.audience(dispatch) }),
          startPeopleDemo({ emit: dispatch, now, timer: schedule }),
        ];
        return () => stops.forEach((stop) => stop());
      },
    },
  };
}
