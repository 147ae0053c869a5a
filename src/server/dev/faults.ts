/**
 * Test hooks, registered only with `faults: true` (STUDIO_BACKEND_FAULTS=1), CONTRACT.md "Test hooks":
 * - `POST /__test/faults` `{ delayMs?, fail?: { method, pathPrefix, status, count } }`: every later
 *   call waits delayMs (0 clears it); the next `count` calls matching method and path prefix answer
 *   `status` with the §8 body. `{}` clears both.
 * - `POST /__test/drop-sockets`: terminates every socket abruptly.
 * - `GET /__test/channel/{uuid}`: the stored channel, no token.
 * - `POST /__test/channel/{uuid}/force` `{ changes }`: writes keyed values into the stored channel past
 *   every check (what a write around the routes would leave) and pushes it, as an applied update is.
 * - `POST /__test/audience/chat` `{ eventId, text, name? }`: an attendee writes in the public chat.
 * - `POST /__test/memory`: the process' memory (`process.memoryUsage()`) after a full garbage
 *   collection when node runs with `--expose-gc` (`collected` says whether it did): what a
 *   benchmark reads per connected attendee.
 * - `POST /__test/event/{eventId}/settings` `{ requireEmail?, one2OneModChat?, qnaEnabled?, qnaAutoApprove?, raiseHandEnabled? }`: the event settings
 *   attendees meet, as the event platform would set them.
 */
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { channelJson, loadChannel } from '../channels';
import type { Ctx } from '../context';
import { json } from '../db/adapter';
import { badRequest, errorBody } from '../errors';
import { isRecord } from '../../../compositor/model/json';

interface FailRule {
  method: string;
  pathPrefix: string;
  status: number;
  count: number;
}

export function faultRoutes(app: FastifyInstance, ctx: Ctx): void {
  let delayMs = 0;
  let fail: FailRule | null = null;

  app.addHook('onRequest', async (req, reply) => {
    if (req.url.startsWith('/__test/')) return;
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    if (fail && fail.count > 0 && (fail.method === '*' || fail.method.toUpperCase() === req.method) && req.url.startsWith(fail.pathPrefix)) {
      fail.count -= 1;
      const status = fail.status;
      if (fail.count <= 0) fail = null;
      return reply.code(status).send(errorBody(status, `Injected failure (${status})`));
    }
  });

  app.post('/__test/faults', async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    delayMs = typeof body.delayMs === 'number' && body.delayMs > 0 ? body.delayMs : 0;
    const f = body.fail as Record<string, unknown> | undefined;
    if (f) {
      if (typeof f.pathPrefix !== 'string' || typeof f.status !== 'number') throw badRequest('fail needs pathPrefix and status');
      fail = { method: typeof f.method === 'string' ? f.method : '*', pathPrefix: f.pathPrefix, status: f.status, count: typeof f.count === 'number' ? f.count : 1 };
    } else fail = null;
    return { delayMs, fail };
  });

  app.post('/__test/drop-sockets', async () => {
    ctx.hub.terminateAll();
    return {};
  });

  app.get<{ Params: { uuid: string } }>('/__test/channel/:uuid', async (req) => channelJson(await loadChannel(ctx.db, req.params.uuid)));

  app.post<{ Params: { uuid: string } }>('/__test/channel/:uuid/force', async (req) => {
    const changes = isRecord(req.body) ? req.body.changes : undefined;
    if (!isRecord(changes)) throw badRequest('changes is required');
    const row = await ctx.db.transaction(async (tx) => {
      const current = await loadChannel(tx, req.params.uuid, true);
      const keyed = { ...current.keyed, ...(changes as typeof current.keyed) };
      await tx.query('UPDATE channels SET keyed = $2::json, version = $3 WHERE uuid = $1', [current.uuid, json(keyed), current.version + 1]);
      return { ...current, keyed, version: current.version + 1 };
    });
    const channel = channelJson(row);
    ctx.hub.pushStudio(row.uuid, { type: 'channel.updated', channel });
    return channel;
  });

  app.post<{ Params: { eventId: string } }>('/__test/event/:eventId/settings', async (req) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    for (const [field, column] of [
      ['requireEmail', 'require_email'],
      ['one2OneModChat', 'one2one_mod_chat'],
      ['qnaEnabled', 'qna_enabled'],
      ['qnaAutoApprove', 'qna_auto_approve'],
      ['raiseHandEnabled', 'raise_hand_enabled'],
    ] as const) {
      if (typeof b[field] === 'boolean') await ctx.db.transaction((tx) => tx.query(`UPDATE events SET ${column} = $2 WHERE id = $1`, [req.params.eventId, b[field]]));
    }
    return {};
  });

  app.post('/__test/memory', async () => {
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    return { ...process.memoryUsage(), collected: typeof gc === 'function' };
  });

  app.post('/__test/audience/chat', async (req) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    if (typeof b.eventId !== 'string' || typeof b.text !== 'string') throw badRequest('eventId and text are required');
    const name = typeof b.name === 'string' ? b.name : 'Audience Member';
    const message = {
      id: randomUUID(),
      body: b.text,
      timestamp: Date.now(),
      tag: 'public',
      sender: { guid: `attendee-${name.toLowerCase().replace(/\W+/g, '-')}`, name, role: 'Attendee' },
      receiver: null,
      eventGuid: b.eventId,
      privateChat: false,
      moderatorPresenterChat: false,
      moderatorChat: false,
      isSelf: false,
      isUnread: true,
      onStreamDate: 0,
      deleteDate: 0,
    };
    await ctx.db.transaction((tx) =>
      tx.query("INSERT INTO chat_messages (id, event_id, kind, body, tag, sender, ts) VALUES ($1, $2, 'public', $3, 'public', $4::jsonb, $5)", [message.id, b.eventId, message.body, json(message.sender), message.timestamp]),
    );
    ctx.hub.pushEvent(b.eventId as string, { type: 'chat.msg', message });
    return message;
  });
}
