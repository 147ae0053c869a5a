/**
 * What backend mode knows once an event is joined: the event's ids, the moderator's endpoint guid
 * and the audience client. Services made before the join read it here; a call before the join (or
 * after leaving) fails like any failed call.
 */
import { audienceClient, type AudienceClient } from '../../api/audience';
import type { StudioUser } from '../../state/session';
import { tokens } from './tokens';

export interface Joined {
  eventId: string;
  sharingUrl: string;
  instanceId: string;
  user: StudioUser;
  /** §4: set by the moderator registration (empty until then). */
  moderatorGuid: string;
  channelUuid: string;
  audience: AudienceClient;
}

let joined: Joined | null = null;

export function setJoined(eventApi: string, next: Omit<Joined, 'audience' | 'moderatorGuid'> | null): Joined | null {
  if (!next) return (joined = null);
  const scope = { eventId: next.eventId, instanceId: next.instanceId, moderatorGuid: () => joined?.moderatorGuid ?? '' };
  joined = { ...next, moderatorGuid: '', audience: audienceClient(eventApi, tokens.event, scope) };
  return joined;
}

export function currentJoin(): Joined {
  if (!joined) throw { type: 'client', code: 'NOT_JOINED', message: 'No event is joined', status: 0 };
  return joined;
}

export const peekJoin = () => joined;
