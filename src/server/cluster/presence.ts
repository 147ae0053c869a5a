/**
 * The event's interactive roster in the database, so every process sees every participant: an
 * entry per participant (`roster_entries`: its name, mutes, share state) and a row per socket
 * (`roster_sockets`, with the process that holds it). A participant is on the roster while it has a
 * socket. A producer's entry goes with its socket; a guest's entry is kept while it is away (a
 * reconnect finds its mutes, hard mutes and a moderator's rename), until the guest is removed.
 */
import type { Db, Queryable } from '../db/adapter';
import { json } from '../db/adapter';

export type RosterRole = 'Moderator' | 'Panelist' | 'Attendee';

export interface RosterEntry {
  id: string;
  name: string;
  role: RosterRole;
  /** The producer-card id: `producer-{userId}` or `guest-{random}` (CONTRACT.md "Meeting"). */
  participantId: string;
  joinTime: number;
  audioMute: boolean;
  videoMute: boolean;
  audioHardMute: boolean;
  videoHardMute: boolean;
  shareScreen: boolean;
  voiceProcessing: boolean;
  contentShareMute: boolean;
}

export const newEntry = (id: string, name: string, role: RosterRole, participantId: string, joinTime: number): RosterEntry => ({
  id,
  name,
  role,
  participantId,
  joinTime,
  audioMute: false,
  videoMute: false,
  audioHardMute: false,
  videoHardMute: false,
  shareScreen: false,
  voiceProcessing: false,
  contentShareMute: false,
});

export interface SocketRow {
  socketId: string;
  nodeId: string;
  eventId: string;
  guid: string;
}

const PRESENT = 'EXISTS (SELECT 1 FROM roster_sockets s WHERE s.event_id = e.event_id AND s.guid = e.guid)';

/** Adds a socket and, unless the participant has one already (a guest coming back), its entry. */
export function addSocket(db: Db, socket: SocketRow, entry: RosterEntry, who: { kind: 'producer' | 'guest' | 'attendee'; userId: string | null }): Promise<void> {
  return db.transaction(async (tx) => {
    await tx.query('INSERT INTO roster_entries (event_id, guid, kind, user_id, entry, joined_at) VALUES ($1, $2, $3, $4, $5::jsonb, $6) ON CONFLICT (event_id, guid) DO NOTHING', [
      socket.eventId, socket.guid, who.kind, who.userId, json(entry), entry.joinTime,
    ]);
    await tx.query('INSERT INTO roster_sockets (socket_id, node_id, event_id, guid) VALUES ($1, $2, $3, $4)', [socket.socketId, socket.nodeId, socket.eventId, socket.guid]);
  });
}

/** A producer's entry that has no socket left goes. */
const dropLonelyProducers = (tx: Queryable, eventIds: string[]) =>
  tx.query(`DELETE FROM roster_entries e WHERE e.kind = 'producer' AND e.event_id = ANY($1::text[]) AND NOT ${PRESENT}`, [eventIds]);

/** Removes a socket; answers whether it was there. */
export function removeSocket(db: Db, socketId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const gone = await tx.query<{ event_id: string }>('DELETE FROM roster_sockets WHERE socket_id = $1 RETURNING event_id', [socketId]);
    if (gone.length) await dropLonelyProducers(tx, [gone[0]!.event_id]);
    return gone.length > 0;
  });
}

/** Removes the sockets of processes that are gone (no row in `nodes`); answers the events whose roster changed. */
export function removeOrphanSockets(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    const gone = await tx.query<{ event_id: string }>('DELETE FROM roster_sockets s WHERE NOT EXISTS (SELECT 1 FROM nodes n WHERE n.id = s.node_id) RETURNING event_id');
    const events = [...new Set(gone.map((r) => r.event_id))];
    if (events.length) await dropLonelyProducers(tx, events);
    return events;
  });
}

/** The interactive roster (producers and guests, never the audience): one entry per present participant, newest first. */
export async function roster(db: Queryable, eventId: string): Promise<RosterEntry[]> {
  const rows = await db.query<{ entry: RosterEntry }>(`SELECT entry FROM roster_entries e WHERE e.event_id = $1 AND e.kind <> 'attendee' AND ${PRESENT} ORDER BY joined_at DESC, guid`, [eventId]);
  return rows.map((r) => r.entry);
}

/** The attendees present (a socket open on some process), newest first: at most `limit` of them, and how many there are. */
export async function attendeeRoster(db: Queryable, eventId: string, limit: number): Promise<{ participants: RosterEntry[]; count: number }> {
  const rows = await db.query<{ entry: RosterEntry; total: number }>(
    `SELECT entry, count(*) OVER () AS total FROM roster_entries e WHERE e.event_id = $1 AND e.kind = 'attendee' AND ${PRESENT} ORDER BY joined_at DESC, guid LIMIT $2`,
    [eventId, limit],
  );
  // The window's count is taken before the LIMIT: every present attendee.
  return { participants: rows.map((r) => r.entry), count: rows.length ? Number(rows[0]!.total) : 0 };
}

/** How many attendees are present (every process's). */
export async function attendeeCount(db: Queryable, eventId: string): Promise<number> {
  const rows = await db.query<{ n: number }>(`SELECT count(*) AS n FROM roster_entries e WHERE e.event_id = $1 AND e.kind = 'attendee' AND ${PRESENT}`, [eventId]);
  return Number(rows[0]?.n ?? 0);
}

/** Changes present participants' entries (one, or all but `except`); answers how many changed. */
export function updateEntries(db: Db, eventId: string, which: { guid: string } | { except: string }, change: (entry: RosterEntry) => void): Promise<number> {
  return db.transaction(async (tx) => {
    const rows =
      'guid' in which
        ? await tx.query<{ guid: string; entry: RosterEntry }>(`SELECT guid, entry FROM roster_entries e WHERE e.event_id = $1 AND e.guid = $2 AND ${PRESENT} FOR UPDATE`, [eventId, which.guid])
        : await tx.query<{ guid: string; entry: RosterEntry }>(`SELECT guid, entry FROM roster_entries e WHERE e.event_id = $1 AND e.guid <> $2 AND ${PRESENT} FOR UPDATE`, [eventId, which.except]);
    for (const row of rows) {
      change(row.entry);
      await tx.query('UPDATE roster_entries SET entry = $3::jsonb WHERE event_id = $1 AND guid = $2', [eventId, row.guid, json(row.entry)]);
    }
    return rows.length;
  });
}

/** The guids a user is present with in the event (a producer's sockets, each its own entry). */
export async function guidsOfUser(db: Queryable, eventId: string, userId: string): Promise<string[]> {
  const rows = await db.query<{ guid: string }>(`SELECT guid FROM roster_entries e WHERE e.event_id = $1 AND e.user_id = $2 AND ${PRESENT} ORDER BY joined_at, guid`, [eventId, userId]);
  return rows.map((r) => r.guid);
}

/** The present participants other than `userId`'s own entries. */
export async function othersOnRoster(db: Queryable, eventId: string, userId: string): Promise<RosterEntry[]> {
  const rows = await db.query<{ entry: RosterEntry }>(`SELECT entry FROM roster_entries e WHERE e.event_id = $1 AND e.kind <> 'attendee' AND e.user_id IS DISTINCT FROM $2 AND ${PRESENT} ORDER BY joined_at DESC, guid`, [eventId, userId]);
  return rows.map((r) => r.entry);
}

/** Whether the participant is present. */
export async function isPresent(db: Queryable, eventId: string, guid: string): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM roster_entries e WHERE e.event_id = $1 AND e.guid = $2 AND ${PRESENT}`, [eventId, guid])).length > 0;
}

/** Forgets a participant: its entry and its sockets' rows (the sockets themselves are closed by the caller). */
export function forgetParticipant(db: Db, eventId: string, guid: string): Promise<void> {
  return db.transaction(async (tx) => {
    await tx.query('DELETE FROM roster_sockets WHERE event_id = $1 AND guid = $2', [eventId, guid]);
    await tx.query('DELETE FROM roster_entries WHERE event_id = $1 AND guid = $2', [eventId, guid]);
  });
}

/** A raised hand as the producers see it (oldest first). */
export interface RaisedHand {
  id: string;
  name: string;
  raisedAt: number;
  /** A moderator invited this attendee on stage (their page offers "Join backstage"). */
  invited: boolean;
}

/** The raised hands of attendees present (oldest first, at most `limit`) and how many there are. */
export async function raisedHands(db: Queryable, eventId: string, limit: number): Promise<{ hands: RaisedHand[]; count: number }> {
  const rows = await db.query<{ id: string; name: string; hand_raised_at: number; stage_invited_at: number | null; total: number }>(
    `SELECT a.id, a.name, a.hand_raised_at, a.stage_invited_at, count(*) OVER () AS total FROM attendees a
     WHERE a.event_id = $1 AND a.hand_raised_at IS NOT NULL AND a.removed_at IS NULL AND a.left_at IS NULL
       AND EXISTS (SELECT 1 FROM roster_sockets s WHERE s.event_id = a.event_id AND s.guid = a.id)
     ORDER BY a.hand_raised_at, a.id LIMIT $2`,
    [eventId, limit],
  );
  return {
    hands: rows.map((r) => ({ id: r.id, name: r.name, raisedAt: Number(r.hand_raised_at), invited: r.stage_invited_at !== null })),
    count: rows.length ? Number(rows[0]!.total) : 0,
  };
}
