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
import { retireAttendeeInvites } from '../guests';
import { forgetParticipant } from '../cluster/presence';
import type { Ctx } from '../context';
import { CLOSE_KICKED, KICKED_REASON } from '../sockets/messages';

/** The texts an attendee is refused with (shown on the page as they are). */
export const ATTENDEE_TEXTS = {
  nameMissing: 'Please enter your name.',
  nameTooLong: `Your name is longer than ${NAME_MAX} characters.`,
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
  const raw = typeof body.name === 'string' ? body.name : '';
  // Bounded before the text rule, as chat and questions are: the form's field holds NAME_MAX, and
  // cleaning a 60 KB name of `<b<b<b…` took half a second of the event loop (audienceSecurity.test.ts).
  if ([...raw].length > NAME_MAX) throw badRequest(ATTENDEE_TEXTS.nameTooLong);
  const name = cleanText(raw, { max: NAME_MAX, multiline: false }).text;
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
 * attendee under the new name. Through a personal link (invited-only events) the browser becomes
 * the link's attendee: a new session for them, the one of another browser ends (`takenOver`). A
 * removed browser, e-mail or link's attendee is refused (403).
 */
export async function joinEvent(
  db: Db,
  event: EventRow,
  form: { name: string; email: string | null },
  session: string | undefined,
  now: number,
  invite: { id: string; attendeeId: string | null } | null = null,
): Promise<{ attendee: Attendee; session: string; takenOver: boolean }> {
  return db.transaction(async (tx) => {
    const current = await attendeeOfSession(tx, event.id, session);
    if (current?.removed) throw ATTENDEE_REMOVED();
    if (form.email && (await tx.query('SELECT 1 FROM attendees WHERE event_id = $1 AND email = $2 AND removed_at IS NOT NULL', [event.id, form.email])).length) throw ATTENDEE_REMOVED();
    if (current && session && (!invite?.attendeeId || invite.attendeeId === current.id)) {
      await tx.query('UPDATE attendees SET name = $2, email = COALESCE($3, email) WHERE id = $1', [current.id, form.name, form.email]);
      return { attendee: { ...current, name: form.name }, session, takenOver: false };
    }
    const fresh = newToken();
    if (invite?.attendeeId) {
      const row = (await tx.query<AttendeeRow>('SELECT * FROM attendees WHERE id = $1 FOR UPDATE', [invite.attendeeId]))[0];
      if (!row || row.removed_at !== null) throw ATTENDEE_REMOVED();
      await tx.query('UPDATE attendees SET name = $2, email = COALESCE($3, email), session_hash = $4, left_at = NULL WHERE id = $1', [row.id, form.name, form.email, tokenHash(fresh)]);
      return { attendee: { ...toAttendee(row), name: form.name }, session: fresh, takenOver: true };
    }
    const attendee: Attendee = { id: `attendee-${randomUUID()}`, eventId: event.id, name: form.name, joinedAt: now };
    await tx.query('INSERT INTO attendees (id, event_id, name, email, session_hash, joined_at) VALUES ($1, $2, $3, $4, $5, $6)', [attendee.id, event.id, form.name, form.email, tokenHash(fresh), now]);
    if (invite) await tx.query('UPDATE attendee_invites SET attendee_id = $2 WHERE id = $1', [invite.id, attendee.id]);
    return { attendee, session: fresh, takenOver: false };
  });
}

/** "Leave event": the session ends (the cookie no longer opens anything). */
export async function leaveEvent(db: Db, attendeeId: string, now: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('UPDATE attendees SET left_at = $2, session_hash = NULL, hand_raised_at = NULL, stage_invited_at = NULL WHERE id = $1 AND left_at IS NULL', [attendeeId, now]);
    await retireAttendeeInvites(tx, attendeeId);
  });
}

/** A moderator's removal; answers whether the attendee existed (and was not removed already). */
export async function removeAttendee(db: Db, eventId: string, attendeeId: string, now: number): Promise<boolean> {
  const rows = await db.transaction(async (tx) => {
    const removed = await tx.query('UPDATE attendees SET removed_at = $3, hand_raised_at = NULL, stage_invited_at = NULL WHERE id = $1 AND event_id = $2 AND removed_at IS NULL RETURNING id', [attendeeId, eventId, now]);
    // Nothing they were given works any more: an invitation on stage, a personal link to an invited-only event.
    await retireAttendeeInvites(tx, attendeeId);
    await tx.query('UPDATE attendee_invites SET revoked_at = $2 WHERE attendee_id = $1 AND revoked_at IS NULL', [attendeeId, now]);
    return removed;
  });
  return rows.length > 0;
}

/** Whether `id` is an attendee of the event (removed or not). */
export async function isAttendee(db: Queryable, eventId: string, id: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM attendees WHERE id = $1 AND event_id = $2', [id, eventId])).length > 0;
}

/** Removes an attendee for good (that browser, e-mail and link cannot rejoin): their page is told, their sockets close, the studio's list follows. */
export async function removeFromEvent({ db, hub }: Pick<Ctx, 'db' | 'hub'>, eventId: string, attendeeId: string): Promise<void> {
  if (!(await removeAttendee(db, eventId, attendeeId, Date.now()))) return;
  await forgetParticipant(db, eventId, attendeeId);
  hub.pushAudience(eventId, { type: 'attendee.removed' }, attendeeId);
  hub.closeAttendee(eventId, attendeeId, CLOSE_KICKED, KICKED_REASON);
  hub.announceAttendees(eventId);
}
