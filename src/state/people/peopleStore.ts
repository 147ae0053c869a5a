/** The attendees and their presence (§4), fed by the roster (demo: a simulated audience). */
import { create } from 'zustand';
import { cleanupRoster, markPresence, type Participant } from './people';

export interface PeopleState {
  attendees: Participant[];
}

export const usePeopleStore = create<PeopleState>()(() => ({ attendees: [] }));

export const peopleActions = {
  setAttendees(attendees: Participant[]): void {
    usePeopleStore.setState({ attendees });
  },
  /** A roster update: who the media roster lists right now. New ids are added by `join`. */
  rosterUpdate(ids: ReadonlySet<string>, now: number): void {
    usePeopleStore.setState((s) => ({ attendees: markPresence(s.attendees, ids, now) }));
  },
  join(p: Participant): void {
    usePeopleStore.setState((s) => (s.attendees.some((a) => a.id === p.id) ? s : { attendees: [...s.attendees, p] }));
  },
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
