/**
 * SceneModel → pixi display objects, by reference (DESIGN "Framework-free core"): one ProducerView per
 * producer id, reused across scenes and updated in place; a view whose producer left the scene fades
 * out (within a look) and is then destroyed with everything it owns. Z order: background, then producers in array order, then the
 * templates (TemplateLayer: by kind z, §9 template z-order), with the foreground media among them at
 * FOREGROUND_Z (over the name tags, under the chat overlay and the §9 templates).
 */
import { Container } from 'pixi.js';
import { FOREGROUND_Z } from '../model/constants';
import { planTiles } from '../layout/tileMoves';
import type { Rect } from '../model/types';
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
  /** Producers gone off air within the look, fading out at their last rect (drawn over the others). */
  private readonly leaving = new Map<string, ProducerView>();
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
    // Name tags follow their tile while it eases or fades (found by the layer number they share).
    this.templates = new TemplateLayer({ ...ctx.templates, tile: (n, leaving) => this.tileOf(n, leaving) });
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
    return this.templates.animating || this.leaving.size > 0 || this.order.some((view) => view.moving);
  }

  /** Producers fading out (tests). */
  get leavingCount(): number {
    return this.leaving.size;
  }

  /**
   * Match the display objects to `scene` at `now` (compositor clock: templates that left start their
   * out-animation); marks changed views dirty (sync() happens in layout()).
   */
  apply(scene: SceneModel, now: number, take = false): void {
    const previous = this.scene;
    if (scene === previous) return;
    this.scene = scene;
    this.background.update(scene.background);
    if (scene.foreground !== previous?.foreground) this.applyForeground(scene.foreground);
    if (take) {
      this.dropLeaving();
      for (const view of this.order) view.settle();
    }
    if (!previous || scene.producers !== previous.producers) this.applyProducers(scene, previous, now, take);
    // After the producers: a name tag whose producer went off air plays out with the leaving tile.
    this.templates.apply(scene.templates, now, take);
  }

  private applyProducers(scene: SceneModel, previous: SceneModel | null, now: number, take: boolean): void {
    // Within a look, tiles ease to new rects (a layout change, the bottom band, someone going on or
    // off air), newcomers fade in and leavers fade out; the first scene and a take snap.
    const plan = planTiles(previous?.producers ?? null, scene.producers, take);
    const easeAt = plan.ease ? now : null;
    const entering = new Set(plan.entering);
    const leaving = new Set(plan.leaving);

    const next = reconcileKeyed(this.views, scene.producers, {
      keyOf: (producer) => producer.id,
      create: (producer) => {
        const back = this.leaving.get(producer.id);
        if (back) {
          this.leaving.delete(producer.id);
          back.revive(now);
          back.update(producer, easeAt);
          return back;
        }
        const view = new ProducerView(producer, this.ctx);
        if (entering.has(producer.id)) view.enter(now);
        return view;
      },
      update: (view, producer) => (view.update(producer, easeAt), true),
      destroy: (view, key) => {
        if (!leaving.has(key) || this.views.has(key)) return view.destroy();
        view.leave(now); // keeps its media texture (ref counted) until it is destroyed
        this.leaving.set(key, view);
      },
    });
    this.restack(next);
  }

  /** The drawn rect and alpha of the tile with layer number `n` (a leaving one first when `leaving`). */
  private tileOf(n: number, leaving: boolean): { rect: Rect; target: Rect; alpha: number; leaving: boolean } | null {
    const find = (views: Iterable<ProducerView>) => {
      for (const view of views) if (view.producer.number === n && view.drawnRect) return view;
      return undefined;
    };
    const view = leaving ? (find(this.leaving.values()) ?? find(this.order)) : (find(this.order) ?? find(this.leaving.values()));
    return view ? { rect: view.drawnRect!, target: view.producer.rect, alpha: view.alpha, leaving: view.leaving } : null;
  }

  private dropLeaving(): void {
    if (this.leaving.size === 0) return;
    for (const view of this.leaving.values()) view.destroy();
    this.leaving.clear();
    this.restack(this.order);
  }

  /** invalidateMedia: views showing `key` (all when none) re-check which element they draw. */
  checkMedia(key?: string): void {
    for (const view of [...this.order, ...this.leaving.values()]) if (key === undefined || view.producer.source.key === key) view.checkMedia();
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
    let ended = false;
    for (const [key, view] of this.leaving) {
      view.sync(frameWidth, frameHeight, now);
      synced += 1;
      if (!view.gone) continue;
      this.leaving.delete(key);
      view.destroy();
      ended = true;
    }
    if (ended) this.restack(this.order);
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
    for (const view of this.leaving.values()) view.destroy();
    this.leaving.clear();
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
    restack(this.producers, [...next, ...this.leaving.values()].map((view) => view.root));
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
