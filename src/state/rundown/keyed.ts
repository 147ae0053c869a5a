/**
 * The rundown as a keyed document, so the keyed sync that carries the channel can carry it too
 * (merge per key: two producers editing different scenes both keep their edits). Keys: `scene:<id>`
 * per scene, `order` (the show order, ids) and `settings`; the live take is the channel's (never kept here).
 * Reading is tolerant: ids in `order` with no scene are skipped, scenes missing from `order` follow
 * the ordered ones in key order, and each value is checked, its text going through the text rule.
 */
import { MEDIA_REF } from '../../../compositor/convert/parse';
import { MEDIA_SLOTS, type ChannelMedia, type MediaRef } from '../../../compositor/model/channel';
import { hasShape, isBoolean, isNumber, isOneOf, isRecord, isString } from '../../../compositor/model/json';
import { clampTransition, type Transition } from '../../../compositor/model/transition';
import { LAYOUT_CODES } from '../../../compositor/model/types';
import type { KeyedChannel, SyncValue } from '../../../compositor/sync';
import { RUNDOWN_KEY } from '../../lib/rundownLimits';
import { clampDuration, emptyRundown, sceneName, sceneNotes } from './rundown';
import { SLOT_KINDS, type OnAirEntry, type Rundown, type Scene, type SceneLook, type VerticalLook } from './types';

/** A keyed rundown has the channel's keyed shape (insertion-ordered JSON values, never null). */
export type KeyedRundown = KeyedChannel;

const SCENE_PREFIX = 'scene:';

const asValue = (v: unknown): SyncValue => JSON.parse(JSON.stringify(v)) as SyncValue;

export function keyedFromRundown(rundown: Rundown): KeyedRundown {
  const out: Record<string, SyncValue> = {};
  for (const scene of rundown.scenes) out[RUNDOWN_KEY.scene(scene.id)] = asValue(scene);
  out[RUNDOWN_KEY.order] = rundown.scenes.map((s) => s.id);
  out[RUNDOWN_KEY.settings] = asValue(rundown.settings);
  return out;
}

function parseTransition(v: unknown): Transition | null {
  if (!isRecord(v)) return null;
  if (v.kind === 'cut') return clampTransition({ kind: 'cut' });
  return v.kind === 'fade' && isNumber(v.durationMs) ? clampTransition({ kind: 'fade', durationMs: v.durationMs }) : null;
}

const parseEntry = (v: unknown): OnAirEntry | null =>
  isRecord(v) && isString(v.cardId) && isRecord(v.slot) && isOneOf(SLOT_KINDS, v.slot.kind) && isNumber(v.slot.index) && v.slot.index >= 0
    ? { cardId: v.cardId, slot: { kind: v.slot.kind, index: Math.floor(v.slot.index) } }
    : null;

const optionalId = (v: unknown): string | null => (isString(v) ? v : null);

function parseMedia(v: unknown): ChannelMedia {
  const media = isRecord(v) ? v : {};
  const ref = (x: unknown): MediaRef | null => (hasShape(x, MEDIA_REF) ? { id: x.id as string, type: x.type as MediaRef['type'], url: x.url as string, name: x.name as string } : null);
  return Object.fromEntries(MEDIA_SLOTS.map((slot) => [slot, ref(media[slot])])) as unknown as ChannelMedia;
}

/** A look's vertical choices (issue 34); none in a scene saved before them. */
function parseVertical(v: unknown): VerticalLook | null {
  if (!isRecord(v) || !Array.isArray(v.hidden)) return null;
  return { layout: isOneOf(LAYOUT_CODES, v.layout) ? v.layout : null, hidden: v.hidden.filter(isString) };
}

function parseLook(v: unknown): SceneLook | null {
  if (!isRecord(v) || !isOneOf(LAYOUT_CODES, v.layout) || !Array.isArray(v.onAir)) return null;
  const onAir = v.onAir.map(parseEntry).filter((e): e is OnAirEntry => e !== null);
  const spotlight = isNumber(v.spotlight) && Number.isInteger(v.spotlight) && v.spotlight >= 0 && v.spotlight < onAir.length ? v.spotlight : null;
  const vertical = parseVertical(v.vertical);
  return {
    layout: v.layout,
    onAir,
    spotlight,
    lowerThirdId: optionalId(v.lowerThirdId),
    tickerId: optionalId(v.tickerId),
    logoIds: Array.isArray(v.logoIds) ? v.logoIds.filter(isString) : [],
    nametagsActive: isBoolean(v.nametagsActive) ? v.nametagsActive : true,
    media: parseMedia(v.media),
    ...(vertical ? { vertical } : {}),
  };
}

function parseScene(id: string, v: unknown): Scene | null {
  if (!isRecord(v) || v.id !== id) return null;
  const look = parseLook(v.look);
  const name = isString(v.name) ? sceneName(v.name) : '';
  if (!look || !name) return null;
  return {
    id,
    name,
    look,
    durationMs: isNumber(v.durationMs) ? clampDuration(v.durationMs) : null,
    notes: isString(v.notes) ? sceneNotes(v.notes) : '',
    transition: parseTransition(v.transition),
  };
}

export function rundownFromKeyed(keyed: KeyedRundown): Rundown {
  const base = emptyRundown();
  const byId = new Map<string, Scene>();
  for (const [key, value] of Object.entries(keyed)) {
    if (!key.startsWith(SCENE_PREFIX)) continue;
    const scene = parseScene(key.slice(SCENE_PREFIX.length), value);
    if (scene) byId.set(scene.id, scene);
  }
  const rawOrder = keyed[RUNDOWN_KEY.order];
  const order = Array.isArray(rawOrder) ? rawOrder.filter(isString) : [];
  const scenes: Scene[] = [];
  for (const id of [...order, ...byId.keys()]) {
    const scene = byId.get(id);
    if (scene) scenes.push(scene);
    byId.delete(id);
  }
  const rawSettings = keyed[RUNDOWN_KEY.settings];
  const settings = isRecord(rawSettings)
    ? { transition: parseTransition(rawSettings.transition) ?? base.settings.transition, autoAdvance: rawSettings.autoAdvance === true }
    : base.settings;
  return { scenes, settings, live: null };
}
