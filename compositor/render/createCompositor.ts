/**
 * createCompositor: draws a SceneModel source on a canvas with pixi.js, on demand (DESIGN "Compositor
 * rules"). A frame is drawn when the source changed, a media element has a new frame, or on
 * resize/zoom; an idle stage draws nothing. Framework-free: no React, no store library, no src/.
 */
import { TextStyle, type Renderer } from 'pixi.js';
import { zoomTransform } from './geometry';
import { LABEL_FONT_PX, type ViewContext } from './producerView';
import { SceneReconciler } from './reconcile';
import { destroyRenderer } from './canvasLifecycle';
import { clearTextMetrics, documentFonts, preloadFonts, watchFonts } from './fonts';
import { templateFonts } from '../templates';
import { createRenderer, DEFAULT_MAX_BATCH_TEXTURES } from './rendererSetup';
import { defaultPreference } from './rendererChoice';
import { animationFrames, createFrameScheduler, type FrameScheduler } from './scheduler';
import { FrameStats } from './stats';
import type { FrameWindowSummary } from './frameWindow';
import type { Compositor, CompositorOptions, CompositorStats } from './types';
import type { SceneModel } from '../model/scene';
import { MediaTextures } from './videoTextures';
import { MediaSprite } from './mediaSprite';
import { TakeFade } from './takeFade';
import { planTake } from '../layout/fade';

const LABEL_FONT_FAMILY = ['Inter Variable', 'Inter', 'system-ui', 'sans-serif'];

class StudioCompositor implements Compositor {
  private readonly scheduler: FrameScheduler;
  private readonly textures: MediaTextures;
  private readonly scene: SceneReconciler;
  private readonly labelStyle: TextStyle;
  private readonly labels = { count: 0 };
  private readonly rasters = { count: 0 };
  private readonly clock: () => number;
  private readonly wallClock: () => number;
  private readonly fade: TakeFade;
  /** The last take seen (SceneModel.transition id): a new one starts its transition. */
  private lastTake: string | null = null;
  private readonly counters = new FrameStats();
  private readonly unsubscribe: () => void;
  private readonly unwatchFonts: () => void;
  private width: number;
  private height: number;
  private zoom: number;
  private sceneDirty = true;
  private layoutAll = true;
  private zoomed = false;
  private clearColor = '';
  private destroyed = false;

  constructor(
    readonly renderer: Renderer,
    private readonly options: CompositorOptions,
  ) {
    this.width = options.width;
    this.height = options.height;
    this.zoom = options.zoom ?? 1;
    this.clock = options.clock ?? (() => performance.now());
    this.wallClock = options.wallClock ?? (() => Date.now());
    this.scheduler = createFrameScheduler(options.frames ?? animationFrames(), () => this.frame());
    this.textures = new MediaTextures(
      {
        onFrame: () => this.scheduler.schedule(),
        onMediaChange: () => {
          this.scene.checkMedia();
          this.scheduler.schedule();
        },
      },
      renderer.name === 'canvas' ? 'canvas' : 'webgl',
    );
    this.labelStyle = new TextStyle({
      fontFamily: LABEL_FONT_FAMILY,
      fontSize: LABEL_FONT_PX,
      fontWeight: '600',
      fill: 0xffffff,
    });
    const ctx: ViewContext = {
      media: options.media,
      textures: this.textures,
      labelStyle: this.labelStyle,
      labels: this.labels,
      rasters: this.rasters,
      templates: {
        media: options.media,
        mediaSprite: (parent, index, opaque) => new MediaSprite(this.textures, parent, index, opaque),
        rasters: this.rasters,
      },
    };
    this.scene = new SceneReconciler(ctx, (color) => this.setClearColor(color));
    this.fade = new TakeFade(renderer, this.scene.root);
    this.applyZoom();
    this.unsubscribe = options.source.subscribe(() => {
      this.sceneDirty = true;
      this.scheduler.schedule();
    });
    this.unwatchFonts = watchFonts(fontSet(options), () => {
      if (this.destroyed) return;
      clearTextMetrics();
      if (this.scene.refreshText()) this.scheduler.schedule();
    });
    this.scheduler.schedule(); // the first frame
  }

  resize(width: number, height: number): void {
    if (this.destroyed || (width === this.width && height === this.height)) return;
    this.width = width;
    this.height = height;
    this.renderer.resize(width, height, 1);
    this.fade.end(); // the snapshot is of the old size: show the new look
    this.applyZoom();
    this.layoutAll = true;
    this.scheduler.schedule();
  }

  setZoom(z: number): void {
    if (this.destroyed || z === this.zoom) return;
    this.zoom = z;
    this.applyZoom();
    this.zoomed = true; // a new picture, not an idle draw
    this.scheduler.schedule();
  }

  invalidateMedia(key?: string): void {
    if (this.destroyed) return;
    if (key === undefined) this.textures.invalidate();
    else {
      const element = this.options.media(key);
      if (element) this.textures.invalidate(element);
    }
    this.scene.checkMedia(key);
    this.scheduler.schedule();
  }

  renderNow(): void {
    if (this.destroyed) return;
    this.scheduler.cancel();
    this.frame();
  }

  stats(): CompositorStats {
    const textures = this.textures.count + this.labels.count + this.scene.templates.textures + (this.fade.running ? 1 : 0);
    return this.counters.snapshot(textures, this.rasters.count, this.fade.outgoingAlpha);
  }

  frameWindow(now?: number): FrameWindowSummary {
    return this.counters.summary(now);
  }

  recentFrameMs(out: Float64Array, now = performance.now()): number {
    return this.counters.window.durations(now, out);
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.scheduler.cancel();
    this.unsubscribe();
    this.unwatchFonts();
    this.fade.destroy();
    this.scene.destroy();
    this.textures.destroy();
    this.labelStyle.destroy();
    destroyRenderer(this.renderer); // keeps the host's canvas in the DOM, reusable by a new compositor
  }

  private readonly frameListeners = new Set<() => void>();

  onFrame(listener: () => void): () => void {
    this.frameListeners.add(listener);
    return () => this.frameListeners.delete(listener);
  }

  private frame(): void {
    if (this.destroyed) return;
    const now = this.clock();
    let fading = false;
    if (this.counters.frames === 0) performance.mark('compositor:first-frame-start');
    this.counters.measure(() => {
      // Whether this frame had anything new to draw (else it counts as an idle draw).
      let moved = this.sceneDirty || this.layoutAll || this.zoomed || this.fade.running || this.scene.animating;
      this.zoomed = false;
      if (this.sceneDirty) {
        this.sceneDirty = false;
        this.applyScene(this.options.source.getState(), now);
      }
      const { uploads, resized } = this.textures.flush();
      moved ||= resized;
      this.scene.layout(this.width, this.height, this.layoutAll || resized, now);
      this.layoutAll = false;
      fading = this.fade.step(now);
      this.renderer.render({ container: this.fade.stage });
      return { uploads, moved };
    });
    if (this.counters.frames === 1) performance.mark('compositor:first-frame');
    this.frameListeners.forEach((l) => l());
    // The animation hook: while something moves (a ticker scrolling, a graphic playing in or out)
    // the next frame is requested; when nothing does, none is (render on demand). A playing video
    // that cannot signal its frames is drawn every animation frame while it plays.
    if (fading || this.textures.polling || this.scene.animating) this.scheduler.schedule();
  }

  /**
   * A new take (issue 25) starts its transition: a Fade still running cross-fades from the look drawn
   * last (none before the first frame: a page that loads mid-fade shows the new look); a Cut, or a
   * Fade whose time is over, shows the scene at once. Either way the new look snaps into place.
   */
  private applyScene(scene: SceneModel, now: number): void {
    const take = planTake(scene.transition, this.lastTake, now, this.wallClock());
    if (take.kind !== 'none') this.lastTake = take.id;
    if (take.kind === 'fade' && this.counters.frames > 0) this.fade.begin(this.width, this.height, take.start, take.durationMs);
    else if (take.kind === 'cut') this.fade.end();
    this.scene.apply(scene, now, take.kind !== 'none');
  }

  private applyZoom(): void {
    const { scale, x, y } = zoomTransform(this.zoom, this.width, this.height);
    this.scene.root.scale.set(scale);
    this.scene.root.position.set(x, y);
  }

  private setClearColor(color: string): void {
    if (color === this.clearColor) return;
    this.clearColor = color;
    this.renderer.background.color = color;
  }
}

const fontSet = (options: CompositorOptions) => (options.fonts === undefined ? documentFonts() : options.fonts);

/**
 * Creates the renderer on `options.canvas` and draws the first frame on the next animation frame.
 * - `options.signal` aborted before the renderer is ready destroys it and rejects with an AbortError
 *   (pixi throws if a renderer is destroyed while its init is pending, so that case is handled here).
 * - One compositor per canvas at a time: a creation on a canvas whose previous compositor is still
 *   initialising waits until that one is destroyed (React StrictMode: effect, cleanup, effect), and a
 *   canvas destroyed by a compositor gets its WebGL context back for the next one.
 */
export async function createCompositor(options: CompositorOptions): Promise<Compositor> {
  // The template fonts load while the renderer initialises, so the first frame draws text in its face.
  const fontsReady = preloadFonts(fontSet(options), templateFonts());
  performance.mark('compositor:create'); // marks: where the time to a first frame goes (benchmarks/entry.mjs)
  const preference = options.preference ?? defaultPreference();
  performance.mark('compositor:preference');
  const renderer = await createRenderer({
    canvas: options.canvas,
    width: options.width,
    height: options.height,
    preference,
    maxBatchTextures: options.maxBatchTextures ?? DEFAULT_MAX_BATCH_TEXTURES,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  performance.mark('compositor:renderer');
  await fontsReady; // bounded by FONT_PRELOAD_TIMEOUT_MS, never rejects
  if (options.signal?.aborted) {
    destroyRenderer(renderer);
    throw new DOMException('The compositor was aborted.', 'AbortError');
  }
  return new StudioCompositor(renderer, options);
}
