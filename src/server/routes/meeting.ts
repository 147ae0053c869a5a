/**
 * The meeting under `{studioApi}` (CONTRACT.md "Meeting: guests and media"):
 * - producers (producer token): `POST meeting/{eventId}/join`, `GET meeting/{eventId}/invite`,
 *   `POST meeting/{eventId}/invite/rotate`;
 * - guests (the invite in the path, no user token): `GET guest/{inviteToken}`, `POST guest/{inviteToken}/join`;
 * - the output page or a guest's program return (an output or guest token): `POST meeting/output/{channel}?outputToken=`.
 */
import { isCaptureToken } from '../live/jobs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireModerator, requireProducerToken, tokenHash } from '../auth';
import { randomBytes } from 'node:crypto';
import { channelOfEvent, loadChannel, readerOf, requireReader } from '../channels';
import type { Ctx } from '../context';
import { badRequest, MEETING_UNAVAILABLE, NO_INSTANCE } from '../errors';
import { getEvent } from '../events';
import { createGuest, currentInvite, requireInvite, rotateInvite } from '../guests';
import { lowerHandOnStage } from '../audience/hands';
import { producerParticipantId, RETURN_SUFFIX, roomOf, type Grant, type Meeting } from '../meeting';
import { STUDIO_API } from './channel';
import { JANUS_PUBLIC_PATH } from './janusProxy';

const NAME_MAX = 100;

type EventParams = { Params: { eventId: string } };
type InviteParams = { Params: { inviteToken: string } };

/** Where a page reaches Janus: the backend's own `/janus` (routes/janusProxy.ts), not Janus' loopback port. */
const admit = async (meeting: Meeting, room: string, participantId: string, grant: Grant) => ({ ...(await meeting.admit(room, participantId, grant)), url: JANUS_PUBLIC_PATH });

export function meetingRoutes(app: FastifyInstance, ctx: Ctx): void {
  const { db } = ctx;

  /** The producer token's owner, after checking they moderate the event. */
  async function moderatorToken(req: FastifyRequest, eventId: string) {
    const owner = await requireProducerToken(db, req);
    await requireModerator(db, owner.userId, eventId);
    return owner;
  }
  const moderator = async (req: FastifyRequest, eventId: string): Promise<string> => (await moderatorToken(req, eventId)).userId;

  const requireMeeting = (): Meeting => {
    if (!ctx.meeting) throw MEETING_UNAVAILABLE();
    return ctx.meeting;
  };

  app.post<EventParams>(`${STUDIO_API}/meeting/:eventId/join`, async (req) => {
    const owner = await moderatorToken(req, req.params.eventId);
    const meeting = requireMeeting();
    const event = await getEvent(db, req.params.eventId);
    if (!event.instance_id) throw NO_INSTANCE();
    const participantId = producerParticipantId(owner.userId);
    const grant: Grant = { kind: 'producer', eventId: event.id, userId: owner.userId, sessionId: owner.session.id };
    return { participantId, meeting: await admit(meeting, roomOf(event.id, event.instance_id), participantId, grant) };
  });

  // The output page (output token) or a guest's program return (guest token): a member that only receives.
  app.post<{ Params: { channel: string }; Querystring: { outputToken?: string } }>(`${STUDIO_API}/meeting/output/:channel`, async (req) => {
    const row = await loadChannel(db, req.params.channel);
    const token = req.query.outputToken ?? '';
    await requireReader(db, row, token);
    const reader = await readerOf(db, row, token);
    const meeting = requireMeeting();
    const event = row.event_id ? await getEvent(db, row.event_id) : null;
    if (!event?.instance_id) throw NO_INSTANCE();
    const guestId = reader && reader !== 'removed' ? reader.guestId : null;
    const participantId = guestId ? `${guestId}${RETURN_SUFFIX}` : `output-${randomBytes(8).toString('hex')}`;
    const capture = !guestId && (await isCaptureToken(db, row.uuid, tokenHash(token)));
    const grant: Grant = guestId
      ? { kind: 'guest', eventId: event.id, guestId }
      : capture
        ? { kind: 'capture', eventId: event.id, channel: row.uuid, captureTokenHash: tokenHash(token) }
        : { kind: 'output', eventId: event.id, channel: row.uuid, outputTokenHash: row.output_token_hash ?? '' };
    return { participantId, meeting: await admit(meeting, roomOf(event.id, event.instance_id), participantId, grant) };
  });

  app.get<EventParams>(`${STUDIO_API}/meeting/:eventId/invite`, async (req) => {
    await moderator(req, req.params.eventId);
    return currentInvite(db, ctx.serverKey, req.params.eventId, ctx.inviteTtlMs);
  });

  app.post<EventParams>(`${STUDIO_API}/meeting/:eventId/invite/rotate`, async (req) => {
    await moderator(req, req.params.eventId);
    return rotateInvite(db, ctx.serverKey, req.params.eventId, ctx.inviteTtlMs);
  });

  app.get<InviteParams>(`${STUDIO_API}/guest/:inviteToken`, async (req) => {
    const { eventId, eventTitle, attendee } = await requireInvite(db, req.params.inviteToken);
    // An attendee's own invite (issue 32): the page joins under their name and leads back to their event page.
    return { eventId, eventTitle, ...(attendee ? { attendee: { name: attendee.name, sharingUrl: attendee.sharingUrl } } : {}) };
  });

  app.post<InviteParams>(`${STUDIO_API}/guest/:inviteToken/join`, async (req) => {
    const invite = await requireInvite(db, req.params.inviteToken);
    const given = invite.attendee?.name ?? ((req.body ?? {}) as Record<string, unknown>).name;
    const name = typeof given === 'string' ? given.trim() : '';
    if (!name) throw badRequest('name is required');
    if ([...name].length > NAME_MAX) throw badRequest(`name is longer than ${NAME_MAX} characters`);
    const meeting = requireMeeting();
    // Read through getEvent: an event waiting for its instance gets it here once it is due.
    const instanceId = (await getEvent(db, invite.eventId)).instance_id;
    if (!instanceId) throw NO_INSTANCE();
    const { participantId, guestToken } = await createGuest(db, { eventId: invite.eventId, instanceId, name, inviteToken: req.params.inviteToken });
    const join = await admit(meeting, roomOf(invite.eventId, instanceId), participantId, { kind: 'guest', eventId: invite.eventId, guestId: participantId });
    // The attendee is on stage now: their hand is down (their own invite stays, to join again).
    if (invite.attendee) await lowerHandOnStage(ctx, invite.eventId, invite.attendee.id);
    const channel = await channelOfEvent(db, invite.eventId);
    return { guestToken, participantId, eventId: invite.eventId, instanceId, eventTitle: invite.eventTitle, channel: channel?.uuid ?? null, meeting: join };
  });
}
