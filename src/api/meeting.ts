/**
 * The meeting calls of the studio backend (src/server/CONTRACT.md "Meeting"): a producer's join,
 * the event's guest invite, a guest's join from an invite, and the output page's (read-only) access.
 */
import { absoluteBase, createClient, json, type TokenSource } from './http';
import { PRODUCER_TOKEN_HEADER } from './channel';

/** Where and how to join the event's Janus room. */
export interface MeetingAccessWire {
  url: string;
  room: string;
  token: string;
}

export interface MeetingJoin {
  participantId: string;
  meeting: MeetingAccessWire;
}

export interface Invite {
  inviteToken: string;
  /** Epoch ms. */
  expiresAt: number;
}

export interface GuestInvite {
  eventId: string;
  eventTitle: string;
  /** An attendee's own invite (issue 32): they join under their name, and go back to their event page after. */
  attendee?: { name: string; sharingUrl: string };
}

export interface GuestJoin extends MeetingJoin {
  guestToken: string;
  eventId: string;
  instanceId: string;
  eventTitle: string;
  /** The event's channel uuid, read with the guest token for the program return. */
  channel: string;
}

/** The answer's Janus address is relative to the studio backend (its /janus relay): made absolute here. */
function resolved<T extends MeetingJoin>(studioApi: string) {
  return (answer: T): T => ({ ...answer, meeting: { ...answer.meeting, url: new URL(answer.meeting.url, absoluteBase(studioApi)).href } });
}

export function meetingClient(studioApi: string, producerToken: TokenSource, fetchImpl?: typeof fetch) {
  const http = createClient({ base: studioApi, token: producerToken, tokenHeader: PRODUCER_TOKEN_HEADER, fetch: fetchImpl });
  const at = (eventId: string) => `meeting/${encodeURIComponent(eventId)}`;
  return {
    join: (eventId: string) => json<MeetingJoin>(() => http.post(`${at(eventId)}/join`, { retry: 0 })).then(resolved(studioApi)),
    invite: (eventId: string) => json<Invite>(() => http.get(`${at(eventId)}/invite`)),
    rotateInvite: (eventId: string) => json<Invite>(() => http.post(`${at(eventId)}/invite/rotate`, { retry: 0 })),
  };
}

/** The calls of pages without a signed-in user: a guest's, and the output page's. */
export function publicMeetingClient(studioApi: string, fetchImpl?: typeof fetch) {
  const http = createClient({ base: studioApi, token: () => null, fetch: fetchImpl });
  return {
    guestInvite: (inviteToken: string) => json<GuestInvite>(() => http.get(`guest/${encodeURIComponent(inviteToken)}`)),
    guestJoin: (inviteToken: string, name: string) => json<GuestJoin>(() => http.post(`guest/${encodeURIComponent(inviteToken)}/join`, { json: { name }, retry: 0 })).then(resolved(studioApi)),
    /** The output page (or a guest's program return) joins the room to receive, never to publish. */
    outputJoin: (channel: string, outputToken: string) =>
      json<MeetingJoin>(() => http.post(`meeting/output/${encodeURIComponent(channel)}`, { searchParams: { outputToken }, retry: 0 })).then(resolved(studioApi)),
  };
}
