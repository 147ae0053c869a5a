/**
 * What one stored channel may hold (limits.ts): every changed key of an update is one the studio
 * writes, with a value of its kind's shape and only the fields the studio writes (knownFields.ts),
 * finite numbers and texts within their limits (400 when not); the items of each kind and the whole
 * stored document (the keyed map and what is kept beside it: the sync record, name, template URL,
 * reason) stay within their counts and size (413). A channel already past a limit (stored before it
 * existed) may still be edited, as long as the edit does not take it further past.
 *
 * Every media URL (a media slot's url, a template item's source, a layer's sourceUrl) is one the
 * capture may fetch (mediaUrls.ts): this server's uploads and assets, or a listed origin.
 *
 * One rule is applied instead of refused: two producers putting a logo on stage at the same moment
 * can together pass the four corners; the logos this update selected past the limit are stored
 * unselected (the studio shows the server's channel, so both converge on it). Refusing would leave
 * the second producer's update unacknowledged and resent for ever.
 */
import { BRAND, BRAND_OPTIONAL, LAYER, MEDIA_REF } from '../../compositor/convert';
import { MEDIA_SLOTS } from '../../compositor/model/channel';
import { hasShape, isRecord } from '../../compositor/model/json';
import { LAYER_TYPES, LAYOUT_CODES, type ChannelBody } from '../../compositor/model/types';
import { isSceneTransition } from '../../compositor/model/transition';
import { diffKeyed, KEY, keyedFromBody, type KeyedChannel, type SyncValue } from '../../compositor/sync';
import { textLength } from '../lib/text';
import { badRequest, HttpError } from './errors';
import { mediaUrlProblem, type MediaOrigins } from './mediaUrls';
import { specOf, unknownField, unknownFieldProblem, type FieldSpec } from './knownFields';
import {
  CHANNEL_STORED_MAX_BYTES,
  CONTENT_SHARE_LAYERS_MAX,
  LOGOS_ON_STAGE_MAX,
  PRODUCER_LAYERS_MAX,
  PRODUCER_ORDER_MAX,
  SHORT_TEXT_MAX,
  TEMPLATE_ITEMS_MAX,
  TEMPLATE_TEXT_MAX,
  URL_TEXT_MAX,
  VERTICAL_HIDES_MAX,
} from './limits';

type TemplateKind = keyof typeof TEMPLATE_ITEMS_MAX;
const TEMPLATE_KINDS = Object.keys(TEMPLATE_ITEMS_MAX) as TemplateKind[];
/** How deep a value may nest and how long its lists may be. */
export interface DataShape {
  depthMax: number;
  listMax: number;
}
/** A channel's: a template item's position is the deepest (item → position → x); producerOrder the longest list. */
const CHANNEL_DATA: DataShape = { depthMax: 3, listMax: PRODUCER_ORDER_MAX };

const VERTICAL_HIDE = KEY.verticalHide('');

const tooLarge = (message: string) => new HttpError(413, message);

const fieldsOf = (shape: object): FieldSpec => Object.fromEntries(Object.keys(shape).map((k) => [k, null]));
/** A layer's fields as the sync core keys it: no geometry (position, crop, isHidden are derived from the layout). */
const { position: _position, crop: _crop, isHidden: _isHidden, ...LAYER_OWN } = LAYER;
const LAYER_SPEC = fieldsOf(LAYER_OWN);
const MEDIA_SPEC = fieldsOf(MEDIA_REF);
export const TRANSITION_SPEC: FieldSpec = { kind: null, durationMs: null };
const TAKE_SPEC: FieldSpec = { id: null, transition: TRANSITION_SPEC, startedAt: null, sceneId: null, showStartedAt: null, by: null };

/** A template or chat item as the sync core keys it from a §7 body: the fields the studio writes for it (undefined: it does not read as one). */
const writtenItem = (key: string, value: SyncValue): SyncValue | undefined =>
  keyedFromBody({ templateAttributes: JSON.stringify({ attributes: [value] }) } as unknown as ChannelBody)[key];

/** Why `value` holds a field the studio does not write for `key`, or null. */
function fieldProblem(key: string, value: SyncValue, spec: FieldSpec): string | null {
  const field = unknownField(value, spec);
  return field ? unknownFieldProblem(key.slice(0, 40), field) : null;
}

/** An item's fields: those the studio writes for it; a value that does not read back as one is malformed. */
function itemFieldProblem(key: string, value: SyncValue, malformed: string): string | null {
  const written = writtenItem(key, value);
  return written === undefined ? malformed : fieldProblem(key, value, specOf(written) ?? {});
}

/** The stored document's size: its keyed map and what is kept beside it, as JSON text. */
export const storedBytes = (keyed: KeyedChannel, beside: Readonly<Record<string, unknown>>) => Buffer.byteLength(JSON.stringify({ ...beside, keyed }));

/** 413 when the stored document grows past `max` (one already past it may shrink or stay). */
export function refuseGrowthPast(what: string, max: number, before: number, after: number): void {
  if (after > max && after > before) throw tooLarge(`The ${what} would take ${Math.ceil(after / 1024)} KB, at most ${max / 1024} KB allowed`);
}

/**
 * Why `value` is not plain data within limits, or null: numbers finite, texts at most `maxOf(field)`
 * characters (SHORT_TEXT_MAX for fields not named), nesting and lists within `shape`.
 */
export function dataProblem(value: unknown, maxOf: Record<string, number> = {}, field = '', depth = 0, shape: DataShape = CHANNEL_DATA): string | null {
  if (depth > shape.depthMax) return 'nests too deep';
  if (typeof value === 'number') return Number.isFinite(value) ? null : `${field || 'a number'} is not a finite number`;
  if (typeof value === 'string') {
    const max = maxOf[field] ?? SHORT_TEXT_MAX;
    return textLength(value) > max ? `${field || 'a text'} is longer than ${max} characters` : null;
  }
  if (value === null || typeof value === 'boolean') return null;
  if (Array.isArray(value)) {
    if (value.length > shape.listMax) return `${field || 'a list'} has more than ${shape.listMax} entries`;
    for (const v of value) {
      const p = dataProblem(v, maxOf, field, depth + 1, shape);
      if (p) return p;
    }
    return null;
  }
  if (isRecord(value)) {
    for (const [k, v] of Object.entries(value)) {
      const p = dataProblem(v, maxOf, k, depth + 1, shape);
      if (p) return p;
    }
    return null;
  }
  return 'is not JSON data';
}

const templateKind = (v: unknown): TemplateKind | null => (isRecord(v) && (TEMPLATE_KINDS as string[]).includes(v.type as string) ? (v.type as TemplateKind) : null);
const textsOf = (kind: keyof typeof TEMPLATE_TEXT_MAX) => ({ primaryText: TEMPLATE_TEXT_MAX[kind][0], secondaryText: TEMPLATE_TEXT_MAX[kind][1], source: URL_TEXT_MAX });

/** Why the URL under `field` of `key`'s value cannot be drawn by the capture, naming both, or null. */
function urlProblem(key: string, value: SyncValue, field: string, media: MediaOrigins, feed = false): string | null {
  const url = isRecord(value) ? value[field] : undefined;
  const problem = typeof url === 'string' ? mediaUrlProblem(url, media, feed) : null;
  return problem && `${key.slice(0, 60)} ${field} ${problem}`;
}

/** A graphic the vertical program leaves out (issue 34): `hide:9:16:tpl:<id>` or `hide:9:16:chat`, only ever true. */
function verticalHideProblem(key: string, value: SyncValue): string | null {
  const ref = key.startsWith(VERTICAL_HIDE) ? key.slice(VERTICAL_HIDE.length) : null;
  const id = ref?.startsWith('tpl:') ? ref.slice('tpl:'.length) : null;
  if (ref !== 'chat' && !(id && textLength(id) <= SHORT_TEXT_MAX)) return `${key.slice(0, 40)} is not a channel key`;
  return value === true ? null : `${key.slice(0, 40)} can only be true (absent: the graphic shows)`;
}

/** Why the value of `key` is not one the studio writes, or null. */
export function keyProblem(key: string, value: SyncValue, media: MediaOrigins): string | null {
  const [prefix, id = ''] = key.includes(':') ? [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)] : [key];
  switch (prefix) {
    case 'layout':
      // `layout` (the §7 layout) and `layout:9:16` (the vertical program's own, issue 34): no other shape.
      if (key !== 'layout' && key !== 'layout:9:16') return `${key.slice(0, 40)} is not a channel key`;
      return (LAYOUT_CODES as readonly unknown[]).includes(value) ? null : `${key} is not a layout code`;
    case 'brand': {
      const check = ({ ...BRAND, ...BRAND_OPTIONAL } as Record<string, (v: unknown) => boolean>)[id];
      return check?.(value) ? dataProblem(value, {}, id) : `brand setting ${id.slice(0, 40)} is unknown or malformed`;
    }
    case 'media':
      if (!(MEDIA_SLOTS as readonly string[]).includes(id) || !hasShape(value, MEDIA_REF)) return `media ${id.slice(0, 40)} is unknown or malformed`;
      return fieldProblem(key, value, MEDIA_SPEC) ?? dataProblem(value, { url: URL_TEXT_MAX }) ?? urlProblem(key, value, 'url', media);
    case 'tpl': {
      const kind = templateKind(value);
      const malformed = 'a template item is malformed (its type must be LOWERTHIRD, TICKER or LOGO, its id its key)';
      if (!kind || !isRecord(value) || value.id !== id) return malformed;
      return itemFieldProblem(key, value, malformed) ?? dataProblem(value, textsOf(kind)) ?? urlProblem(key, value, 'source', media);
    }
    case 'chat':
      if (!isRecord(value) || value.type !== 'CHAT') return 'the chat item is malformed';
      return itemFieldProblem(key, value, 'the chat item is malformed') ?? dataProblem(value, textsOf('CHAT')) ?? urlProblem(key, value, 'source', media);
    case 'layer':
      if (!isRecord(value) || value.sourceId !== id || !(LAYER_TYPES as readonly unknown[]).includes(value.type)) return 'a layer is malformed (its sourceId must be its key)';
      return fieldProblem(key, value, LAYER_SPEC) ?? dataProblem(value, { sourceUrl: URL_TEXT_MAX }) ?? urlProblem(key, value, 'sourceUrl', media, true);
    case 'take':
      return isSceneTransition(value) ? (fieldProblem(key, value, TAKE_SPEC) ?? dataProblem(value)) : 'take is malformed (an id, startedAt, and a Cut or a Fade of 100–5000 ms)';
    case 'hide':
      return verticalHideProblem(key, value);
    case 'producerOrder':
      return Array.isArray(value) && value.every((v) => typeof v === 'string') ? dataProblem(value, {}, 'producerOrder') : 'producerOrder is not a list of ids';
    default:
      return `${key.slice(0, 40)} is not a channel key`;
  }
}

interface Counts {
  producerLayers: number;
  contentShareLayers: number;
  logosOnStage: number;
  items: Record<TemplateKind, number>;
  verticalHides: number;
}

function countsOf(keyed: KeyedChannel): Counts {
  const counts: Counts = { producerLayers: 0, contentShareLayers: 0, logosOnStage: 0, items: { LOWERTHIRD: 0, TICKER: 0, LOGO: 0 }, verticalHides: 0 };
  for (const [key, value] of Object.entries(keyed)) {
    if (key.startsWith('layer:') && isRecord(value)) {
      if (value.type === 'CONTENT_SHARING') counts.contentShareLayers += 1;
      else counts.producerLayers += 1;
    }
    const kind = key.startsWith('tpl:') ? templateKind(value) : null;
    if (kind) counts.items[kind] += 1;
    if (kind === 'LOGO' && isRecord(value) && value.selected === true) counts.logosOnStage += 1;
    if (key.startsWith(VERTICAL_HIDE)) counts.verticalHides += 1;
  }
  return counts;
}

/** A limit passed by the update (and not already before it), as the 413 says it. */
function countProblem(before: Counts, after: Counts): string | null {
  const over = (name: string, b: number, a: number, max: number) => (a > max && a > b ? `The channel would hold ${a} ${name}, at most ${max} allowed` : null);
  return (
    over('producer layers', before.producerLayers, after.producerLayers, PRODUCER_LAYERS_MAX) ??
    over('content share layers', before.contentShareLayers, after.contentShareLayers, CONTENT_SHARE_LAYERS_MAX) ??
    TEMPLATE_KINDS.map((k) => over(`${k} items`, before.items[k], after.items[k], TEMPLATE_ITEMS_MAX[k])).find(Boolean) ??
    over('graphics hidden in vertical', before.verticalHides, after.verticalHides, VERTICAL_HIDES_MAX) ??
    null
  );
}

/** Logos this update put on stage past LOGOS_ON_STAGE_MAX, stored unselected (newest first). */
function fitLogosOnStage(before: KeyedChannel, after: KeyedChannel, changed: string[]): KeyedChannel {
  let extra = countsOf(after).logosOnStage - Math.max(LOGOS_ON_STAGE_MAX, countsOf(before).logosOnStage);
  if (extra <= 0) return after;
  const out: Record<string, SyncValue> = { ...after };
  for (const key of [...changed].reverse()) {
    const value = out[key];
    const was = before[key];
    if (extra > 0 && templateKind(value) === 'LOGO' && isRecord(value) && value.selected === true && !(isRecord(was) && was.selected === true)) {
      out[key] = { ...value, selected: false };
      extra -= 1;
    }
  }
  return out;
}

/** What a channel stores beside its keyed map (counted in its size): its sync record, name, template URL and update reason. */
export type Beside = Readonly<Record<string, unknown>>;

/**
 * The keyed map to store for an update from `before` to `after`, each with what is stored beside it
 * (`beside` then `besideAfter`, the same by default); throws 400 / 413 as above.
 */
export function enforceChannelLimits(before: KeyedChannel, after: KeyedChannel, media: MediaOrigins, beside: Beside = {}, besideAfter: Beside = beside): KeyedChannel {
  const changed = Object.entries(diffKeyed(before, after)).filter(([, v]) => v !== null);
  for (const [key, value] of changed) {
    const problem = keyProblem(key, value as SyncValue, media);
    if (problem) throw badRequest(`Refused channel update: ${problem}`);
  }
  const count = countProblem(countsOf(before), countsOf(after));
  if (count) throw tooLarge(count);
  refuseGrowthPast('channel', CHANNEL_STORED_MAX_BYTES, storedBytes(before, beside), storedBytes(after, besideAfter));
  return fitLogosOnStage(before, after, changed.map(([key]) => key));
}
