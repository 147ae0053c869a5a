/**
 * Template registry (DESIGN folder table: compositor/templates/<kind>/, one folder per graphic).
 * The reconciler mounts a view per template through it; a kind without an entry is not drawn.
 */
import type { SceneTemplate } from '../model/scene';
import { chatOverlayTemplate } from './chatOverlay';
import { logoTemplate } from './logo';
import { lowerThirdTemplate } from './lowerThird';
import { nametagTemplate } from './nametag';
import { tickerTemplate } from './ticker';
import type { MountedTemplate, RegisteredTemplate, TemplateContext } from './types';

export type TemplateKind = SceneTemplate['kind'];
/** A kind without an entry is not drawn (data from a newer client). */
export type TemplateRegistry = { readonly [K in TemplateKind]?: RegisteredTemplate<Extract<SceneTemplate, { kind: K }>> };

export const templateRegistry: TemplateRegistry = {
  chat: chatOverlayTemplate,
  lowerThird: lowerThirdTemplate,
  ticker: tickerTemplate,
  logo: logoTemplate,
  nametag: nametagTemplate,
};

/** A view for `model`, or null for a kind this build does not draw (data from a newer client). */
export function mountTemplate(model: SceneTemplate, ctx: TemplateContext): MountedTemplate | null {
  const kind: string = model.kind;
  if (!Object.hasOwn(templateRegistry, kind)) return null;
  return templateRegistry[model.kind]?.mount(model, ctx) ?? null;
}

/** Every font shorthand the registered templates draw with (preloaded by the compositor). */
export function templateFonts(): string[] {
  const all = Object.values(templateRegistry).flatMap((def) => [...(def?.fonts ?? [])]);
  return [...new Set(all)];
}

export { chatOverlayTemplate } from './chatOverlay';
export { logoTemplate } from './logo';
export { lowerThirdTemplate } from './lowerThird';
export { nametagTemplate } from './nametag';
export { tickerTemplate } from './ticker';
export type { MountedTemplate, RasterCounter, RegisteredTemplate, TemplateContext, TemplateDefinition, TemplateMediaElement, TemplateMediaSprite, TemplateView } from './types';
