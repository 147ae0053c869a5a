/** Event rows → §3 Event (public details) and Event (full details). */
import type { Queryable } from './db/adapter';
import { notFound } from './errors';

export interface EventRow {
  id: string;
  sharing_url: string;
  instance_id: string | null;
  instance_delay_ms: number | null;
  instance_due_at: number | null;
  title: string;
  description: string;
  start_ms: number;
  end_ms: number;
  organizer_id: string;
  chat_enabled: boolean;
  qna_enabled: boolean;
  /** §3 qnaAutoApprove: an attendee's question is published at once (issue 32). */
  qna_auto_approve: boolean;
  state: string;
  /** Attendees give an e-mail to join (issue 32). */
  require_email: boolean;
  /** Attendees may write privately to the moderators (§3 one2OneModChat). */
  one2one_mod_chat: boolean;
  /** Attendees may raise a hand (§3 raiseHandEnabled). */
  raise_hand_enabled: boolean;
  /** Only attendees with a personal invite link may join (§3 restricted, allowInvitedAttendeesOnly). */
  invited_only: boolean;
  /** The attendee page shows how many attendees are present (the moderators' choice). */
  show_attendee_count: boolean;
  /** The moderators' announcement (§7 manage/banner), shown over the attendee page; empty: none. */
  banner: string;
}

const COLUMNS = 'id, sharing_url, instance_id, instance_delay_ms, instance_due_at, title, description, start_ms, end_ms, organizer_id, chat_enabled, qna_enabled, qna_auto_approve, state, require_email, one2one_mod_chat, raise_hand_enabled, invited_only, show_attendee_count, banner';

/**
 * An event without an instance gets one once its due time has passed (the due time is set by the
 * first access-token or public-details request: `startInstanceClock`).
 */
async function settleInstance(db: Queryable, row: EventRow): Promise<EventRow> {
  if (row.instance_id || row.instance_due_at === null || row.instance_due_at > Date.now()) return row;
  const id = crypto.randomUUID();
  const updated = await db.query<{ instance_id: string }>('UPDATE events SET instance_id = COALESCE(instance_id, $2) WHERE id = $1 RETURNING instance_id', [row.id, id]);
  return { ...row, instance_id: updated[0]?.instance_id ?? id };
}

export async function startInstanceClock(db: Queryable, row: EventRow): Promise<void> {
  if (row.instance_id || row.instance_due_at !== null || row.instance_delay_ms === null) return;
  await db.query('UPDATE events SET instance_due_at = $2 WHERE id = $1 AND instance_due_at IS NULL', [row.id, Date.now() + row.instance_delay_ms]);
}

export async function findEvent(db: Queryable, where: 'id' | 'sharing_url', value: string): Promise<EventRow | null> {
  const row = (await db.query<EventRow>(`SELECT ${COLUMNS} FROM events WHERE ${where} = $1`, [value]))[0];
  return row ? settleInstance(db, row) : null;
}

export async function getEvent(db: Queryable, id: string): Promise<EventRow> {
  const row = await findEvent(db, 'id', id);
  if (!row) throw notFound('No such event');
  return row;
}

export async function moderatedEvents(db: Queryable, userId: string, from: number): Promise<EventRow[]> {
  const rows = await db.query<EventRow>(
    `SELECT ${COLUMNS.split(', ').map((c) => `e.${c}`).join(', ')} FROM events e JOIN event_moderators m ON m.event_id = e.id
     WHERE m.user_id = $1 AND e.end_ms >= $2 ORDER BY e.start_ms ASC, e.id ASC`,
    [userId, from],
  );
  return Promise.all(rows.map((r) => settleInstance(db, r)));
}

/** §3 Event (public details); `instanceId` absent until the instance exists. */
export function publicDetails(e: EventRow, role = 'moderator'): Record<string, unknown> {
  return {
    eventId: e.id,
    sharingUrl: e.sharing_url,
    ...(e.instance_id ? { instanceId: e.instance_id } : {}),
    eventTitle: e.title,
    description: e.description,
    start: e.start_ms,
    end: e.end_ms,
    timezone: 'America/New_York',
    tzShortName: 'EST',
    role,
    studioEnabled: true,
    restricted: e.invited_only,
    restrictedInviteOnly: e.invited_only,
    allowInvitedAttendeesOnly: e.invited_only,
    requireEmail: e.require_email,
    enableRegistration: false,
    pstnEnabled: false,
    authenticationType: 'NONE',
    whitelistedDomains: [],
    enterpriseId: 'studio-enterprise',
    billingCapacity: { attendeeLimitReached: false, durationLimitReached: false, interactiveLimitReached: false },
    recurrencePattern: null,
  };
}

/** §3 Event (full details). */
export function fullDetails(e: EventRow): Record<string, unknown> {
  return {
    ...publicDetails(e),
    state: e.state,
    organizerId: e.organizer_id,
    organizerEnterpriseId: 'studio-enterprise',
    leaderId: e.organizer_id,
    attendeeMeetingId: `meeting-${e.id}`,
    attendeeMeetingNumericId: 0,
    attendeePasscode: '',
    moderatorPasscode: '',
    participantPasscode: '',
    chatEnabled: e.chat_enabled,
    qnaEnabled: e.qna_enabled,
    qnaAutoApprove: e.qna_auto_approve,
    raiseHandEnabled: e.raise_hand_enabled,
    recordingActive: false,
    autoRecord: false,
    meetingActive: Boolean(e.instance_id),
    introOutro: {},
    systemParams: { attendeePushLimit: 100, attendeePushDiff: 25 },
    dialInNumbers: [],
    pollShortUrl: '',
    one2OneModChat: e.one2one_mod_chat,
  };
}
