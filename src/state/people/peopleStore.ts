/**
 * The attendees and their presence (§4), fed by roster updates (§7 Event_Roster). Removing an
 * attendee is the kick-out call, applied at once and undone if the call fails (§8).
 */
import { create } from 'zustand';
import { log } from '../../log';
import { backend } from '../backend';
import { describeFailure } from '../polls/failure';
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
  /** Remove guest (§2): the kick-out call; the attendee is back in place if it fails. */
  async remove(id: string): Promise<boolean> {
    const index = usePeopleStore.getState().attendees.findIndex((a) => a.id === id);
    const before = usePeopleStore.getState().attendees[index];
    if (!before) return false;
    usePeopleStore.setState((s) => ({ attendees: s.attendees.filter((a) => a.id !== id) }));
    try {
      await backend().people.kickOut('attendee', id);
      return true;
    } catch (e) {
      log.warn('people', `kick out of ${before.name} failed: ${describeFailure(e)}`);
      usePeopleStore.setState((s) => (s.attendees.some((a) => a.id === id) ? s : { attendees: [...s.attendees.slice(0, index), before, ...s.attendees.slice(index)] }));
      return false;
    }
  },
};
