/**
 * The channel as a keyed map: one key per unit of merge, so two producers editing different things
 * of one channel at once both keep their edits (CONTRACT "Sync: never lose an edit, merge per key").
 *
 * Keys: `layout`; `brand:<field>`; `media:<slot>`; `tpl:<id>` per template item (name tags are
 * derived from the producers at every save, never stored); `chat`; `layer:<sourceId>` per live
 * producer; `producerOrder`; beside the §7 body, `take`, `layout:9:16` and `hide:9:16:<graphic>` (issue 34).
 * A key is absent rather than null (null in Changes means "remove").
 *
 * Brand settings are one key per field: the colour picker, the name-tag switch and the theme are
 * separate controls, so a colour change by A and a name-tag toggle by B must both survive.
 *
 * Layers carry no position, crop or isHidden: those are outputs of the layout code (layout × live
 * cards × spotlight). Keeping them would let A's layout change and B's on-air change leave geometry
 * from two layouts; bodyFromKeyed recomputes them with buildLayers, exactly as the studio does.
 */
import { channelBody, type ChannelIdentity } from '../convert/body';
import { buildLayers } from '../layout';
import { mergeProducers } from '../convert/producers';
import { BRAND, BRAND_OPTIONAL, LAYER, MEDIA_REF } from '../convert/parse';
import { HIDDEN_POSITION } from '../layout';
import { emptyChannel, MEDIA_SLOTS, type ChannelDoc, type ChatItem, type MediaRef, type TemplateItem } from '../model/channel';
import { hasShape, isOneOf, isRecord, isString, parseJsonText } from '../model/json';
import { producerCard } from '../model/producerCard';
import { parseChannelTake } from '../model/transition';
import { LAYOUT_CODES, type ChannelBody, type Layer, type UpdateReason } from '../model/types';
import { templateFromAttributes, templateToAttributes } from '../templates/schemas';

export type SyncValue = null | boolean | number | string | readonly SyncValue[] | { readonly [key: string]: SyncValue };
/** Insertion-ordered; never holds null values (an absent key is "nothing there"). */
export type KeyedChannel = Readonly<Record<string, SyncValue>>;
/** Per key: the new value, or null to remove the key. */
export type Changes = Record<string, SyncValue | null>;

export const KEY = {
  layout: 'layout',
  brand: (field: string) => `brand:${field}`,
  media: (slot: string) => `media:${slot}`,
  template: (id: string) => `tpl:${id}`,
  chat: 'chat',
  layer: (sourceId: string) => `layer:${sourceId}`,
  producerOrder: 'producerOrder',
  take: 'take',
  verticalLayout: 'layout:9:16',
  /** A graphic the vertical program leaves out, by graphicRef (`tpl:<id>` or `chat`); absent = shown. */
  verticalHide: (ref: string) => `hide:9:16:${ref}`,
} as const;
const VERTICAL_HIDE_PREFIX = KEY.verticalHide('');

const BRAND_FIELDS = { ...BRAND, ...BRAND_OPTIONAL };
/** The layer fields a producer owns; the geometry fields are derived (see above). */
const { position: _position, crop: _crop, isHidden: _isHidden, ...LAYER_FIELDS } = LAYER;
type LayerValue = Omit<Layer, 'position' | 'crop' | 'isHidden'>;

const pick = <T extends object>(v: Record<string, unknown>, shape: T): Record<keyof T, SyncValue> =>
  Object.fromEntries(Object.keys(shape).map((k) => [k, v[k] as SyncValue])) as Record<keyof T, SyncValue>;
const asValue = (item: TemplateItem): SyncValue => templateToAttributes(item) as unknown as SyncValue;

function templateEntries(text: unknown): { items: TemplateItem[]; chat: ChatItem | null; media: Record<string, unknown> | null } {
  const attrs = parseJsonText(text);
  if (!isRecord(attrs)) return { items: [], chat: null, media: null };
  const items: TemplateItem[] = [];
  let chat: ChatItem | null = null;
  for (const raw of Array.isArray(attrs.attributes) ? attrs.attributes : []) {
    const item = isRecord(raw) ? templateFromAttributes(raw) : null;
    if (item?.type === 'CHAT') chat = item;
    else if (item && item.type !== 'NAMETAG') items.push(item);
  }
  return { items, chat, media: isRecord(attrs.media) ? attrs.media : null };
}

/** §7 body → keyed map. Never throws: a malformed part gives no keys. */
export function keyedFromBody(body: ChannelBody): KeyedChannel {
  const b = (isRecord(body) ? body : {}) as Record<string, unknown>;
  const out: Record<string, SyncValue> = {};
  if (isOneOf(LAYOUT_CODES, b.layout)) out[KEY.layout] = b.layout;
  const brand = isRecord(b.brandSettings) ? b.brandSettings : {};
  for (const [field, ok] of Object.entries(BRAND_FIELDS)) if (ok(brand[field])) out[KEY.brand(field)] = brand[field] as SyncValue;
  const { items, chat, media } = templateEntries(b.templateAttributes);
  for (const slot of MEDIA_SLOTS) if (media && hasShape(media[slot], MEDIA_REF)) out[KEY.media(slot)] = pick(media[slot] as Record<string, unknown>, MEDIA_REF);
  for (const item of items) out[KEY.template(item.id)] = asValue(item);
  if (chat) out[KEY.chat] = asValue(chat);
  for (const layer of Array.isArray(b.layers) ? (b.layers as unknown[]) : []) {
    if (hasShape(layer, LAYER_FIELDS) && !Object.hasOwn(out, KEY.layer(layer.sourceId as string))) out[KEY.layer(layer.sourceId as string)] = pick(layer, LAYER_FIELDS);
  }
  const order = parseJsonText(b.producerOrder);
  if (Array.isArray(order) && order.every(isString)) out[KEY.producerOrder] = order;
  return out;
}

/** A JSON value as JSON.parse would give it back: undefined fields dropped (a map's values are always plain). */
function plain(v: unknown): SyncValue {
  if (Array.isArray(v)) return v.map(plain);
  if (isRecord(v)) return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined).map(([k, x]) => [k, plain(x)]));
  return v as SyncValue;
}

/** The document fields each key is read from (a layer depends on the layout as well as the producers). */
const FIELDS_OF = {
  layout: ['layout'],
  brand: ['brandSettings'],
  media: ['media'],
  template: ['templates'],
  chat: ['chatOnStream'],
  layer: ['producers', 'layout'],
  producerOrder: ['producers'],
  take: ['take'],
  verticalLayout: ['verticalLayout'],
  verticalHide: ['verticalHidden'],
} as const satisfies Record<string, readonly (keyof ChannelDoc)[]>;

/**
 * Channel document → keyed map, directly (no §7 body in between): the same keys, in the same order
 * and with the same values as keyedFromBody(channelBody(doc)), which a unit test holds it to. Runs
 * on every local edit, so it skips the body's JSON texts; with `fields`, only the keys read from
 * those document fields (what an edit of them can change).
 */
export function keyedFromDoc(doc: ChannelDoc, fields?: ReadonlySet<keyof ChannelDoc>): KeyedChannel {
  const wanted = (kind: keyof typeof FIELDS_OF) => !fields || FIELDS_OF[kind].some((f) => fields.has(f));
  const out: Record<string, SyncValue> = {};
  if (wanted('layout')) out[KEY.layout] = doc.layout;
  if (wanted('brand')) {
    for (const [field, ok] of Object.entries(BRAND_FIELDS)) {
      const v = (doc.brandSettings as unknown as Record<string, unknown>)[field];
      if (ok(v)) out[KEY.brand(field)] = v as SyncValue;
    }
  }
  if (wanted('media')) {
    for (const slot of MEDIA_SLOTS) {
      const ref = doc.media[slot];
      if (hasShape(ref, MEDIA_REF)) out[KEY.media(slot)] = pick(ref as unknown as Record<string, unknown>, MEDIA_REF);
    }
  }
  if (wanted('template')) for (const item of doc.templates) if (item.type !== 'NAMETAG' && item.type !== 'CHAT') out[KEY.template(item.id)] = plain(templateToAttributes(item));
  if (wanted('chat') && doc.chatOnStream) out[KEY.chat] = plain(templateToAttributes(doc.chatOnStream));
  if (wanted('layer')) {
    for (const layer of buildLayers(doc.producers, doc.layout)) {
      if (!Object.hasOwn(out, KEY.layer(layer.sourceId))) out[KEY.layer(layer.sourceId)] = plain(pick(layer as unknown as Record<string, unknown>, LAYER_FIELDS));
    }
  }
  if (wanted('producerOrder')) out[KEY.producerOrder] = doc.producers.map((p) => p.id);
  // Not in the §7 body (so keyedFromBody never has it): the run of show's last take.
  if (wanted('take') && doc.take) out[KEY.take] = plain(doc.take);
  // Not in the §7 body either: the vertical program's own layout, when it has one (issue 34).
  if (wanted('verticalLayout') && doc.verticalLayout) out[KEY.verticalLayout] = doc.verticalLayout;
  if (wanted('verticalHide')) for (const ref of Object.keys(doc.verticalHidden ?? {})) out[KEY.verticalHide(ref)] = true;
  return out;
}

/**
 * The keyed changes of one local edit, from its Immer patches (DESIGN "History by Immer patches"):
 * only the keys read from the document fields the patches touch are built and compared, so an edit
 * costs what it changed, not the whole channel. A patch of the whole document touches every field.
 */
export function keyedChangesOf(before: ChannelDoc, after: ChannelDoc, paths: readonly (readonly (string | number)[])[]): Changes {
  const fields = new Set<keyof ChannelDoc>();
  for (const path of paths) {
    if (path.length === 0) return diffKeyed(keyedFromDoc(before), keyedFromDoc(after));
    fields.add(path[0] as keyof ChannelDoc);
  }
  return diffKeyed(keyedFromDoc(before, fields), keyedFromDoc(after, fields));
}

const entriesWith = (keyed: KeyedChannel, prefix: string) =>
  Object.entries(keyed)
    .filter(([k]) => k.startsWith(prefix))
    .map(([k, v]) => [k.slice(prefix.length), v] as const);

function templateOf(id: string, v: SyncValue): TemplateItem | null {
  const item = isRecord(v) ? templateFromAttributes(v) : null;
  return item && item.id === id ? item : null;
}

/**
 * The channel document a keyed map stands for. Off-air cards are ids in the order only: over
 * `known` (the cards this client knows, with their names and media) they keep what it knows and
 * unchanged cards keep their identity; without it they are bare cards.
 */
export function docFromKeyed(keyed: KeyedChannel, known?: Pick<ChannelDoc, 'producers'>): ChannelDoc {
  const base = emptyChannel();
  const rawLayout = keyed[KEY.layout];
  const layout = isOneOf(LAYOUT_CODES, rawLayout) ? rawLayout : base.layout;
  const brandSettings = { ...base.brandSettings };
  for (const [field, ok] of Object.entries(BRAND_FIELDS)) {
    const v = keyed[KEY.brand(field)];
    if (ok(v)) Object.assign(brandSettings, { [field]: v });
  }
  const media = { ...base.media };
  for (const slot of MEDIA_SLOTS) {
    const v = keyed[KEY.media(slot)];
    if (hasShape(v, MEDIA_REF)) media[slot] = pick(v, MEDIA_REF) as unknown as MediaRef;
  }
  const templates = entriesWith(keyed, 'tpl:')
    .map(([id, v]) => templateOf(id, v))
    .filter((t): t is TemplateItem => t !== null && t.type !== 'NAMETAG' && t.type !== 'CHAT');
  const chat = isRecord(keyed[KEY.chat]) ? templateFromAttributes(keyed[KEY.chat] as Record<string, unknown>) : null;
  const layers: Layer[] = entriesWith(keyed, 'layer:')
    .filter(([id, v]) => hasShape(v, LAYER_FIELDS) && v.sourceId === id)
    .map(([, v]) => ({ ...(v as unknown as LayerValue), position: HIDDEN_POSITION, crop: { top: 0, left: 0, bottom: 0, right: 0 }, isHidden: false }));
  const rawOrder = keyed[KEY.producerOrder];
  const order = Array.isArray(rawOrder) && rawOrder.every(isString) ? (rawOrder as string[]) : [];
  // Off-air cards exist only as ids in the order; mergeProducers turns live layers into live cards.
  const producers = mergeProducers(known?.producers ?? order.map((id) => producerCard({ id, name: '' })), layers, order);
  const take = parseChannelTake(keyed[KEY.take]);
  const verticalLayout = keyed[KEY.verticalLayout];
  const hidden = entriesWith(keyed, VERTICAL_HIDE_PREFIX).filter(([ref, v]) => ref && v === true);
  return {
    producers,
    layout,
    brandSettings,
    media,
    templates,
    chatOnStream: chat?.type === 'CHAT' ? chat : null,
    ...(take ? { take } : {}),
    ...(isOneOf(LAYOUT_CODES, verticalLayout) ? { verticalLayout } : {}),
    ...(hidden.length ? { verticalHidden: Object.fromEntries(hidden.map(([ref]) => [ref, true as const])) } : {}),
  };
}

/** Keyed map → full §7 body, layer geometry and name tags recomputed by channelBody (buildLayers). */
export function bodyFromKeyed(keyed: KeyedChannel, identity: ChannelIdentity, reason: UpdateReason | null): ChannelBody {
  return channelBody(docFromKeyed(keyed), identity, reason);
}

/** Deep equality of JSON values; object key order does not matter, array order does. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  }
  const ka = Object.keys(a);
  const rb = b as Record<string, unknown>;
  return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && sameValue((a as Record<string, unknown>)[k], rb[k]));
}

export function diffKeyed(from: KeyedChannel, to: KeyedChannel): Changes {
  const changes: Changes = {};
  for (const [k, v] of Object.entries(to)) if (!Object.hasOwn(from, k) || !sameValue(from[k], v)) changes[k] = v;
  for (const k of Object.keys(from)) if (!Object.hasOwn(to, k)) changes[k] = null;
  return changes;
}

/** Existing keys keep their place, new ones are appended; the same object when nothing changes. */
export function applyChanges(keyed: KeyedChannel, changes: Changes): KeyedChannel {
  let changed = false;
  const out: [string, SyncValue][] = [];
  for (const [k, v] of Object.entries(keyed)) {
    const next = Object.hasOwn(changes, k) ? changes[k] : undefined;
    if (next === undefined || sameValue(v, next)) out.push([k, v]);
    else {
      changed = true;
      if (next !== null) out.push([k, next]);
    }
  }
  for (const [k, next] of Object.entries(changes)) {
    if (next !== null && next !== undefined && !Object.hasOwn(keyed, k)) {
      changed = true;
      out.push([k, next]);
    }
  }
  // fromEntries defines own properties, so a key like "__proto__" stays data.
  return changed ? Object.fromEntries(out) : keyed;
}

/** Same keys in the same order with equal values. */
export function sameKeyed(a: KeyedChannel, b: KeyedChannel): boolean {
  if (a === b) return true;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && sameValue(a[k], b[k]));
}

const sortDeep = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(sortDeep) : isRecord(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortDeep(v[k])])) : v;

/** Stable text for comparisons: key order kept (as pairs), nested object keys sorted. */
export function canonicalJson(keyed: KeyedChannel): string {
  return JSON.stringify(Object.keys(keyed).map((k) => [k, sortDeep(keyed[k])]));
}
