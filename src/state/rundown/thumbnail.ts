/**
 * A scene's thumbnail is drawn by the compositor from the scene's own SceneModel: the channel as
 * taking the scene now would leave it (stand-ins for absent people, deleted graphics skipped), never
 * a screenshot of the preview. Memoised per look and channel document, like selectScene.
 */
import { channelScene } from '../../../compositor/convert';
import type { ChannelDoc } from '../../../compositor/model/channel';
import type { SceneModel } from '../../../compositor/model/scene';
import { takeScene, type TakeOptions } from './look';
import type { SceneLook } from './types';

const memo = new WeakMap<SceneLook, { doc: ChannelDoc; scene: SceneModel }>();

export function lookScene(doc: ChannelDoc, look: SceneLook, opts?: TakeOptions): SceneModel {
  const hit = memo.get(look);
  if (hit?.doc === doc) return hit.scene;
  const scene = channelScene(takeScene(doc, look, opts));
  memo.set(look, { doc, scene });
  return scene;
}
