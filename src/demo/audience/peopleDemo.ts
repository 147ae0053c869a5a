/**
 * The demo's attendees (§1: a simulated audience): some already joined, more arriving at a seeded
 * pace, a few leaving. The media roster is reported every couple of seconds; presence (§4: absent
 * over 5 s → out of roster) and the 5 s cleanup run on the same timer.
 */
import { ROSTER_CLEANUP_MS } from '../../state/people/limits';
import type { Participant } from '../../state/people/people';
import { peopleActions, usePeopleStore } from '../../state/people/peopleStore';
import { createRandom } from './pollsQnaRandom';
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

function attendee(i: number, joinTime: number): Participant {
  return {
    id: `attendee-${String(i + 1).padStart(3, '0')}-demo`,
    name: ATTENDEE_NAMES[i % ATTENDEE_NAMES.length]!,
    role: 'Attendee',
    joinTime,
    isSelf: false,
    inParticipantRoster: true,
    lastSeen: joinTime,
    audioMute: true,
    videoMute: true,
    audioHardMute: false,
    videoHardMute: false,
  };
}

export function startPeopleDemo({ seed = 11, now = Date.now, timer = realTimer }: { seed?: number; now?: () => number; timer?: DemoTimer } = {}): () => void {
  const random = createRandom(seed);
  const start = now();
  peopleActions.setAttendees(Array.from({ length: INITIAL_ATTENDEES }, (_, i) => attendee(i, start - (INITIAL_ATTENDEES - i) * 45_000)));
  let next = INITIAL_ATTENDEES;
  const present = new Set(usePeopleStore.getState().attendees.map((a) => a.id));
  const { every, stop } = createRepeater(timer, random);
  every([3000, 7000], () => {
    if (next >= ATTENDEE_NAMES.length) return;
    const p = attendee(next++, now());
    present.add(p.id);
    peopleActions.join(p);
  });
  every([9000, 16000], () => {
    const leaving = random.pick([...present]);
    if (leaving) present.delete(leaving);
  });
  every([ROSTER_REPORT_MS, ROSTER_REPORT_MS], () => peopleActions.rosterUpdate(present, now()));
  every([ROSTER_CLEANUP_MS, ROSTER_CLEANUP_MS], () => peopleActions.cleanup());
  return stop;
}
