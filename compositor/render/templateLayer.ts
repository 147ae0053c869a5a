/**
 * The template layer: SceneModel.templates → one mounted view per kind and id, reused across scenes
 * and updated in place, destroyed when its template leaves. Drawn above the producers, ordered by the
 * kind's z (§9 template z-order), ties in array order.
 */
import { Container } from 'pixi.js';
import type { SceneTemplate } from '../model/scene';
import { mountTemplate, type MountedTemplate } from '../templates';
import { reconcileKeyed, restack } from './keyed';

const keyOf = (t: SceneTemplate): string => `${t.kind}:${t.id}`;

export class TemplateLayer {
  readonly root = new Container();
  private readonly views = new Map<string, MountedTemplate>();
  private order: MountedTemplate[] = [];
  private current: readonly SceneTemplate[] | undefined = undefined;
  private applied = false;

  constructor() {
    this.root.label = 'templates';
  }

  /** Live template views. */
  get size(): number {
    return this.views.size;
  }

  /** Textures owned by template views (text rasters). */
  get textures(): number {
    let n = 0;
    for (const view of this.views.values()) n += view.textures;
    return n;
  }

  /** Match the views to `templates` (compared by reference first: an untouched list costs nothing). */
  apply(templates: readonly SceneTemplate[] | undefined): void {
    if (this.applied && templates === this.current) return;
    this.applied = true;
    this.current = templates;
    const next = reconcileKeyed(this.views, templates ?? [], {
      keyOf,
      create: mountTemplate,
      update: (view, t) => view.update(t),
      destroy: (view) => view.destroy(),
    });
    // Stable: equal z keeps array order.
    this.restack(next.map((view, i) => ({ view, i })).sort((a, b) => a.view.z - b.view.z || a.i - b.i).map((e) => e.view));
  }

  /** Sync dirty views (all when `all`). Returns how many were synced. */
  layout(frameWidth: number, frameHeight: number, all: boolean): number {
    let synced = 0;
    for (const view of this.order) {
      if (!all && !view.dirty) continue;
      view.sync(frameWidth, frameHeight);
      synced += 1;
    }
    return synced;
  }

  /** Fonts changed: every view re-rasterises its text. True when there was any to redo. */
  refreshText(): boolean {
    for (const view of this.order) view.refreshText();
    return this.order.length > 0;
  }

  destroy(): void {
    for (const view of this.views.values()) view.destroy();
    this.views.clear();
    this.order = [];
    this.root.destroy({ children: true });
  }

  private restack(next: MountedTemplate[]): void {
    this.order = next;
    restack(this.root, next.map((view) => view.root));
  }
}
