/**
 * Backend mode's live meeting (the Backend port's `meeting.live`): the studio's media in the event's
 * Janus room (services/meeting/studioMeeting.ts), the guest invite link, and the screen share with
 * the §4 conflict's "stop the other one". Own state and share stops travel on the event socket.
 */
import { meetingClient, publicMeetingClient } from '../../api/meeting';
import { BASE_PATH } from '../../config';
import { log } from '../../log';
import type { LiveMeetingService } from '../../state/backend';
import { SELF_ID } from '../../state/session';
import { useChannelStore } from '../../state/channel/store';
import { startStudioMeeting, type StudioMeeting } from '../meeting/studioMeeting';
import { startProgramMedia } from '../meeting/programMedia';
import type { Clients } from './clients';
import { currentJoin } from './joined';
import type { EventSockets } from './sockets';
import { tokens } from './tokens';
import { serverPeople } from './audienceServices';

/** The guest page's address for an invite token (CONTRACT: `{base}/guest/{inviteToken}`). */
export const guestLink = (inviteToken: string, origin = location.origin) => `${origin}${BASE_PATH}guest/${encodeURIComponent(inviteToken)}`;

const UNAVAILABLE = { type: 'client', code: 'MEETING_UNAVAILABLE', message: 'Guests and screen share need the media server, which this backend does not run.', status: 503 };

export function createLiveMeeting(o: { clients: Clients; available: boolean; sockets: () => EventSockets | null }): LiveMeetingService {
  const api = meetingClient(o.clients.services.studioApi, tokens.user);
  const publicApi = publicMeetingClient(o.clients.services.studioApi);
  let current: StudioMeeting | null = null;
  const selfName = () => useChannelStore.getState().doc.producers.find((p) => p.id === SELF_ID)?.name ?? currentJoin().user.username;
  return {
    available: o.available,
    start() {
      if (!o.available) return () => undefined;
      const meeting = startStudioMeeting({
        join: () => api.join(currentJoin().eventId),
        displayName: selfName,
        sendState: (state) => o.sockets()?.eventSocket.send({ type: 'state', ...state }) ?? false,
        muteOnEnter: (guid, media) => void serverPeople.muteEndpoint(guid, media, 'SOFT_MUTE').catch((e: unknown) => log.warn('meeting', `mute on enter failed: ${String(e)}`)),
      });
      current = meeting;
      return () => {
        meeting.stop();
        if (current === meeting) current = null;
      };
    },
    async invite(rotate) {
      if (!o.available) throw UNAVAILABLE;
      const eventId = currentJoin().eventId;
      const invite = rotate ? await api.rotateInvite(eventId) : await api.invite(eventId);
      return { link: guestLink(invite.inviteToken), expiresAt: invite.expiresAt };
    },
    async shareScreen(stream) {
      if (!current) throw UNAVAILABLE;
      await current.shareScreen(stream);
    },
    stopShare: () => current?.stopShare(),
    otherSharer() {
      const p = current?.otherSharer();
      return p ? { guid: p.id, name: p.name } : null;
    },
    stopOtherShare: (guid) => void o.sockets()?.eventSocket.send({ type: 'stopShare', guid }),
    receiveProgram(channel, token, show, ownFeed) {
      if (!o.available) return { present: show, stop: () => undefined };
      const program = startProgramMedia({ join: () => publicApi.outputJoin(channel, token), show, ownFeed });
      return { present: program.show, stop: program.stop };
    },
  };
}
