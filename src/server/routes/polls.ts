/**
 * Polls (§7, CONTRACT.md): create, update, delete, manage START|END, list by status, seen. Every
 * change is pushed as `{ type: 'msg', msg: { type: 'POLL', notificationType, pollData } }`.
 * notificationType is CREATE, UPDATE, DELETE, START or END (the studio removes on DELETE, §4).
 */
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { requireEventAccess } from '../auth';
import type { Ctx } from '../context';
import { json, type Queryable } from '../db/adapter';
import { badRequest, conflict, notFound } from '../errors';
import { POLL_OPTIONS_MAX, SEEN_IDS_MAX, SHORT_TEXT_MAX as ID_MAX } from '../limits';
import { API, requireInstance } from './events';
import { pollForAudience } from '../audience/polls';
import { toPoll, type PollRow } from '../polls';

/** §9 Text limits: poll question and option 150; §5 min 2 options. */
const TEXT_MAX = 150;
const MIN_OPTIONS = 2;

type PollOption = PollRow['options'][number];

function readDraft(body: unknown): { question: string; options: PollOption[] } {
  const b = (body ?? {}) as Record<string, unknown>;
  const question = typeof b.question === 'string' ? b.question.trim() : '';
  if (!question) throw badRequest('The poll needs a question');
  if (question.length > TEXT_MAX) throw badRequest(`The question is longer than ${TEXT_MAX} characters`);
  if (!Array.isArray(b.options)) throw badRequest('options must be a list');
  if (b.options.length > POLL_OPTIONS_MAX) throw badRequest(`A poll has at most ${POLL_OPTIONS_MAX} options`);
  const options = b.options.map((o: unknown, i) => {
    const text = typeof (o as PollOption | null)?.option === 'string' ? (o as PollOption).option.trim() : '';
    if (!text) throw badRequest(`Option ${i + 1} is empty`);
    if (text.length > TEXT_MAX) throw badRequest(`Option ${i + 1} is longer than ${TEXT_MAX} characters`);
    return { optionNumber: i + 1, option: text };
  });
  if (options.length < MIN_OPTIONS) throw badRequest(`A poll needs at least ${MIN_OPTIONS} options`);
  return { question, options };
}

async function getPoll(db: Queryable, eventId: string, guid: string): Promise<PollRow> {
  const row = (await db.query<PollRow>('SELECT guid, question, options, status, results FROM polls WHERE guid = $1 AND event_id = $2', [guid, eventId]))[0];
  if (!row) throw notFound('No such poll');
  return row;
}

/**
 * The list filters, a fixed allow-list (a Map: no inherited key such as `constructor` can pick
 * anything); only these texts ever reach the SQL. No status: every poll.
 */
const LIST_STATUS = new Map([
  ['ACTIVE', "status = 'ACTIVE'"],
  ['AVAILABLE', 'status IS NULL'],
  ['COMPLETED', "status = 'DONE'"],
]);

type PollParams = { Params: { eventId: string; pollId: string } };

export function pollRoutes(app: FastifyInstance, { db, hub }: Ctx): void {
  const push = (eventId: string, notificationType: string, pollData: unknown) => hub.pushEventMsg(eventId, { type: 'POLL', notificationType, pollData });
  /** The audience hears of a poll when it starts, ends or is deleted (issue 32); drafts are the studio's. */
  const pushAudience = (eventId: string, notificationType: 'START' | 'END' | 'DELETE', row: PollRow | { guid: string }) =>
    hub.pushAudience(eventId, { type: 'poll', notificationType, ...('question' in row ? { poll: pollForAudience(row) } : { pollGuid: row.guid }) });

  app.post<{ Params: { eventId: string } }>(`${API}/polling/v1/events/:eventId/polls`, async (req) => {
    await requireEventAccess(db, req, req.params.eventId);
    const draft = readDraft(req.body);
    const row: PollRow = { guid: randomUUID(), question: draft.question, options: draft.options, status: null, results: draft.options.map((o) => ({ option: o.option, votes: 0 })) };
    await db.transaction((tx) =>
      tx.query('INSERT INTO polls (guid, event_id, question, options, status, results, created_at) VALUES ($1, $2, $3, $4::jsonb, NULL, $5::jsonb, $6)', [row.guid, req.params.eventId, row.question, json(row.options), json(row.results), Date.now()]),
    );
    push(req.params.eventId, 'CREATE', toPoll(row));
    return toPoll(row);
  });

  app.put<PollParams>(`${API}/polling/v1/events/:eventId/polls/:pollId`, async (req) => {
    await requireEventAccess(db, req, req.params.eventId);
    const draft = readDraft(req.body);
    const row = await db.transaction(async (tx) => {
      const current = await getPoll(tx, req.params.eventId, req.params.pollId);
      if (current.status) throw conflict('A started poll cannot be edited');
      const next: PollRow = { ...current, question: draft.question, options: draft.options, results: draft.options.map((o) => ({ option: o.option, votes: 0 })) };
      await tx.query('UPDATE polls SET question = $2, options = $3::jsonb, results = $4::jsonb WHERE guid = $1', [next.guid, next.question, json(next.options), json(next.results)]);
      return next;
    });
    push(req.params.eventId, 'UPDATE', toPoll(row));
    return toPoll(row);
  });

  app.delete<PollParams>(`${API}/polling/v1/events/:eventId/polls/:pollId`, async (req) => {
    await requireEventAccess(db, req, req.params.eventId);
    await db.transaction(async (tx) => {
      await getPoll(tx, req.params.eventId, req.params.pollId);
      await tx.query('DELETE FROM polls WHERE guid = $1', [req.params.pollId]);
    });
    push(req.params.eventId, 'DELETE', { pollGuid: req.params.pollId });
    pushAudience(req.params.eventId, 'DELETE', { guid: req.params.pollId });
    return {};
  });

  app.post<{ Params: { eventId: string; instanceId: string; pollId: string } }>(`${API}/polling/v1/events/:eventId/instances/:instanceId/polls/:pollId/manage`, async (req) => {
    await requireEventAccess(db, req, req.params.eventId);
    await requireInstance(db, req.params.eventId, req.params.instanceId);
    const action = ((req.body ?? {}) as Record<string, unknown>).action;
    if (action !== 'START' && action !== 'END') throw badRequest('action must be START or END');
    const row = await db.transaction(async (tx) => {
      const current = await getPoll(tx, req.params.eventId, req.params.pollId);
      if (action === 'START') {
        if (current.status) throw conflict(`The poll is already ${current.status}`);
        // §4: start is allowed only when no poll is ACTIVE (the row lock keeps two starts apart).
        const active = await tx.query("SELECT guid FROM polls WHERE event_id = $1 AND status = 'ACTIVE' FOR UPDATE", [req.params.eventId]);
        if (active.length) throw conflict('Another poll is ACTIVE');
      } else if (current.status !== 'ACTIVE') throw conflict('Only an ACTIVE poll can be ended');
      const status = action === 'START' ? 'ACTIVE' : 'DONE';
      await tx.query('UPDATE polls SET status = $2 WHERE guid = $1', [current.guid, status]);
      return { ...current, status };
    });
    push(req.params.eventId, action, toPoll(row));
    pushAudience(req.params.eventId, action, row);
    return toPoll(row);
  });

  app.get<{ Params: { eventId: string; instanceId: string }; Querystring: { status?: string } }>(`${API}/polling/v1/events/:eventId/instances/:instanceId/polls`, async (req) => {
    await requireEventAccess(db, req, req.params.eventId);
    const status = req.query.status;
    const filter = status === undefined || status === '' ? 'true' : LIST_STATUS.get(status);
    if (!filter) throw badRequest(`status must be one of ${[...LIST_STATUS.keys()].join(', ')}`);
    const rows = await db.query<PollRow>(`SELECT guid, question, options, status, results FROM polls WHERE event_id = $1 AND ${filter} ORDER BY created_at, guid`, [req.params.eventId]);
    return rows.map(toPoll);
  });

  app.post<{ Params: { eventId: string } }>(`${API}/polling/v1/events/:eventId/polls/seen`, async (req) => {
    const me = await requireEventAccess(db, req, req.params.eventId);
    const guids = ((req.body ?? {}) as Record<string, unknown>).pollGuids;
    if (!Array.isArray(guids) || !guids.every((g) => typeof g === 'string' && g.length <= ID_MAX)) throw badRequest('pollGuids must be a list of ids');
    if (guids.length > SEEN_IDS_MAX) throw badRequest(`At most ${SEEN_IDS_MAX} ids at once`);
    await db.transaction(async (tx) => {
      for (const g of guids) await tx.query('INSERT INTO poll_seen (user_id, poll_guid) VALUES ($1, $2) ON CONFLICT DO NOTHING', [me, g]);
    });
    return {};
  });
}
