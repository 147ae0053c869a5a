/**
 * The instant demo as a Backend (§1: built-in data, no server): the demo session and channel, the
 * audience's services, and a simulated audience whose events go to the dispatcher it is given. The
 * audience host (issue 32) stands between them: it hears what the moderator does to chat, polls,
 * questions and attendees, and lets attendee pages in this browser's other tabs take part beside the simulation.
 */
import type { Backend } from '../state/backend';
import { VOLUME_SAMPLE_MS } from '../lib/limits';
import { log } from '../log';
import type { AttendeeHost } from './audience/attendeeHost';
import { hostDemoAttendees } from './audience/attendeeHosting';
import { moderatedQna } from './audience/attendeeQnaHost';
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
import { DEMO_SHARING_URL } from './demoData';

export interface DemoBackendOptions extends DemoSessionOptions {
  now?: () => number;
  schedule?: DemoTimer;
}

export function createDemoBackend({ now = Date.now, schedule = realTimer, ...sessionOptions }: DemoBackendOptions = {}): Backend {
  // While the studio is in the event: the attendee pages' host (what the moderator does reaches them).
  let host: AttendeeHost | null = null;
  const chat = createChatDemo({ now, schedule, onSent: (message) => host?.moderatorSent(message) ?? false });
  const pollsQna = createDemoPollsQnaService({ now, schedule, questions: demoQuestions(now()) });
  const people = createDemoPeopleService({ schedule });
  const channel = createDemoChannel();
  return {
    session: createDemoSession(channel, sessionOptions),
    channel,
    rundown: createDemoRundown(),
    chat: { ...chat.service, delete: (id) => chat.service.delete(id).then(() => host?.deleted(id)) },
    polls: { ...pollsQna.polls, manage: (pollGuid, action) => pollsQna.polls.manage(pollGuid, action).then(() => host?.pollChanged()) },
    qna: moderatedQna(pollsQna.qna, pollsQna.questionList, (before, after) => host?.qnaChanged(before, after)),
    people: { ...people, kickOut: (type, guid) => people.kickOut(type, guid).then(() => void (type === 'attendee' && host?.remove(guid))) },
    attendeeViewPath: `watch/${encodeURIComponent(DEMO_SHARING_URL)}`,
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
        const hosting = hostDemoAttendees({ info, dispatch, polls: pollsQna.pollList, questions: pollsQna.questionList, pollsAudience: pollsQna.audience, now });
        host = hosting.host;
        // The simulated audience's events pass through the host: its roster reports gain the real attendees.
        const emit = hosting.host.through;
        const stops = [
          chat.start(emit),
          startPollsQnaSimulation({ seed: DEMO_AUDIENCE_SEED, now, schedule, autoApprove: info.qnaAutoApprove, audience: pollsQna.audience(emit) }),
          startPeopleDemo({ emit, now, timer: schedule }),
          hosting.stop,
        ];
        return () => {
          stops.forEach((stop) => stop());
          host = null;
        };
      },
    },
  };
}
