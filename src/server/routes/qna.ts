/**
 * Q&A (§7, CONTRACT.md). Pushes `{ type: 'msg', msg: { type: 'Event_QnA', qna } }` with qna as the
 * studio's QnaEvent (src/state/qna/types.ts). Decided here: `PUT .../qna/question/{id}` with body
 * `{ approve: true|false }` publishes (ACTIVE) or declines (DECLINED); any other body is an upvote.
 * Every change also reaches the attendees who may see the question (audience/questions.ts).
 */
import type { FastifyInstance } from 'fastify';
import { requireEventAccess } from '../auth';
import type { Ctx } from '../context';
import { json, type Queryable } from '../db/adapter';
import { badRequest, notFound } from '../errors';
import { guidsOfUser } from '../cluster/presence';
import { getUser } from '../users';
import { SEEN_IDS_MAX, SHORT_TEXT_MAX as ID_MAX } from '../limits';
import { API } from './events';
import { toQuestion, type AnswerRow as Answer, type QuestionRow } from '../questions';
import { answerForAudience, pushQuestion, pushToViewers } from '../audience/questions';

const ANSWER_MAX = 500;

async function getQuestion(db: Queryable, eventId: string, id: string): Promise<QuestionRow> {
  const row = (await db.query<QuestionRow>('SELECT * FROM questions WHERE id = $1 AND event_id = $2 FOR UPDATE', [id, eventId]))[0];
  if (!row) throw notFound('No such question');
  return row;
}

type QParams = { Params: { eventId: string; id: string } };
const Q = `${API}/chat/v1/events/:eventId/qna`;

export function qnaRoutes(app: FastifyInstance, { db, hub }: Ctx): void {
  const push = (eventId: string, qna: unknown) => hub.pushEventMsg(eventId, { type: 'Event_QnA', qna });

  app.get<{ Params: { eventId: string } }>(`${Q}/questions`, async (req) => {
    await requireEventAccess(db, req, req.params.eventId);
    return (await db.query<QuestionRow>('SELECT * FROM questions WHERE event_id = $1 ORDER BY ts, id', [req.params.eventId])).map(toQuestion);
  });

  app.post<{ Params: { eventId: string } }>(`${Q}/seen`, async (req) => {
    const me = await requireEventAccess(db, req, req.params.eventId);
    const ids = ((req.body ?? {}) as Record<string, unknown>).ids;
    if (!Array.isArray(ids) || !ids.every((g) => typeof g === 'string' && g.length <= ID_MAX)) throw badRequest('ids must be a list of ids');
    if (ids.length > SEEN_IDS_MAX) throw badRequest(`At most ${SEEN_IDS_MAX} ids at once`);
    await db.transaction(async (tx) => {
      for (const id of ids) await tx.query('INSERT INTO question_seen (user_id, question_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [me, id]);
    });
    return {};
  });

  app.put<QParams>(`${Q}/question/:id`, async (req) => {
    const { eventId, id } = req.params;
    await requireEventAccess(db, req, eventId);
    const approve = ((req.body ?? {}) as Record<string, unknown>).approve;
    const { row, was } = await db.transaction(async (tx) => {
      const q = await getQuestion(tx, eventId, id);
      if (typeof approve === 'boolean') {
        const status = approve ? 'ACTIVE' : 'DECLINED';
        await tx.query('UPDATE questions SET status = $2 WHERE id = $1', [id, status]);
        return { row: { ...q, status }, was: q.status };
      }
      await tx.query('UPDATE questions SET upvote_count = upvote_count + 1 WHERE id = $1', [id]);
      return { row: { ...q, upvote_count: q.upvote_count + 1 }, was: q.status };
    });
    if (typeof approve === 'boolean') {
      push(eventId, { type: 'update', question: toQuestion(row) });
      pushQuestion(hub, eventId, row, 'update', was === 'ACTIVE');
    } else {
      push(eventId, { type: 'upvote', id, upvoteCount: row.upvote_count });
      pushToViewers(hub, eventId, row, { type: 'upvote', id, upvoteCount: row.upvote_count });
    }
    return toQuestion(row);
  });

  app.delete<QParams>(`${Q}/question/:id`, async (req) => {
    const { eventId, id } = req.params;
    await requireEventAccess(db, req, eventId);
    const gone = await db.transaction(async (tx) => {
      const q = await getQuestion(tx, eventId, id);
      await tx.query('DELETE FROM questions WHERE id = $1', [id]);
      return q;
    });
    push(eventId, { type: 'delete', id });
    pushToViewers(hub, eventId, gone, { type: 'delete', id });
    return {};
  });

  app.get<QParams>(`${Q}/question/:id/answer`, async (req) => {
    await requireEventAccess(db, req, req.params.eventId);
    const row = (await db.query<QuestionRow>('SELECT * FROM questions WHERE id = $1 AND event_id = $2', [req.params.id, req.params.eventId]))[0];
    if (!row) throw notFound('No such question');
    return row.answers;
  });

  app.post<QParams>(`${Q}/question/:id/answer`, async (req) => {
    const { eventId, id } = req.params;
    const me = await requireEventAccess(db, req, eventId);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const content = typeof body.content === 'string' ? body.content.trim() : '';
    if (!content) throw badRequest('The answer is empty');
    if ([...content].length > ANSWER_MAX) throw badRequest(`The answer is longer than ${ANSWER_MAX} characters`);
    const user = await getUser(db, me);
    const by = body.answerBy as Record<string, unknown> | undefined;
    const guid = (await guidsOfUser(db, eventId, me))[0] ?? me;
    const answer: Answer = {
      content,
      anonymous: false,
      answerBy: { name: typeof by?.name === 'string' && by.name ? by.name : `${user.firstName} ${user.lastName}`, endpointGuid: typeof by?.endpointGuid === 'string' && by.endpointGuid ? by.endpointGuid : guid },
      timestamp: Date.now(),
    };
    const row = await db.transaction(async (tx) => {
      const q = await getQuestion(tx, eventId, id);
      const answers = [...q.answers, answer];
      await tx.query('UPDATE questions SET answers = $2::jsonb WHERE id = $1', [id, json(answers)]);
      return { ...q, answers };
    });
    push(eventId, { type: 'answer', id, answer, answerCount: row.answers.length, replyCount: row.answers.length });
    pushToViewers(hub, eventId, row, { type: 'answer', id, answer: answerForAudience(answer), answerCount: row.answers.length, replyCount: row.answers.length });
    return answer;
  });
}
