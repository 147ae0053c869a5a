/** compositor/render public API: createCompositor and its types. */
export { createCompositor } from './createCompositor';
export { DEFAULT_MAX_BATCH_TEXTURES } from './rendererSetup';
export { coverFrame, cropFrame, initials, pixelBox, zoomTransform, type PixelBox } from './geometry';
export { FONT_PRELOAD_TIMEOUT_MS } from './fonts';
export type {
  Compositor,
  CompositorOptions,
  CompositorStats,
  FontSetLike,
  FrameRequester,
  MediaElement,
  SceneSourceLike,
} from './types';
export { heldFrames } from './scheduler';
export { FrameWindow, percentile, type FrameMsSummary, type FrameWindowSummary } from './frameWindow';
export { startFrameClock } from './frameClock';
