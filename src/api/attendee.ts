/**
 * The audience's calls (issue 32, CONTRACT.md "Audience"): an attendee's page under
 * `{studioApi}/audience/{sharingUrl}`. The session is an HttpOnly cookie the browser sends by itself
 * (credentials included across origins); no token is ever seen by the page.
 */
import type { AttendeeChatTarget, AttendeeHand, AttendeePage, AttendeeSelf, AudiencePoll, AudienceQuestion } from '../lib/audienceContract';
import { createClient, done, json } from './http';

export function attendeeClient(studioApi: string, sharingUrl: string, fetchImpl?: typeof fetch) {
  const http = createClient({ base: `${studioApi.replace(/\/?$/, '/')}audience/`, retry: 0, credentials: 'include', fetch: fetchImpl });
  const at = (path = '') => `${encodeURIComponent(sharingUrl)}${path}`;
  return {
    /** With the personal link's `invite` the page learns whom it was made for. */
    page: (invite?: string) => json<AttendeePage>(() => http.get(at(), invite ? { searchParams: { invite } } : {})),
    join: (form: { name: string; email?: string; invite?: string }) => json<{ attendee: AttendeeSelf }>(() => http.post(at('/join'), { json: form })),
    hand: (raised: boolean) => json<AttendeeHand>(() => http.post(at('/hand'), { json: { raised } })),
    leave: () => done(() => http.post(at('/leave'), { json: {} })),
    /** Messages as the server sends them (the session checks each). */
    chat: () => json<unknown>(() => http.get(at('/chat'))),
    send: (text: string, to: AttendeeChatTarget) => json<unknown>(() => http.post(at('/chat'), { json: { text, to } })),
    poll: () => json<{ poll: AudiencePoll | null }>(() => http.get(at('/poll'))),
    vote: (pollGuid: string, optionNumber: number) => json<{ poll: AudiencePoll }>(() => http.post(at(`/poll/${encodeURIComponent(pollGuid)}/vote`), { json: { optionNumber } })),
    /** Q&A: the published questions and this attendee's own. */
    questions: () => json<{ questions: AudienceQuestion[] }>(() => http.get(at('/qna'))),
    ask: (content: string, anonymous: boolean) => json<{ question: AudienceQuestion }>(() => http.post(at('/qna'), { json: { content, anonymous } })),
    upvote: (id: string) => json<{ question: AudienceQuestion }>(() => http.post(at(`/qna/${encodeURIComponent(id)}/upvote`), { json: {} })),
    /** The attendee's socket, relative to the page like the other addresses. */
    socketPath: () => `${studioApi.replace(/\/?$/, '/')}audience/${at('/socket')}`,
  };
}

export type AttendeeClient = ReturnType<typeof attendeeClient>;
