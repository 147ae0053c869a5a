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
}
