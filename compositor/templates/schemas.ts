/**
 * The data registry of template kinds (§3 Template item types): one line per kind. Pure, no pixi:
 * the channel-body conversions and the state layer use it; the compositor's views are registered in
 * ./index.ts.
 */
import type { TemplateItem, TemplateItemOf, TemplateType } from '../model/channel';
import type { SceneTemplate } from '../model/scene';
import { chatSchema } from './chatOverlay/item';
import type { Attributes } from './item';
import { logoSchema } from './logo/item';
import { lowerThirdSchema } from './lowerThird/item';
import { nametagSchema } from './nametag/item';
import type { SceneContext, TemplateSchema } from './schemaTypes';
import { tickerSchema } from './ticker/item';

export const TEMPLATE_SCHEMAS: { readonly [T in TemplateType]: TemplateSchema<T> } = {
  LOWERTHIRD: lowerThirdSchema,
  TICKER: tickerSchema,
  LOGO: logoSchema,
  NAMETAG: nametagSchema,
  CHAT: chatSchema,
};

const schemaOf = <T extends TemplateType>(type: T): TemplateSchema<T> => TEMPLATE_SCHEMAS[type];

export function templateToAttributes(item: TemplateItem): Attributes {
  return (schemaOf(item.type) as TemplateSchema<typeof item.type>).toAttributes(item as TemplateItemOf<typeof item.type>);
}

/** One attributes entry back to an item; null for an unknown kind or a malformed entry. */
export function templateFromAttributes(raw: Attributes): TemplateItem | null {
  const type = raw.type;
  if (typeof type !== 'string' || !Object.hasOwn(TEMPLATE_SCHEMAS, type)) return null;
  return TEMPLATE_SCHEMAS[type as TemplateType].fromAttributes(raw);
}

export function templateToScene(item: TemplateItem, ctx: SceneContext): SceneTemplate | null {
  return (schemaOf(item.type) as TemplateSchema<typeof item.type>).toScene(item as TemplateItemOf<typeof item.type>, ctx);
}

export function createTemplate<T extends TemplateType>(type: T, patch: Partial<TemplateItemOf<T>> & { id: string }): TemplateItemOf<T> {
  return schemaOf(type).create(patch);
}

export type { SceneContext, TemplateSchema } from './schemaTypes';
