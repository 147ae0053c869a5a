/** Building producer cards and loading a channel into the stage, with its media. */
import { stageActions, type StageDoc } from '../state/stageStore';
import { media } from './media';
import { backgroundById, DEFAULT_BACKGROUND_ID } from './predefinedAssets';
import { backgroundKey } from '../state/scene';
import type { Feed } from '../state/session';

export { producerCard, withOrderRanks } from '../state/producerCards';
export const SELF_ID = 'self';

/** Loads a channel: media for every feed, the default background on first load (§9). */
export function loadStage(doc: StageDoc, feeds: readonly Feed[]): void {
  for (const feed of feeds) media.video(feed.id, feed.url);
  const backgroundId = doc.backgroundId ?? DEFAULT_BACKGROUND_ID;
  const background = backgroundById(backgroundId);
  if (background) media.image(backgroundKey(background.id), background.url);
  stageActions.load({ ...doc, backgroundId: background ? backgroundId : null });
}
