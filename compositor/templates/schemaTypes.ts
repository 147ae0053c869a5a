/**
 * What every template kind declares about its data (DESIGN: compositor/templates/<kind>/): defaults,
 * attributes in and out of the §7 channel body, and the scene it puts on stage. Pure: no pixi, so the
 * state layer and the channel-body conversions use it without loading the renderer.
 */
import type { TemplateItemOf, TemplateType } from '../model/channel';
import type { BrandSettings, Layer } from '../model/types';
import type { SceneTemplate } from '../model/scene';
import type { Attributes } from './item';

export interface SceneContext {
  brandSettings: BrandSettings;
  /**
   * The producer layers drawn now (not hidden, not past the nine shown), by layer number: a name tag
   * goes on its producer's tile and is not drawn while that producer is not.
   */
  visibleLayers: ReadonlyMap<number, Layer>;
}

export interface TemplateSchema<T extends TemplateType> {
  readonly type: T;
  /** A new item of this kind with §3 defaults for whatever `patch` leaves out. */
  create(patch: Partial<TemplateItemOf<T>> & { id: string }): TemplateItemOf<T>;
  /** One `templateAttributes.attributes` entry back to an item; null when it is not one of ours. */
  fromAttributes(raw: Attributes): TemplateItemOf<T> | null;
  toAttributes(item: TemplateItemOf<T>): Attributes;
  /** What the compositor draws for this item now; null while it is off stage. */
  toScene(item: TemplateItemOf<T>, ctx: SceneContext): SceneTemplate | null;
}
