/**
 * selectScene: the channel document → the SceneModel the compositor draws, memoised by document
 * reference (an untouched document costs nothing per frame). The same document gives the §7 body
 * through channelBody; both come from compositor/channel, so the preview and the channel agree.
 */
import { channelScene } from '../../../compositor/convert';
import type { ChannelDoc } from '../../../compositor/model/channel';
import type { SceneModel } from '../../../compositor/model/scene';

let lastDoc: ChannelDoc | null = null;
let lastScene: SceneModel | null = null;

export function selectScene(doc: ChannelDoc): SceneModel {
  if (doc === lastDoc && lastScene) return lastScene;
  lastScene = channelScene(doc);
  lastDoc = doc;
  return lastScene;
}
