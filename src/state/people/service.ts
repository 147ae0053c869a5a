/**
 * The moderator actions of §7 (under eventuser/v1/events/{eventId}/instance/{instanceId}/moderator/
 * {moderatorGuid}) that the People panel and the producer cards perform through
 * src/services/people/moderation.ts. Guids are the participants' endpoint guids.
 */

/** §4 Mute modes. */
export type MuteMode = 'SOFT_MUTE' | 'HARD_MUTE' | 'UNMUTE';
/** Whom a kick-out removes: an attendee, or a presenter from the stage. */
export type KickOutType = 'attendee' | 'presenter';

export interface PeopleService {
  /** PUT rename/{guid} with body name. */
  rename(guid: string, name: string): Promise<void>;
  /** PUT endpoints?media=audio&mute={bool}: Mute All / Unmute All. */
  muteAll(mute: boolean): Promise<void>;
  /** PUT endpoint/{guid}?muteAudio|muteVideo={mode}. */
  muteEndpoint(guid: string, media: 'audio' | 'video', mode: MuteMode): Promise<void>;
  /** PUT endpoint/{guid}?voiceProcessing={bool} (noise cancellation). */
  voiceProcessing(guid: string, on: boolean): Promise<void>;
  /** DELETE moderator/kickout/{type}/{guid}. */
  kickOut(type: KickOutType, guid: string): Promise<void>;
  /** Issue 32: PUT attendee/{guid}/hand `{ raised: false }` (withdraws an invitation on stage too). */
  lowerHand(guid: string): Promise<void>;
  /** Issue 32: POST attendee/{guid}/stage: the attendee's page offers "Join backstage". */
  inviteOnStage(guid: string): Promise<void>;
  /** Issue 32: what attendee pages show and who may join; absent where nobody real attends (the demo). */
  access?: AudienceAccessService;
}

/** What attendee pages show, and whether only personal links admit (§3 allowInvitedAttendeesOnly). */
export interface AudienceAccess {
  showAttendeeCount: boolean;
  invitedOnly: boolean;
}

/** A personal link of an invited-only event (People › Attendees › Invite). */
export interface AttendeeInvite {
  id: string;
  name: string;
  /** The attendee page it opens, `{base}watch/{sharingUrl}?invite={token}`, on the studio's origin. */
  path: string;
  createdAt: number;
  revoked: boolean;
  /** Someone joined through it. */
  used: boolean;
}

export interface AudienceAccessService {
  settings(): Promise<AudienceAccess>;
  change(change: Partial<AudienceAccess>): Promise<AudienceAccess>;
  invites(): Promise<AttendeeInvite[]>;
  invite(name: string): Promise<AttendeeInvite>;
  revoke(id: string): Promise<void>;
}
