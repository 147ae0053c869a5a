/**
 * Q&A as the audience meets it (issue 32): an attendee asks (anonymously if they like), sees their
 * own question waiting until a moderator publishes it (at once with the event's qnaAutoApprove),
 * sees every published question with its upvotes and answers, and upvotes each once, enforced by the
 * database (a primary key on question and attendee), so no tab, reload or process gives a second.
 *
 * Who sees what: a published (ACTIVE) question, every attendee; an unpublished one (ASKED, DECLINED),
 * only who asked it. Pushes follow that rule (`pushQuestion`, `pushToViewers`); the moderators'
 * routes (routes/qna.ts) use them too. Who asked is never sent: the asker is told `mine` on their own
 * sockets and in their own calls only. During an upvote storm the counts are pushed at most once per
 * QNA_UPVOTES_PUSH_MS, to the studio and to the attendees alike.
 */
import { randomUUID } from 'node:crypto';
import type { AudienceQnaEvent, AudienceQuestion } from '../../lib/audienceContract';
import { answerForAudience, audienceQuestion, QUESTION_RATE, QUESTION_TEXTS, readAudienceQuestion } from '../../lib/audienceQna';
import { takeToken } from '../cluster/rateBucket';
import type { Ctx } from '../context';
import { json, type Queryable } from '../db/adapter';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../errors';
import type { EventRow } from '../events';
import { toQuestion, type QuestionRow } from '../questions';
import type { Hub } from '../sockets/hub';
import type { Attendee } from './attendees';
import { spendAddressToken, type SharedLimit } from './addressRate';

/** Ours: at an upvote storm the counts move at most this often (one push carries every upvote so far), like POLL_RESULTS_PUSH_MS. */
export const QNA_UPVOTES_PUSH_MS = 500;

// The rules the demo's audience host follows too (src/lib/audienceQna.ts).
export { QUESTION_RATE, QUESTION_TEXTS };
export { answerForAudience };

/** A question as every attendee may see it (nobody's `mine`). */
export const questionForAudience = (r: QuestionRow): AudienceQuestion => audienceQuestion(toQuestion(r));

const frame = (qna: AudienceQnaEvent) => ({ type: 'qna', qna });

/** A frame about a question to whoever may see it now: every attendee once it is published, else only who asked. */
export function pushToViewers(hub: Hub, eventId: string, row: Pick<QuestionRow, 'status' | 'attendee_id'>, qna: AudienceQnaEvent): void {
  if (row.status === 'ACTIVE') hub.pushAudience(eventId, frame(qna));
  else if (row.attendee_id) hub.pushAudience(eventId, frame(qna), row.attendee_id);
}

/**
 * A question was asked or its status changed: who may see it gets it (the asker with `mine`); when a
 * published one is taken back (declined), the others are told it is gone.
 */
export function pushQuestion(hub: Hub, eventId: string, row: QuestionRow, kind: 'add' | 'update', wasPublished: boolean): void {
  const question = questionForAudience(row);
  if (row.status === 'ACTIVE') return hub.pushAudience(eventId, frame({ type: kind, question }));
  if (wasPublished) hub.pushAudience(eventId, frame({ type: 'delete', id: row.id }), row.attendee_id ? { except: row.attendee_id } : undefined);
  if (row.attendee_id) hub.pushAudience(eventId, frame({ type: kind, question: { ...question, mine: true } }), row.attendee_id);
}

/** The questions this attendee may see, oldest first: the published ones and their own, each with `mine` and `myUpvote`. */
export async function questionsFor(db: Queryable, event: EventRow, attendeeId: string): Promise<AudienceQuestion[]> {
  if (!event.qna_enabled) return [];
  const rows = await db.query<QuestionRow & { my_upvote: boolean }>(
    `SELECT q.*, (u.attendee_id IS NOT NULL) AS my_upvote FROM questions q
     LEFT JOIN question_upvotes u ON u.question_id = q.id AND u.attendee_id = $2
     WHERE q.event_id = $1 AND (q.status = 'ACTIVE' OR q.attendee_id = $2) ORDER BY q.ts, q.id`,
    [event.id, attendeeId],
  );
  return rows.map((r) => ({ ...questionForAudience(r), mine: r.attendee_id === attendeeId, myUpvote: r.my_upvote }));
}

/** The question as the page sends it: the text rule, within AUDIENCE_QUESTION_MAX; 400 with the reason otherwise. */
export function readQuestion(body: Record<string, unknown>): { content: string; anonymous: boolean } {
  const read = readAudienceQuestion(body);
  if ('refused' in read) throw badRequest(read.refused);
  return read;
}

/**
 * An attendee asks: 403 when the event's Q&A is off, 400 for an empty or too long question, 429
 * (Retry-After) past QUESTION_RATE, then past `shared` (the address' limit) if given. ASKED, or ACTIVE
 * at once with qnaAutoApprove; the studio gets its Event_QnA `add`, the attendees who may see it theirs.
 */
export async function askQuestion(
  { db, hub }: Pick<Ctx, 'db' | 'hub'>,
  event: EventRow,
  attendee: Attendee,
  body: Record<string, unknown>,
  now: number,
  shared?: SharedLimit,
): Promise<AudienceQuestion> {
  if (!event.qna_enabled) throw forbidden(QUESTION_TEXTS.off);
  const { content, anonymous } = readQuestion(body);
  const retryAfter = await takeToken(db, `question\n${attendee.id}`, QUESTION_RATE, now);
  if (retryAfter > 0) throw new HttpError(429, QUESTION_TEXTS.tooFast(retryAfter), { 'Retry-After': String(retryAfter) });
  if (shared) await spendAddressToken(shared);
  const row: QuestionRow = {
    id: randomUUID(),
    content,
    status: event.qna_auto_approve ? 'ACTIVE' : 'ASKED',
    anonymous,
    initiator: { name: attendee.name },
    ts: now,
    upvote_count: 0,
    answers: [],
    attendee_id: attendee.id,
  };
  await db.transaction((tx) =>
    tx.query('INSERT INTO questions (id, event_id, content, status, anonymous, initiator, ts, attendee_id) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8)', [
      row.id,
      event.id,
      row.content,
      row.status,
      row.anonymous,
      json(row.initiator),
      row.ts,
      row.attendee_id,
    ]),
  );
  hub.pushEventMsg(event.id, { type: 'Event_QnA', qna: { type: 'add', question: toQuestion(row) } });
  pushQuestion(hub, event.id, row, 'add', false);
  return { ...questionForAudience(row), mine: true, myUpvote: false };
}

/** Pushes a question's upvote count as it now is, to the studio and the attendees who may see it: at most once per QNA_UPVOTES_PUSH_MS. */
function pushUpvotes({ db, hub }: Pick<Ctx, 'db' | 'hub'>, eventId: string, id: string): void {
  hub
    .coalesce(`qna-upvotes:${id}`, QNA_UPVOTES_PUSH_MS, async () => {
      const latest = (await db.query<Pick<QuestionRow, 'status' | 'attendee_id' | 'upvote_count'>>('SELECT status, attendee_id, upvote_count FROM questions WHERE id = $1', [id]))[0];
      if (!latest) return;
      hub.pushEventMsg(eventId, { type: 'Event_QnA', qna: { type: 'upvote', id, upvoteCount: latest.upvote_count } });
      pushToViewers(hub, eventId, latest, { type: 'upvote', id, upvoteCount: latest.upvote_count });
    })
    .catch(() => undefined);
}

/**
 * An attendee's upvote: once per attendee and question (409 for a second, from any tab), only of a
 * published question (409 for their own waiting one; 404 for one they may not see). Answers the
 * question with its count; the counts are pushed coalesced.
 */
export async function upvoteQuestion(ctx: Pick<Ctx, 'db' | 'hub'>, event: EventRow, attendeeId: string, id: string, now: number): Promise<AudienceQuestion> {
  if (!event.qna_enabled) throw forbidden(QUESTION_TEXTS.off);
  const row = await ctx.db.transaction(async (tx) => {
    const q = (await tx.query<QuestionRow>('SELECT * FROM questions WHERE id = $1 AND event_id = $2', [id, event.id]))[0];
    if (!q || (q.status !== 'ACTIVE' && q.attendee_id !== attendeeId)) throw notFound(QUESTION_TEXTS.notFound); // someone else's unpublished question is none of theirs
    if (q.status !== 'ACTIVE') throw conflict(QUESTION_TEXTS.notPublished);
    const inserted = await tx.query('INSERT INTO question_upvotes (question_id, attendee_id, upvoted_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING question_id', [id, attendeeId, now]);
    if (!inserted.length) throw conflict(QUESTION_TEXTS.upvotedAlready);
    const counted = await tx.query<{ upvote_count: number }>('UPDATE questions SET upvote_count = upvote_count + 1 WHERE id = $1 RETURNING upvote_count', [id]);
    return { ...q, upvote_count: counted[0]?.upvote_count ?? q.upvote_count + 1 };
  });
  pushUpvotes(ctx, event.id, id);
  return { ...questionForAudience(row), mine: row.attendee_id === attendeeId, myUpvote: true };
}
