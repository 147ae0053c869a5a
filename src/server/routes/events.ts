/** Event platform `{eventApi}` = /ptapi/api/: scheduling, security, details, join, roster, manage (CONTRACT.md). */
import type { FastifyInstance } from 'fastify';
import { cleanText } from '../../lib/text';
import { expiresIn, issueToken, requireEventAccess, requireModerator, requireUser, requireUserToken } from '../auth';
import type { Ctx } from '../context';
import { badRequest, forbidden, notFound } from '../errors';
import { intParam } from '../params';
import { BANNER_MAX } from '../limits';
import { attendeeRoster } from '../cluster/presence';
import { STUDIO_BASE } from '../studio';
import { findEvent, fullDetails, getEvent, moderatedEvents, publicDetails, startInstanceClock } from '../events';

export const API = '/ptapi/api';
/** §9 events page 20; a client may ask for up to PAGE_MAX. */
const PAGE = 20;
const PAGE_MAX = 100;
/** §9 roster attendee page 99. */
export const ATTENDEE_PAGE_MAX = 99;

type EventParams = { Params: { eventId: string } };
type InstanceParams = { Params: { eventId: string; instanceId: string } };

export function eventRoutes(app: FastifyInstance, { db, hub }: Ctx): void {
  app.get<{ Params: { userId: string }; Querystring: Record<string, string | undefined> }>(`${API}/scheduling/v1/users/:userId/events`, async (req) => {
    const me = await requireUser(db, req);
    if (me !== req.params.userId) throw forbidden('Another user’s events');
    const from = intParam(req.query.from, 'from', { fallback: 0 });
    const count = intParam(req.query.count, 'count', { min: 1, max: PAGE_MAX, fallback: PAGE });
    const offset = intParam(req.query.nextPageKey, 'nextPageKey', { min: 0, fallback: 0 });
    const all = await moderatedEvents(db, me, from);
    const page = all.slice(offset, offset + count);
    return { events: page.map((e) => publicDetails(e)), nextPageKey: offset + count < all.length ? String(offset + count) : null };
  });

  // The event access token belongs to the user token's session: it never outlives it, and sign-out ends it.
  app.post(`${API}/security/v1/oauth/accesstoken`, async (req) => {
    const owner = await requireUserToken(db, req);
    const me = owner.userId;
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body.eventId !== 'string' || body.eventId === '') throw badRequest('eventId is required');
    const event = await findEvent(db, 'id', body.eventId);
    if (!event) throw notFound('No such event');
    await requireModerator(db, me, event.id);
    await startInstanceClock(db, event);
    const issued = await issueToken(db, me, 'event', event.id, owner.session);
    return { access_token: issued.token, expires_in: expiresIn(issued.expiresAt) };
  });

  app.get<{ Querystring: { sharingUrl?: string } }>(`${API}/eventdetails/v1/events/public/details`, async (req) => {
    const event = await findEvent(db, 'sharing_url', req.query.sharingUrl ?? '');
    if (!event) throw notFound('No such event');
    await startInstanceClock(db, event);
    return publicDetails(event);
  });

  app.get<EventParams>(`${API}/eventdetails/v1/events/:eventId/details`, async (req) => {
    await requireEventAccess(db, req, req.params.eventId);
    const event = await getEvent(db, req.params.eventId);
    // §2's poll share link: the audience's event page, on its Polls tab (issue 32).
    return { ...fullDetails(event), pollShortUrl: `${req.publicOrigin}${STUDIO_BASE}watch/${encodeURIComponent(event.sharing_url)}?tab=polls` };
  });

  app.get<EventParams>(`${API}/eventdetails/v1/events/:eventId/joinurl`, async (req) => {
    await requireEventAccess(db, req, req.params.eventId);
    const event = await getEvent(db, req.params.eventId);
    return { joinUrl: `${req.publicOrigin}/studio/instant-demo/event/${encodeURIComponent(event.sharing_url)}` };
  });

  app.post<EventParams>(`${API}/eventuser/v1/events/:eventId/moderator/pre-join`, async (req) => {
    await requireEventAccess(db, req, req.params.eventId);
    return {};
  });

  app.post<InstanceParams>(`${API}/eventuser/v1/events/:eventId/instance/:instanceId/moderator`, async (req) => {
    await requireEventAccess(db, req, req.params.eventId);
    await requireInstance(db, req.params.eventId, req.params.instanceId);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const endpointGUID = typeof body.endpointGUID === 'string' && body.endpointGUID ? body.endpointGUID : crypto.randomUUID();
    return { endpointGUID };
  });

  app.get<InstanceParams>(`${API}/eventuser/v1/events/:eventId/instance/:instanceId/live/roster/interactive`, async (req) => {
    await requireEventAccess(db, req, req.params.eventId);
    return { participants: await hub.roster(req.params.eventId) };
  });

  // §7: pageSize (the studio asks for 99), newest first; the attendees present on any process.
  app.get<InstanceParams & { Querystring: { pageSize?: string } }>(`${API}/eventuser/v1/events/:eventId/instance/:instanceId/live/roster/attendee`, async (req) => {
    await requireEventAccess(db, req, req.params.eventId);
    const pageSize = intParam(req.query.pageSize, 'pageSize', { min: 1, max: ATTENDEE_PAGE_MAX, fallback: ATTENDEE_PAGE_MAX });
    return attendeeRoster(db, req.params.eventId, pageSize);
  });

  for (const [path, state] of [
    ['inevent', 'IN_EVENT'],
    ['pauseevent', 'PAUSE_EVENT'],
  ] as const) {
    app.post<EventParams>(`${API}/manager/v1/events/:eventId/manage/${path}`, async (req) => {
      await requireEventAccess(db, req, req.params.eventId);
      await db.transaction((tx) => tx.query('UPDATE events SET state = $2 WHERE id = $1', [req.params.eventId, state]));
      hub.pushEventMsg(req.params.eventId, { type: 'Event_State', source: 'event-platform', state });
      return { state };
    });
  }

  app.post<EventParams>(`${API}/manager/v1/events/:eventId/manage/banner`, async (req) => {
    await requireEventAccess(db, req, req.params.eventId);
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body.bannerMessage !== 'string') throw badRequest('bannerMessage is required');
    if ([...body.bannerMessage].length > BANNER_MAX) throw badRequest(`bannerMessage is longer than ${BANNER_MAX} characters`);
    // Attendees read it (issue 32): the text rule, like everything they are shown.
    const message = cleanText(body.bannerMessage, { max: BANNER_MAX, multiline: true }).text;
    await db.transaction((tx) => tx.query('UPDATE events SET banner = $2 WHERE id = $1', [req.params.eventId, message]));
    // Shown over every attendee page; an empty message takes it down.
    hub.pushAudience(req.params.eventId, { type: 'banner', message: message || null });
    return {};
  });
}

/** 404 unless `instanceId` is the event's current instance. */
export async function requireInstance(db: Ctx['db'], eventId: string, instanceId: string): Promise<void> {
  const event = await getEvent(db, eventId);
  if (!event.instance_id || event.instance_id !== instanceId) throw notFound('No such event instance');
}
