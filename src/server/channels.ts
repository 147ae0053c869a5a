/** Channel rows: loading (optionally locked), the channel as GET answers it, and access checks. */
import { isCaptureToken } from './live/jobs';
import { isModerator, requireModerator, tokenHash } from './auth';
import { bodyOf, type ServerChannel } from './syncCore';
import type { Queryable } from './db/adapter';
import { forbidden, GUEST_REMOVED, notFound, CHANNEL_NOT_FOUND } from './errors';
import { guestOfToken } from './guests';
import type { UpdateReason } from '../../compositor/model/types';
import { isRecord } from '../../compositor/model/json';
import { KEY } from '../../compositor/sync/keyed';

export interface ChannelRow {
  uuid: string;
  name: string;
  template_url: string;
  event_id: string | null;
  instance_id: string | null;
  event_status: string | null;
  keyed: ServerChannel['keyed'];
  version: number;
  applied: Record<string, number>;
  update_reason: UpdateReason | null;
  output_token_hash: string | null;
}

const SELECT = `SELECT c.uuid, c.name, c.template_url, c.event_id, e.instance_id, c.event_status, c.keyed, c.version, c.applied, c.update_reason, c.output_token_hash
  FROM channels c LEFT JOIN events e ON e.id = c.event_id`;

/** The channel row; `lock` takes the row lock (`FOR UPDATE OF c`) inside a transaction. */
export async function loadChannel(db: Queryable, uuid: string, lock = false): Promise<ChannelRow> {
  const row = (await db.query<ChannelRow>(`${SELECT} WHERE c.uuid = $1${lock ? ' FOR UPDATE OF c' : ''}`, [uuid]))[0];
  if (!row) throw notFound(CHANNEL_NOT_FOUND);
  return row;
}

export async function channelsOfUser(db: Queryable, userId: string): Promise<ChannelRow[]> {
  return db.query<ChannelRow>(`${SELECT} JOIN event_moderators m ON m.event_id = c.event_id WHERE m.user_id = $1 ORDER BY c.name, c.uuid`, [userId]);
}

export async function channelOfEvent(db: Queryable, eventId: string): Promise<ChannelRow | null> {
  return (await db.query<ChannelRow>(`${SELECT} WHERE c.event_id = $1 ORDER BY c.uuid LIMIT 1`, [eventId]))[0] ?? null;
}

/** The id of the public chat message on stream (the channel's CHAT item is made with the message's id), or null. */
export function chatOnStreamId(keyed: ChannelRow['keyed']): string | null {
  const item = keyed[KEY.chat];
  return isRecord(item) && typeof item.id === 'string' ? item.id : null;
}

export const serverState = (row: ChannelRow): ServerChannel => ({ version: row.version, applied: row.applied, keyed: row.keyed });

/** The channel as GET /channel/{uuid} answers it (CONTRACT.md "Channel"). */
export function channelJson(row: ChannelRow) {
  return {
    uuid: row.uuid,
    ptEventId: row.event_id,
    ptEventInstanceId: row.instance_id,
    eventStatus: row.event_status,
    ...bodyOf(serverState(row), { name: row.name, templateUrl: row.template_url }, row.update_reason),
    version: row.version,
    applied: row.applied,
    /** The keyed map as stored: its key order is the one every producer's view must share (compositor/sync). */
    keyed: row.keyed,
  };
}
export type ChannelJson = ReturnType<typeof channelJson>;

/** 403 unless the producer moderates the channel's event. */
export async function requireChannelAccess(db: Queryable, userId: string, row: ChannelRow): Promise<void> {
  await requireModerator(db, userId, row.event_id);
}

export async function canProduce(db: Queryable, userId: string, row: ChannelRow): Promise<boolean> {
  return row.event_id !== null && isModerator(db, userId, row.event_id);
}

const OUTPUT_TOKEN_WRONG = 'This output link is not valid (the output token is wrong or was replaced)';

/**
 * Who reads the channel with `token` where an output token goes: the output token itself
 * (`{ guestId: null }`), a guest of the channel's event (`{ guestId }`), a removed guest of it
 * ('removed'), or nobody (null).
 */
export async function readerOf(db: Queryable, row: ChannelRow, token: string): Promise<{ guestId: string | null } | 'removed' | null> {
  if (row.output_token_hash && row.output_token_hash === tokenHash(token)) return { guestId: null };
  // The capture worker's page reads with its job's one-time token.
  if (token && (await isCaptureToken(db, row.uuid, tokenHash(token)))) return { guestId: null };
  const guest = await guestOfToken(db, token);
  if (!guest || guest.event_id !== row.event_id) return null;
  return guest.removed_at === null ? { guestId: guest.id } : 'removed';
}

/**
 * 403 with a clear message unless `token` is the output token (when one was issued) or a guest token
 * of the channel's event; 403 GUEST_REMOVED for a removed guest.
 */
export async function requireReader(db: Queryable, row: ChannelRow, token: string): Promise<void> {
  const reader = await readerOf(db, row, token);
  if (reader === 'removed') throw GUEST_REMOVED();
  if (!reader) throw forbidden(OUTPUT_TOKEN_WRONG);
}
