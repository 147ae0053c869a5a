/**
 * Commands of one producer card (§2 card controls and participant menu; §3 edit actions). The card's
 * buttons and its menu render these entries; their guards (§5) live in the actions.
 */
import type { ProducerCard } from '../../../compositor/model/types';
import { stageActions } from '../channel/stageActions';
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

export const TOGGLE_AUDIO: CardCommand = {
  name: 'TOGGLE_MUTED:audio',
  section: 'Producer card',
  label: (_, card) => (card.audioMute ? 'Unmute mic' : 'Mute mic'),
  enabled: (_, card) => !card.audioHardMute,
  perform: (card) => void stageActions.toggleMute(card.id, 'audio'),
};

export const TOGGLE_VIDEO: CardCommand = {
  name: 'TOGGLE_MUTED:video',
  section: 'Producer card',
  label: (_, card) => (card.videoMute ? 'Unmute video' : 'Mute video'),
  enabled: (_, card) => !card.videoHardMute,
  perform: (card) => void stageActions.toggleMute(card.id, 'video'),
};

export const HARD_MUTE_AUDIO: CardCommand = {
  name: 'TOGGLE_MUTED:hard-audio',
  section: 'Producer card',
  label: (_, card) => (card.audioHardMute ? 'Enable mic' : 'Disable mic'),
  enabled: () => true,
  perform: (card) => void stageActions.toggleHardMute(card.id, 'audio'),
};

export const HARD_MUTE_VIDEO: CardCommand = {
  name: 'TOGGLE_MUTED:hard-video',
  section: 'Producer card',
  label: (_, card) => (card.videoHardMute ? 'Enable video' : 'Disable video'),
  enabled: () => true,
  perform: (card) => void stageActions.toggleHardMute(card.id, 'video'),
};

export const NOISE_CANCELLATION: CardCommand = {
  name: 'PEOPLE_UPDATE:voiceProcessing',
  section: 'Producer card',
  label: (_, card) => `Noise cancellation: ${card.voiceProcessing ? 'on' : 'off'}`,
  enabled: () => true,
  perform: (card) => void stageActions.toggleNoiseCancellation(card.id),
};

export const REMOVE: CardCommand = {
  name: 'REMOVE',
  section: 'Producer card',
  label: () => 'Remove presenter',
  enabled: (_, card) => card.type !== 'MODERATOR', // §2 never a moderator (the menu also hides it for self)
  perform: (card) => void stageActions.remove(card.id),
};

/** Every card command, in the order the overlay lists them. */
export const CARD_COMMANDS: readonly CardCommand[] = [TOGGLE_LIVE, TOGGLE_SPOTTED, TOGGLE_AUDIO, TOGGLE_VIDEO, HARD_MUTE_AUDIO, HARD_MUTE_VIDEO, NOISE_CANCELLATION, REMOVE];
