/**
 * The event platform's audience calls (§7 Polls, Chat, Q&A, Moderator actions), all with the event
 * access token. Paths §7 leaves out are decided in src/server/CONTRACT.md. Payloads are passed
 * through as the wire carries them; the state layer validates what it stores.
 */
import { createClient, done, json, type TokenSource } from './http';

export interface AudienceScope {
  eventId: string;
  instanceId: string;
  /** The moderator's endpoint guid from the registration (moderator actions). */
  moderatorGuid: () => string;
}

type Wire = Record<string, unknown>;
const enc = encodeURIComponent;

export function audienceClient(base: string, eventToken: TokenSource, scope: AudienceScope, fetchImpl?: typeof fetch) {
  const http = createClient({ base, token: eventToken, fetch: fetchImpl });
  const ev = `events/${enc(scope.eventId)}`;
  const inst = `instances/${enc(scope.instanceId)}`;
  const moderator = () => `eventuser/v1/${ev}/instance/${enc(scope.instanceId)}/moderator/${enc(scope.moderatorGuid())}`;
  return {
    polls: {
      create: (draft: Wire) => json<Wire>(() => http.post(`polling/v1/${ev}/polls`, { json: draft, retry: 0 })),
      update: (pollId: string, draft: Wire) => json<Wire>(() => http.put(`polling/v1/${ev}/polls/${enc(pollId)}`, { json: draft })),
      delete: (pollId: string) => done(() => http.delete(`polling/v1/${ev}/polls/${enc(pollId)}`)),
      manage: (pollId: string, action: 'START' | 'END', initiatorName: string, pollInstanceGuid: string) =>
        done(() => http.post(`polling/v1/${ev}/${inst}/polls/${enc(pollId)}/manage`, { json: { action, initiatorName, pollInstanceGuid }, retry: 0 })),
      list: (status: string) => json<Wire[]>(() => http.get(`polling/v1/${ev}/${inst}/polls`, { searchParams: { status } })),
      markSeen: (pollGuids: string[]) => done(() => http.post(`polling/v1/${ev}/polls/seen`, { json: { pollGuids } })),
    },
    chat: {
      send: (body: { text: string; channel: string; tag: string; recipient?: Wire }) => json<Wire>(() => http.post(`chat/v1/${ev}/${inst}/chat`, { json: body, retry: 0 })),
      delete: (messageId: string) => done(() => http.delete(`chat/v1/${ev}/chat/${enc(messageId)}`)),
      moderatorScrollback: () => json<Wire[]>(() => http.get(`chat/v1/${ev}/${inst}/moderatorchat/scrollback`)),
      backstageScrollback: () => json<Wire[]>(() => http.get(`chat/v1/${ev}/${inst}/moderator/presenter/chat/scrollback`)),
      publicScrollback: (privateChat: boolean) =>
        json<Wire[]>(() => http.get(`chat/v1/${ev}/chat/scrollback/moderator/${enc(scope.instanceId)}`, privateChat ? { searchParams: { private: 'true' } } : {})),
      contacts: () => json<Wire[]>(() => http.get(`chat/v1/${ev}/chat/moderator/${enc(scope.instanceId)}`)),
    },
    qna: {
      list: () => json<Wire[]>(() => http.get(`chat/v1/${ev}/qna/questions`)),
      approve: (id: string, approve: boolean) => done(() => http.put(`chat/v1/${ev}/qna/question/${enc(id)}`, { json: { approve } })),
      delete: (id: string) => done(() => http.delete(`chat/v1/${ev}/qna/question/${enc(id)}`)),
      answer: (id: string, content: string, answerBy: { name: string; endpointGuid: string }) =>
        json<Wire>(() => http.post(`chat/v1/${ev}/qna/question/${enc(id)}/answer`, { json: { content, answerBy }, retry: 0 })),
      markSeen: (ids: string[]) => done(() => http.post(`chat/v1/${ev}/qna/seen`, { json: { ids } })),
    },
    moderator: {
      shareVideo: (action: string, body: { contentId: string; endpointGuid: string; offset: number; userAccessToken: string }) =>
        done(() => http.put(`${moderator()}/sharevideo`, { searchParams: { action }, json: body })),
      rename: (guid: string, name: string) => done(() => http.put(`${moderator()}/rename/${enc(guid)}`, { json: { name } })),
      muteAll: (mute: boolean) => done(() => http.put(`${moderator()}/endpoints`, { searchParams: { media: 'audio', mute: String(mute) } })),
      muteEndpoint: (guid: string, media: 'audio' | 'video', mode: string) =>
        done(() => http.put(`${moderator()}/endpoint/${enc(guid)}`, { searchParams: { [media === 'audio' ? 'muteAudio' : 'muteVideo']: mode } })),
      voiceProcessing: (guid: string, on: boolean) => done(() => http.put(`${moderator()}/endpoint/${enc(guid)}`, { searchParams: { voiceProcessing: String(on) } })),
      kickOut: (type: string, guid: string) => done(() => http.delete(`${moderator()}/moderator/kickout/${enc(type)}/${enc(guid)}`)),
      /** Issue 32: a raised hand lowered (an invitation on stage withdrawn), or an attendee invited on stage. */
      lowerHand: (guid: string) => done(() => http.put(`${moderator()}/attendee/${enc(guid)}/hand`, { json: { raised: false } })),
      inviteOnStage: (guid: string) => done(() => http.post(`${moderator()}/attendee/${enc(guid)}/stage`, { retry: 0 })),
    },
    /** Issue 32: what attendee pages show, invited-only events and their personal links. */
    access: {
      settings: () => json<Wire>(() => http.get(`eventuser/v1/${ev}/audience/settings`)),
      change: (change: Wire) => json<Wire>(() => http.put(`eventuser/v1/${ev}/audience/settings`, { json: change })),
      invites: () => json<Wire[]>(() => http.get(`eventuser/v1/${ev}/audience/invites`)),
      invite: (name: string) => json<Wire>(() => http.post(`eventuser/v1/${ev}/audience/invites`, { json: { name }, retry: 0 })),
      revoke: (id: string) => done(() => http.delete(`eventuser/v1/${ev}/audience/invites/${enc(id)}`)),
    },
  };
}
export type AudienceClient = ReturnType<typeof audienceClient>;
