/** Presenters as roster rows: the stage's producer cards (§4: only non-attendees are on cards). */
import type { ProducerCard } from '../../../compositor/model/types';
import type { Participant } from '../../state/people/people';
import { SELF_ID } from '../../state/session';

export function presenterRows(cards: readonly ProducerCard[]): (Participant & { card: ProducerCard })[] {
  return cards
    .filter((c) => c.type !== 'CONTENT_SHARING')
    .map((card) => ({
      card,
      id: card.id,
      name: card.name,
      role: card.type === 'MODERATOR' ? 'Moderator' : 'Panelist',
      // Backstage order is arrival order for presenters.
      joinTime: card.orderRank,
      isSelf: card.id === SELF_ID,
      inParticipantRoster: true,
      lastSeen: 0,
      audioMute: card.audioMute,
      videoMute: card.videoMute,
      audioHardMute: card.audioHardMute,
      videoHardMute: card.videoHardMute,
    }));
}
