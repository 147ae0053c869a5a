/**
 * selectScene: the stage doc → SceneModel the compositor draws (DESIGN "The one idea"), and
 * channelBody: the same layers as PUT /channel/{uuid} receives them (§7). Both come from
 * buildLayers, so the preview and the channel can never disagree. Memoised by doc reference.
 */
import { buildLayers, liveInShowOrder, isContentShare } from '../../compositor/layout';
import { PREVIEW_ZOOM, PREVIEW_ZOOM_CONTENT_SHARE } from '../../compositor/model/constants';
import type { ChannelBody, UpdateReason } from '../../compositor/model/types';
import type { SceneModel } from '../../compositor/model/scene';
import type { StageDoc } from './stageStore';

export const PLACEHOLDER_COLOR = '#1b1f2a';
export const BACKGROUND_FALLBACK_COLOR = '#0b0d12';
/** Media keys: producers by card id, backgrounds by asset id. */
export const backgroundKey = (id: string) => `background:${id}`;

let lastDoc: StageDoc | null = null;
let lastScene: SceneModel | null = null;

export function selectScene(doc: StageDoc): SceneModel {
  if (doc === lastDoc && lastScene) return lastScene;
  const cards = new Map(doc.producers.map((p) => [p.id, p]));
  const layers = buildLayers(doc.producers, doc.layout);
  const contentShareLive = isContentShare(liveInShowOrder(doc.producers)[0] ?? { type: 'PRODUCER' });
  const scene: SceneModel = {
    background: doc.backgroundId
      ? { kind: 'media', source: { key: backgroundKey(doc.backgroundId), placeholderColor: BACKGROUND_FALLBACK_COLOR } }
      : { kind: 'color', color: BACKGROUND_FALLBACK_COLOR },
    producers: layers
      .filter((l) => !l.isHidden)
      .map((l) => ({
        id: l.sourceId,
        number: l.number,
        name: l.sourceName,
        rect: l.position,
        crop: l.crop,
        source: { key: l.sourceId, placeholderColor: PLACEHOLDER_COLOR },
        videoMuted: cards.get(l.sourceId)?.videoMute ?? false,
      })),
    templates: doc.chatOverlay ? [{ kind: 'chat', ...doc.chatOverlay, primaryColor: doc.brandSettings.primaryColor }] : [],
    previewZoom: contentShareLive ? PREVIEW_ZOOM_CONTENT_SHARE : PREVIEW_ZOOM,
    primaryColor: doc.brandSettings.primaryColor,
  };
  lastDoc = doc;
  lastScene = scene;
  return scene;
}

export interface ChannelIdentity {
  name: string;
  templateUrl?: string;
}

/** §7 PUT /channel/{uuid} body (eventStatus omitted; text fields as JSON text). */
export function channelBody(doc: StageDoc, channel: ChannelIdentity, reason: UpdateReason | null, swap?: number[]): ChannelBody {
  return {
    layers: buildLayers(doc.producers, doc.layout),
    name: channel.name,
    layout: doc.layout,
    brandSettings: doc.brandSettings,
    templateUrl: channel.templateUrl ?? '',
    templateAttributes: JSON.stringify({
      attributes: doc.chatOverlay ? [{ type: 'CHAT', id: doc.chatOverlay.id, primaryText: doc.chatOverlay.text, secondaryText: doc.chatOverlay.name, isVisible: true }] : [],
    }),
    producerOrder: JSON.stringify(doc.producers.map((p) => p.id)),
    updateReason: JSON.stringify(reason),
    ...(swap ? { swap } : {}),
  };
}
