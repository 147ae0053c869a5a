/**
 * The attendees and their presence (§4), fed by roster updates (§7 Event_Roster). Removing an
 * attendee or a presenter is applied here at once; the kick-out call, and the rollback if it
 * fails (§8), are src/services/people/moderation.ts.
 */
import { create } from 'zustand';
import type { Rollback } from '../remoteList';
import { cleanupRoster, markPresence, withRosterEntry, type Participant, type RaisedHand, type RosterEntry } from './people';

export interface PeopleState {
  /** The attendees the newest audience report listed (at most attendeePushLimit: the newest) and the ones out of it not yet freed. */
  attendees: Participant[];
  /** How many attendees are present, all of them (the report's count): the list may hold only the newest. */
  attendeeCount: number;
  /** Presenters in the meeting (backend mode): panelists and other producers, each on a producer card. */
  presenters: Participant[];
  /** Who the newest roster update listed: presence is marked against it at every cleanup too. */
  listed: ReadonlySet<string>;
  /** Raised hands of attendees present, oldest first (at most attendeePushLimit), and how many there are (issue 32). */
  hands: RaisedHand[];
  handCount: number;
}

const empty = (): PeopleState => ({ attendees: [], attendeeCount: 0, presenters: [], listed: new Set<string>(), hands: [], handCount: 0 });

export const usePeopleStore = create<PeopleState>()(empty);

/** Presenters the host removed: a roster sent before the removal reached the server does not bring them back. */
const removed = new Set<string>();

/** Presenters after a roster update: known ones updated, new ones joined, all marked present or not. */
function rosterPresenters(list: readonly Participant[], entries: readonly RosterEntry[], now: number): Participant[] {
  const byId = new Map(entries.filter((e) => e.role !== 'Attendee' && e.participantId && !removed.has(e.id)).map((e) => [e.id, e]));
  const known = list.map((p) => (byId.has(p.id) ? withRosterEntry(p, byId.get(p.id)!) : p));
  const ids = new Set(list.map((p) => p.id));
  const arrivals = [...byId.values()].filter((e) => !ids.has(e.id)).map((e) => joined(e, now));
  return markPresence([...known, ...arrivals], new Set(byId.keys()), now);
}

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
  /** Replaces the list (a roster fetch; empty on leaving), and the count with it unless given. */
  setAttendees(attendees: Participant[], count = attendees.length): void {
    usePeopleStore.setState({ attendees, attendeeCount: count });
  },
  /**
   * An interactive roster update (§7 Event_Roster): who the media roster lists right now. Presenters
   * are the stage's cards; attendees are never on it (their presence is attendeeRoster's).
   */
  roster(entries: readonly RosterEntry[], now: number): void {
    usePeopleStore.setState((s) => ({ presenters: rosterPresenters(s.presenters, entries, now), listed: new Set(entries.map((e) => e.id)) }));
  },
  /**
   * An audience report (Event_Attendees): the attendees present now (the newest, up to the push
   * limit) and how many there are. Attendees not known yet join; the others are seen, or marked out
   * after 5 s unlisted and freed at the next cleanup (§4).
   */
  attendeeRoster(entries: readonly RosterEntry[], count: number, now: number, hands?: { hands: RaisedHand[]; count: number }): void {
    usePeopleStore.setState((s) => {
      const known = new Set(s.attendees.map((a) => a.id));
      const arrivals = entries.filter((e) => e.role === 'Attendee' && !known.has(e.id)).map((e) => joined(e, now));
      return {
        attendees: markPresence([...s.attendees, ...arrivals], new Set(entries.map((e) => e.id)), now),
        attendeeCount: count,
        ...(hands ? { hands: hands.hands, handCount: hands.count } : {}),
      };
    });
  },
  /** A hand lowered here (a moderator's action): off the list now; the rollback puts it back if the call fails. */
  takeDownHand(id: string): Rollback | null {
    const before = usePeopleStore.getState();
    if (!before.hands.some((h) => h.id === id)) return null;
    usePeopleStore.setState((s) => ({ hands: s.hands.filter((h) => h.id !== id), handCount: Math.max(0, s.handCount - 1) }));
    return () => usePeopleStore.setState((s) => (s.hands.some((h) => h.id === id) ? s : { hands: before.hands, handCount: before.handCount }));
  },
  /**
   * §4 cleanup (every 5 s): frees the attendees out of the roster, and the presenters the newest
   * roster has not listed for over 5 s (their cards are freed with them).
   */
  cleanup(now = Date.now()): void {
    usePeopleStore.setState((s) => {
      const attendees = cleanupRoster(s.attendees);
      const presenters = cleanupRoster(markPresence(s.presenters, s.listed, now));
      return attendees === s.attendees && presenters.length === s.presenters.length && presenters.every((p, i) => p === s.presenters[i]) ? s : { attendees, presenters };
    });
  },
  /** A presenter removed by the host: off the list now (and their card with them); returns who it was. */
  forgetPresenter(guid: string): Participant | null {
    removed.add(guid);
    const gone = usePeopleStore.getState().presenters.find((p) => p.id === guid) ?? null;
    if (gone) usePeopleStore.setState((s) => ({ presenters: s.presenters.filter((p) => p.id !== guid) }));
    return gone;
  },
  /** The removal failed: the presenter is back. */
  restorePresenter(p: Participant): void {
    removed.delete(p.id);
    usePeopleStore.setState((s) => (s.presenters.some((q) => q.id === p.id) ? s : { presenters: [...s.presenters, p] }));
  },
  /** Leaving the event: nobody is known any more. */
  reset(): void {
    removed.clear();
    usePeopleStore.setState(empty());
  },
  /** Remove guest (§2): off the list now; returns who it was and the rollback (back in place), or null if unknown. */
  takeOutAttendee(id: string): { attendee: Participant; rollback: Rollback } | null {
    const index = usePeopleStore.getState().attendees.findIndex((a) => a.id === id);
    const attendee = usePeopleStore.getState().attendees[index];
    if (!attendee) return null;
    usePeopleStore.setState((s) => ({ attendees: s.attendees.filter((a) => a.id !== id) }));
    const rollback = () => usePeopleStore.setState((s) => (s.attendees.some((a) => a.id === id) ? s : { attendees: [...s.attendees.slice(0, index), attendee, ...s.attendees.slice(index)] }));
    return { attendee, rollback };
  },
};
