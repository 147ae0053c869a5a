/**
 * A guest in backend mode (src/server/CONTRACT.md "Guests"): the invite is checked, the guest
 * joins with a name, registers on the event socket with the guest token (the roster lists them as a
 * Panelist), publishes camera and microphone to the event's room, and follows the program (the
 * channel, read with the guest token) to know whether they are on air and to show the program return.
 * What the host does arrives on the roster: soft and hard mutes, a new name; a removal closes the
 * socket and the token is refused from then on.
 */
import type { ChannelDoc } from '../../../compositor/model/channel';
import { mediaKey } from '../../../compositor/model/channel';
import { publicMeetingClient, type GuestJoin } from '../../api/meeting';
import { connectJanus, type JanusSession } from '../../realtime/janus';
import { openSocket, socketUrl, type Frame, type Socket } from '../../realtime/socket';
import { apiErrorMessage } from '../../api/http';
import { errorMessage, log } from '../../log';
import { useGuestStore, type GuestSelf } from '../../state/guestStore';
import type { LiveMeetingService } from '../../state/backend';
import type { RosterEntry } from '../../state/people/people';
import { useProgramStore } from '../../state/programStore';
import { followProgram } from './followProgram';
import { screenFeedId } from '../../state/people/presenterCards';
import { useMeetingStore } from '../../state/meetingStore';
import { localMediaConstraints } from '../media/localMedia';
import { media } from '../media/elements';
import type { ServerBackend } from '../remote/remoteBackend';
import { joinRoom, type RoomMember } from './videoRoom';

export const GUEST_TEXTS = {
  removed: 'You were removed from this event by the host.',
  left: 'You left the event.',
  backToEvent: 'Back to the event',
  invitedAs: (name: string) => `You join as ${name}, the name you gave the event.`,
  hardMuted: { audio: 'The host has disabled your microphone.', video: 'The host has disabled your camera.' },
  joinFailed: (why: string) => `You could not join: ${why}`,
  mediaFailed: (why: string) => `Your camera and microphone could not be sent: ${why}`,
} as const;

const set = useGuestStore.setState;
const patchSelf = (patch: Partial<GuestSelf>) => set((s) => (s.self ? { self: { ...s.self, ...patch } } : s));

/** GET guest/{inviteToken}: the event's title, or why the link does not work. */
export async function checkInvite(server: ServerBackend, inviteToken: string): Promise<void> {
  set({ phase: { name: 'checking' } });
  try {
    const invite = await publicMeetingClient(server.clients.services.studioApi).guestInvite(inviteToken);
    set({ phase: { name: 'ready' }, eventTitle: invite.eventTitle, attendee: invite.attendee ?? null });
  } catch (error) {
    set({ phase: { name: 'invalid', message: apiErrorMessage(error) } });
  }
}

interface Running {
  joined: GuestJoin;
  socket: Socket;
  session: JanusSession | null;
  member: RoomMember | null;
  camera: MediaStream | null;
  screen: { member: RoomMember; stream: MediaStream } | null;
  roster: RosterEntry[];
  stops: (() => void)[];
}
let running: Running | null = null;

const ownEntry = (r: Running, id: string) => r.roster.find((e) => e.id === id);

function applyTrackMutes(r: Running): void {
  const self = useGuestStore.getState().self;
  if (!self || !r.camera) return;
  r.camera.getAudioTracks().forEach((t) => (t.enabled = !self.audioMute));
  r.camera.getVideoTracks().forEach((t) => (t.enabled = !self.videoMute));
}

function sendState(r: Running): void {
  const self = useGuestStore.getState().self;
  if (self) r.socket.send({ type: 'state', audioMute: self.audioMute, videoMute: self.videoMute, shareScreen: !!r.screen });
}

/**
 * The roster: what the host decided for this guest (what changed since the previous roster, so a
 * roster sent before the guest's own change arrived cannot undo it), and who else shares.
 */
function onRoster(r: Running, entries: RosterEntry[]): void {
  const before = useGuestStore.getState().self;
  const previous = before ? ownEntry(r, before.participantId) : undefined;
  r.roster = entries;
  if (!before) return;
  const own = ownEntry(r, before.participantId);
  if (!own) return;
  const next: GuestSelf = { ...before, name: own.name, audioHardMute: !!own.audioHardMute, videoHardMute: !!own.videoHardMute };
  for (const k of ['audioMute', 'videoMute'] as const) if (own[k] !== undefined && own[k] !== previous?.[k]) next[k] = own[k];
  if (next.audioHardMute) next.audioMute = true;
  if (next.videoHardMute) next.videoMute = true;
  if (next.name !== before.name) void r.member?.rename(next.name).catch(() => undefined);
  set({ self: next });
  applyTrackMutes(r);
  if (own.contentShareMute && !previous?.contentShareMute && r.screen) stopGuestShare();
  // Noise cancellation (§2, voiceProcessing) is the host's choice, applied to the guest's microphone.
  if (own.voiceProcessing !== undefined && own.voiceProcessing !== previous?.voiceProcessing) {
    for (const track of r.camera?.getAudioTracks() ?? []) void track.applyConstraints({ noiseSuppression: own.voiceProcessing }).catch(() => undefined);
  }
  // The roster missed this guest's own state (a stale push, a new socket): say it again.
  if (own.audioMute !== next.audioMute || own.videoMute !== next.videoMute || !!own.shareScreen !== !!r.screen) sendState(r);
}

function onProgram(r: Running, id: string, doc: ChannelDoc): void {
  useProgramStore.setState({ doc });
  set({ onAir: doc.producers.some((p) => p.isLive && p.id === id) });
  // The guest's own tile shows the local camera: their own feed is never received back.
  const own = r.camera && media.get(mediaKey.producer(id));
  if (r.camera && !own) media.stream(mediaKey.producer(id), r.camera);
}

function end(phase: 'removed' | 'left'): void {
  const r = running;
  running = null;
  if (r) {
    r.stops.forEach((stop) => stop());
    r.screen?.stream.getTracks().forEach((t) => t.stop());
    r.camera?.getTracks().forEach((t) => t.stop());
    r.member?.leave();
    r.session?.destroy();
    r.socket.close();
  }
  media.clear();
  useMeetingStore.setState({ sharingLocalContent: false });
  set({ phase: { name: phase }, onAir: false });
}

async function startMedia(r: Running, joined: GuestJoin): Promise<void> {
  try {
    r.camera = await navigator.mediaDevices.getUserMedia(localMediaConstraints());
    applyTrackMutes(r);
    const session = await connectJanus(socketUrl(joined.meeting.url), joined.meeting.token);
    if (running !== r) return session.destroy();
    r.session = session;
    r.member = await joinRoom(session, joined.meeting, joined.participantId, useGuestStore.getState().self?.name ?? '', { added: () => undefined, removed: () => undefined });
    await r.member.publish(r.camera);
    media.stream(mediaKey.producer(joined.participantId), r.camera);
  } catch (error) {
    log.warn('guest', `media: ${errorMessage(error)}`);
    set({ notice: GUEST_TEXTS.mediaFailed(errorMessage(error)) });
  }
}

/** JOIN BACKSTAGE: the guest's name (checked by the caller), then the socket, the media and the program. */
export async function joinAsGuest(server: ServerBackend, inviteToken: string, name: string): Promise<void> {
  set({ phase: { name: 'joining' }, notice: null });
  const services = server.clients.services;
  let joined: GuestJoin;
  try {
    joined = await publicMeetingClient(services.studioApi).guestJoin(inviteToken, name);
  } catch (error) {
    set({ phase: { name: 'ready' }, notice: GUEST_TEXTS.joinFailed(apiErrorMessage(error)) });
    return;
  }
  const id = joined.participantId;
  set({ self: { participantId: id, name, audioMute: false, videoMute: false, audioHardMute: false, videoHardMute: false }, eventTitle: joined.eventTitle });
  const socket = openSocket({
    url: socketUrl(services.eventSocket),
    register: () => ({ type: 'register', eventId: joined.eventId, guestToken: joined.guestToken, user: { id, name: useGuestStore.getState().self?.name ?? name } }),
    isRegistered: (f) => f.type === 'guid_assigned',
    onFrame(f: Frame) {
      if (!running) return;
      // Nothing is said on registering: the roster's entry (kept across reconnects, maybe muted by the
      // host as the guest came in) is the truth the guest starts from.
      const msg = f.type === 'msg' && typeof f.msg === 'object' && f.msg ? (f.msg as Frame) : null;
      if (msg?.type === 'Event_Roster' && Array.isArray(msg.participants)) onRoster(running, msg.participants as RosterEntry[]);
    },
    // A refused registration is the removal (the token is revoked): nothing to retry.
    onRefused: () => end('removed'),
  });
  const r: Running = { joined, socket, session: null, member: null, camera: null, screen: null, roster: [], stops: [] };
  running = r;
  set({ phase: { name: 'joined' } });

  r.stops.push(
    followProgram(server.backend, { channel: joined.channel, token: joined.guestToken }, {
      show: (doc) => onProgram(r, id, doc),
      refused: () => running === r && end('removed'),
      ownFeed: id,
    }),
  );
  await startMedia(r, joined);
}

/** The guest's own mic or camera; refused (with the reason shown) while the host has disabled it. */
export function toggleGuestMedia(kind: 'audio' | 'video'): boolean {
  const r = running;
  const self = useGuestStore.getState().self;
  if (!r || !self) return false;
  if (kind === 'audio' ? self.audioHardMute : self.videoHardMute) {
    set({ notice: GUEST_TEXTS.hardMuted[kind] });
    return false;
  }
  patchSelf(kind === 'audio' ? { audioMute: !self.audioMute } : { videoMute: !self.videoMute });
  set({ notice: null });
  applyTrackMutes(r);
  sendState(r);
  return true;
}

export const leaveAsGuest = () => end('left');

// --- screen share ------------------------------------------------------------------------------------
async function shareGuestScreen(stream: MediaStream): Promise<void> {
  const r = running;
  const self = useGuestStore.getState().self;
  if (!r?.session || !self) throw new Error('Not connected to the event yet');
  const member = await joinRoom(r.session, r.joined.meeting, screenFeedId(self.participantId), self.name, { added: () => undefined, removed: () => undefined });
  await member.publish(stream);
  r.screen = { member, stream };
  useMeetingStore.setState({ sharingLocalContent: true });
  // The browser's own "Stop sharing" ends the track.
  stream.getVideoTracks()[0]?.addEventListener('ended', () => running?.screen?.stream === stream && stopGuestShare());
  sendState(r);
}
function stopGuestShare(): void {
  const r = running;
  if (!r?.screen) return;
  const { member, stream } = r.screen;
  r.screen = null;
  stream.getTracks().forEach((t) => t.stop());
  member.leave();
  useMeetingStore.setState({ sharingLocalContent: false });
  sendState(r);
}

/** Share Screen on the guest page: the same button and conflict as the studio's. */
export const guestScreenShare: Pick<LiveMeetingService, 'available' | 'shareScreen' | 'stopShare' | 'otherSharer' | 'stopOtherShare'> = {
  available: true,
  shareScreen: shareGuestScreen,
  stopShare: stopGuestShare,
  otherSharer() {
    const r = running;
    const self = useGuestStore.getState().self;
    const other = r?.roster.find((e) => e.shareScreen && !e.contentShareMute && e.id !== self?.participantId);
    return other ? { guid: other.id, name: other.name } : null;
  },
  stopOtherShare: (guid) => void running?.socket.send({ type: 'stopShare', guid }),
};
