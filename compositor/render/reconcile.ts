/**
 * SceneModel → pixi display objects, by reference (DESIGN "Framework-free core"): one ProducerView per
 * producer id, reused across scenes and updated in place; a view whose producer left the scene is
 * destroyed with everything it owns. Z order: background, then producers in array order, then the
 * templates (TemplateLayer: by kind z, §9 template z-order), with the foreground media among them at
 * FOREGROUND_Z (over the name tags, under the chat overlay and the §9 templates).
 */
import { Container } from 'pixi.js';
import { FOREGROUND_Z } from '../model/constants';
import { FULL_FRAME } from '../layout/bottomBand';
import { sameRect } from '../layout/tween';
import type { SceneBackground, SceneModel, SceneSource } from '../model/scene';
import { BackgroundView } from './backgroundView';
import { ProducerView, type ViewContext } from './producerView';
import { TemplateLayer } from './templateLayer';
import { reconcileKeyed, restack } from './keyed';

export class SceneReconciler {
  /** The scene root: background under producers under templates. */
  readonly root = new Container();
  readonly background: BackgroundView;
  private readonly producers = new Container();
  readonly templates: TemplateLayer;
  private readonly views = new Map<string, ProducerView>();
  private readonly foreground = new Container();
  private readonly foregroundLayer = { z: FOREGROUND_Z, root: this.foreground };
  private readonly foregrounds = new Map<string, BackgroundView>();
  private foregroundViews: BackgroundView[] = [];
  private order: ProducerView[] = [];
  private scene: SceneModel | null = null;

  constructor(
    private readonly ctx: ViewContext,
    setClearColor: (color: string) => void,
  ) {
    this.background = new BackgroundView(ctx, setClearColor);
    this.templates = new TemplateLayer(ctx.templates);
    this.producers.label = 'producers';
    this.root.label = 'scene';
    this.foreground.label = 'foreground';
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

  /** Something on stage moves (a ticker, a graphic playing in or out): draw another frame. */
  get animating(): boolean {
    return this.templates.animating || this.order.some((view) => view.moving);
  }

  /**
   * Match the display objects to `scene` at `now` (compositor clock: templates that left start their
   * out-animation); marks changed views dirty (sync() happens in layout()).
   */
  apply(scene: SceneModel, now: number): void {
    const previous = this.scene;
    if (scene === previous) return;
    this.scene = scene;
    this.background.update(scene.background);
    this.templates.apply(scene.templates, now);
    if (scene.foreground !== previous?.foreground) this.applyForeground(scene.foreground);
    if (previous && scene.producers === previous.producers) return;
    // The producers' area moved (the bottom band, shiftVideosUp): tiles ease to their new rects.
    const easeAt = previous && !sameRect(previous.producerArea ?? FULL_FRAME, scene.producerArea ?? FULL_FRAME) ? now : null;

    const next = reconcileKeyed(this.views, scene.producers, {
      keyOf: (producer) => producer.id,
      create: (producer) => new ProducerView(producer, this.ctx),
      update: (view, producer) => (view.update(producer, easeAt), true),
      destroy: (view) => view.destroy(),
    });
    this.restack(next);
  }

  /** invalidateMedia: views showing `key` (all when none) re-check which element they draw. */
  checkMedia(key?: string): void {
    for (const view of this.order) if (key === undefined || view.producer.source.key === key) view.checkMedia();
    const bg = this.scene?.background;
    if (key === undefined || (bg?.kind === 'media' && bg.source.key === key)) this.background.checkMedia();
    for (const view of this.foregroundViews) view.checkMedia();
    this.templates.checkMedia(key);
  }

  /**
   * Sync dirty views (every view when `all`, e.g. after a resize) and move the templates to `now`.
   * Returns how many were synced.
   */
  layout(frameWidth: number, frameHeight: number, all: boolean, now: number): number {
    let synced = 0;
    if (all || this.background.dirty) {
      this.background.sync(frameWidth, frameHeight);
      synced += 1;
    }
    for (const view of this.order) {
      if (!all && !view.dirty && !view.moving) continue;
      view.sync(frameWidth, frameHeight, now);
      synced += 1;
    }
    for (const view of this.foregroundViews) {
      if (!all && !view.dirty) continue;
      view.sync(frameWidth, frameHeight);
      synced += 1;
    }
    return synced + this.templates.layout(frameWidth, frameHeight, all, now);
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
    for (const view of this.foregroundViews) view.destroy();
    this.foregrounds.clear();
    this.foreground.destroy();
    this.templates.destroy();
    this.root.destroy({ children: true });
  }

  /** Children of the producer layer in array order, moving only what moved. */
  private restack(next: ProducerView[]): void {
    this.order = next;
    restack(this.producers, next.map((view) => view.root));
  }

  /** The foreground image or video (§3 Media state): one full-frame media view, keyed by its media. */
  private applyForeground(source: SceneSource | null | undefined): void {
    const models: SceneBackground[] = source ? [{ kind: 'media', source }] : [];
    this.foregroundViews = reconcileKeyed(this.foregrounds, models, {
      keyOf: (m) => (m.kind === 'media' ? m.source.key : m.color),
      create: (m) => {
        const view = new BackgroundView(this.ctx, () => undefined, false);
        view.root.label = 'foreground';
        view.update(m);
        return view;
      },
      update: (view, m) => (view.update(m), true),
      destroy: (view) => view.destroy(),
    });
    restack(this.foreground, this.foregroundViews.map((view) => view.root));
    // In the scene graph only while there is a foreground: over the producers and their name tags,
    // under the chat overlay and the §9 templates (FOREGROUND_Z).
    this.templates.setUnderlay(this.foregroundViews.length > 0 ? this.foregroundLayer : null);
  }
}
