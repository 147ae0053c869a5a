/**
 * Backend mode's session (§2, §4, §7): joining an event by its sharing url — the event access
 * token (userRole moderator), waiting for the event instance (polled every 2 s, shown), the full
 * details, pre-join, the event's channel, the two sockets, and the moderator initialisation (§4:
 * once, after the event socket's guid and the meeting participant's guid, only if the pt_sequin
 * check passed). Leaving resets it and closes the sockets. Going live drives the event platform
 * and the channel together.
 */
import { emptyChannel } from '../../../compositor/model/channel';
import { producerCard, withOrderRanks } from '../../../compositor/model/producerCard';
import type { EventFull } from '../../api/types';
import { INSTANCE_WAIT_POLL_MS } from '../../lib/limits';
import { errorMessage, log } from '../../log';
import { useRemoteStore } from '../../state/remoteStore';
import { SELF_ID, type Connection, type EventInformation, type StudioSession, type StudioUser } from '../../state/session';
import { docFromWire, LOCAL_CAMERA_URL } from '../channel/wireIds';
import type { Auth } from './auth';
import { serverChannelOf } from './channelService';
import type { Clients } from './clients';
import { peekJoin, setJoined } from './joined';
import { openEventSockets, type EventSockets } from './sockets';
import { tokens } from './tokens';

/** §8 Unknown channel id (typo kept). */
export const UNKNOWN_CHANNEL = 'This chanelID doesnt exist !';

export interface ServerSessionOptions {
  clients: Clients;
  auth: Auth;
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** The meeting participant's guid (§4); the meeting provider supplies it (a local stand-in until real guests join over WebRTC). */
  participantGuid?: () => Promise<string>;
  /** The studio socket's live.status frames go here (the live service), and its reconnects (it reads the status again). */
  onLiveStatus?: (status: unknown) => void;
  onStudioReconnected?: () => void;
}

const abortableWait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), reject(new Error('left'))), { once: true });
  });

export const selfWireId = (user: Pick<StudioUser, 'id'>) => `producer-${user.id}`;

function eventInformation(d: EventFull): EventInformation {
  return {
    eventId: d.eventId,
    eventTitle: d.eventTitle,
    chatEnabled: d.chatEnabled !== false,
    qnaEnabled: d.qnaEnabled !== false,
    qnaAutoApprove: d.qnaAutoApprove === true,
    raiseHandEnabled: d.raiseHandEnabled === true,
    one2OneModChat: d.one2OneModChat === true,
    pollShortUrl: d.pollShortUrl ?? '',
  };
}

export function createServerSession({ clients, auth, wait = abortableWait, participantGuid = async () => crypto.randomUUID(), onLiveStatus, onStudioReconnected }: ServerSessionOptions) {
  let sockets: EventSockets | null = null;
  let leaving = new AbortController();
  let initialised = false;
  let upcomingTitle = '';

  const user = (): StudioUser => {
    const u = useRemoteStore.getState().user;
    if (!u) throw { type: 'client', code: 'UNAUTHORIZED', message: 'Please sign in first', status: 401 };
    return u;
  };

  /** §4: polls the public details every 2 s until the instance exists, showing that it waits. */
  async function waitForInstance(sharingUrl: string, first: string | undefined): Promise<string> {
    let instanceId = first;
    const signal = leaving.signal;
    try {
      while (!instanceId) {
        useRemoteStore.setState({ waitingForEvent: true });
        await wait(INSTANCE_WAIT_POLL_MS, signal);
        instanceId = (await clients.events.publicDetails(sharingUrl)).instanceId;
      }
      return instanceId;
    } finally {
      useRemoteStore.setState({ waitingForEvent: false });
    }
  }

  /** §4 Moderator initialisation: once, after both guids, only if the feature check passed. */
  async function initialiseModerator(s: EventSockets, u: StudioUser): Promise<void> {
    const [socketGuid, meetingGuid] = await Promise.all([s.guid, participantGuid()]);
    const joined = peekJoin();
    if (initialised || !joined || sockets !== s || !auth.featureOk()) return;
    initialised = true;
    try {
      const answer = await clients.events.registerModerator(joined.eventId, joined.instanceId, {
        name: `${u.firstName} ${u.lastName}`.trim() || u.username,
        endpointGUID: meetingGuid,
        details: { emailId: u.emailId, profilePictureURI: u.profilePicture, linkedinURI: '', twitterId: '' },
        endpointDetail: { browser: navigator.userAgent.includes('Edg/') ? 'Edge' : 'Chrome', os: navigator.platform, flashVersion: '', epType: 'WEB' },
        interactivityDetail: { endpointGUID: socketGuid },
      });
      joined.moderatorGuid = answer.endpointGUID;
    } catch (error) {
      initialised = false;
      log.warn('session', `moderator registration failed: ${errorMessage(error)}`);
    }
  }

  const session: StudioSession & { prepare(sharingUrl: string): Promise<string>; channelUuid(): string | null; reconnectNow(): void } = {
    capabilities: { goLive: true, joinFailureDialog: true },
    currentUser: user,
    upcomingEventTitle: () => upcomingTitle,
    /** Before the device check: the event's title (public details), or the §8 error. */
    async prepare(sharingUrl) {
      const details = await clients.events.publicDetails(sharingUrl);
      upcomingTitle = details.eventTitle;
      return upcomingTitle;
    },
    channelUuid: () => peekJoin()?.channelUuid ?? null,
    /** The toolbar's Reconnect (offline after the last retry): both sockets try again now. */
    reconnectNow() {
      sockets?.eventSocket.reconnectNow();
      sockets?.studioSocket.reconnectNow();
    },
    async connect(sharingUrl: string): Promise<Connection> {
      const u = user();
      leaving = new AbortController();
      const pub = await clients.events.publicDetails(sharingUrl);
      const access = await clients.events.accessToken(pub.eventId, sharingUrl, u.emailId, tokens.user() ?? '');
      tokens.setEvent(access.access_token);
      const instanceId = await waitForInstance(sharingUrl, pub.instanceId);
      const details = await clients.events.details(pub.eventId);
      await clients.events.preJoin(pub.eventId).catch((e: unknown) => log.warn('session', `pre-join failed: ${errorMessage(e)}`));
      const wire = await clients.channels.findByEvent(pub.eventId, instanceId);
      if (!wire) throw new Error(UNKNOWN_CHANNEL);
      setJoined(clients.services.eventApi, { eventId: pub.eventId, sharingUrl, instanceId, user: u, channelUuid: wire.uuid });
      const s = openEventSockets({
        eventSocketUrl: clients.services.eventSocket,
        studioApi: clients.services.studioApi,
        eventId: pub.eventId,
        channelUuid: wire.uuid,
        user: { id: u.id, name: `${u.firstName} ${u.lastName}`.trim() },
        eventToken: () => tokens.event() ?? '',
        userToken: () => tokens.user() ?? '',
        onLiveStatus,
        onStudioReconnected,
        // Every producer follows the channel's foreground video (sharedVideoPlayer); another presenter's
        // own shares (the conflict of §4) come with real guests over WebRTC, so this is only logged.
        onVideoShare: (event) => log.info('session', `video share ${String(event.state)}`),
      });
      sockets = s;
      void initialiseModerator(s, u);
      const self = producerCard({ id: SELF_ID, name: `${u.firstName} ${u.lastName}`.trim() || u.username, type: 'MODERATOR', url: LOCAL_CAMERA_URL, participantGuid: u.id, audioMute: true });
      const server = serverChannelOf(wire);
      const known = { ...emptyChannel(), producers: withOrderRanks([self]) };
      return {
        user: u,
        eventInformation: eventInformation(details),
        channel: { uuid: wire.uuid, name: wire.name, eventStatus: wire.eventStatus ?? null },
        stage: { doc: docFromWire(server.keyed, known, selfWireId(u)), server },
      };
    },
    async leave() {
      leaving.abort();
      sockets?.close();
      sockets = null;
      initialised = false;
      setJoined('', null);
      tokens.setEvent(null);
    },
    /** Go live: the event goes in-event, then the channel goes live (§4) at the broadcast quality (§9). */
    async goLive(uuid, { quality }) {
      const joined = peekJoin();
      if (joined) await clients.events.manage(joined.eventId, 'inevent');
      await clients.channels.goLive(uuid, { quality });
    },
    /** End stream: the channel stops, then the event pauses (§4). */
    async stopLive(uuid) {
      await clients.channels.stopLive(uuid);
      const joined = peekJoin();
      if (joined) await clients.events.manage(joined.eventId, 'pauseevent');
    },
  };
  return { session, sockets: () => sockets };
}
