/**
 * Public types of the compositor (DESIGN "Compositor rules", "Framework-free core, thin React shell").
 * Nothing here knows React, zustand or pixi: a host passes a { getState, subscribe } source, a canvas
 * and a media lookup; it gets back a handle that draws on demand.
 */
import type { SceneModel } from '../model/scene';
import type { RendererPreference } from './rendererChoice';
import type { FrameWindowSummary } from './frameWindow';

/** The part of FontFaceSet (document.fonts) the compositor uses; tests pass a fake. */
export interface FontSetLike {
  load(font: string, text?: string): Promise<unknown>;
  addEventListener(type: 'loadingdone', listener: () => void): void;
  removeEventListener(type: 'loadingdone', listener: () => void): void;
}

/** A zustand vanilla store has this shape; a test passes a plain object. */
export interface SceneSourceLike {
  getState(): SceneModel;
  subscribe(listener: () => void): () => void;
}

/** What a scene source key resolves to. The host owns it: the compositor never plays, pauses or resizes it. */
export type MediaElement = HTMLVideoElement | HTMLCanvasElement | HTMLImageElement;

/** One animation-frame hook; the default is window.requestAnimationFrame. Tests inject a manual one. */
export interface FrameRequester {
  request(callback: () => void): number;
  cancel(handle: number): void;
}

export interface CompositorOptions {
  canvas: HTMLCanvasElement;
  /** Drawing-buffer size in pixels (preview ≤ 1600 wide, output 1920×1080). */
  width: number;
  height: number;
  source: SceneSourceLike;
  /** Resolves a SceneSource key to its media; null while there is none (a placeholder tile is drawn). */
  media: (key: string) => MediaElement | null;
  /** Scale about the centre of the frame, default 1 (the host passes scene.previewZoom for the preview). */
  zoom?: number;
  /** Renderer backend; by default WebGL on a GPU and Canvas 2D where WebGL is software (rendererChoice.ts). */
  preference?: RendererPreference;
  /**
   * Texture slots per WebGL batch. Each slot adds a branch to every shaded pixel of pixi's batch shader;
   * on a software rasteriser (SwiftShader) that costs more than the extra draw calls it saves, so the
   * default is small (DEFAULT_MAX_BATCH_TEXTURES, chosen by benchmarks/compositor.mjs).
   */
  maxBatchTextures?: number;
  /** Aborting before init finishes destroys the renderer and rejects the promise with an AbortError. */
  signal?: AbortSignal;
  /** Animation-frame hook (tests). */
  frames?: FrameRequester;
  /**
   * The font set text is drawn from, default document.fonts (none under jsdom). Template fonts are
   * loaded before the first frame (FONT_PRELOAD_TIMEOUT_MS at most) and text is re-rasterised when more
   * faces finish loading. null: do not wait or watch.
   */
  fonts?: FontSetLike | null;
  /**
   * The clock animations run on (ms, monotonic), default performance.now. Tests and golden images
   * pass a fixed one to draw a ticker at a known scroll offset or a lower third fully played in.
   */
  clock?: () => number;
  /**
   * Wall-clock time (ms since the epoch), default Date.now: a take's `startedAt` is stamped with it,
   * and the compositor maps it once onto `clock` when it sees the take, so a page that receives a take
   * mid-fade draws the moment the others draw. Golden images pin it with `clock`.
   */
  wallClock?: () => number;
}

export interface CompositorStats {
  /** Frames drawn since creation. */
  frames: number;
  /** Live textures owned by the compositor: media textures, initials labels, template text rasters and a running fade's snapshot. */
  textures: number;
  /** Media texture updates (uploads of a new frame) since creation. */
  videoUploads: number;
  /** CPU time of the last frame (reconcile + uploads + render submission), ms. */
  lastFrameMs: number;
  /**
   * Text rasterisations since creation (template text, initials labels): each new or changed string,
   * colour or size counts one. Constant while a ticker scrolls or a graphic animates.
   */
  textRasters: number;
  /**
   * The outgoing look's alpha in the frame drawn last, while a take's Fade runs (1 at its start, near
   * 0 at its end); 0 when none runs. A Cut never draws one.
   */
  outgoingAlpha: number;
  /** Frames drawn with nothing new to show (no scene change, media upload, animation, resize or zoom): 0 on an idle stage. */
  idleDraws: number;
}

export interface Compositor {
  /** New drawing-buffer size in pixels; redraws on the next animation frame. */
  resize(width: number, height: number): void;
  setZoom(z: number): void;
  /**
   * A media element has new pixels the compositor cannot observe (a canvas was repainted, an image
   * replaced) or a key now resolves to another element: re-resolve and re-upload it (all when no key),
   * and draw on the next frame. Videos need no call: their frames are observed by requestVideoFrameCallback.
   */
  invalidateMedia(key?: string): void;
  /** Draw now, synchronously (pending changes included), instead of on the next animation frame. */
  renderNow(): void;
  stats(): CompositorStats;
  /** Frame times over the last FRAME_STATS_WINDOW_MS (issue 33), computed when called: read it a few times a second, not per frame. */
  frameWindow(now?: number): FrameWindowSummary;
  /** The window's frame times, oldest first, into `out` (the HUD's strip); returns how many. */
  recentFrameMs(out: Float64Array, now?: number): number;
  /**
   * Called right after each frame is drawn, while the drawing buffer still holds it (a benchmark reads
   * the program back there); returns the unsubscribe.
   */
  onFrame(listener: () => void): () => void;
  /** Tears down everything; idempotent. */
  destroy(): void;
  /** The pixi renderer (WebGLRenderer or CanvasRenderer), for hosts and benchmarks that read pixels. */
  readonly renderer: unknown;
}
