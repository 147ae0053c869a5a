/**
 * SceneModel: what the compositor draws, as plain serialisable data (DESIGN "Compositor rules").
 * selectScene(state) makes it; the same SceneModel renders the same pixels at any output size.
 */
import type { Crop, Rect } from './types';

/** A drawable feed, resolved by key to a video or canvas by whoever hosts the compositor. */
export interface SceneSource {
  /** Key of the media (a producer id, a background id). */
  key: string;
  /** What to paint while the media has no frame yet. */
  placeholderColor: string;
}

export interface SceneProducer {
  id: string;
  number: number;
  name: string;
  rect: Rect;
  crop: Crop;
  source: SceneSource;
  videoMuted: boolean;
}

export type SceneBackground = { kind: 'color'; color: string } | { kind: 'media'; source: SceneSource };

export interface SceneModel {
  background: SceneBackground;
  /** Visible producers, bottom to top. */
  producers: SceneProducer[];
  /** Preview zoom (§2: 104 %, 100 % for content share); the output page draws at 100 %. */
  previewZoom: number;
  primaryColor: string;
}
