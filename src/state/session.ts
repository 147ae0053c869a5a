/**
 * What the session learns when it connects (§3 User, Event information, Channel identity) and the
 * session calls themselves, as the Backend port (src/state/backend.ts) exposes them.
 */
import type { ChannelDoc } from '../../compositor/model/channel';
import type { ChannelEventStatus } from '../../compositor/model/types';
import type { ServerChannel } from '../../compositor/sync';
import type { BroadcastQuality } from './settingsStore';

/** The card id of the moderator's own camera and microphone (local media, not a moderator call). */
export const SELF_ID = 'self';

/** §3 User. */
export interface StudioUser {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  emailId: string;
  profilePicture: string;
}

/** §3 Event information as the panels use it. */
export interface EventInformation {
  eventId: string;
  eventTitle: string;
  chatEnabled: boolean;
  qnaEnabled: boolean;
  qnaAutoApprove: boolean;
  one2OneModChat: boolean;
  /** Attendees may raise a hand (§3 raiseHandEnabled; issue 32). */
  raiseHandEnabled: boolean;
  pollShortUrl: string;
}

/** The displayed channel's identity (§3 Channel); the layers come with the stage. */
export interface ChannelSummary {
  uuid: string;
  name: string;
  /** §4 Channel eventStatus: NEW (or null), LIVE, TERMINATED. */
  eventStatus: ChannelEventStatus | null;
}

/** The displayed channel on joining: its document here (own card 'self'), and the room's channel it came from. */
export interface ChannelStage {
  doc: ChannelDoc;
  server: ServerChannel;
}

export interface Connection {
  user: StudioUser;
  eventInformation: EventInformation;
  channel: ChannelSummary;
  stage: ChannelStage;
}

/** Sign-in, event join and going live (§2, §7); the channel and the meeting are separate members. */
export interface StudioSession {
  /**
   * What this session can do: the instant demo cannot go live (its control opens the pop-up), and
   * its join failures are only logged (§8) where a real event's say why.
   */
  readonly capabilities: { goLive: boolean; joinFailureDialog: boolean };
  /** POST /channel/{uuid}/golive (at the §9 broadcast quality) and /stoplive (§7). */
  goLive(uuid: string, options: { quality: BroadcastQuality }): Promise<void>;
  stopLive(uuid: string): Promise<void>;
  /** The signed-in user, known before the event is joined (greeting, welcome). */
  currentUser(): StudioUser;
  /** The title of the event about to be joined, shown by the device check. */
  upcomingEventTitle(): string;
  /**
   * What connecting can do ahead, started while the device check shows (entering without a stall,
   * issue 33); connect works the same whether it ran or not.
   */
  warmUp?(): void;
  /** Connects to the event with the route's code parameter (§2 haircheck → event). */
  connect(code: string): Promise<Connection>;
  /** Leaves the meeting and closes the sockets (§4). */
  leave(): Promise<void>;
}
