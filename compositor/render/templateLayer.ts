/**
 * The template layer: SceneModel.templates → one mounted view per kind and id, reused across scenes
 * and updated in place. Drawn above the producers, ordered by the kind's z (§9 template z-order),
 * ties in array order. A template that leaves the scene plays its out-animation first (the view stays
 * drawn, leaving) and is destroyed when it ends; the same id coming back meanwhile takes the view back.
 */
import { Container } from 'pixi.js';
import type { SceneTemplate } from '../model/scene';
import { mountTemplate, type MountedTemplate, type TemplateContext } from '../templates';
import { reconcileKeyed, restack } from './keyed';

const keyOf = (t: SceneTemplate): string => `${t.kind}:${t.id}`;

export class TemplateLayer {
  readonly root = new Container();
  private readonly views = new Map<string, MountedTemplate>();
  /** Views playing their out-animation, by key. */
  private readonly leaving = new Map<string, MountedTemplate>();
  private shown: MountedTemplate[] = [];
  private order: MountedTemplate[] = [];
  private current: readonly SceneTemplate[] | undefined = undefined;
  private applied = false;
  private moving = false;
  private underlay: { z: number; root: Container } | null = null;

  constructor(private readonly ctx: TemplateContext) {
    this.root.label = 'templates';
  }

  /** Live template views (leaving ones included: they are still drawn). */
  get size(): number {
    return this.views.size + this.leaving.size;
  }

  /** Views playing their out-animation. */
  get leavingCount(): number {
    return this.leaving.size;
  }

  /** Some view moved in the last layout and needs another frame. */
  get animating(): boolean {
    return this.moving;
  }

  /** Textures owned by template views (text rasters). */
  get textures(): number {
    let n = 0;
    for (const view of this.order) n += view.textures;
    return n;
  }

  /** Match the views to `templates` (compared by reference first: an untouched list costs nothing). */
  apply(templates: readonly SceneTemplate[] | undefined, now: number, take = false): void {
    if (take) this.dropLeaving(); // a take carries the old look away: no out-animation under it
    if (this.applied && templates === this.current) return;
    this.applied = true;
    this.current = templates;
    this.shown = reconcileKeyed(this.views, templates ?? [], {
      keyOf,
      create: (t) => this.revive(keyOf(t), t, now) ?? mountTemplate(t, this.ctx),
      update: (view, t) => view.update(t),
      destroy: (view, key) => (take ? view.destroy() : this.retire(key, view, now)),
    });
    this.restack();
  }

  /**
   * Sync dirty views (all when `all`), then advance every view's motion to `now`; views whose
   * out-animation ended are destroyed. Returns how many were synced.
   */
  layout(frameWidth: number, frameHeight: number, all: boolean, now: number): number {
    let synced = 0;
    for (const view of this.order) {
      if (!all && !view.dirty) continue;
      view.sync(frameWidth, frameHeight);
      synced += 1;
    }
    let moving = false;
    for (const view of this.order) if (view.animate(now)) moving = true;
    let ended = false;
    for (const [key, view] of this.leaving) {
      if (view.animate(now)) continue;
      this.leaving.delete(key);
      view.destroy();
      ended = true;
    }
    if (ended) this.restack();
    this.moving = moving;
    return synced;
  }

  /** Media changed (all keys when none): views showing pictures re-check them. */
  checkMedia(key?: string): void {
    for (const view of this.order) view.checkMedia(key);
  }

  /** Fonts changed: every view re-rasterises its text. True when there was any to redo. */
  refreshText(): boolean {
    for (const view of this.order) view.refreshText();
    return this.order.length > 0;
  }

  destroy(): void {
    for (const view of this.views.values()) view.destroy();
    for (const view of this.leaving.values()) view.destroy();
    this.views.clear();
    this.leaving.clear();
    this.order = [];
    this.shown = [];
    this.root.destroy({ children: true });
  }

  private dropLeaving(): void {
    if (this.leaving.size === 0) return;
    for (const view of this.leaving.values()) view.destroy();
    this.leaving.clear();
    this.restack();
  }

  /** The same key back while leaving: the leaving view takes the model and plays in again. */
  private revive(key: string, model: SceneTemplate, now: number): MountedTemplate | null {
    const view = this.leaving.get(key);
    if (!view) return null;
    this.leaving.delete(key);
    if (!view.update(model)) {
      view.destroy();
      return null;
    }
    view.enter(now);
    return view;
  }

  /**
   * A view whose template left: kept drawn while it plays out, else destroyed now. A view replaced
   * under a key still mapped (another kind of model) goes at once.
   */
  private retire(key: string, view: MountedTemplate, now: number): void {
    if (this.views.has(key) || !view.leave(now)) {
      view.destroy();
      return;
    }
    this.leaving.set(key, view);
    this.moving = true;
  }

  /**
   * A container drawn among the templates at depth `z` (the foreground media), or none (null). It
   * takes its place on the next restack.
   */
  setUnderlay(underlay: { z: number; root: Container } | null): void {
    if (this.underlay && this.underlay !== underlay && this.underlay.root.parent === this.root) this.root.removeChild(this.underlay.root);
    this.underlay = underlay;
    this.restack();
  }

  /** Shown and leaving views by z (stable: equal z keeps array order, leaving ones after), the underlay at its z. */
  private restack(): void {
    const all = [...this.shown, ...this.leaving.values()];
    this.order = all.map((view, i) => ({ view, i })).sort((a, b) => a.view.z - b.view.z || a.i - b.i).map((e) => e.view);
    const roots = this.order.map((view) => view.root);
    if (this.underlay) {
      const at = this.order.findIndex((view) => view.z > this.underlay!.z);
      roots.splice(at < 0 ? roots.length : at, 0, this.underlay.root);
    }
    restack(this.root, roots);
  }
}
