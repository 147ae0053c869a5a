/**
 * Invites and guests (CONTRACT.md "Meeting"). An event has at most one current invite; it lasts
 * `inviteTtlMs`, and GET makes a new one when there is none or it expired; rotate replaces it (the old
 * one answers INVITE_UNKNOWN at once). A guest is made by joining through a valid invite: its guest
 * token (kept only as its sha256) reads the event's channel and registers on the event socket, until
 * the host removes the guest.
 *
 * Like the other tokens, an invite is kept only as its hash. The host reads the current invite link
 * again (GET answers the same one until it expires or is rotated), so the link is derived from a
 * random nonce kept with it and the server key (a file in the data folder, serverKey.ts): the
 * database alone does not give the link away.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { newToken, tokenHash } from './auth';
import type { Ctx } from './context';
import type { Db, Queryable } from './db/adapter';
import { INVITE_EXPIRED, INVITE_UNKNOWN, notFound } from './errors';
import { forgetParticipant, isPresent } from './cluster/presence';
import { newGuestParticipantId, roomOf } from './meeting';
import { CLOSE_FORBIDDEN, CLOSE_KICKED, KICKED_REASON, REMOVED_REASON } from './sockets/messages';

/** How long an invite lasts: 24 h (`inviteTtlMs` / STUDIO_INVITE_TTL_MS override it). */
export const INVITE_TTL_MS = 24 * 60 * 60 * 1000;

export interface Invite {
  inviteToken: string;
  expiresAt: number;
}

interface InviteRow {
  event_id: string;
  expires_at: number;
  rotated_at: number | null;
  title: string;
  sharing_url: string;
  attendee_id: string | null;
  attendee_name: string | null;
}

export interface GuestRow {
  id: string;
  event_id: string;
  instance_id: string;
  name: string;
  removed_at: number | null;
}

const lockEvent = async (tx: Queryable, eventId: string) => {
  if ((await tx.query('SELECT id FROM events WHERE id = $1 FOR UPDATE', [eventId])).length === 0) throw notFound('No such event');
};

/** The invite link's token for a nonce: HMAC-SHA256 under the server key, base64url. */
const inviteOf = (key: Buffer, nonce: string): string => createHmac('sha256', key).update(`invite\n${nonce}`).digest('base64url');

/** A new invite: the event's (shared with every guest) or, with `attendeeId`, one attendee's own (issue 32: brought on stage). */
export async function insertInvite(tx: Queryable, key: Buffer, eventId: string, ttlMs: number, attendeeId: string | null = null): Promise<Invite> {
  const nonce = randomBytes(16).toString('hex');
  const token = inviteOf(key, nonce);
  const now = Date.now();
  await tx.query('INSERT INTO invites (token_hash, nonce, event_id, created_at, expires_at, attendee_id) VALUES ($1, $2, $3, $4, $5, $6)', [tokenHash(token), nonce, eventId, now, now + ttlMs, attendeeId]);
  return { inviteToken: token, expiresAt: now + ttlMs };
}

/** The attendee's own invite while it lasts (derived again from its nonce), or null. */
export async function attendeeInvite(db: Queryable, key: Buffer, attendeeId: string): Promise<Invite | null> {
  const row = (await db.query<{ nonce: string; expires_at: number }>('SELECT nonce, expires_at FROM invites WHERE attendee_id = $1 AND rotated_at IS NULL AND expires_at > $2 ORDER BY created_at DESC LIMIT 1', [attendeeId, Date.now()]))[0];
  return row ? { inviteToken: inviteOf(key, row.nonce), expiresAt: Number(row.expires_at) } : null;
}

/** The attendee's own invites stop working (the hand was lowered, the attendee left or was removed). */
export const retireAttendeeInvites = (tx: Queryable, attendeeId: string) => tx.query('UPDATE invites SET rotated_at = $2 WHERE attendee_id = $1 AND rotated_at IS NULL', [attendeeId, Date.now()]);

/**
 * The event's current invite, made when there is none or it expired (or when its link cannot be
 * derived again: the server key changed; that older link keeps working until it expires).
 */
export function currentInvite(db: Db, key: Buffer, eventId: string, ttlMs: number): Promise<Invite> {
  return db.transaction(async (tx) => {
    await lockEvent(tx, eventId);
    const row = (await tx.query<{ nonce: string | null; token_hash: string; expires_at: number }>('SELECT nonce, token_hash, expires_at FROM invites WHERE event_id = $1 AND attendee_id IS NULL AND rotated_at IS NULL ORDER BY created_at DESC LIMIT 1', [eventId]))[0];
    const token = row?.nonce ? inviteOf(key, row.nonce) : null;
    if (row && token && tokenHash(token) === row.token_hash && row.expires_at > Date.now()) return { inviteToken: token, expiresAt: row.expires_at };
    return insertInvite(tx, key, eventId, ttlMs);
  });
}

/** A new invite; every earlier one of the event stops working at once (an attendee's own invite is theirs, and stays). */
export function rotateInvite(db: Db, key: Buffer, eventId: string, ttlMs: number): Promise<Invite> {
  return db.transaction(async (tx) => {
    await lockEvent(tx, eventId);
    await tx.query('UPDATE invites SET rotated_at = $2 WHERE event_id = $1 AND attendee_id IS NULL AND rotated_at IS NULL', [eventId, Date.now()]);
    return insertInvite(tx, key, eventId, ttlMs);
  });
}

/** Who an invite brings on stage: anyone with the event's link, or one attendee (under their name, back to their event page after). */
export interface InviteOf {
  eventId: string;
  eventTitle: string;
  attendee: { id: string; name: string; sharingUrl: string } | null;
}

/** The invite's event, or 404 INVITE_UNKNOWN (never issued, or rotated away) / 410 INVITE_EXPIRED. */
export async function requireInvite(db: Queryable, inviteToken: string): Promise<InviteOf> {
  const row = (
    await db.query<InviteRow>(
      `SELECT i.event_id, i.expires_at, i.rotated_at, e.title, e.sharing_url, a.id AS attendee_id, a.name AS attendee_name
       FROM invites i JOIN events e ON e.id = i.event_id LEFT JOIN attendees a ON a.id = i.attendee_id WHERE i.token_hash = $1`,
      [tokenHash(inviteToken)],
    )
  )[0];
  if (!row || row.rotated_at !== null) throw INVITE_UNKNOWN();
  if (row.expires_at <= Date.now()) throw INVITE_EXPIRED();
  const attendee = row.attendee_id ? { id: row.attendee_id, name: row.attendee_name ?? '', sharingUrl: row.sharing_url } : null;
  return { eventId: row.event_id, eventTitle: row.title, attendee };
}

/** A new guest of the event: its participant id and its guest token (returned once, kept hashed). */
export async function createGuest(db: Db, g: { eventId: string; instanceId: string; name: string; inviteToken: string }): Promise<{ participantId: string; guestToken: string }> {
  const participantId = newGuestParticipantId();
  const guestToken = newToken();
  await db.transaction((tx) =>
    tx.query('INSERT INTO guests (id, token_hash, event_id, instance_id, name, invite_hash, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      participantId,
      tokenHash(guestToken),
      g.eventId,
      g.instanceId,
      g.name,
      tokenHash(g.inviteToken),
      Date.now(),
    ]),
  );
  return { participantId, guestToken };
}

const GUEST_COLUMNS = 'id, event_id, instance_id, name, removed_at';

/** The guest of a guest token (removed or not), or null. */
export async function guestOfToken(db: Queryable, guestToken: string | null | undefined): Promise<GuestRow | null> {
  if (!guestToken) return null;
  return (await db.query<GuestRow>(`SELECT ${GUEST_COLUMNS} FROM guests WHERE token_hash = $1`, [tokenHash(guestToken)]))[0] ?? null;
}

export async function findGuest(db: Queryable, eventId: string, participantId: string): Promise<GuestRow | null> {
  return (await db.query<GuestRow>(`SELECT ${GUEST_COLUMNS} FROM guests WHERE id = $1 AND event_id = $2`, [participantId, eventId]))[0] ?? null;
}

/** Revokes the guest's token (its socket registrations close 4403 REMOVED, its channel reads are 403 GUEST_REMOVED). */
export async function markGuestRemoved(db: Db, participantId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('UPDATE guests SET removed_at = $2 WHERE id = $1 AND removed_at IS NULL', [participantId, Date.now()]);
    // An attendee brought on stage (issue 32) cannot come back through their own invite either.
    await tx.query('UPDATE invites SET rotated_at = $2 WHERE token_hash = (SELECT invite_hash FROM guests WHERE id = $1) AND attendee_id IS NOT NULL AND rotated_at IS NULL', [participantId, Date.now()]);
  });
}

/**
 * Removes a guest: its token is revoked (registrations close 4403 REMOVED, channel reads are 403
 * GUEST_REMOVED), its studio sockets close 4403 REMOVED, its event sockets 4000, and in Janus its join
 * token leaves the room's allowed list and its camera and screen feeds are kicked. Safe to repeat.
 */
export async function removeGuest({ db, hub, meeting }: Ctx, guest: GuestRow): Promise<void> {
  await markGuestRemoved(db, guest.id);
  const present = await isPresent(db, guest.event_id, guest.id);
  await forgetParticipant(db, guest.event_id, guest.id);
  hub.closeGuestStudios(guest.id, CLOSE_FORBIDDEN, REMOVED_REASON);
  hub.closeParticipant(guest.event_id, guest.id, CLOSE_KICKED, KICKED_REASON);
  if (present) await hub.pushRoster(guest.event_id);
  if (meeting) await meeting.remove(roomOf(guest.event_id, guest.instance_id), guest.id);
}
