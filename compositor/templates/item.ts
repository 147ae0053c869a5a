/**
 * The §3 Template item fields every kind shares: defaults, and reading them back from channel-body
 * attributes (JSON of unknown shape) without trusting it. Pure data, no pixi.
 */
import { DEFAULT_PRIMARY_COLOR } from '../model/constants';
import { TEMPLATE_THEMES, type TemplateItemFields, type TemplateTheme } from '../model/channel';
import { hasShape, isNumber, isRecord } from '../model/json';

export const templateItemDefaults = (id: string): TemplateItemFields => ({
  id,
  theme: '1',
  number: 0,
  isVisible: true,
  isNew: false,
  isAdding: false,
  selected: false,
  position: null,
  primaryText: '',
  secondaryText: '',
  name: '',
  source: '',
  template: '',
  primaryColor: DEFAULT_PRIMARY_COLOR, // §3 primaryColor default #0D62C5
  fgColor: '',
  bgColor: '',
  borderColor: '',
  fontFamily: '',
  fontWeight: '',
  badgeColor: '',
  initials: '',
  origin: '',
});

export type Attributes = Record<string, unknown>;

/** Marks a value of the wrong type: the whole entry is refused rather than half read. */
export const INVALID = Symbol('invalid');
type Read<T> = T | typeof INVALID;

/** A field absent or null takes the default; a present field must have the default's type. */
function field<T extends string | number | boolean>(raw: Attributes, key: string, fallback: T): Read<T> {
  const v = raw[key];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== typeof fallback) return INVALID;
  if (typeof v === 'number' && !Number.isFinite(v)) return INVALID;
  return v as T;
}

function readPosition(raw: Attributes): Read<{ x: number; y: number } | null> {
  const p = raw.position;
  if (p === undefined || p === null) return null;
  return hasShape(p, { x: isNumber, y: isNumber }) ? { x: p.x as number, y: p.y as number } : INVALID;
}

/** One of `options`, the default when absent. */
export function oneOf<T extends string>(raw: Attributes, key: string, options: readonly T[], fallback: T): Read<T> {
  const v = field(raw, key, fallback as string);
  return v !== INVALID && (options as readonly string[]).includes(v) ? (v as T) : INVALID;
}

/** The shared fields of one attributes entry, or null when any is of the wrong type or the id is missing. */
export function readItemFields(raw: unknown): TemplateItemFields | null {
  if (!isRecord(raw) || typeof raw.id !== 'string' || raw.id === '') return null;
  const d = templateItemDefaults(raw.id);
  const out: Record<string, unknown> = { id: raw.id };
  for (const key of Object.keys(d) as (keyof TemplateItemFields)[]) {
    if (key === 'id') continue;
    const value =
      key === 'position' ? readPosition(raw) : key === 'theme' ? oneOf<TemplateTheme>(raw, 'theme', TEMPLATE_THEMES, d.theme) : field(raw, key, d[key] as string | number | boolean);
    if (value === INVALID) return null;
    out[key] = value;
  }
  return out as unknown as TemplateItemFields;
}
