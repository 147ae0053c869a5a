/**
 * The contract every graphic under compositor/templates/<kind>/ fulfils (DESIGN folder table): a
 * definition (kind, z-order, fonts it draws with) whose view is created once per template id, updated
 * in place and destroyed with everything it owns when the template leaves the scene.
 */
import type { Container } from 'pixi.js';
import type { SceneTemplate } from '../model/scene';

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
  destroy(): void;
}

export interface TemplateDefinition<M extends SceneTemplate> {
  readonly kind: M['kind'];
  /** Draw order among templates (higher on top; §9 template z-order). */
  readonly z: number;
  /** CSS font shorthands the view draws with, preloaded before the first frame. */
  readonly fonts: readonly string[];
  accepts(model: SceneTemplate): model is M;
  create(model: M): TemplateView<M>;
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
  destroy(): void;
}

/** A definition as held by the registry: its own mount(), so a registry lookup needs no casts. */
export interface RegisteredTemplate<M extends SceneTemplate = SceneTemplate> extends TemplateDefinition<M> {
  /** A view for `model`, or null when `model` is not of this kind. */
  mount(model: SceneTemplate): MountedTemplate | null;
}

export function defineTemplate<M extends SceneTemplate>(def: TemplateDefinition<M>): RegisteredTemplate<M> {
  const bind = (model: M): MountedTemplate => {
    const view = def.create(model);
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
      destroy: () => view.destroy(),
    };
  };
  return { ...def, mount: (model) => (def.accepts(model) ? bind(model) : null) };
}
