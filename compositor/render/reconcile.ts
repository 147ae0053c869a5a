/**
 * SceneModel → pixi display objects, by reference (DESIGN "Framework-free core"): one ProducerView per
 * producer id, reused across scenes and updated in place; a view whose producer left the scene is
 * destroyed with everything it owns. Z order: background, then producers in array order, then the
 * templates (TemplateLayer: by kind z, §9 template z-order).
 */
import { Container } from 'pixi.js';
import type { SceneModel } from '../model/scene';
import { BackgroundView } from './backgroundView';
import { ProducerView, type ViewContext } from './producerView';
import { TemplateLayer } from './templateLayer';

export class SceneReconciler {
  /** The scene root: background under producers under templates. */
  readonly root = new Container();
  readonly background: BackgroundView;
  private readonly producers = new Container();
  readonly templates = new TemplateLayer();
  private readonly views = new Map<string, ProducerView>();
  private order: ProducerView[] = [];
  private scene: SceneModel | null = null;

  constructor(
    private readonly ctx: ViewContext,
    setClearColor: (color: string) => void,
  ) {
    this.background = new BackgroundView(ctx, setClearColor);
    this.producers.label = 'producers';
    this.root.label = 'scene';
    this.root.addChild(this.background.root, this.producers, this.templates.root);
  }

  /** Live producer views. */
  get size(): number {
    return this.views.size;
  }

  /** The view of a producer id (tests, editing hosts). */
  view(id: string): ProducerView | undefined {
    return this.views.get(id);
  }

  /** Match the display objects to `scene`; marks changed views dirty (sync() happens in layout()). */
  apply(scene: SceneModel): void {
    const previous = this.scene;
    if (scene === previous) return;
    this.scene = scene;
    this.background.update(scene.background);
    this.templates.apply(scene.templates);
    if (previous && scene.producers === previous.producers) return;

    const next: ProducerView[] = [];
    const seen = new Set<string>();
    for (const producer of scene.producers) {
      if (seen.has(producer.id)) continue; // a duplicate id is drawn once, at its first position
      seen.add(producer.id);
      let view = this.views.get(producer.id);
      if (view) view.update(producer);
      else {
        view = new ProducerView(producer, this.ctx);
        this.views.set(producer.id, view);
      }
      next.push(view);
    }
    for (const [id, view] of this.views) {
      if (seen.has(id)) continue;
      this.views.delete(id);
      view.destroy();
    }
    this.restack(next);
  }

  /** invalidateMedia: views showing `key` (all when none) re-check which element they draw. */
  checkMedia(key?: string): void {
    for (const view of this.order) if (key === undefined || view.producer.source.key === key) view.checkMedia();
    const bg = this.scene?.background;
    if (key === undefined || (bg?.kind === 'media' && bg.source.key === key)) this.background.checkMedia();
  }

  /** Sync dirty views (every view when `all`, e.g. after a resize). Returns how many were synced. */
  layout(frameWidth: number, frameHeight: number, all: boolean): number {
    let synced = 0;
    if (all || this.background.dirty) {
      this.background.sync(frameWidth, frameHeight);
      synced += 1;
    }
    for (const view of this.order) {
      if (!all && !view.dirty) continue;
      view.sync(frameWidth, frameHeight);
      synced += 1;
    }
    return synced + this.templates.layout(frameWidth, frameHeight, all);
  }

  /** Web fonts arrived: text templates re-rasterise. True when a frame is needed. */
  refreshText(): boolean {
    return this.templates.refreshText();
  }

  destroy(): void {
    for (const view of this.views.values()) view.destroy();
    this.views.clear();
    this.order = [];
    this.background.destroy();
    this.templates.destroy();
    this.root.destroy({ children: true });
  }

  /** Children of the producer layer in array order, moving only what moved. */
  private restack(next: ProducerView[]): void {
    this.order = next;
    const children = this.producers.children;
    for (let i = 0; i < next.length; i += 1) {
      const root = next[i]!.root;
      if (children[i] === root) continue;
      if (root.parent === this.producers) this.producers.setChildIndex(root, i);
      else this.producers.addChildAt(root, i);
    }
  }
}
