/**
 * Producer cards from the meeting's presenters (§4 Participant presence, backend mode): only
 * non-attendees are on cards; each presenter's card is its participant id and shows its feed
 * (`meeting:{id}`); a screen share is a content-share card named after the sharer; a card whose
 * participant was freed goes (off air first). The roster is the truth for names and mutes.
 */
import { goOffAir, goOnAir } from '../../../compositor/layout';
import { CONTENT_SHARE_INITIAL_RANK, DEFAULT_CONTENT_STREAM_INDEX, RANK_STEP } from '../../../compositor/model/constants';
import { producerCard } from '../../../compositor/model/producerCard';
import type { ProducerCard } from '../../../compositor/model/types';
import type { Participant } from './people';

/** A card's feed in the meeting. */
export const MEETING_URL_PREFIX = 'meeting:';
export const meetingUrl = (feedId: string) => `${MEETING_URL_PREFIX}${feedId}`;
export const feedOfUrl = (url: string | null | undefined): string | null => (url?.startsWith(MEETING_URL_PREFIX) ? url.slice(MEETING_URL_PREFIX.length) : null);
/** The feed (and card id) of a participant's screen share. */
export const screenFeedId = (participantId: string) => `${participantId}~screen`;

/**
 * §4: a content share goes on air by itself only when it is the host's own and the setting is on;
 * guests' shares (and other producers') never do.
 */
export function autoAirsContentShare(sharerId: string, selfId: string, automaticAddStreamSharedScreen: boolean): boolean {
  return automaticAddStreamSharedScreen && sharerId === selfId;
}

const MUTES = ['audioMute', 'videoMute', 'audioHardMute', 'videoHardMute'] as const;

function wantedCards(presenters: readonly Participant[], selfId: string): Map<string, Partial<ProducerCard> & Pick<ProducerCard, 'id' | 'name'>> {
  const wanted = new Map<string, Partial<ProducerCard> & Pick<ProducerCard, 'id' | 'name'>>();
  for (const p of presenters) {
    const id = p.participantId;
    if (!id) continue;
    if (id !== selfId) {
      const mutes = Object.fromEntries(MUTES.map((k) => [k, p[k]]));
      wanted.set(id, { id, name: p.name, type: p.role === 'Moderator' ? 'MODERATOR' : 'PRODUCER', url: meetingUrl(id), participantGuid: p.id, voiceProcessing: !!p.voiceProcessing, ...mutes });
    }
    if (p.shareScreen && !p.contentShareMute) {
      const share = screenFeedId(id);
      wanted.set(share, { id: share, name: p.name, type: 'CONTENT_SHARING', url: meetingUrl(share), participantGuid: p.id, streamIndex: DEFAULT_CONTENT_STREAM_INDEX });
    }
  }
  return wanted;
}

export interface PresenterCardsResult {
  producers: ProducerCard[];
  /** Guest cards that just appeared (for the §9 on-enter settings). */
  entered: ProducerCard[];
}

/** The cards after the presenters changed; the input array when nothing did. */
export function cardsForPresenters(cards: readonly ProducerCard[], presenters: readonly Participant[], selfId: string, automaticAddStreamSharedScreen: boolean): PresenterCardsResult {
  const wanted = wantedCards(presenters, selfId);
  let next = cards as ProducerCard[];
  // Freed: a meeting card nobody stands for any more.
  for (const card of cards) {
    if (feedOfUrl(card.url) === null || wanted.has(card.id)) continue;
    next = goOffAir(next, card.id).filter((c) => c.id !== card.id);
  }
  const entered: ProducerCard[] = [];
  for (const fields of wanted.values()) {
    const existing = next.find((c) => c.id === fields.id);
    if (existing) {
      const keys = Object.keys(fields) as (keyof ProducerCard)[];
      if (keys.some((k) => existing[k] !== fields[k])) next = next.map((c) => (c.id === fields.id ? { ...c, ...fields } : c));
      continue;
    }
    // §9: a content share starts at rank 50000, after every person; a person after the other people.
    const people = next.filter((c) => c.type !== 'CONTENT_SHARING');
    const orderRank = fields.type === 'CONTENT_SHARING' ? CONTENT_SHARE_INITIAL_RANK : Math.max(0, ...people.map((c) => c.orderRank)) + RANK_STEP;
    const card = producerCard({ ...fields, orderRank });
    next = [...next, card];
    if (card.type === 'CONTENT_SHARING') {
      const sharer = card.id.slice(0, -screenFeedId('').length);
      if (autoAirsContentShare(sharer, selfId, automaticAddStreamSharedScreen)) next = goOnAir(next, card.id);
    } else if (card.type === 'PRODUCER') entered.push(card);
  }
  return { producers: next, entered };
}
