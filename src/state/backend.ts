/**
 * The one port to whatever serves the studio (§7): the instant demo (src/demo) or the studio
 * backend (src/services/remote). The app installs one at start-up (src/app/pickBackend.ts);
 * services call `backend()` (stores never do: they hold state and pure actions). It lives in state
 * because its members are the state folders' service interfaces, which the demo implements.
 */
import type { ChannelBody } from '../../compositor/model/types';
import type { ChannelDoc } from '../../compositor/model/channel';
import type { ServerChannel, SyncUpdate } from '../../compositor/sync';
import type { AssetService } from './assets';
import type { ChatService } from './chat/service';
import type { PeopleService } from './people/service';
import type { PollService } from './polls/service';
import type { QnaService } from './qna/service';
import type { Dispatch } from './realtimeEvent';
import type { SharedVideoReport } from './media/sharedVideo';
import type { EventInformation, StudioSession } from './session';
import type { LiveService } from './live/service';

/** Where a read-only page (the output page, a guest's program return) follows the channel. */
export interface ReadOnlyLink {
  channel: string;
  /** The output or guest token. */
  token: string;
}

/** How one update is sent: `keepalive` for a flush while the page goes away. */
export interface PushOptions {
  keepalive: boolean;
}

/**
 * A synced document (CONTRACT "Sync"): the channel, the rundown. Each local edit travels as a keyed
 * update that the document's room applies once and passes on to every producer; others' edits arrive
 * as the room's document. Backend mode's room is the studio backend; the demo's runs in one of this
 * browser's tabs.
 */
export interface SyncedDocService<Push extends PushOptions = PushOptions> {
  /** One update: the room's document after it. */
  push(uuid: string, update: SyncUpdate, opts: Push): Promise<ServerChannel>;
  /** The document now, what a reconnect catches up with. */
  resync(uuid: string): Promise<ServerChannel>;
  /** The room's newer documents, and its reconnects; returns the unsubscribe. */
  subscribe(uuid: string, on: { doc(server: ServerChannel): void; reconnected(): void }): () => void;
}

/**
 * The channel (§7 Channel): a synced document whose PUT carries the §7 body beside its update
 * (`body`), with the output page's read-only following.
 */
export interface ChannelService extends SyncedDocService<PushOptions & { body: ChannelBody }> {
  /** The id this producer's own card ('self' here) has on the wire. */
  selfWireId(): string;
  /** A new read-only output token for the channel (the old one stops working); null where the output page needs none. */
  rotateOutputToken(uuid: string): Promise<string | null>;
  /**
   * Follows the channel read-only: the room's channels, or `refused` when the page has no link
   * (null message) or its token is not (or no longer) good. Returns the stop.
   */
  followReadOnly(link: ReadOnlyLink | null, on: { channel(server: ServerChannel): void; refused(message: string | null): void }): () => void;
}

/** The run of show's rundown (issue 25): a synced document beside the channel, for the channel's producers only. */
export type RundownService = SyncedDocService;

/** A presenter who shares a screen now (the §4 Screen Share Conflict names them). */
export interface Sharer {
  guid: string;
  name: string;
}

/** Backend mode's meeting with real people over WebRTC (§1 provider); absent in the demo, where guests are clips. */
export interface LiveMeetingService {
  /** Whether the backend runs a media server at all (config.json `meeting`). */
  readonly available: boolean;
  /** Joins the event's room with the studio's camera and mic, and keeps the cards with the roster; returns the leave. */
  start(): () => void;
  /** The event's guest link (the current one, or a new one with `rotate`). */
  invite(rotate: boolean): Promise<{ link: string; expiresAt: number }>;
  /** Publishes this screen as the producer's content share (the stream comes from getDisplayMedia). */
  shareScreen(stream: MediaStream): Promise<void>;
  stopShare(): void;
  /** Another presenter sharing now, or null. */
  otherSharer(): Sharer | null;
  /** Asks that presenter to stop (the conflict's CONTINUE). */
  stopOtherShare(guid: string): void;
  /**
   * The people of the program for a page that draws it (the output page, a guest's program return),
   * with a read-only channel token: `present(doc)` hands it each scene, which it passes to `show` once
   * the scene's new feeds have a frame. `ownFeed` is never received (a guest's own).
   */
  receiveProgram(channel: string, token: string, show: (doc: ChannelDoc) => void, ownFeed?: string): { present(doc: ChannelDoc): void; stop(): void };
}

export interface MeetingService {
  /** Real guests and screen share (backend mode); undefined in the demo. */
  live?: LiveMeetingService;
  /** Live audio levels (0..10) of the producers, about every 333 ms; returns the unsubscribe. */
  subscribeAudioLevels(listener: (levels: Record<string, number>) => void): () => void;
  /** Starts delivering the audience's real-time events (§7 sockets) to `dispatch`; returns the stop. */
  startAudience(info: EventInformation, dispatch: Dispatch): () => void;
  /**
   * §3 Shared video event of our own video (PUT sharevideo) and the playout's video layer (§7 layer
   * 20000 seek/resume/pause). §8: errors of these calls are swallowed (logged), never shown.
   */
  reportSharedVideo(event: SharedVideoReport, durationSec: number | undefined): Promise<void>;
}

export interface Backend {
  session: StudioSession;
  channel: ChannelService;
  rundown: RundownService;
  chat: ChatService;
  polls: PollService;
  qna: QnaService;
  people: PeopleService;
  assets: AssetService;
  meeting: MeetingService;
  /** Going live for real: destinations, recordings, the worker's status (backend mode; absent in the demo). */
  live?: LiveService;
  /**
   * The demo's "Open attendee view" (issue 32): the event page's path under the app's base, joined to
   * this studio in another tab; absent in backend mode, whose watch link is in Destinations.
   */
  attendeeViewPath?: string;
}

let current: Backend | null = null;

/** Installs the backend the app runs on (null: none, as in tests that check the failure). */
export function installBackend(next: Backend | null): void {
  current = next;
}

/** The installed backend; a call without one fails like any other failed call. */
export function backend(): Backend {
  if (!current) throw new Error('No backend installed');
  return current;
}
