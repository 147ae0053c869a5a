/**
 * Commands of one producer card (§2 card controls, participant menu and People panel; §3 edit
 * actions). The card's buttons and the menus render these entries; their guards (§5) live in the
 * actions, and what concerns a participant goes through the §7 moderator call (state/people/moderation).
 */
import type { ProducerCard } from '../../../compositor/model/types';
import { stageActions } from '../channel/stageActions';
import { moderatorActions } from '../people/moderation';
import type { Command } from './types';

type CardCommand = Command<ProducerCard>;

export const TOGGLE_LIVE: CardCommand = {
  name: 'TOGGLE_LIVE',
  section: 'Producer card',
  label: (_, card) => (card.isLive ? 'Take off air' : 'Put on air'),
  enabled: () => true,
  perform: (card) => void stageActions.toggleLive(card.id),
};

export const TOGGLE_SPOTTED: CardCommand = {
  name: 'TOGGLE_SPOTTED',
  section: 'Producer card',
  label: (_, card) => (card.isSpotted ? 'Stop spotlight' : 'Spotlight'),
  enabled: (_, card) => card.isLive, // §4 spotlight works only on an on-air card
  perform: (card) => void stageActions.toggleSpotlight(card.id),
};

type MediaKind = 'audio' | 'video';
const DEVICE = { audio: 'mic', video: 'video' } as const;
const muted = (card: ProducerCard, kind: MediaKind) => (kind === 'audio' ? card.audioMute : card.videoMute);
const hardMuted = (card: ProducerCard, kind: MediaKind) => (kind === 'audio' ? card.audioHardMute : card.videoHardMute);

/** Mute or unmute a card's mic or camera (§4; not while hard-muted). */
const toggleMuted = (kind: MediaKind): CardCommand => ({
  name: `TOGGLE_MUTED:${kind}`,
  section: 'Producer card',
  label: (_, card) => `${muted(card, kind) ? 'Unmute' : 'Mute'} ${DEVICE[kind]}`,
  enabled: (_, card) => !hardMuted(card, kind),
  perform: (card) => void moderatorActions.toggleMute(card.id, kind),
});

/** Disable or enable (hard mute) a participant's mic or camera (§4: a hard-muted participant is forced muted). */
const toggleHardMuted = (kind: MediaKind): CardCommand => ({
  name: `TOGGLE_MUTED:hard-${kind}`,
  section: 'Producer card',
  label: (_, card) => `${hardMuted(card, kind) ? 'Enable' : 'Disable'} ${DEVICE[kind]}`,
  enabled: () => true,
  perform: (card) => void moderatorActions.toggleHardMute(card.id, kind),
});

export const TOGGLE_AUDIO = toggleMuted('audio');
export const TOGGLE_VIDEO = toggleMuted('video');
export const HARD_MUTE_AUDIO = toggleHardMuted('audio');
export const HARD_MUTE_VIDEO = toggleHardMuted('video');

export const NOISE_CANCELLATION: CardCommand = {
  name: 'PEOPLE_UPDATE:voiceProcessing',
  section: 'Producer card',
  label: (_, card) => `Noise cancellation: ${card.voiceProcessing ? 'on' : 'off'}`,
  enabled: () => true,
  perform: (card) => void moderatorActions.toggleNoiseCancellation(card.id),
};

export const REMOVE: CardCommand = {
  name: 'REMOVE',
  section: 'Producer card',
  label: () => 'Remove presenter',
  enabled: (_, card) => card.type !== 'MODERATOR', // §2 never a moderator (the menu also hides it for self)
  perform: (card) => void moderatorActions.removePresenter(card.id),
};

/** Every card command, in the order the overlay lists them. */
export const CARD_COMMANDS: readonly CardCommand[] = [TOGGLE_LIVE, TOGGLE_SPOTTED, TOGGLE_AUDIO, TOGGLE_VIDEO, HARD_MUTE_AUDIO, HARD_MUTE_VIDEO, NOISE_CANCELLATION, REMOVE];
