import type { ChannelBody } from '../../compositor/model/types';
import { type ChannelDoc } from '../../compositor/model/channel';
import type { ChannelSummary, EventInformation, StudioUser } from '../state/session';

/**
 * The session seen by the UI: one interface with a demo implementation (src/demo) and, later, a
 * backend one. Features call these through services, never api or realtime directly.
 */




/** The displayed channel's document as GET /channel/{uuid} returned it. */
export interface ChannelStage {
  doc: ChannelDoc;
}

export interface Connection {
  user: StudioUser;
  eventInformation: EventInformation;
  channel: ChannelSummary;
  stage: ChannelStage;
}

export interface StudioSession {
  /** What this session can do: the instant demo cannot go live (its control opens the pop-up). */
  readonly capabilities: { goLive: boolean };
  /** POST /channel/{uuid}/golive and /stoplive (§7). */
  goLive(uuid: string): Promise<void>;
  stopLive(uuid: string): Promise<void>;
  /** The signed-in user, known before the event is joined (greeting, welcome). */
  currentUser(): StudioUser;
  /** The title of the event about to be joined, shown by the device check. */
  upcomingEventTitle(): string;
  /** Connects to the event with the route's code parameter (§2 haircheck → event). */
  connect(code: string): Promise<Connection>;
  /** Leaves the meeting and closes the sockets (§4). */
  leave(): Promise<void>;
  /** PUT /channel/{uuid} (§7); `keepalive` while the page is going away. */
  saveChannel(uuid: string, body: ChannelBody, opts: { keepalive: boolean }): Promise<void>;
  /**
   * Starts feeding the audience stores (chat, polls, Q&A): the demo's simulated audience, or a
   * backend's sockets. Returns the stop.
   */
  startAudience(info: EventInformation): () => void;
  /** Live audio levels (0..10) of the producers, about every 333 ms. */
  subscribeAudioLevels(listener: (levels: Record<string, number>) => void): () => void;
}
