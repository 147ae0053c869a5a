/**
 * Builds a template kind's schema from its kind-specific parts; the §3 fields every kind shares are
 * read and written here once.
 */
import type { TemplateItemFields, TemplateItemOf, TemplateType } from '../model/channel';
import type { SceneTemplate } from '../model/scene';
import { INVALID, readItemFields, templateItemDefaults, type Attributes } from './item';
import type { SceneContext, TemplateSchema } from './schemaTypes';

type Extra<T extends TemplateType> = Omit<TemplateItemOf<T>, keyof TemplateItemFields | 'type'>;

export interface SchemaParts<T extends TemplateType> {
  type: T;
  /** Defaults of this kind: the shared ones it overrides and its own fields. */
  defaults: Partial<TemplateItemFields> & Extra<T>;
  /** This kind's own fields from an entry (INVALID when one has the wrong type). */
  readExtra(raw: Attributes, defaults: Extra<T>): Extra<T> | typeof INVALID;
  toScene(item: TemplateItemOf<T>, ctx: SceneContext): SceneTemplate | null;
}

export function defineSchema<T extends TemplateType>(parts: SchemaParts<T>): TemplateSchema<T> {
  const create = (patch: Partial<TemplateItemOf<T>> & { id: string }) =>
    ({ ...templateItemDefaults(patch.id), ...parts.defaults, ...patch, type: parts.type }) as TemplateItemOf<T>;
  return {
    type: parts.type,
    create,
    fromAttributes(raw) {
      if (raw.type !== parts.type) return null;
      const base = create({ id: typeof raw.id === 'string' ? raw.id : '' } as Partial<TemplateItemOf<T>> & { id: string });
      // Absent shared fields fall back to this kind's defaults, not the generic ones.
      const merged = Object.fromEntries(Object.entries(base).map(([k, v]) => [k, raw[k] === undefined || raw[k] === null ? v : raw[k]]));
      const shared = readItemFields(merged);
      if (!shared) return null;
      const extra = parts.readExtra(raw, base as unknown as Extra<T>);
      if (extra === INVALID) return null;
      return { ...shared, ...extra, type: parts.type } as TemplateItemOf<T>;
    },
    toAttributes: (item) => ({ ...(item as object) }),
    toScene: parts.toScene,
  };
}
