/**
 * When the producers hear about the audience again (§3 systemParams attendeePushLimit 100 and
 * attendeePushDiff 25, issue 32). Up to the push limit every change is pushed (the list is the whole
 * audience). Past it the list is only the newest attendees, so a push waits until at least
 * ATTENDEE_PUSH_DIFF attendees came or went since the last one, or ATTENDEE_PUSH_STALE_MS passed
 * after a smaller change; a raised hand, lowered hand or invitation is pushed at once.
 */

import type { Queryable } from '../db/adapter';
import { attendeeRoster, raisedHands, type RaisedHand, type RosterEntry } from '../cluster/presence';

/** §3 systemParams attendeePushLimit: the newest attendees each push lists. */
export const ATTENDEE_PUSH_LIMIT = 100;
/** §3 systemParams attendeePushDiff: past the limit, this many attendees come or go before the next push. */
export const ATTENDEE_PUSH_DIFF = 25;
/** Ours: a smaller change past the limit is pushed after this long (the count is never older). */
export const ATTENDEE_PUSH_STALE_MS = 10_000;

export interface AttendeeReport {
  /** The ids the push lists (the newest attendees). */
  ids: ReadonlySet<string>;
  count: number;
  /** The raised hands as the push carries them, comparable as text. */
  hands: string;
}

export interface SentReport extends AttendeeReport {
  at: number;
}

/** How many attendees came or went between two reports, as far as they show it. */
export function attendeesChanged(last: AttendeeReport, next: AttendeeReport): number {
  let arrived = 0;
  for (const id of next.ids) if (!last.ids.has(id)) arrived++;
  return Math.max(arrived, Math.abs(next.count - last.count));
}

/** Whether `next` is pushed now; `false` means later (a smaller change past the limit, before it goes stale). */
export function reportDue(last: SentReport | undefined, next: AttendeeReport, now: number): boolean {
  if (!last || next.hands !== last.hands) return true;
  const changed = attendeesChanged(last, next);
  if (changed === 0) return false;
  if (Math.max(next.count, last.count) <= ATTENDEE_PUSH_LIMIT) return true;
  return changed >= ATTENDEE_PUSH_DIFF || now - last.at >= ATTENDEE_PUSH_STALE_MS;
}

/** The producers' `Event_Attendees` as it stands: the newest attendees present, the count, the raised hands. */
export async function readAttendeeReport(db: Queryable, eventId: string): Promise<{ type: 'Event_Attendees'; participants: RosterEntry[]; count: number; hands: RaisedHand[]; handCount: number }> {
  const { participants, count } = await attendeeRoster(db, eventId, ATTENDEE_PUSH_LIMIT);
  const { hands, count: handCount } = await raisedHands(db, eventId, ATTENDEE_PUSH_LIMIT);
  return { type: 'Event_Attendees', participants, count, hands, handCount };
}

/** A report in the form `reportDue` compares. */
export const comparable = (r: { participants: readonly { id: string }[]; count: number; hands: readonly RaisedHand[] }): AttendeeReport => ({
  ids: new Set(r.participants.map((p) => p.id)),
  count: r.count,
  hands: JSON.stringify(r.hands.map((h) => [h.id, h.invited])),
});
