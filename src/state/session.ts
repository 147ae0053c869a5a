/** What the session learned when it connected (§3 User, Event information, Channel identity). */

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
  pollShortUrl: string;
}

/** The displayed channel's identity (§3 Channel); the layers come with the stage. */
export interface ChannelSummary {
  uuid: string;
  name: string;
  /** §4 Channel eventStatus: NEW (or null), LIVE, TERMINATED. */
  eventStatus: 'NEW' | 'LIVE' | 'TERMINATED' | null;
}
