/**
 * selectScene: the channel document → the SceneModel the compositor draws, memoised by document
 * reference (an untouched document costs nothing per frame). The same document gives the §7 body
 * through channelBody; both come from compositor/channel, so the preview and the channel agree.
 */
import { channelScene } from '../../../compositor/convert';
import type { ChannelDoc } from '../../../compositor/model/channel';
import type { SceneModel } from '../../../compositor/model/scene';
import { LANDSCAPE, type FrameShape } from '../../../compositor/model/frame';

/** The last document and its scene, per shape (the 16:9 and the 9:16 preview each read their own). */
const last = new Map<FrameShape, { doc: ChannelDoc; scene: SceneModel }>();

export function selectScene(doc: ChannelDoc, shape: FrameShape = LANDSCAPE): SceneModel {
  const hit = last.get(shape);
  if (hit?.doc === doc) return hit.scene;
  const scene = channelScene(doc, shape);
  last.set(shape, { doc, scene });
  return scene;
}
