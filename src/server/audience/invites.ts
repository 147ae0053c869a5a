/**
 * Invited-only events (issue 32, §3 restricted / allowInvitedAttendeesOnly): the moderators make one
 * link per person (People › Attendees › Invite) and may revoke it. Whoever opens a link joins as that
 * person: a second browser with the same link takes the attendee over (the first one's session
 * ends), so a link admits one person at a time. Like the guest invites, a link is kept as its hash
 * and derived again from a nonce and the server key, so the moderators can copy it again.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { NAME_MAX } from '../../lib/limits';
import { cleanText } from '../../lib/text';
import { tokenHash } from '../auth';
import type { Queryable } from '../db/adapter';
import { badRequest, HttpError, notFound } from '../errors';

/** Ours: personal links one event keeps (a large invited-only webinar; past it, revoke or use an open event). */
export const ATTENDEE_INVITES_MAX = 2000;

/** What anyone without a valid personal link is told (the page shows it instead of the join form). */
export const INVITED_ONLY_TEXT = 'This event is for invited attendees only. Open the personal link the hosts sent you.';
export const INVITE_REVOKED_TEXT = 'This invitation was withdrawn by the hosts.';

export interface AttendeeInvite {
  id: string;
  name: string;
  /** The link's token: `{base}watch/{sharingUrl}?invite={token}`. */
  token: string;
  createdAt: number;
  revoked: boolean;
  /** Someone joined through it. */
  used: boolean;
}

interface InviteRow {
  id: string;
  nonce: string;
  name: string;
  created_at: number;
  revoked_at: number | null;
  attendee_id: string | null;
}

const tokenOf = (key: Buffer, nonce: string) => createHmac('sha256', key).update(`attendee-invite\n${nonce}`).digest('base64url');
const toInvite = (key: Buffer, r: InviteRow): AttendeeInvite => ({ id: r.id, name: r.name, token: tokenOf(key, r.nonce), createdAt: Number(r.created_at), revoked: r.revoked_at !== null, used: r.attendee_id !== null });

export async function listInvites(db: Queryable, key: Buffer, eventId: string): Promise<AttendeeInvite[]> {
  const rows = await db.query<InviteRow>('SELECT id, nonce, name, created_at, revoked_at, attendee_id FROM attendee_invites WHERE event_id = $1 ORDER BY created_at, id', [eventId]);
  return rows.map((r) => toInvite(key, r));
}

/** A new personal link for `name` (the text rule; 400 when empty, 409 past ATTENDEE_INVITES_MAX). */
export async function createInvite(db: Queryable, key: Buffer, eventId: string, rawName: unknown, now: number): Promise<AttendeeInvite> {
  const raw = typeof rawName === 'string' ? rawName : '';
  // Bounded before the text rule, whose tag stripping grows with the square of a markup-heavy text's length.
  if ([...raw].length > NAME_MAX) throw badRequest(`The name is longer than ${NAME_MAX} characters.`);
  const name = cleanText(raw, { max: NAME_MAX, multiline: false }).text;
  if (!name) throw badRequest('Enter the name of the person you invite.');
  const count = Number((await db.query<{ n: number }>('SELECT count(*) AS n FROM attendee_invites WHERE event_id = $1', [eventId]))[0]?.n ?? 0);
  if (count >= ATTENDEE_INVITES_MAX) throw new HttpError(409, `An event keeps at most ${ATTENDEE_INVITES_MAX} personal links.`);
  const row: InviteRow = { id: randomUUID(), nonce: randomBytes(16).toString('hex'), name, created_at: now, revoked_at: null, attendee_id: null };
  await db.query('INSERT INTO attendee_invites (id, token_hash, nonce, event_id, name, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [row.id, tokenHash(tokenOf(key, row.nonce)), row.nonce, eventId, name, now]);
  return toInvite(key, row);
}

/** Revokes a link; answers the attendee who joined through it (to be removed), if any. 404 for a link of another event. */
export async function revokeInvite(db: Queryable, eventId: string, id: string, now: number): Promise<{ attendeeId: string | null }> {
  const row = (await db.query<{ attendee_id: string | null }>('UPDATE attendee_invites SET revoked_at = COALESCE(revoked_at, $3) WHERE id = $1 AND event_id = $2 RETURNING attendee_id', [id, eventId, now]))[0];
  if (!row) throw notFound('No such invitation');
  return { attendeeId: row.attendee_id };
}

/** The personal link of `token` in the event: its name and the attendee who joined through it; null when unknown or revoked. */
export async function inviteOfToken(db: Queryable, eventId: string, token: unknown): Promise<{ id: string; name: string; attendeeId: string | null } | null> {
  if (typeof token !== 'string' || !token) return null;
  const row = (await db.query<InviteRow>('SELECT id, nonce, name, created_at, revoked_at, attendee_id FROM attendee_invites WHERE token_hash = $1 AND event_id = $2', [tokenHash(token), eventId]))[0];
  return row && row.revoked_at === null ? { id: row.id, name: row.name, attendeeId: row.attendee_id } : null;
}
