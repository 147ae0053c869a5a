/** Loading a channel into the stage (§9: the default background is auto-selected on first load, and the default graphics). */
import { stageActions } from '../../state/channel/stageActions';
import type { ChannelDoc, MediaRef } from '../../../compositor/model/channel';
import { backgroundById, DEFAULT_BACKGROUND_ID } from '../assets/predefined';
import { withDefaultGraphics } from './graphicsSetup';


/** A predefined background as the channel's media reference. */
export function predefinedBackgroundRef(id: string): MediaRef | null {
  const b = backgroundById(id);
  return b ? { id: b.id, type: 'image', url: b.url, name: b.title } : null;
}

export function loadStage(doc: ChannelDoc): void {
  const background = doc.media.background ?? predefinedBackgroundRef(DEFAULT_BACKGROUND_ID);
  stageActions.load(withDefaultGraphics({ ...doc, media: { ...doc.media, background } }));
}
