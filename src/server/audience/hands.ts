/**
 * Raised hands (issue 32, §3 raiseHandEnabled): an attendee raises a hand, the producers see it
 * (the audience report carries the raised hands apart from the newest attendees, so a hand is
 * never lost past the push limit), and a moderator lowers it or invites the attendee on stage. The
 * invitation is the attendee's own guest invite (guests.ts): their page offers "Join backstage",
 * which opens the guest flow under their name, with no link to send. Lowering the hand, leaving or
 * a removal retires that invite.
 */
import type { Queryable } from '../db/adapter';
import { attendeeInvite, insertInvite, retireAttendeeInvites, type Invite } from '../guests';
import type { Ctx } from '../context';
import { conflict, notFound } from '../errors';

/** Ours: raising and lowering a hand, at once and refilled over a minute (a script cannot flood the studio's roster). */
export const HAND_RATE = { capacity: 6, windowMs: 60_000 };

/** Raises or lowers the attendee's own hand; answers whether it changed. Lowering withdraws an invitation on stage. */
export async function setHand(db: Ctx['db'], attendeeId: string, raised: boolean, now: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = raised
      ? await tx.query('UPDATE attendees SET hand_raised_at = $2 WHERE id = $1 AND hand_raised_at IS NULL RETURNING id', [attendeeId, now])
      : await tx.query('UPDATE attendees SET hand_raised_at = NULL, stage_invited_at = NULL WHERE id = $1 AND (hand_raised_at IS NOT NULL OR stage_invited_at IS NOT NULL) RETURNING id', [attendeeId]);
    if (!raised) await retireAttendeeInvites(tx, attendeeId);
    return rows.length > 0;
  });
}

/**
 * "Invite on stage": the attendee gets their own guest invite (one at a time). 404 for nobody of the
 * event, 409 when their hand is not raised (a moderator brings up who asked to speak).
 */
export async function inviteOnStage({ db, serverKey, inviteTtlMs }: Pick<Ctx, 'db' | 'serverKey' | 'inviteTtlMs'>, eventId: string, attendeeId: string, now: number): Promise<Invite> {
  return db.transaction(async (tx) => {
    const row = (await tx.query<{ hand_raised_at: number | null }>('SELECT hand_raised_at FROM attendees WHERE id = $1 AND event_id = $2 AND removed_at IS NULL AND left_at IS NULL FOR UPDATE', [attendeeId, eventId]))[0];
    if (!row) throw notFound('No such attendee');
    if (row.hand_raised_at === null) throw conflict('This attendee has not raised a hand');
    const current = await attendeeInvite(tx, serverKey, attendeeId);
    if (current) return current;
    await tx.query('UPDATE attendees SET stage_invited_at = $2 WHERE id = $1', [attendeeId, now]);
    return insertInvite(tx, serverKey, eventId, inviteTtlMs, attendeeId);
  });
}

/** Where the attendee's hand stands, for their page: raised or not, and their own invite on stage if they have one. */
export async function handOf(db: Queryable, serverKey: Buffer, attendeeId: string): Promise<{ raised: boolean; stageInvite: string | null }> {
  const row = (await db.query<{ hand_raised_at: number | null; stage_invited_at: number | null }>('SELECT hand_raised_at, stage_invited_at FROM attendees WHERE id = $1', [attendeeId]))[0];
  const invite = row?.stage_invited_at != null ? await attendeeInvite(db, serverKey, attendeeId) : null;
  return { raised: row?.hand_raised_at != null, stageInvite: invite?.inviteToken ?? null };
}

/**
 * The attendee joined backstage through their invite: the hand is down and the invitation used. The
 * invite itself still works from the guest page ("Join again" after leaving), until the host
 * removes that guest (guests.ts removeGuest retires it).
 */
export async function lowerHandOnStage({ db, hub }: Pick<Ctx, 'db' | 'hub'>, eventId: string, attendeeId: string): Promise<void> {
  const rows = await db.transaction((tx) =>
    tx.query('UPDATE attendees SET hand_raised_at = NULL, stage_invited_at = NULL WHERE id = $1 AND (hand_raised_at IS NOT NULL OR stage_invited_at IS NOT NULL) RETURNING id', [attendeeId]),
  );
  if (!rows.length) return;
  hub.pushAudience(eventId, { type: 'hand', raised: false, stageInvite: null }, attendeeId);
  hub.announceAttendees(eventId);
}
