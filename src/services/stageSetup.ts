/** Building producer cards and loading a channel into the stage, with its media. */
import { DEFAULT_CALL_QUALITY, RANK_STEP } from '../../compositor/model/constants';
import type { ProducerCard } from '../../compositor/model/types';
import { stageActions, type StageDoc } from '../state/stageStore';
import { media } from './media';
import { backgroundById, DEFAULT_BACKGROUND_ID } from './predefinedAssets';
import { backgroundKey } from '../state/scene';

export const SELF_ID = 'self';

export function producerCard(fields: Pick<ProducerCard, 'id' | 'name'> & Partial<ProducerCard>): ProducerCard {
  return {
    url: null,
    number: 0,
    type: 'PRODUCER',
    isLive: false,
    liveRank: 0,
    orderRank: 0,
    isSpotted: false,
    audioMute: false,
    videoMute: false,
    audioHardMute: false,
    videoHardMute: false,
    callQuality: DEFAULT_CALL_QUALITY,
    timezone: 'America/New_York',
    participantGuid: fields.id,
    streamIndex: 0,
    speaking: false,
    ...fields,
  };
}

/** Backstage order ranks in steps of 10 (§9), in the given order. */
export function withOrderRanks(cards: ProducerCard[]): ProducerCard[] {
  return cards.map((c, i) => ({ ...c, orderRank: (i + 1) * RANK_STEP }));
}

export interface Feed {
  id: string;
  url: string;
}

/** Loads a channel: media for every feed, the default background on first load (§9). */
export function loadStage(doc: StageDoc, feeds: readonly Feed[]): void {
  for (const feed of feeds) media.video(feed.id, feed.url);
  const backgroundId = doc.backgroundId ?? DEFAULT_BACKGROUND_ID;
  const background = backgroundById(backgroundId);
  if (background) media.image(backgroundKey(background.id), background.url);
  stageActions.load({ ...doc, backgroundId: background ? backgroundId : null });
}
