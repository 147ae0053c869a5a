/**
 * A scene's look against the channel document, pure: captureLook reads the stage into a look, and
 * takeScene plans the channel that shows a look (the store applies it as one edit).
 */
import { goOffAir, goOnAir, isContentShare } from '../../../compositor/layout';
import { graphicRef, MEDIA_SLOTS, type ChannelDoc, type ChannelMedia, type LogoPosition, type MediaRef, type MediaSlot, type TemplateItem } from '../../../compositor/model/channel';
import { RANK_STEP } from '../../../compositor/model/constants';
import type { ProducerCard } from '../../../compositor/model/types';
import { cornerOnSelect } from '../graphics/rules';
import type { OnAirEntry, SceneLook, SlotKind, VerticalLook } from './types';

export function slotKind(card: Pick<ProducerCard, 'type'>): SlotKind {
  if (card.type === 'MODERATOR') return 'moderator';
  return isContentShare(card) ? 'contentShare' : 'guest';
}

const byLiveRank = (cards: readonly ProducerCard[]) => cards.filter((c) => c.isLive).sort((a, b) => a.liveRank - b.liveRank);
const selectedId = (templates: readonly TemplateItem[], type: 'LOWERTHIRD' | 'TICKER') => templates.find((t) => t.type === type && t.selected)?.id ?? null;

/** The stage now, as a look: who is on air in live-rank order, each with their slot. */
export function captureLook(doc: ChannelDoc): SceneLook {
  const live = byLiveRank(doc.producers);
  const seen: Record<SlotKind, number> = { moderator: 0, guest: 0, contentShare: 0 };
  const onAir = live.map((card): OnAirEntry => {
    const kind = slotKind(card);
    return { cardId: card.id, slot: { kind, index: seen[kind]++ } };
  });
  const spotted = live.findIndex((c) => c.isSpotted);
  return {
    layout: doc.layout,
    onAir,
    spotlight: spotted >= 0 ? spotted : null,
    lowerThirdId: selectedId(doc.templates, 'LOWERTHIRD'),
    tickerId: selectedId(doc.templates, 'TICKER'),
    logoIds: doc.templates.filter((t) => t.type === 'LOGO' && t.selected).map((t) => t.id),
    nametagsActive: doc.brandSettings.nametagsActive,
    media: { ...doc.media },
    vertical: { layout: doc.verticalLayout ?? null, hidden: Object.keys(doc.verticalHidden ?? {}) },
  };
}

/**
 * The card each on-air entry stands for: the person themself when their card is here; otherwise the
 * first card of the slot's kind that no entry places, in backstage order, taken by the absent entries
 * in slot order. No such card: that entry is nobody (null).
 */
export function resolveOnAir(cards: readonly ProducerCard[], onAir: readonly OnAirEntry[]): (string | null)[] {
  const present = new Set(cards.map((c) => c.id));
  const placed = new Set(onAir.map((e) => e.cardId).filter((id) => present.has(id)));
  const spare: Record<SlotKind, string[]> = { moderator: [], guest: [], contentShare: [] };
  for (const c of cards) if (!placed.has(c.id)) spare[slotKind(c)].push(c.id);
  const absent = onAir.map((e, i) => ({ e, i })).filter(({ e }) => !present.has(e.cardId));
  absent.sort((a, b) => a.e.slot.index - b.e.slot.index || a.i - b.i);
  const standIn = new Map<number, string | null>(absent.map(({ e, i }) => [i, spare[e.slot.kind].shift() ?? null]));
  const out = onAir.map((e, i) => (present.has(e.cardId) ? e.cardId : (standIn.get(i) ?? null)));
  // A card listed twice (a corrupt look) is on air once.
  return out.map((id, i) => (id !== null && out.indexOf(id) === i ? id : null));
}

/** Cards on air exactly as `ids` says, ranked 10, 20, … in that order, a content share first (§4). */
function arrangeOnAir(cards: ProducerCard[], ids: readonly string[]): ProducerCard[] {
  const wanted = new Set(ids);
  let next = cards;
  for (const c of cards) if (c.isLive && !wanted.has(c.id)) next = goOffAir(next, c.id);
  for (const id of ids) next = goOnAir(next, id);
  const order = [...ids.filter((id) => next.find((c) => c.id === id && isContentShare(c))), ...ids.filter((id) => next.find((c) => c.id === id && !isContentShare(c)))];
  const rank = new Map(order.map((id, i) => [id, (i + 1) * RANK_STEP]));
  return next.map((c) => {
    const liveRank = rank.get(c.id);
    return liveRank === undefined || c.liveRank === liveRank ? c : { ...c, liveRank };
  });
}

function withSpotlight(cards: ProducerCard[], id: string | null): ProducerCard[] {
  return cards.map((c) => {
    const isSpotted = c.id === id && c.isLive;
    return c.isSpotted === isSpotted ? c : { ...c, isSpotted };
  });
}

/**
 * Lower third and ticker: only the look's one is selected (none when it was deleted: a deleted
 * graphic is never brought back). Logos: the look's existing ones, each to its corner or the first
 * free one (§4), skipped when all four are taken.
 */
function withGraphics(templates: TemplateItem[], look: SceneLook): TemplateItem[] {
  let work = templates.map((t) => (t.type === 'LOGO' && t.selected ? { ...t, selected: false } : t));
  const corners = new Map<string, LogoPosition>();
  for (const id of look.logoIds) {
    const corner = cornerOnSelect(work, id);
    if (!corner) continue;
    corners.set(id, corner);
    work = work.map((t) => (t.id === id && t.type === 'LOGO' ? { ...t, selected: true, corner } : t));
  }
  const set = (t: TemplateItem, selected: boolean): TemplateItem => (t.selected === selected ? t : { ...t, selected, ...(selected ? { isNew: false } : {}) });
  return templates.map((t) => {
    if (t.type === 'LOWERTHIRD') return set(t, t.id === look.lowerThirdId);
    if (t.type === 'TICKER') return set(t, t.id === look.tickerId);
    if (t.type !== 'LOGO') return t;
    const corner = corners.get(t.id);
    if (!corner) return set(t, false);
    return t.selected && t.corner === corner ? t : { ...t, selected: true, isNew: false, corner };
  });
}

/**
 * The channel with a look's vertical choices (issue 34): its layout, and its hides of the graphics still
 * here (a deleted one's choice is not brought back). A look without them leaves the channel's as they are.
 */
function withVertical(doc: ChannelDoc, vertical: VerticalLook | undefined): ChannelDoc {
  if (!vertical) return doc;
  const { verticalLayout: _layout, verticalHidden: _hidden, ...rest } = doc;
  const here = new Set([...doc.templates.map(graphicRef), 'chat']);
  const hidden = vertical.hidden.filter((ref) => here.has(ref));
  const same = hidden.length === Object.keys(doc.verticalHidden ?? {}).length && hidden.every((ref) => doc.verticalHidden?.[ref]);
  return {
    ...rest,
    ...(vertical.layout ? { verticalLayout: vertical.layout } : {}),
    ...(hidden.length ? { verticalHidden: same ? doc.verticalHidden! : Object.fromEntries(hidden.map((ref) => [ref, true as const])) } : {}),
  };
}

export interface TakeOptions {
  /** Whether a media item still exists (the library knows); a deleted one is skipped. Default: all exist. */
  mediaExists?: (slot: MediaSlot, ref: MediaRef) => boolean;
}

function withMedia(current: ChannelMedia, look: ChannelMedia, exists: NonNullable<TakeOptions['mediaExists']>): ChannelMedia {
  const next = { ...current };
  for (const slot of MEDIA_SLOTS) {
    const ref = look[slot];
    next[slot] = ref && exists(slot, ref) ? (current[slot]?.id === ref.id && current[slot]?.url === ref.url ? current[slot] : { ...ref }) : null;
  }
  // §4 a foreground image and a foreground video are mutually exclusive (a hand-made look may hold both).
  if (next.foregroundImage && next.foregroundVideo) next.foregroundVideo = null;
  return MEDIA_SLOTS.every((s) => next[s] === current[s]) ? current : next;
}

/**
 * The channel showing `look`: every field of the look set (the vertical choices when it has them),
 * everything else (names, mutes, the chat message on stream, colours) left as it is. Parts that do
 * not change keep their objects. The layout
 * is the requested one, as the studio's own layout change keeps it; §4 availability decides what is
 * drawn for the people actually on air (effectiveLayout).
 */
export function takeScene(doc: ChannelDoc, look: SceneLook, opts: TakeOptions = {}): ChannelDoc {
  const ids = resolveOnAir(doc.producers, look.onAir);
  const spotted = look.spotlight === null ? null : (ids[look.spotlight] ?? null);
  const arranged = withSpotlight(arrangeOnAir(doc.producers, ids.filter((id): id is string => id !== null)), spotted);
  const producers = arranged.every((c, i) => c === doc.producers[i]) ? doc.producers : arranged;
  const templates = withGraphics(doc.templates, look);
  const media = withMedia(doc.media, look.media, opts.mediaExists ?? (() => true));
  const brandSettings = doc.brandSettings.nametagsActive === look.nametagsActive ? doc.brandSettings : { ...doc.brandSettings, nametagsActive: look.nametagsActive };
  return {
    ...withVertical(doc, look.vertical),
    producers,
    layout: look.layout,
    templates: templates.every((t, i) => t === doc.templates[i]) ? doc.templates : templates,
    media,
    brandSettings,
  };
}
