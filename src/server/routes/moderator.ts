/**
 * Moderator actions (§7) under .../eventuser/v1/events/{eventId}/instance/{instanceId}/moderator/{moderatorGuid}.
 * Mute, rename, voice processing and kick-out act on the live roster (the event sockets) and push
 * `Event_Roster`; a guest's kick-out is its removal (guests.ts removeGuest). Share video
 * stores the event's shared video and pushes `Video_Share`.
 */
import type { FastifyInstance } from 'fastify';
import { isAttendee, removeFromEvent } from '../audience/attendees';
import { requireEventAccess } from '../auth';
import type { Ctx } from '../context';
import type { Queryable } from '../db/adapter';
import { badRequest, notFound } from '../errors';
import { findGuest, removeGuest } from '../guests';
import { forgetParticipant, isPresent, updateEntries, type RosterEntry } from '../cluster/presence';
import type { Hub } from '../sockets/hub';
import { CLOSE_KICKED, KICKED_REASON } from '../sockets/messages';
import { API, requireInstance } from './events';

const BASE = `${API}/eventuser/v1/events/:eventId/instance/:instanceId/moderator/:moderatorGuid`;
const SHARE_STATES = ['OPEN', 'PLAYING', 'PAUSED', 'CLOSED'];
const MUTE_MODES = ['SOFT_MUTE', 'HARD_MUTE', 'UNMUTE'];
const NAME_MAX = 100;

interface ShareRow {
  event_id: string;
  content_id: string;
  state: string;
  seek: number;
  offset_s: number;
  endpoint_guid: string;
}

export interface VideoShare {
  contentId: string;
  state: string;
  seek: number;
  offset: number;
  endpointGUID: string;
}

/** Stores the event's shared video (merging `change` into what is there) and pushes `Video_Share`. */
export async function updateVideoShare(db: Queryable & { transaction: Ctx['db']['transaction'] }, hub: Hub, eventId: string, change: Partial<VideoShare>): Promise<VideoShare> {
  const share = await db.transaction(async (tx) => {
    const row = (await tx.query<ShareRow>('SELECT * FROM video_shares WHERE event_id = $1 FOR UPDATE', [eventId]))[0];
    const current: VideoShare = row ? { contentId: row.content_id, state: row.state, seek: row.seek, offset: row.offset_s, endpointGUID: row.endpoint_guid } : { contentId: '', state: 'CLOSED', seek: 0, offset: 0, endpointGUID: '' };
    const next = { ...current, ...change };
    await tx.query(
      `INSERT INTO video_shares (event_id, content_id, state, seek, offset_s, endpoint_guid) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (event_id) DO UPDATE SET content_id = $2, state = $3, seek = $4, offset_s = $5, endpoint_guid = $6`,
      [eventId, next.contentId, next.state, next.seek, next.offset, next.endpointGUID],
    );
    return next;
  });
  hub.pushEventMsg(eventId, { type: 'Video_Share', ...share });
  return share;
}

type Params = { eventId: string; instanceId: string; moderatorGuid: string };

/** Changes a present participant's roster entry (on whichever process its sockets are) and pushes the roster. */
async function changeParticipant(db: Ctx['db'], hub: Hub, eventId: string, guid: string, change: (entry: RosterEntry) => void): Promise<void> {
  if (!(await updateEntries(db, eventId, { guid }, change))) throw notFound('No such participant');
  await hub.pushRoster(eventId);
}

export function moderatorRoutes(app: FastifyInstance, ctx: Ctx): void {
  const { db, hub } = ctx;
  const guard = async (p: Params, req: Parameters<typeof requireEventAccess>[1]) => {
    await requireEventAccess(db, req, p.eventId);
    await requireInstance(db, p.eventId, p.instanceId);
  };

  app.put<{ Params: Params; Querystring: { action?: string } }>(`${BASE}/sharevideo`, async (req) => {
    await guard(req.params, req);
    const state = (req.query.action ?? '').toUpperCase();
    if (!SHARE_STATES.includes(state)) throw badRequest(`action must be one of ${SHARE_STATES.join(', ')}`);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const offset = typeof body.offset === 'number' && Number.isFinite(body.offset) ? body.offset : 0;
    const change: Partial<VideoShare> = { state, offset, seek: offset };
    if (typeof body.contentId === 'string') change.contentId = body.contentId;
    change.endpointGUID = typeof body.endpointGuid === 'string' ? body.endpointGuid : req.params.moderatorGuid;
    await updateVideoShare(db, hub, req.params.eventId, change);
    return {};
  });

  app.put<{ Params: Params & { guid: string } }>(`${BASE}/rename/:guid`, async (req) => {
    await guard(req.params, req);
    const name = ((req.body ?? {}) as Record<string, unknown>).name;
    if (typeof name !== 'string' || !name.trim()) throw badRequest('name is required');
    if (name.length > NAME_MAX) throw badRequest(`name is longer than ${NAME_MAX} characters`);
    await changeParticipant(db, hub, req.params.eventId, req.params.guid, (entry) => (entry.name = name.trim()));
    return {};
  });

  app.put<{ Params: Params; Querystring: { media?: string; mute?: string } }>(`${BASE}/endpoints`, async (req) => {
    await guard(req.params, req);
    if (req.query.media !== 'audio') throw badRequest('media must be audio');
    const mute = req.query.mute === 'true';
    await updateEntries(db, req.params.eventId, { except: req.params.moderatorGuid }, (entry) => {
      entry.audioMute = mute;
      if (!mute) entry.audioHardMute = false;
    });
    await hub.pushRoster(req.params.eventId);
    return {};
  });

  app.put<{ Params: Params & { guid: string }; Querystring: { muteVideo?: string; muteAudio?: string; voiceProcessing?: string } }>(`${BASE}/endpoint/:guid`, async (req) => {
    await guard(req.params, req);
    const { eventId, guid } = req.params;
    const { muteVideo, muteAudio, voiceProcessing } = req.query;
    if (voiceProcessing !== undefined) {
      if (voiceProcessing !== 'true' && voiceProcessing !== 'false') throw badRequest('voiceProcessing must be true or false');
      await changeParticipant(db, hub, eventId, guid, (entry) => (entry.voiceProcessing = voiceProcessing === 'true'));
      return {};
    }
    const media = muteAudio !== undefined ? 'audio' : muteVideo !== undefined ? 'video' : null;
    const mode = muteAudio ?? muteVideo ?? '';
    if (!media || !MUTE_MODES.includes(mode)) throw badRequest(`muteAudio or muteVideo must be one of ${MUTE_MODES.join(', ')}`);
    const [muteKey, hardKey] = media === 'audio' ? (['audioMute', 'audioHardMute'] as const) : (['videoMute', 'videoHardMute'] as const);
    await changeParticipant(db, hub, eventId, guid, (entry) => {
      entry[muteKey] = mode !== 'UNMUTE';
      entry[hardKey] = mode === 'HARD_MUTE';
    });
    return {};
  });

  app.delete<{ Params: Params & { type: string; guid: string } }>(`${BASE}/moderator/kickout/:type/:guid`, async (req) => {
    await guard(req.params, req);
    if (req.params.type !== 'attendee' && req.params.type !== 'presenter') throw badRequest('type must be attendee or presenter');
    // A guest (connected or not: a repeat finishes a removal Janus failed) is removed for good.
    const guest = await findGuest(db, req.params.eventId, req.params.guid);
    if (guest) {
      await removeGuest(ctx, guest);
      return {};
    }
    const { eventId, guid } = req.params;
    // An attendee (issue 32): removed for good (that browser and e-mail cannot rejoin), their page told, their sockets closed.
    if (await isAttendee(db, eventId, guid)) {
      await removeFromEvent(ctx, eventId, guid);
      return {};
    }
    if (!(await isPresent(db, eventId, guid))) throw notFound('No such participant');
    await forgetParticipant(db, eventId, guid);
    hub.closeParticipant(eventId, guid, CLOSE_KICKED, KICKED_REASON);
    await hub.pushRoster(eventId);
    return {};
  });
}
