/** The attendees and their presence (§4), fed by roster updates (§7 Event_Roster). */
import { create } from 'zustand';
import { cleanupRoster, markPresence, type Participant, type RosterEntry } from './people';

export interface PeopleState {
  attendees: Participant[];
}

export const usePeopleStore = create<PeopleState>()(() => ({ attendees: [] }));

const joined = (e: RosterEntry, now: number): Participant => ({
  audioMute: true,
  videoMute: true,
  audioHardMute: false,
  videoHardMute: false,
  ...e,
  isSelf: false,
  inParticipantRoster: true,
  lastSeen: now,
});

export const peopleActions = {
  /** Replaces the list (a roster fetch; empty on leaving). */
  setAttendees(attendees: Participant[]): void {
    usePeopleStore.setState({ attendees });
  },
  /**
   * A roster update: who the media roster lists right now. Attendees not known yet join; the
   * others are seen, or marked out after 5 s unlisted (§4). Presenters are the stage's cards.
   */
  roster(entries: readonly RosterEntry[], now: number): void {
    usePeopleStore.setState((s) => {
      const known = new Set(s.attendees.map((a) => a.id));
      const arrivals = entries.filter((e) => e.role === 'Attendee' && !known.has(e.id)).map((e) => joined(e, now));
      return { attendees: markPresence([...s.attendees, ...arrivals], new Set(entries.map((e) => e.id)), now) };
    });
  },
  /** §4 cleanup: frees the attendees out of the roster. */
  cleanup(): void {
    usePeopleStore.setState((s) => {
      const attendees = cleanupRoster(s.attendees);
      return attendees === s.attendees ? s : { attendees };
    });
  },
  remove(id: string): void {
    usePeopleStore.setState((s) => ({ attendees: s.attendees.filter((a) => a.id !== id) }));
  },
};
