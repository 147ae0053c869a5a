/**
 * Channel document → SceneModel (DESIGN "The one idea"): the producers from the same buildLayers the
 * channel body sends, the media, and each template item's scene from its kind's schema. Pure; the
 * state layer memoises it by document reference.
 */
import { buildLayers, isContentShare, liveInShowOrder } from '../layout';
import { DEFAULT_SHIFT_VIDEOS_UP, PREVIEW_ZOOM, PREVIEW_ZOOM_CONTENT_SHARE } from '../model/constants';
import { mediaKey, shownInVertical, type ChannelDoc, type MediaRef, type MediaSlot } from '../model/channel';
import { LANDSCAPE, type FrameShape } from '../model/frame';
import type { SceneBackground, SceneModel, SceneSource, SceneTemplate } from '../model/scene';
import { templateToScene, type SceneContext } from '../templates/schemas';
import { liveNametags } from './nametags';
import { applyBand, planFor } from './band';

/** What a producer tile shows until its feed has a frame. */
export const PLACEHOLDER_COLOR = '#1b1f2a';
/** The frame behind everything when there is no background (or until it loads). */
export const BACKGROUND_FALLBACK_COLOR = '#0b0d12';
/** Foreground media is transparent until it has a frame: the producers stay visible. */
const FOREGROUND_PLACEHOLDER = '#00000000';

const sourceOf = (slot: MediaSlot, ref: MediaRef, placeholderColor: string): SceneSource => ({ key: mediaKey.media(slot, ref.id), placeholderColor });

function background(doc: ChannelDoc): SceneBackground {
  const ref = doc.media.background;
  return ref ? { kind: 'media', source: sourceOf('background', ref, BACKGROUND_FALLBACK_COLOR) } : { kind: 'color', color: BACKGROUND_FALLBACK_COLOR };
}

/** §4 foreground image and video are exclusive; if both arrive, the video wins. */
function foreground(doc: ChannelDoc): SceneSource | null {
  const { foregroundVideo, foregroundImage } = doc.media;
  if (foregroundVideo) return sourceOf('foregroundVideo', foregroundVideo, FOREGROUND_PLACEHOLDER);
  return foregroundImage ? sourceOf('foregroundImage', foregroundImage, FOREGROUND_PLACEHOLDER) : null;
}

/** The scene of the channel in one of the program's shapes (issue 34): the 16:9 one unless said. */
export function channelScene(doc: ChannelDoc, shape: FrameShape = LANDSCAPE): SceneModel {
  const cards = new Map(doc.producers.map((p) => [p.id, p]));
  const contentShareLive = isContentShare(liveInShowOrder(doc.producers)[0] ?? { type: 'PRODUCER' });
  const all = [...doc.templates, ...liveNametags(doc), ...(doc.chatOnStream ? [doc.chatOnStream] : [])];
  // The producer's per-shape choices (issue 34): the vertical program may leave graphics out.
  const items = shape === LANDSCAPE ? all : all.filter((t) => shownInVertical(doc, t));
  const laidOut = (areaHeight?: number) => {
    const layout = shape === LANDSCAPE ? doc.layout : (doc.verticalLayout ?? doc.layout);
    const layers = buildLayers(doc.producers, layout, { shape, ...(areaHeight !== undefined ? { areaHeight } : {}) }).filter((l) => !l.isHidden);
    const ctx: SceneContext = { brandSettings: doc.brandSettings, visibleLayers: new Map(layers.map((l) => [l.number, l])) };
    return { layers, drawn: items.map((t) => templateToScene(t, ctx)).filter((t): t is SceneTemplate => t !== null) };
  };
  const full = laidOut();
  const fg = foreground(doc);
  // The bottom band (issue 26): lower graphics never collide; with shiftVideosUp the tiles move up.
  const plan = planFor(full.drawn, doc.brandSettings.shiftVideosUp ?? DEFAULT_SHIFT_VIDEOS_UP, shape);
  // 9:16 keeps the width: the people are laid out again in the shorter area (their crops fit it).
  const { layers, drawn } = plan.producerArea.width === 1 && plan.producerArea.height < 1 ? laidOut(plan.producerArea.height) : full;
  const placed = applyBand(
    plan,
    layers.map((l) => ({
      id: l.sourceId,
      number: l.number,
      name: l.sourceName,
      rect: l.position,
      crop: l.crop,
      source: { key: mediaKey.producer(l.sourceId), placeholderColor: PLACEHOLDER_COLOR },
      videoMuted: cards.get(l.sourceId)?.videoMute ?? false,
    })),
    drawn,
    shape,
  );
  return {
    background: background(doc),
    producers: placed.producers,
    templates: placed.templates,
    ...(plan.producerArea.width < 1 || plan.producerArea.height < 1 ? { producerArea: plan.producerArea } : {}),
    ...(fg ? { foreground: fg } : {}),
    previewZoom: contentShareLive ? PREVIEW_ZOOM_CONTENT_SHARE : PREVIEW_ZOOM,
    primaryColor: doc.brandSettings.primaryColor,
    // The take that brought this look (issue 25): the compositor fades to it when the take is new.
    ...(doc.take ? { transition: { id: doc.take.id, transition: doc.take.transition, startedAt: doc.take.startedAt } } : {}),
  };
}
