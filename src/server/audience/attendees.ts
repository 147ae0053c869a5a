/**
 * The audience of an event (issue 32): an attendee joins from the event's public link with a name
 * (and an e-mail when the event asks for one), no account. Their session is a random cookie value
 * (an HttpOnly, SameSite cookie scoped to the event's path; kept here only as its sha256), so one
 * browser is one attendee across reloads and tabs. Leaving ends the session; a moderator's removal
 * ends it too and is kept: that browser (its cookie) and that e-mail are refused for the event.
 */
import { randomUUID } from 'node:crypto';
import { EMAIL_MAX, NAME_MAX } from '../../lib/limits';
import { cleanText } from '../../lib/text';
import { newToken, tokenHash } from '../auth';
import type { Db, Queryable } from '../db/adapter';
import { ATTENDEE_REMOVED, badRequest } from '../errors';
import type { EventRow } from '../events';

/** The texts an attendee is refused with (shown on the page as they are). */
export const ATTENDEE_TEXTS = {
  nameMissing: 'Please enter your name.',
  emailMissing: 'This event asks for your e-mail address.',
  emailInvalid: 'Please enter a valid e-mail address.',
} as const;

export interface Attendee {
  id: string;
  eventId: string;
  name: string;
  joinedAt: number;
}

interface AttendeeRow {
  id: string;
  event_id: string;
  name: string;
  email: string | null;
  joined_at: number;
  left_at: number | null;
  removed_at: number | null;
}

const toAttendee = (r: AttendeeRow): Attendee => ({ id: r.id, eventId: r.event_id, name: r.name, joinedAt: Number(r.joined_at) });

/** A plausible address: one @, something before it, a dot in the domain, no spaces. Delivery is not checked. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The join form as the server reads it: the text rule on the name, the e-mail when asked for; 400 with the reason otherwise. */
export function readJoin(event: Pick<EventRow, 'require_email'>, body: Record<string, unknown>): { name: string; email: string | null } {
  const name = cleanText(typeof body.name === 'string' ? body.name : '', { max: NAME_MAX, multiline: false }).text;
  if (!name) throw badRequest(ATTENDEE_TEXTS.nameMissing);
  if (!event.require_email) return { name, email: null };
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  if (!email) throw badRequest(ATTENDEE_TEXTS.emailMissing);
  if (email.length > EMAIL_MAX || !EMAIL.test(email)) throw badRequest(ATTENDEE_TEXTS.emailInvalid);
  return { name, email };
}

/** The attendee whose session this cookie value is, or null (none, ended, or of another event). */
export async function attendeeOfSession(db: Queryable, eventId: string, session: string | undefined): Promise<(Attendee & { removed: boolean }) | null> {
  if (!session) return null;
  const row = (await db.query<AttendeeRow>('SELECT * FROM attendees WHERE session_hash = $1 AND event_id = $2', [tokenHash(session), eventId]))[0];
  if (!row || row.left_at !== null) return null;
  return { ...toAttendee(row), removed: row.removed_at !== null };
}

/**
 * Joins the event: a new attendee and session, or, from a browser that is one already, that
 * attendee under the new name. A removed browser or e-mail is refused (403).
 */
export async function joinEvent(db: Db, event: EventRow, form: { name: string; email: string | null }, session: string | undefined, now: number): Promise<{ attendee: Attendee; session: string }> {
  return db.transaction(async (tx) => {
    const current = await attendeeOfSession(tx, event.id, session);
    if (current?.removed) throw ATTENDEE_REMOVED();
    if (form.email && (await tx.query('SELECT 1 FROM attendees WHERE event_id = $1 AND email = $2 AND removed_at IS NOT NULL', [event.id, form.email])).length) throw ATTENDEE_REMOVED();
    if (current && session) {
      await tx.query('UPDATE attendees SET name = $2, email = COALESCE($3, email) WHERE id = $1', [current.id, form.name, form.email]);
      return { attendee: { ...current, name: form.name }, session };
    }
    const fresh = newToken();
    const attendee: Attendee = { id: `attendee-${randomUUID()}`, eventId: event.id, name: form.name, joinedAt: now };
    await tx.query('INSERT INTO attendees (id, event_id, name, email, session_hash, joined_at) VALUES ($1, $2, $3, $4, $5, $6)', [attendee.id, event.id, form.name, form.email, tokenHash(fresh), now]);
    return { attendee, session: fresh };
  });
}

/** "Leave event": the session ends (the cookie no longer opens anything). */
export async function leaveEvent(db: Db, attendeeId: string, now: number): Promise<void> {
  await db.transaction((tx) => tx.query('UPDATE attendees SET left_at = $2, session_hash = NULL WHERE id = $1 AND left_at IS NULL', [attendeeId, now]));
}

/** A moderator's removal; answers whether the attendee existed (and was not removed already). */
export async function removeAttendee(db: Db, eventId: string, attendeeId: string, now: number): Promise<boolean> {
  const rows = await db.transaction((tx) => tx.query('UPDATE attendees SET removed_at = $3 WHERE id = $1 AND event_id = $2 AND removed_at IS NULL RETURNING id', [attendeeId, eventId, now]));
  return rows.length > 0;
}

/** Whether `id` is an attendee of the event (removed or not). */
export async function isAttendee(db: Queryable, eventId: string, id: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM attendees WHERE id = $1 AND event_id = $2', [id, eventId])).length > 0;
}
