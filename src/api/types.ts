/**
 * What the services of §7 send and answer, as the wire carries it (§3 entities). The state layer
 * has its own types; the backend implementation (src/services/remote) maps between them.
 */
export interface WireUser {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  emailId: string;
  profilePicture: string;
}

/** POST oauth2/token. */
export interface TokenAnswer {
  access_token: string;
  /** Seconds. */
  expires_in: number;
  scope: { user: { id: string; username: string } };
}

/** §3 Event (public details). */
export interface EventPublic {
  eventId: string;
  sharingUrl: string;
  instanceId?: string;
  eventTitle: string;
  description: string;
  start: number;
  end: number;
  timezone: string;
  tzShortName: string;
  role?: string;
  studioEnabled?: boolean;
}

/** §3 Event (full details), the fields the studio reads. */
export interface EventFull extends EventPublic {
  state: string;
  organizerId: string;
  chatEnabled: boolean;
  qnaEnabled: boolean;
  qnaAutoApprove: boolean;
  raiseHandEnabled?: boolean;
  one2OneModChat?: boolean;
  pollShortUrl?: string;
  systemParams?: { attendeePushLimit: number; attendeePushDiff: number };
}

export interface EventsPage {
  events: EventPublic[];
  nextPageKey: string | null;
}

export interface Feature {
  name: string;
  available: boolean;
}

/** §7 moderator registration body. */
export interface ModeratorRegistration {
  name: string;
  endpointGUID: string;
  details: { emailId: string; profilePictureURI: string; linkedinURI: string; twitterId: string };
  endpointDetail: { browser: string; os: string; flashVersion: string; epType: string };
  interactivityDetail: { endpointGUID: string };
}

/** A roster entry as the event platform lists it (§3 Participant). */
export interface WireParticipant {
  id: string;
  name: string;
  role: 'Attendee' | 'Panelist' | 'Moderator';
  joinTime: number;
  [field: string]: unknown;
}

/** §3 Asset as dam lists it. */
export interface WireAsset {
  id: string;
  title: string;
  tag: string;
  type: 'image' | 'video';
  assetKey: string;
  thumbnailKey?: string;
  createdDate: number;
  status: string;
  assetDownloadUrl: string;
  assetThumbnailUrl: string;
}

/** §3 CMS video. */
export interface CmsVideo {
  id: number | string;
  contentName: string;
  contentUrl: string;
  contentProperties: { thumbnail: string };
  modified: number;
}
