/**
 * Commands of one producer card (§2 card controls, participant menu and People panel; §3 edit
 * actions). The card's buttons and the menus render these entries; their guards (§5) live in the
 * actions. The table lives with the services because what concerns a participant goes through the
 * §7 moderator call (./moderation.ts); the stage's own commands stay in src/state/commands.
 */
import type { ProducerCard } from '../../../compositor/model/types';
import { stageActions } from '../../state/channel/stageActions';
import { moderatorActions } from './moderation';
import type { Command } from '../../state/commands/types';
import { useChannelStore, type ChannelState } from '../../state/channel/store';
import { MAX_PRODUCER_CARDS } from '../../../compositor/model/constants';

type CardCommand = Command<ProducerCard>;

export const TOGGLE_LIVE: CardCommand = {
  name: 'TOGGLE_LIVE',
  section: 'Producer card',
  title: 'Put on air or take off air',
  label: (_, card) => (card.isLive ? 'Take off air' : 'Put on air'),
  keys: ['space'],
  enabled: () => true,
  perform: (card) => void stageActions.toggleLive(card.id),
};

export const TOGGLE_SPOTTED: CardCommand = {
  name: 'TOGGLE_SPOTTED',
  section: 'Producer card',
  title: 'Spotlight',
  label: (_, card) => (card.isSpotted ? 'Stop spotlight' : 'Spotlight'),
  keys: ['s'],
  enabled: (_, card) => card.isLive, // §4 spotlight works only on an on-air card
  perform: (card) => void stageActions.toggleSpotlight(card.id),
};

type MediaKind = 'audio' | 'video';
const DEVICE = { audio: 'mic', video: 'video' } as const;
const muted = (card: ProducerCard, kind: MediaKind) => (kind === 'audio' ? card.audioMute : card.videoMute);
const hardMuted = (card: ProducerCard, kind: MediaKind) => (kind === 'audio' ? card.audioHardMute : card.videoHardMute);

/** Mute or unmute a card's mic or camera (§4; not while hard-muted). */
const toggleMuted = (kind: MediaKind, key: string): CardCommand => ({
  name: `TOGGLE_MUTED:${kind}`,
  section: 'Producer card',
  title: `Mute or unmute ${DEVICE[kind]}`,
  keys: [key],
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

export const TOGGLE_AUDIO = toggleMuted('audio', 'm');
export const TOGGLE_VIDEO = toggleMuted('video', 'v');
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

export const RENAME: CardCommand = {
  name: 'PEOPLE_UPDATE:name',
  section: 'Producer card',
  label: () => 'Edit name',
  keys: ['f2'],
  enabled: () => true,
  perform: (card) => stageActions.startRename(card.id),
};

export const OPEN_MENU: CardCommand = {
  name: 'MENU',
  section: 'Producer card',
  label: () => 'Open the card menu',
  keys: ['enter'],
  enabled: () => true,
  perform: (card) => void stageActions.toggleMenu(card.id),
};

const indexOf = (state: ChannelState, card: ProducerCard) => state.doc.producers.findIndex((p) => p.id === card.id);
/** Moves a card one place earlier or later in the backstage order (§4 reorder, as a drop there would). */
const moveCard = (step: -1 | 1, key: string): CardCommand => ({
  name: `REORDER:${step < 0 ? 'earlier' : 'later'}`,
  section: 'Producer card',
  label: () => (step < 0 ? 'Move card left' : 'Move card right'),
  keys: [key],
  enabled: (state, card) => {
    const i = indexOf(state, card);
    return i >= 0 && i + step >= 0 && i + step < Math.min(state.doc.producers.length, MAX_PRODUCER_CARDS);
  },
  perform: (card) => void stageActions.reorder(card.id, indexOf(useChannelStore.getState(), card) + step),
});
export const MOVE_EARLIER = moveCard(-1, 'alt+arrowleft');
export const MOVE_LATER = moveCard(1, 'alt+arrowright');

/** Focus moves between cards with these (the backstage grid's roving focus; no edit, so no command). */
export const CARD_NAVIGATION_KEYS: readonly string[] = ['arrowleft', 'arrowright', 'arrowup', 'arrowdown', 'home', 'end'];

/** Every card command, in the order the overlay lists them. */
export const CARD_COMMANDS: readonly CardCommand[] = [TOGGLE_LIVE, TOGGLE_SPOTTED, TOGGLE_AUDIO, TOGGLE_VIDEO, HARD_MUTE_AUDIO, HARD_MUTE_VIDEO, NOISE_CANCELLATION, RENAME, OPEN_MENU, MOVE_EARLIER, MOVE_LATER, REMOVE];
