/**
 * The Janus VideoRoom as the studio uses it (src/server/CONTRACT.md "Meeting"): a member joins the
 * event's room with the join token the backend issued, learns who publishes (feeds), may publish its own
 * camera and microphone (or a screen), and subscribes to others' feeds, one PeerConnection each.
 */
import { JanusError, type JanusHandle, type JanusJsep, type JanusSession } from '../../realtime/janus';

const PLUGIN = 'janus.plugin.videoroom';

export interface MeetingAccess {
  /** Janus' WebSocket URL. */
  url: string;
  room: string;
  /** The join token the backend added to the room's allowed list. */
  token: string;
}

export interface Feed {
  /** The publisher's id: its participant (card) id, or `{id}~screen` for a screen share. */
  id: string;
  display: string;
}

export interface FeedEvents {
  /** Feeds that started publishing (on join: everyone already publishing). */
  added(feeds: Feed[]): void;
  /** A feed stopped publishing or left. */
  removed(id: string): void;
  /** This member was kicked out of the room, or the room was destroyed. */
  ended?(reason: string): void;
}

export interface Publication {
  readonly pc: RTCPeerConnection;
  /** Swaps the sent track of a kind (camera effect on/off, another device) without renegotiating. */
  replaceTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null): Promise<void>;
  stop(): void;
}

export interface Subscription {
  readonly feed: string;
  readonly stream: MediaStream;
  readonly pc: RTCPeerConnection;
  stop(): void;
}

export interface RoomMember {
  readonly id: string;
  /** Publishes these tracks on this member's handle (one publication per member). */
  publish(stream: MediaStream): Promise<Publication>;
  /** Changes the name others see on this member's feed. */
  rename(display: string): Promise<void>;
  subscribe(feed: string): Promise<Subscription>;
  leave(): void;
}

const ICE: RTCConfiguration = { iceServers: [], bundlePolicy: 'max-bundle' };

function trickleFrom(pc: RTCPeerConnection, handle: JanusHandle): void {
  pc.onicecandidate = (e) => handle.trickle(e.candidate ? e.candidate.toJSON() : null);
}

const asFeeds = (list: unknown): Feed[] =>
  Array.isArray(list)
    ? list.flatMap((p: unknown) => {
        const r = p as { id?: unknown; display?: unknown; dummy?: unknown };
        return typeof r.id === 'string' && !r.dummy ? [{ id: r.id, display: typeof r.display === 'string' ? r.display : r.id }] : [];
      })
    : [];

/** Joins the room as `id` (a publisher that may or may not publish); `events` follow the room's feeds. */
export async function joinRoom(session: JanusSession, access: MeetingAccess, id: string, display: string, events: FeedEvents): Promise<RoomMember> {
  let handle: JanusHandle | null = null;
  const onEvent = (data: Record<string, unknown>) => {
    const added = asFeeds(data.publishers);
    if (added.length) events.added(added);
    for (const key of ['unpublished', 'leaving'] as const) {
      const who = data[key];
      if (typeof who === 'string' && who !== 'ok') events.removed(who);
    }
    if (data.leaving === 'ok' || data.videoroom === 'destroyed') events.ended?.(typeof data.reason === 'string' ? data.reason : 'ended');
  };
  handle = await session.attach(PLUGIN, { event: onEvent });
  const joined = await handle.send({ request: 'join', ptype: 'publisher', room: access.room, id, display, token: access.token });
  const privateId = joined.data.private_id as number;
  const initial = asFeeds(joined.data.publishers);
  if (initial.length) events.added(initial);
  const own = handle;
  let publication: Publication | null = null;
  const subscriptions = new Set<Subscription>();

  return {
    id,
    async publish(stream) {
      const pc = new RTCPeerConnection(ICE);
      trickleFrom(pc, own);
      const senders = new Map<string, RTCRtpSender>();
      for (const track of stream.getTracks()) {
        const transceiver = pc.addTransceiver(track, { direction: 'sendonly', streams: [stream] });
        senders.set(track.kind, transceiver.sender);
      }
      const offer = await pc.createOffer();
      await pc.setLocalDescription(offer);
      const answer = await own.send({ request: 'publish', display }, { type: 'offer', sdp: offer.sdp ?? '' });
      if (!answer.jsep) throw new JanusError(0, 'The media server did not answer the published media');
      await pc.setRemoteDescription(answer.jsep);
      publication = {
        pc,
        async replaceTrack(kind, track) {
          await senders.get(kind)?.replaceTrack(track);
        },
        stop() {
          pc.close();
          void own.send({ request: 'unpublish' }).catch(() => undefined);
        },
      };
      return publication;
    },
    async rename(name) {
      await own.send({ request: 'configure', display: name });
    },
    async subscribe(feed) {
      const pc = new RTCPeerConnection(ICE);
      const stream = new MediaStream();
      pc.ontrack = (e) => {
        if (!stream.getTracks().includes(e.track)) stream.addTrack(e.track);
      };
      const sub = await session.attach(PLUGIN, {});
      trickleFrom(pc, sub);
      try {
        const attached = await sub.send({ request: 'join', ptype: 'subscriber', room: access.room, streams: [{ feed }], private_id: privateId });
        if (!attached.jsep) throw new JanusError(0, `No media offered for ${feed}`);
        await pc.setRemoteDescription(attached.jsep);
        const answer = await pc.createAnswer();
        await pc.setLocalDescription(answer);
        await sub.send({ request: 'start' }, { type: 'answer', sdp: answer.sdp ?? '' } satisfies JanusJsep);
      } catch (error) {
        pc.close();
        sub.detach();
        throw error;
      }
      const subscription: Subscription = {
        feed,
        stream,
        pc,
        stop() {
          subscriptions.delete(subscription);
          pc.close();
          sub.detach();
        },
      };
      subscriptions.add(subscription);
      return subscription;
    },
    leave() {
      for (const s of [...subscriptions]) s.stop();
      publication?.pc.close();
      void own.send({ request: 'leave' }).catch(() => undefined);
      own.detach();
    },
  };
}
