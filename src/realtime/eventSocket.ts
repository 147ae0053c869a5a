/**
 * The event socket (§7): registers with the event id, the event access token and the user; the
 * server answers guid_assigned. Its messages are handed to the studio's one dispatcher in the shape
 * it reads (src/state/realtimeEvent.ts); the dispatcher checks every field, so frames pass as they came.
 */
import { connection, openSocket, type Frame, type SocketOptions } from './socket';

export interface EventSocketOptions extends Pick<SocketOptions, 'onState' | 'onReconnected' | 'WebSocket' | 'events'> {
  url: string;
  eventId: string;
  accessToken: () => string;
  user: { id: string; name: string };
  /** guid_assigned: this connection's guid (§4 Moderator initialisation waits for it). */
  onGuid(guid: string): void;
  /** A message for the dispatcher (chat, polls, Q&A, roster, event state). */
  dispatch(event: unknown): void;
  /** msg Video_Share (§3 Shared video event). */
  onVideoShare(event: Frame): void;
}

const DISPATCHED = ['Event_Chat', 'POLL', 'Event_QnA', 'Event_Roster', 'Event_Attendees'];

export function openEventSocket(o: EventSocketOptions) {
  return openSocket({
    ...connection(o),
    register: () => ({ type: 'register', eventId: o.eventId, accessToken: o.accessToken(), user: o.user }),
    isRegistered: (f) => f.type === 'guid_assigned',
    onFrame(f) {
      if (f.type === 'guid_assigned') return typeof f.guid === 'string' && o.onGuid(f.guid);
      if (f.type === 'chat.msg' || f.type === 'chat.rateLimited') return o.dispatch(f);
      if (f.type !== 'msg' || typeof f.msg !== 'object' || f.msg === null) return o.dispatch(f); // the dispatcher logs what it cannot read
      const msg = f.msg as Frame;
      if (msg.type === 'Video_Share') return o.onVideoShare(msg);
      if (msg.type === 'Event_State') return o.dispatch({ ...msg, source: 'event-platform' });
      if (typeof msg.type === 'string' && DISPATCHED.includes(msg.type)) return o.dispatch(msg);
      o.dispatch(msg);
    },
  });
}
