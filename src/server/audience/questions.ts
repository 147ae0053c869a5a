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
import type { AudienceAnswer, AudienceQnaEvent, AudienceQuestion } from '../../lib/audienceContract';
import { AUDIENCE_QUESTION_MAX } from '../../lib/limits';
import { cleanText } from '../../lib/text';
import { takeToken, type BucketRule } from '../cluster/rateBucket';
import type { Ctx } from '../context';
import { json, type Queryable } from '../db/adapter';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../errors';
import type { EventRow } from '../events';
import { ANONYMOUS, toQuestion, type AnswerRow, type QuestionRow } from '../questions';
import type { Hub } from '../sockets/hub';
import type { Attendee } from './attendees';
import { spendAddressToken, type SharedLimit } from './addressRate';

/** Ours: questions an attendee may ask at once, refilled over a minute (a question is thought about; a script floods). */
export const QUESTION_RATE: BucketRule = { capacity: 3, windowMs: 60_000 };
/** Ours: at an upvote storm the counts move at most this often (one push carries every upvote so far), like POLL_RESULTS_PUSH_MS. */
export const QNA_UPVOTES_PUSH_MS = 500;

/** The texts an attendee's question is refused with (shown on the page as they are). */
export const QUESTION_TEXTS = {
  off: 'Q&A is off for this event.',
  empty: 'Please write your question.',
  tooLong: `Your question is longer than ${AUDIENCE_QUESTION_MAX} characters.`,
  tooFast: (seconds: number) => `You are asking too fast. You can ask again in ${seconds}s.`,
  notFound: 'This question is no longer there.',
  notPublished: 'Only a published question can be upvoted.',
  upvotedAlready: 'You upvoted this question already.',
} as const;

/** An answer as attendees see it: who answered by name, never their socket. */
export const answerForAudience = (a: AnswerRow): AudienceAnswer => ({ content: a.content, anonymous: a.anonymous, answerBy: { name: a.anonymous ? ANONYMOUS : a.answerBy.name }, timestamp: a.timestamp });

/** A question as every attendee may see it (nobody's `mine`). */
export function questionForAudience(r: QuestionRow): AudienceQuestion {
  const q = toQuestion(r);
  const status = q.status === 'ACTIVE' || q.status === 'DECLINED' ? q.status : 'ASKED';
  return { ...q, status, answers: r.answers.map(answerForAudience) };
}

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
  const raw = typeof body.content === 'string' ? body.content : '';
  if ([...raw].length > AUDIENCE_QUESTION_MAX) throw badRequest(QUESTION_TEXTS.tooLong);
  const content = cleanText(raw, { max: AUDIENCE_QUESTION_MAX, multiline: true }).text;
  if (!content) throw badRequest(QUESTION_TEXTS.empty);
  if (body.anonymous !== undefined && typeof body.anonymous !== 'boolean') throw badRequest('anonymous must be true or false');
  return { content, anonymous: body.anonymous === true };
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
