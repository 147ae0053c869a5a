/**
 * The moderators' hold on the audience (issue 32, CONTRACT.md "Audience"), with the event access
 * token like the other moderator actions: a raised hand lowered, an attendee invited on stage, and
 * the audience settings the studio changes (the attendee count shown on the attendee page, invited
 * only), and the personal links of an invited-only event.
 */
import type { FastifyInstance } from 'fastify';
import { removeFromEvent } from '../audience/attendees';
import { inviteOnStage, setHand } from '../audience/hands';
import { createInvite, listInvites, revokeInvite, type AttendeeInvite } from '../audience/invites';
import { STUDIO_BASE } from '../studio';
import { requireEventAccess } from '../auth';
import type { Ctx } from '../context';
import { badRequest, notFound } from '../errors';
import { getEvent, type EventRow } from '../events';
import { API, requireInstance } from './events';
import { audiencePageSettings } from './audience';

const BASE = `${API}/eventuser/v1/events/:eventId/instance/:instanceId/moderator/:moderatorGuid`;
const AUDIENCE = `${API}/eventuser/v1/events/:eventId/audience`;
const SETTING_COLUMNS = { showAttendeeCount: 'show_attendee_count', invitedOnly: 'invited_only' } as const;
type Params = { Params: { eventId: string; instanceId: string; moderatorGuid: string; guid: string } };
type EventParams = { Params: { eventId: string } };

/** A personal link with the attendee page's path it opens (on the studio's origin). */
const withPath = (e: EventRow, invite: AttendeeInvite) => ({ ...invite, path: `${STUDIO_BASE}watch/${encodeURIComponent(e.sharing_url)}?invite=${encodeURIComponent(invite.token)}` });

/** The audience settings as the studio shows them. */
const accessSettings = (e: EventRow) => ({ showAttendeeCount: e.show_attendee_count, invitedOnly: e.invited_only });

export function audienceModerationRoutes(app: FastifyInstance, ctx: Ctx): void {
  const { db, hub } = ctx;
  const guard = async (p: { eventId: string; instanceId: string }, req: Parameters<typeof requireEventAccess>[1]) => {
    await requireEventAccess(db, req, p.eventId);
    await requireInstance(db, p.eventId, p.instanceId);
  };

  /** `{ raised: false }`: a moderator lowers an attendee's hand (and withdraws an invitation on stage). */
  app.put<Params>(`${BASE}/attendee/:guid/hand`, async (req) => {
    await guard(req.params, req);
    if (((req.body ?? {}) as Record<string, unknown>).raised !== false) throw badRequest('A moderator can only lower a hand: raised must be false');
    const { eventId, guid } = req.params;
    if (!(await db.query('SELECT 1 FROM attendees WHERE id = $1 AND event_id = $2', [guid, eventId])).length) throw notFound('No such attendee');
    if (await setHand(db, guid, false, ctx.now())) {
      hub.pushAudience(eventId, { type: 'hand', raised: false, stageInvite: null }, guid);
      hub.announceAttendees(eventId);
    }
    return {};
  });

  /** "Invite on stage": the attendee's page offers "Join backstage" (their own guest invite, sent to them alone). */
  app.post<Params>(`${BASE}/attendee/:guid/stage`, async (req) => {
    await guard(req.params, req);
    const { eventId, guid } = req.params;
    const invite = await inviteOnStage(ctx, eventId, guid, ctx.now());
    hub.pushAudience(eventId, { type: 'hand', raised: true, stageInvite: invite.inviteToken }, guid);
    hub.announceAttendees(eventId);
    return {};
  });

  app.get<EventParams>(`${AUDIENCE}/settings`, async (req) => {
    await requireEventAccess(db, req, req.params.eventId);
    return accessSettings(await getEvent(db, req.params.eventId));
  });

  /**
   * `{ showAttendeeCount?, invitedOnly? }`: whether attendee pages show the count (every page is told
   * at once), and whether only personal links admit (those who joined stay until removed).
   */
  app.put<EventParams>(`${AUDIENCE}/settings`, async (req) => {
    const { eventId } = req.params;
    await requireEventAccess(db, req, eventId);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const changes = (['showAttendeeCount', 'invitedOnly'] as const).filter((k) => body[k] !== undefined);
    if (!changes.length || changes.some((k) => typeof body[k] !== 'boolean')) throw badRequest('Give showAttendeeCount or invitedOnly, each true or false');
    await db.transaction(async (tx) => {
      for (const k of changes) await tx.query(`UPDATE events SET ${SETTING_COLUMNS[k]} = $2 WHERE id = $1`, [eventId, body[k]]);
    });
    const event = await getEvent(db, eventId);
    const settings = await audiencePageSettings(db, event);
    hub.pushAudience(eventId, { type: 'settings', ...settings });
    return accessSettings(event);
  });

  /** People › Attendees › Invite: the event's personal links, oldest first, each with its page's path. */
  app.get<EventParams>(`${AUDIENCE}/invites`, async (req) => {
    await requireEventAccess(db, req, req.params.eventId);
    const event = await getEvent(db, req.params.eventId);
    return (await listInvites(db, ctx.serverKey, event.id)).map((i) => withPath(event, i));
  });

  /** `{ name }`: a new personal link. */
  app.post<EventParams>(`${AUDIENCE}/invites`, async (req) => {
    await requireEventAccess(db, req, req.params.eventId);
    const event = await getEvent(db, req.params.eventId);
    return withPath(event, await createInvite(db, ctx.serverKey, event.id, ((req.body ?? {}) as Record<string, unknown>).name, ctx.now()));
  });

  /** Revokes a link: it admits nobody, and whoever joined through it is removed (their page says so). */
  app.delete<EventParams & { Params: { id: string } }>(`${AUDIENCE}/invites/:id`, async (req) => {
    const { eventId, id } = req.params;
    await requireEventAccess(db, req, eventId);
    const { attendeeId } = await revokeInvite(db, eventId, id, ctx.now());
    if (attendeeId) await removeFromEvent(ctx, eventId, attendeeId);
    return {};
  });
}
