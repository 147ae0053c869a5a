/**
 * The event platform (§7, base {ptapi}/api): the user's upcoming events, the event access token,
 * details, join url, pre-join, moderator registration, rosters and the manage calls.
 */
import { createClient, json, type TokenSource } from './http';
import { EVENTS_PAGE_SIZE, ROSTER_PAGE_SIZE } from '../lib/limits';
import type { EventFull, EventPublic, EventsPage, ModeratorRegistration, WireParticipant } from './types';

export interface EventClientOptions {
  base: string;
  /** The user token (events list, access token request). */
  userToken: TokenSource;
  /** The event access token (everything else). */
  eventToken: TokenSource;
  fetch?: typeof fetch;
}

export function eventClient({ base, userToken, eventToken, fetch: fetchImpl }: EventClientOptions) {
  const asUser = createClient({ base, token: userToken, fetch: fetchImpl });
  const http = createClient({ base, token: eventToken, fetch: fetchImpl });
  const event = (eventId: string) => `events/${encodeURIComponent(eventId)}`;
  const instance = (eventId: string, instanceId: string) => `eventuser/v1/${event(eventId)}/instance/${encodeURIComponent(instanceId)}`;
  return {
    /** GET scheduling/v1/users/{userId}/events, paged 20, upcoming first. */
    upcomingEvents: (userId: string, nowMs: number, nextPageKey: string | null = null) =>
      json<EventsPage>(() =>
        asUser.get(`scheduling/v1/users/${encodeURIComponent(userId)}/events`, {
          searchParams: { sortBy: 'start', order: 'asc', from: nowMs, nextPageKey: nextPageKey ?? '', count: EVENTS_PAGE_SIZE },
        }),
      ),
    /** POST security/v1/oauth/accesstoken with userRole moderator. */
    accessToken: (eventId: string, sharingUrl: string, emailId: string, userAccessToken: string) =>
      json<{ access_token: string; expires_in?: number }>(() =>
        asUser.post('security/v1/oauth/accesstoken', {
          json: { eventId, grant_type: 'a2mevent', properties: { emailId, sharingUrl, userAccessToken }, userRole: 'moderator' },
          retry: 0,
        }),
      ),
    publicDetails: (sharingUrl: string) => json<EventPublic>(() => http.get('eventdetails/v1/events/public/details', { searchParams: { sharingUrl } })),
    details: (eventId: string) => json<EventFull>(() => http.get(`eventdetails/v1/${event(eventId)}/details`)),
    joinUrl: (eventId: string) => json<{ joinUrl: string }>(() => http.get(`eventdetails/v1/${event(eventId)}/joinurl`)),
    preJoin: (eventId: string) => json<unknown>(() => http.post(`eventuser/v1/${event(eventId)}/moderator/pre-join`, { json: {}, retry: 0 })),
    registerModerator: (eventId: string, instanceId: string, body: ModeratorRegistration) =>
      json<{ endpointGUID: string }>(() => http.post(`${instance(eventId, instanceId)}/moderator`, { json: body, retry: 0 })),
    /** The interactive or attendee roster; §7: on error an empty list. */
    async roster(eventId: string, instanceId: string, which: 'interactive' | 'attendee'): Promise<WireParticipant[]> {
      try {
        const answer = await json<{ participants: WireParticipant[] }>(() =>
          http.get(`${instance(eventId, instanceId)}/live/roster/${which}`, {
            searchParams: { pageSize: ROSTER_PAGE_SIZE, sortByField: 'JOINTIME', sortBy: 'DESCENDING' },
          }),
        );
        return Array.isArray(answer.participants) ? answer.participants : [];
      } catch {
        return [];
      }
    },
    /** POST manager/v1/events/{eventId}/manage/inevent (start) and /pauseevent (stop). */
    manage: (eventId: string, action: 'inevent' | 'pauseevent') =>
      json<{ state?: string }>(() => http.post(`manager/v1/${event(eventId)}/manage/${action}`, { json: { eventId }, retry: 0 })),
    banner: (eventId: string, bannerMessage: string) => json<unknown>(() => http.post(`manager/v1/${event(eventId)}/manage/banner`, { json: { bannerMessage }, retry: 0 })),
  };
}
export type EventClient = ReturnType<typeof eventClient>;
