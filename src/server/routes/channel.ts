/**
 * Channel `{studioApi}` = /api/studio (§7, CONTRACT.md "Channel" and "Sync"). Each write runs in a
 * transaction with the channel row locked and is committed before the answer; an applied update
 * bumps `version` and is pushed as `channel.updated` to every studio socket of the channel.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { newToken, requireModerator, requireProducer, tokenHash } from '../auth';
import { applyPut, freshKeyed } from '../syncCore';
import { writeSyncedDoc } from '../syncedDoc';
import { channelJson, chatOnStreamId, channelOfEvent, channelsOfUser, loadChannel, requireChannelAccess, requireReader, serverState } from '../channels';
import type { Ctx } from '../context';
import { json, type Queryable } from '../db/adapter';
import { badRequest, notFound, CHANNEL_NOT_FOUND } from '../errors';
import { isRecord } from '../../../compositor/model/json';
import { parseUpdateReason } from '../../../compositor/convert';
import { enforceChannelLimits } from '../channelLimits';
import { CHANNEL_BODY_LIMIT_BYTES, REASON_TEXT_MAX, URL_TEXT_MAX } from '../limits';
import type { UpdateReason } from '../../../compositor/model/types';
import { nametagPng } from '../nametag';
import { updateVideoShare } from './moderator';
import { isQuality, QUALITIES, type Quality } from '../../lib/captureContract';
import { CLOSE_FORBIDDEN, OUTPUT_TOKEN_REPLACED_REASON } from '../sockets/messages';

export const STUDIO_API = '/api/studio';
/** §9 playout frame rate: a seek position is a frame number at 30 fps. */
const PLAYOUT_FPS = 30;
/** §9 the broadcast quality when a call names none (the settings' default). */
const DEFAULT_QUALITY: Quality = '1080p';
const NAME_MAX = 200;
/** The channel's write calls take a larger body than the rest (limits.ts). */
const CHANNEL_WRITE = { bodyLimit: CHANNEL_BODY_LIMIT_BYTES };

type UuidParams = { Params: { uuid: string } };

/** A body's templateUrl: absent (keep), or a text up to URL_TEXT_MAX; 400 otherwise. */
function templateUrlOf(body: Record<string, unknown>, current: string): string {
  if (body.templateUrl === undefined) return current;
  if (typeof body.templateUrl !== 'string' || body.templateUrl.length > URL_TEXT_MAX) throw badRequest(`templateUrl must be a text of at most ${URL_TEXT_MAX} characters`);
  return body.templateUrl;
}

/** A body's updateReason (§3, JSON text): the reason when it reads as one, else null (§8: treated as null); 400 when a text in it is too long. */
function reasonOf(body: Record<string, unknown>): UpdateReason | null {
  const reason = parseUpdateReason(body.updateReason);
  if (reason && [reason.id, reason.value, reason.fromUuid].some((v) => typeof v === 'string' && v.length > REASON_TEXT_MAX)) throw badRequest(`A text of updateReason is longer than ${REASON_TEXT_MAX} characters`);
  return reason;
}

export function channelRoutes(app: FastifyInstance, ctx: Ctx): void {
  const { db, hub } = ctx;
  const producer = (req: FastifyRequest) => requireProducer(db, req);

  /** The channel row, after checking the producer may use it. */
  async function accessible(req: FastifyRequest, uuid: string) {
    const me = await producer(req);
    const row = await loadChannel(db, uuid);
    await requireChannelAccess(db, me, row);
    return row;
  }

  /** The channel's row under its lock, for a producer who may change it (404/403 otherwise). */
  const lockForChange = (uuid: string, me: string) => async (tx: Queryable) => {
    const row = await loadChannel(tx, uuid, true);
    await requireChannelAccess(tx, me, row);
    return row;
  };

  app.get<{ Querystring: { ptEventId?: string; ptEventInstanceId?: string } }>(`${STUDIO_API}/channel`, async (req) => {
    const me = await producer(req);
    const eventId = req.query.ptEventId ?? '';
    await requireModerator(db, me, eventId);
    const row = await channelOfEvent(db, eventId);
    if (!row) throw notFound(CHANNEL_NOT_FOUND);
    return channelJson(row);
  });

  app.get(`${STUDIO_API}/channel/list`, async (req) => (await channelsOfUser(db, await producer(req))).map(channelJson));

  app.get<UuidParams & { Querystring: { outputToken?: string } }>(`${STUDIO_API}/channel/:uuid`, async (req) => {
    if (req.query.outputToken !== undefined) {
      const row = await loadChannel(db, req.params.uuid);
      await requireReader(db, row, req.query.outputToken);
      return channelJson(row);
    }
    return channelJson(await accessible(req, req.params.uuid));
  });

  app.post(`${STUDIO_API}/channel`, CHANNEL_WRITE, async (req) => {
    const me = await producer(req);
    const body = req.body;
    if (!isRecord(body) || typeof body.ptEventId !== 'string') throw badRequest('ptEventId is required');
    await requireModerator(db, me, body.ptEventId);
    const name = typeof body.name === 'string' && body.name.trim() ? body.name.trim().slice(0, NAME_MAX) : 'Channel';
    const uuid = randomUUID();
    const fresh = freshKeyed(name);
    const templateUrl = templateUrlOf(body, '');
    const keyed = enforceChannelLimits(fresh, applyPut({ version: 0, applied: {}, keyed: fresh }, { ...body, sync: undefined }, { name, templateUrl: '' }).state.keyed, ctx.mediaOrigins, { applied: {}, name, templateUrl });
    await db.transaction((tx) =>
      tx.query("INSERT INTO channels (uuid, name, template_url, event_id, event_status, keyed, version, applied) VALUES ($1, $2, $3, $4, 'NEW', $5::json, 0, '{}'::json)", [
        uuid,
        name,
        templateUrl,
        body.ptEventId,
        json(keyed),
      ]),
    );
    return channelJson(await loadChannel(db, uuid));
  });

  app.delete<UuidParams>(`${STUDIO_API}/channel/:uuid`, async (req) => {
    await accessible(req, req.params.uuid);
    await db.transaction((tx) => tx.query('DELETE FROM channels WHERE uuid = $1', [req.params.uuid]));
    return {};
  });

  app.put<UuidParams>(`${STUDIO_API}/channel/:uuid`, CHANNEL_WRITE, async (req) => {
    const me = await producer(req);
    const body = req.body;
    let streamedBefore: string | null = null;
    const row = await writeSyncedDoc(db, {
      lock: lockForChange(req.params.uuid, me),
      apply(current) {
        streamedBefore = chatOnStreamId(current.keyed);
        const result = applyPut(serverState(current), body, { name: current.name, templateUrl: current.template_url });
        if (result.duplicate) return null;
        const b = body as Record<string, unknown>;
        const reason = reasonOf(b);
        const name = typeof b.name === 'string' && b.name.trim() ? b.name.trim().slice(0, NAME_MAX) : current.name;
        const templateUrl = templateUrlOf(b, current.template_url);
        // The whole stored document counts against its limit, not only the keyed map.
        const beside = { applied: current.applied, name: current.name, templateUrl: current.template_url, updateReason: current.update_reason };
        const keyed = enforceChannelLimits(current.keyed, result.state.keyed, ctx.mediaOrigins, beside, { applied: result.state.applied, name, templateUrl, updateReason: reason });
        return { ...current, keyed, version: result.state.version, applied: result.state.applied, update_reason: reason, name, template_url: templateUrl };
      },
      store: (tx, next) =>
        tx
          .query('UPDATE channels SET keyed = $2::json, version = $3, applied = $4::json, update_reason = $5::jsonb, name = $6, template_url = $7 WHERE uuid = $1', [
            next.uuid,
            json(next.keyed),
            next.version,
            json(next.applied),
            json(next.update_reason),
            next.name,
            next.template_url,
          ])
          .then(() => undefined),
      announce: (next) => {
        hub.pushStudio(next.uuid, { type: 'channel.updated', channel: channelJson(next) });
        // Issue 32: attendee pages mark the public message a moderator put on stream (or took off).
        const streamed = chatOnStreamId(next.keyed);
        if (next.event_id && streamed !== streamedBefore) hub.pushAudience(next.event_id, { type: 'chat.onStream', id: streamed });
      },
    });
    return channelJson(row);
  });

  app.post<UuidParams>(`${STUDIO_API}/channel/:uuid/resync`, async (req) => channelJson(await accessible(req, req.params.uuid)));

  // §4 go live / stop live: the live manager moves the channel's status at once and starts or stops
  // the job; the broadcast states then come from the capture worker as it really starts and stops.
  app.post<UuidParams>(`${STUDIO_API}/channel/:uuid/golive`, async (req) => {
    const me = await producer(req);
    const body = isRecord(req.body) ? req.body : {};
    if (body.quality !== undefined && !isQuality(body.quality)) throw badRequest(`quality must be one of ${Object.keys(QUALITIES).join(', ')}`);
    return channelJson(await ctx.live.goLive(lockForChange(req.params.uuid, me), isQuality(body.quality) ? body.quality : DEFAULT_QUALITY));
  });
  app.post<UuidParams>(`${STUDIO_API}/channel/:uuid/stoplive`, async (req) => {
    const me = await producer(req);
    return channelJson(await ctx.live.stopLive(lockForChange(req.params.uuid, me)));
  });

  // A new output token; the old one stops working at once, and the sockets opened with it (the output
  // page's studio socket and media relay) close on every process.
  app.post<UuidParams>(`${STUDIO_API}/channel/:uuid/outputToken`, async (req) => {
    const me = await producer(req);
    const outputToken = newToken();
    const replaced = await db.transaction(async (tx) => {
      const row = await lockForChange(req.params.uuid, me)(tx);
      await tx.query('UPDATE channels SET output_token_hash = $2 WHERE uuid = $1', [row.uuid, tokenHash(outputToken)]);
      return row.output_token_hash;
    });
    if (replaced) hub.closeOutputToken(replaced, CLOSE_FORBIDDEN, OUTPUT_TOKEN_REPLACED_REASON);
    return { outputToken };
  });

  const videoControl = async (req: FastifyRequest<UuidParams>, change: { state?: string; seekFrame?: number }) => {
    const row = await accessible(req, req.params.uuid);
    if (!row.event_id) throw notFound('The channel has no event');
    const seek = change.seekFrame === undefined ? {} : { seek: change.seekFrame / PLAYOUT_FPS, offset: change.seekFrame / PLAYOUT_FPS };
    await updateVideoShare(db, hub, row.event_id, { ...(change.state ? { state: change.state } : {}), ...seek });
    return {};
  };
  app.post<{ Params: { uuid: string; position: string } }>(`${STUDIO_API}/channel/:uuid/layer/20000/seek/:position`, async (req) => {
    const frame = Number(req.params.position);
    if (!Number.isFinite(frame) || frame < 0) throw badRequest('The seek position must be a frame number');
    return videoControl(req, { seekFrame: frame });
  });
  app.post<UuidParams>(`${STUDIO_API}/channel/:uuid/layer/20000/resume`, async (req) => videoControl(req, { state: 'PLAYING' }));
  app.post<UuidParams>(`${STUDIO_API}/channel/:uuid/layer/20000/pause`, async (req) => videoControl(req, { state: 'PAUSED' }));

  app.get<{ Querystring: { initials?: string } }>(`${STUDIO_API}/nametag/generate`, async (req, reply) => {
    await producer(req);
    reply.header('Content-Type', 'image/png').header('Cache-Control', 'private, max-age=3600');
    return nametagPng(req.query.initials ?? '');
  });
}
