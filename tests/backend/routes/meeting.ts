/**
 * The meeting under `{studioApi}` (CONTRACT.md "Meeting: guests and media"):
 * - producers (producer token): `POST meeting/{eventId}/join`, `GET meeting/{eventId}/invite`,
 *   `POST meeting/{eventId}/invite/rotate`;
 * - guests (the invite in the path, no user token): `GET guest/{inviteToken}`, `POST guest/{inviteToken}/join`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireModerator, requireProducer } from '../auth';
import { channelOfEvent } from '../channels';
import type { Ctx } from '../context';
import { badRequest, MEETING_UNAVAILABLE, NO_INSTANCE } from '../errors';
import { getEvent } from '../events';
import { createGuest, currentInvite, requireInvite, rotateInvite } from '../guests';
import { producerParticipantId, roomOf, type Meeting } from '../meeting';
import { STUDIO_API } from './channel';

const NAME_MAX = 100;

type EventParams = { Params: { eventId: string } };
type InviteParams = { Params: { inviteToken: string } };

export function meetingRoutes(app: FastifyInstance, ctx: Ctx): void {
  const { db } = ctx;

  /** The producer, after checking they moderate the event. */
  async function moderator(req: FastifyRequest, eventId: string): Promise<string> {
    const me = await requireProducer(db, req);
    await requireModerator(db, me, eventId);
    return me;
  }

  const requireMeeting = (): Meeting => {
    if (!ctx.meeting) throw MEETING_UNAVAILABLE();
    return ctx.meeting;
  };

  app.post<EventParams>(`${STUDIO_API}/meeting/:eventId/join`, async (req) => {
    const me = await moderator(req, req.params.eventId);
    const meeting = requireMeeting();
    const event = await getEvent(db, req.params.eventId);
    if (!event.instance_id) throw NO_INSTANCE();
    const participantId = producerParticipantId(me);
    return { participantId, meeting: await meeting.admit(roomOf(event.id, event.instance_id), participantId) };
  });

  app.get<EventParams>(`${STUDIO_API}/meeting/:eventId/invite`, async (req) => {
    await moderator(req, req.params.eventId);
    return currentInvite(db, req.params.eventId, ctx.inviteTtlMs);
  });

  app.post<EventParams>(`${STUDIO_API}/meeting/:eventId/invite/rotate`, async (req) => {
    await moderator(req, req.params.eventId);
    return rotateInvite(db, req.params.eventId, ctx.inviteTtlMs);
  });

  app.get<InviteParams>(`${STUDIO_API}/guest/:inviteToken`, async (req) => {
    const { eventId, eventTitle } = await requireInvite(db, req.params.inviteToken);
    return { eventId, eventTitle };
  });

  app.post<InviteParams>(`${STUDIO_API}/guest/:inviteToken/join`, async (req) => {
    const invite = await requireInvite(db, req.params.inviteToken);
    const given = ((req.body ?? {}) as Record<string, unknown>).name;
    const name = typeof given === 'string' ? given.trim() : '';
    if (!name) throw badRequest('name is required');
    if ([...name].length > NAME_MAX) throw badRequest(`name is longer than ${NAME_MAX} characters`);
    const meeting = requireMeeting();
    // Read through getEvent: an event waiting for its instance gets it here once it is due.
    const instanceId = (await getEvent(db, invite.eventId)).instance_id;
    if (!instanceId) throw NO_INSTANCE();
    const { participantId, guestToken } = await createGuest(db, { eventId: invite.eventId, instanceId, name, inviteToken: req.params.inviteToken });
    const join = await meeting.admit(roomOf(invite.eventId, instanceId), participantId);
    const channel = await channelOfEvent(db, invite.eventId);
    return { guestToken, participantId, eventId: invite.eventId, instanceId, eventTitle: invite.eventTitle, channel: channel?.uuid ?? null, meeting: join };
  });
}
