/**
 * The contract every graphic under compositor/templates/<kind>/ fulfils (DESIGN folder table): a
 * definition (kind, z-order, fonts it draws with) whose view is created once per template id, updated
 * in place and destroyed with everything it owns when the template leaves the scene.
 */
import type { Container } from 'pixi.js';
import type { SceneTemplate } from '../model/scene';
import type { Rect } from '../model/types';

/** Text rasterisations so far (Compositor.stats().textRasters); views add one per (re)raster. */
export interface RasterCounter {
  count: number;
}

/** What a template view may show as a picture (a logo): the host's element, never fetched here. */
export type TemplateMediaElement = HTMLVideoElement | HTMLCanvasElement | HTMLImageElement;

/** A sprite over a host media element, with its texture shared and uploaded by the compositor. */
export interface TemplateMediaSprite {
  readonly element: TemplateMediaElement | null;
  /** The element has pixels to draw. */
  readonly ready: boolean;
  /** Source pixel size (1×1 until known). */
  readonly sourceSize: { width: number; height: number };
  attach(element: TemplateMediaElement | null): void;
  /** Show the source rectangle `frame` stretched over `box` (parent pixels). */
  layout(frame: Box, box: Box): void;
  visible: boolean;
  destroy(): void;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the compositor lends every view: media lookup, media sprites and the raster counter. */
export interface TemplateContext {
  media(key: string): TemplateMediaElement | null;
  /** A media sprite under `parent` at child `index`; `opaque` false keeps the picture's alpha (logos). */
  mediaSprite(parent: Container, index: number, opaque: boolean): TemplateMediaSprite;
  readonly rasters: RasterCounter;
  /**
   * Where the producer tile with layer number `n` is drawn this frame (`rect`, eased; `target`, where it
   * goes; fractions of the frame) and its alpha (fading in or out), so a name tag follows its tile; `leaving` prefers a tile
   * going off air. Absent or null: the tag sits on its model's rect.
   */
  tile?(n: number, leaving: boolean): { rect: Rect; target: Rect; alpha: number; leaving: boolean } | null;
}

/** One live graphic. The reconciler calls update() on every scene change and sync() only while dirty. */
export interface TemplateView<M extends SceneTemplate> {
  /** Positioned in frame pixels (the scene root applies the preview zoom). */
  readonly root: Container;
  /** Needs sync() before the next draw. */
  readonly dirty: boolean;
  /** Live textures this view owns (text rasters), for Compositor.stats().textures. */
  readonly textures: number;
  /** New model for the same id: marks the view dirty only when it would look different. */
  update(model: M): void;
  /** Bring the display objects in line with the model at this frame size. */
  sync(frameWidth: number, frameHeight: number): void;
  /** Web fonts finished loading: re-rasterise text on the next sync. */
  refreshText(): void;
  /**
   * Per-frame motion at `now` (compositor clock, ms), after sync: moves display objects, never
   * re-rasterises. Returns true while it needs more frames. Absent: the view never moves.
   */
  animate?(now: number): boolean;
  /** The template left the scene: start the out-animation. False (or absent): destroy at once. */
  leave?(now: number): boolean;
  /** The same id is back while leaving: play in again from where it is. */
  enter?(now: number): void;
  /** Media may have changed (all keys when none): re-check what it shows. */
  checkMedia?(key?: string): void;
  destroy(): void;
}

export interface TemplateDefinition<M extends SceneTemplate> {
  readonly kind: M['kind'];
  /** Draw order among templates (higher on top; §9 template z-order). */
  readonly z: number;
  /** CSS font shorthands the view draws with, preloaded before the first frame. */
  readonly fonts: readonly string[];
  accepts(model: SceneTemplate): model is M;
  create(model: M, ctx: TemplateContext): TemplateView<M>;
}

/** A view bound to its definition, so the reconciler handles every kind alike. */
export interface MountedTemplate {
  readonly kind: SceneTemplate['kind'];
  readonly z: number;
  readonly root: Container;
  readonly dirty: boolean;
  readonly textures: number;
  /** False (and nothing changed) when `model` is of another kind. */
  update(model: SceneTemplate): boolean;
  sync(frameWidth: number, frameHeight: number): void;
  refreshText(): void;
  /** See TemplateView.animate; false for a view that never moves. */
  animate(now: number): boolean;
  /** See TemplateView.leave; false for a view without an out-animation. */
  leave(now: number): boolean;
  enter(now: number): void;
  checkMedia(key?: string): void;
  destroy(): void;
}

/** A definition as held by the registry: its own mount(), so a registry lookup needs no casts. */
export interface RegisteredTemplate<M extends SceneTemplate = SceneTemplate> extends TemplateDefinition<M> {
  /** A view for `model`, or null when `model` is not of this kind. */
  mount(model: SceneTemplate, ctx: TemplateContext): MountedTemplate | null;
}

export function defineTemplate<M extends SceneTemplate>(def: TemplateDefinition<M>): RegisteredTemplate<M> {
  const bind = (model: M, ctx: TemplateContext): MountedTemplate => {
    const view = def.create(model, ctx);
    return {
      kind: def.kind,
      z: def.z,
      root: view.root,
      get dirty() {
        return view.dirty;
      },
      get textures() {
        return view.textures;
      },
      update(next) {
        if (!def.accepts(next)) return false;
        view.update(next);
        return true;
      },
      sync: (w, h) => view.sync(w, h),
      refreshText: () => view.refreshText(),
      animate: (now) => view.animate?.(now) ?? false,
      leave: (now) => view.leave?.(now) ?? false,
      enter: (now) => view.enter?.(now),
      checkMedia: (key) => view.checkMedia?.(key),
      destroy: () => view.destroy(),
    };
  };
  return { ...def, mount: (model, ctx) => (def.accepts(model) ? bind(model, ctx) : null) };
}
