/**
 * Seeded random channel documents and real channel edits, built with the compositor's own model and
 * layout helpers, for the sync property and fuzz tests.
 */
import { goOffAir, goOnAir, reorderOnDrop, spotlight } from '../../../compositor/layout';
import { LOGO_POSITIONS, MEDIA_SLOTS, TEMPLATE_THEMES, emptyChannel, type ChannelDoc, type MediaSlot, type TemplateItem } from '../../../compositor/model/channel';
import { producerCard, withOrderRanks } from '../../../compositor/model/producerCard';
import { LAYOUT_CODES, LOWER_THIRD_THEMES, type ProducerCard } from '../../../compositor/model/types';
import { createTemplate } from '../../../compositor/templates/schemas';
import { createRandom } from '../../../src/lib/random';


export interface Rng {
  next(): number;
  int(n: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
}

export function rng(seed: number): Rng {
  const { next } = createRandom(seed);
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, chance: (p) => next() < p, pick: (items) => items[int(items.length)]! };
}

const WORDS = ['Ada', 'Lovelace', 'Breaking', 'x<y', 'R&D', '👩‍💻', 'Zoë', 'news', '', 'Q&A <b>live</b>'];
const COLORS = ['#0D62C5', '#AA3300', '#112233', '#FFFFFF', '#00FF7F'];
const text = (r: Rng) => Array.from({ length: r.int(4) }, () => r.pick(WORDS)).join(' ');

/** A meeting's roster: 2–7 cards, maybe one content share, some without a media URL. */
export function randomRoster(r: Rng): ProducerCard[] {
  const n = 2 + r.int(6);
  const cards = Array.from({ length: n }, (_, i) =>
    producerCard({ id: `p${i}`, name: `${r.pick(['Ann', 'Bo', 'Cy', 'Di'])} ${i}`, url: r.chance(0.8) ? `/v/p${i}.webm` : null }),
  );
  if (r.chance(0.4)) cards.push(producerCard({ id: 'share', name: 'Screen', url: '/v/share.webm', type: 'CONTENT_SHARING' }));
  return withOrderRanks(cards);
}

export type TemplateKind = 'LOWERTHIRD' | 'TICKER' | 'LOGO';

export function randomTemplate(r: Rng, kind: TemplateKind, id: string): TemplateItem {
  const fields = {
    id,
    primaryText: text(r),
    secondaryText: text(r),
    theme: r.pick(TEMPLATE_THEMES),
    selected: r.chance(0.5),
    isVisible: r.chance(0.8),
    position: r.chance(0.3) ? { x: Math.round(r.next() * 1e4) / 1e4, y: Math.round(r.next() * 1e4) / 1e4 } : null,
    primaryColor: r.pick(COLORS),
    origin: r.pick(['', 'predefined', 'user_asset']),
  };
  if (kind === 'LOGO') return createTemplate('LOGO', { ...fields, source: `/logos/${id}.png`, corner: r.pick(LOGO_POSITIONS) });
  return createTemplate(kind, fields);
}

const mediaRef = (r: Rng, slot: MediaSlot) => {
  const n = r.int(5);
  return { id: `${slot}-${n}`, type: slot === 'foregroundVideo' || r.chance(0.2) ? ('video' as const) : ('image' as const), url: `/media/${slot}/${n}`, name: `${slot} ${n}` };
};

/** A channel with a bit of everything, all built through the model's own helpers. */
export function randomDoc(r: Rng, roster: ProducerCard[] = randomRoster(r)): ChannelDoc {
  let producers = roster;
  for (const card of roster) if (r.chance(0.5)) producers = goOnAir(producers, card.id);
  if (r.chance(0.3)) producers = reorderOnDrop(producers, r.pick(producers).id, r.int(producers.length)).cards;
  if (r.chance(0.2)) producers = spotlight(producers, r.pick(producers).id);
  const media = { ...emptyChannel().media };
  for (const slot of MEDIA_SLOTS) if (r.chance(0.4)) media[slot] = mediaRef(r, slot);
  return {
    producers,
    layout: r.pick(LAYOUT_CODES),
    brandSettings: { nametagsActive: r.chance(0.5), primaryColor: r.pick(COLORS), selectedTheme: r.pick(LOWER_THIRD_THEMES) },
    media,
    templates: Array.from({ length: r.int(6) }, (_, i) => randomTemplate(r, r.pick(['LOWERTHIRD', 'TICKER', 'LOGO'] as const), `t${i}`)),
    chatOnStream: r.chance(0.5) ? createTemplate('CHAT', { id: `m${r.int(100)}`, primaryText: text(r), secondaryText: r.pick(WORDS) }) : null,
  };
}

export const EDIT_NAMES = ['layout', 'onAir', 'spotlight', 'reorder', 'addTemplate', 'editTemplate', 'removeTemplate', 'brand', 'media', 'chat'] as const;
export type EditName = (typeof EDIT_NAMES)[number];

/** One real channel edit, as a moderator makes it; `newId` gives ids unique across producers. */
export function randomEdit(r: Rng, doc: ChannelDoc, newId: () => string): { name: string; doc: ChannelDoc } {
  const name = r.pick(EDIT_NAMES);
  const card = doc.producers.length ? r.pick(doc.producers) : null;
  const item = doc.templates.length ? r.pick(doc.templates) : null;
  switch (name) {
    case 'layout': {
      const layout = r.pick(LAYOUT_CODES);
      return { name: `layout ${layout}`, doc: { ...doc, layout } };
    }
    case 'onAir':
      if (!card) break;
      return { name: `${card.isLive ? 'off' : 'on'} air ${card.id}`, doc: { ...doc, producers: card.isLive ? goOffAir(doc.producers, card.id) : goOnAir(doc.producers, card.id) } };
    case 'spotlight':
      if (!card) break;
      return { name: `spotlight ${card.id}`, doc: { ...doc, producers: spotlight(doc.producers, card.id) } };
    case 'reorder': {
      if (!card) break;
      const to = r.int(doc.producers.length);
      return { name: `reorder ${card.id}→${to}`, doc: { ...doc, producers: reorderOnDrop(doc.producers, card.id, to).cards } };
    }
    case 'addTemplate': {
      const added = randomTemplate(r, r.pick(['LOWERTHIRD', 'TICKER', 'LOGO'] as const), newId());
      return { name: `add ${added.type} ${added.id}`, doc: { ...doc, templates: [...doc.templates, added] } };
    }
    case 'editTemplate': {
      if (!item) break;
      const patch = r.pick([{ primaryText: text(r) }, { selected: !item.selected }, { theme: r.pick(TEMPLATE_THEMES) }, { isVisible: !item.isVisible }]);
      return { name: `edit ${item.id} ${JSON.stringify(patch)}`, doc: { ...doc, templates: doc.templates.map((t) => (t === item ? ({ ...t, ...patch } as TemplateItem) : t)) } };
    }
    case 'removeTemplate':
      if (!item) break;
      return { name: `remove ${item.id}`, doc: { ...doc, templates: doc.templates.filter((t) => t !== item) } };
    case 'brand': {
      const patch = r.pick([{ primaryColor: r.pick(COLORS) }, { nametagsActive: !doc.brandSettings.nametagsActive }, { selectedTheme: r.pick(LOWER_THIRD_THEMES) }]);
      return { name: `brand ${JSON.stringify(patch)}`, doc: { ...doc, brandSettings: { ...doc.brandSettings, ...patch } } };
    }
    case 'media': {
      const slot = r.pick(MEDIA_SLOTS);
      const ref = r.chance(0.3) ? null : mediaRef(r, slot);
      return { name: `media ${slot} ${ref?.id ?? 'none'}`, doc: { ...doc, media: { ...doc.media, [slot]: ref } } };
    }
    case 'chat': {
      const chat = r.chance(0.3) ? null : createTemplate('CHAT', { id: newId(), primaryText: text(r), secondaryText: r.pick(WORDS) });
      return { name: `chat ${chat?.id ?? 'off'}`, doc: { ...doc, chatOnStream: chat } };
    }
  }
  return { name: `${name} (nothing to edit)`, doc };
}
