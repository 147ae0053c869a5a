/**
 * The program's people, for pages that draw the output scene (the output page, a guest's program
 * return): it receives the feeds of the producers on air, and only those, plays their sound (never a
 * guest's own), and shows a new scene only once the feeds it adds have drawn their first frame (at
 * most CUT_HOLD_MAX_MS later), so a cut never goes through a black frame: until then the last scene
 * stays, with its last frames.
 */
import { mediaKey, type ChannelDoc } from '../../../compositor/model/channel';
import { socketUrl } from '../../realtime/socket';
import { connectJanus, type JanusSession } from '../../realtime/janus';
import type { MeetingJoin } from '../../api/meeting';
import { errorMessage, log } from '../../log';
import { feedOfUrl } from '../../state/people/presenterCards';
import { media } from '../media/elements';
import { programSound } from '../media/programSound';
import { createFeedMedia } from './feedMedia';
import { MEETING_REJOIN_MAX_MS, MEETING_REJOIN_MIN_MS } from './studioMeeting';
import { joinRoom, type RoomMember } from './videoRoom';

/** The longest a new scene waits for its new feeds' first frames. */
export const CUT_HOLD_MAX_MS = 1500;

/** Feeds on air in a scene, with the card ids that show each. */
export function onAirFeeds(doc: ChannelDoc): Map<string, string[]> {
  const feeds = new Map<string, string[]>();
  for (const p of doc.producers) {
    const feed = p.isLive ? feedOfUrl(p.url) : null;
    if (feed) feeds.set(feed, [...(feeds.get(feed) ?? []), p.id]);
  }
  return feeds;
}

export interface ProgramMediaOptions {
  /** Access to the room for this page (it only receives). */
  join(): Promise<MeetingJoin>;
  /** Shows a scene (sets the stage). */
  show(doc: ChannelDoc): void;
  /** A feed this page never receives: the guest's own (its tile shows the local camera). */
  ownFeed?: string;
  connect?: typeof connectJanus;
}

export function startProgramMedia(o: ProgramMediaOptions) {
  let shown: ChannelDoc | null = null;
  let pending: ChannelDoc | null = null;
  let holdTimer: ReturnType<typeof setTimeout> | undefined;
  const ready = new Map<string, HTMLVideoElement>();
  let stopped = false;

  /** The program's sound: every feed on air but the page's own and screen shares (which carry none). */
  const heard = (feed: string) => feed !== o.ownFeed && !feed.endsWith('~screen');
  const wantedIn = (doc: ChannelDoc | null) => [...(doc ? onAirFeeds(doc).keys() : [])].filter((f) => f !== o.ownFeed);
  const register = (doc: ChannelDoc | null) => {
    if (!doc) return;
    for (const [feed, cards] of onAirFeeds(doc)) {
      const video = ready.get(feed);
      if (video) for (const id of cards) if (media.get(mediaKey.producer(id)) !== video) media.register(mediaKey.producer(id), video);
    }
  };
  const showPending = () => {
    if (!pending) return;
    clearTimeout(holdTimer);
    shown = pending;
    pending = null;
    register(shown);
    o.show(shown);
    feeds.reconcile(); // feeds only the old scene had go now
  };
  const pendingReady = () => !!pending && wantedIn(pending).every((f) => ready.has(f) || !feeds.publishedFeeds().has(f));

  const feeds = createFeedMedia({
    wanted: () => new Set([...wantedIn(shown), ...wantedIn(pending)]),
    onStream(feed, stream) {
      if (heard(feed)) programSound.feed(feed, stream);
      if (!stream) {
        ready.delete(feed);
        return;
      }
      const video = document.createElement('video');
      Object.assign(video, { muted: true, playsInline: true, autoplay: true });
      video.srcObject = stream;
      void video.play().catch(() => undefined);
      const firstFrame = () => {
        if (stopped) return;
        ready.set(feed, video);
        register(shown);
        if (pendingReady()) showPending();
      };
      video.requestVideoFrameCallback(firstFrame);
    },
    playsAudio: heard,
  });

  let session: JanusSession | null = null;
  let member: RoomMember | null = null;
  let delay = MEETING_REJOIN_MIN_MS;
  let rejoinTimer: ReturnType<typeof setTimeout> | undefined;
  const rejoin = () => {
    if (stopped) return;
    feeds.detach();
    ready.clear();
    member = null;
    rejoinTimer = setTimeout(() => void join(), delay);
    delay = Math.min(MEETING_REJOIN_MAX_MS, delay * 2);
  };
  async function join(): Promise<void> {
    try {
      const access = await o.join();
      const s = await (o.connect ?? connectJanus)(socketUrl(access.meeting.url), access.meeting.token);
      if (stopped) return s.destroy();
      session = s;
      s.onLost(rejoin);
      member = await joinRoom(s, access.meeting, access.participantId, 'program', { added: feeds.added, removed: feeds.removed });
      feeds.attach(member);
      delay = MEETING_REJOIN_MIN_MS;
    } catch (error) {
      log.warn('program', `could not receive the program's people: ${errorMessage(error)}`);
      session?.destroy();
      session = null;
      rejoin();
    }
  }
  void join();

  return {
    /** A new scene: shown once its new feeds have a frame (or after CUT_HOLD_MAX_MS). */
    show(doc: ChannelDoc): void {
      pending = doc;
      feeds.reconcile();
      if (pendingReady() || !shown) return showPending();
      clearTimeout(holdTimer);
      holdTimer = setTimeout(showPending, CUT_HOLD_MAX_MS);
    },
    stop(): void {
      stopped = true;
      clearTimeout(holdTimer);
      clearTimeout(rejoinTimer);
      feeds.stop();
      member?.leave();
      session?.destroy();
    },
  };
}
