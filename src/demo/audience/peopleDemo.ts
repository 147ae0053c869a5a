/**
 * The demo's attendees (§1: a simulated audience): some already joined, more arriving at a seeded
 * pace, a few leaving. Like the studio backend it reports who is present (Event_Attendees) every
 * couple of seconds and on each arrival; presence and cleanup (§4) are the studio's to keep.
 */
import { log } from '../../log';
import type { RosterEntry } from '../../state/people/people';
import type { PeopleService } from '../../state/people/service';
import type { Dispatch } from '../../state/realtimeEvent';
import { DEMO_CALL_LATENCY_MS } from './pollsQnaService';
import { createRandom } from '../../lib/random';
import { realTimer, type DemoTimer } from './pollsQnaTimer';
import { createRepeater } from './repeater';

export const ATTENDEE_NAMES = [
  'Ava Thompson', 'Noah Fischer', 'Mia Rossi', 'Liam Novak', 'Zoe Martin', 'Ethan Park', 'Chloe Dubois', 'Lucas Silva', 'Isla MacLeod', 'Mateo Garcia',
  'Hannah Schmidt', 'Omar Haddad', 'Yuki Tanaka', 'Priya Nair', 'Leo Bianchi', 'Sara Lindqvist', 'Kwame Mensah', 'Elena Petrova', 'Daniel Cohen', 'Aisha Bello',
  'Tom Walker', 'Nina Kowalski', 'Ravi Kapoor', 'Grace Kim', 'Felix Wagner', 'Lina Haddad', 'Jonas Berg', 'Emma Laurent', 'Diego Torres', 'Sofia Alvarez',
  'Ben Carter', 'Maya Levi', 'Oscar Nilsson', 'Ines Moreau', 'Jack Byrne', 'Amelia Hughes', 'Arjun Mehta', 'Clara Vogel', 'Hugo Lefevre', 'Fatima Zahra',
];

const INITIAL_ATTENDEES = 24;
const ROSTER_REPORT_MS = 2000;

const attendee = (i: number, joinTime: number): RosterEntry => ({
  id: `attendee-${String(i + 1).padStart(3, '0')}-demo`,
  name: ATTENDEE_NAMES[i % ATTENDEE_NAMES.length]!,
  role: 'Attendee',
  joinTime,
  audioMute: true,
  videoMute: true,
});

export function startPeopleDemo({ emit, seed = 11, now = Date.now, timer = realTimer }: { emit: Dispatch; seed?: number; now?: () => number; timer?: DemoTimer }): () => void {
  const random = createRandom(seed);
  const start = now();
  const present = new Map<string, RosterEntry>();
  for (let i = 0; i < INITIAL_ATTENDEES; i++) {
    const p = attendee(i, start - (INITIAL_ATTENDEES - i) * 45_000);
    present.set(p.id, p);
  }
  const report = () => emit({ type: 'Event_Attendees', participants: [...present.values()], count: present.size });
  report();
  let next = INITIAL_ATTENDEES;
  const { every, stop } = createRepeater(timer, random);
  every([3000, 7000], () => {
    if (next >= ATTENDEE_NAMES.length) return;
    const p = attendee(next++, now());
    present.set(p.id, p);
    report();
  });
  every([9000, 16000], () => {
    const leaving = random.pick([...present.keys()]);
    if (leaving) present.delete(leaving);
  });
  every([ROSTER_REPORT_MS, ROSTER_REPORT_MS], report);
  return stop;
}

/** The demo's moderator actions: nobody is really there to mute or remove, so each simply succeeds. */
export function createDemoPeopleService({ schedule = realTimer, latencyMs = DEMO_CALL_LATENCY_MS }: { schedule?: DemoTimer; latencyMs?: number } = {}): PeopleService {
  const done = (what: string) =>
    new Promise<void>((resolve) =>
      schedule.setTimeout(() => {
        log.info('demo', what);
        resolve();
      }, latencyMs),
    );
  return {
    rename: (guid, name) => done(`renamed ${guid} to ${name}`),
    muteAll: (mute) => done(`${mute ? 'muted' : 'unmuted'} all presenters`),
    muteEndpoint: (guid, media, mode) => done(`${media} of ${guid}: ${mode}`),
    voiceProcessing: (guid, on) => done(`noise cancellation of ${guid} ${on ? 'on' : 'off'}`),
    kickOut: (type, guid) => done(`removed ${type} ${guid}`),
    // The demo's simulated audience does not raise hands (its event has raiseHandEnabled off), so nothing offers these.
    lowerHand: () => Promise.reject(new Error('Nobody in the demo raises a hand')),
    inviteOnStage: () => Promise.reject(new Error('Nobody in the demo raises a hand')),
  };
}
