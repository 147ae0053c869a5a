/**
 * The channel document ↔ §7 channel body (compositor/channel): the round trip is the identity for
 * every kind, and malformed bodies never throw and never produce a half-parsed document (§8).
 */
import { describe, expect, it } from 'vitest';
import type { NametagItem } from '../../../compositor/model/channel';
import { channelBody, nametagSentinel, parseUpdateReason } from '../../../compositor/convert';
import { channelFromBody } from './bodyReader';
import { emptyChannel, TEMPLATE_TYPES, type ChannelDoc } from '../../../compositor/model/channel';
import { createTemplate } from '../../../compositor/templates/schemas';
import type { ChannelBody, UpdateReason } from '../../../compositor/model/types';
import { fullChannel } from './fixtures';

const ID = { name: 'testing' };
const reason: UpdateReason = { group: 'LOWERTHIRD', action: 'SELECT', id: 'lt-1', value: true, fromUuid: 'other' };
const roundTrip = (doc: ChannelDoc, base = doc) => channelFromBody(JSON.parse(JSON.stringify(channelBody(doc, ID, reason))), base);

describe('document → body → document', () => {
  it('is the identity for a channel with every kind on it (producers, layout, brand, media, templates)', () => {
    const doc = fullChannel();
    const parsed = roundTrip(doc)!;
    expect(parsed.problems).toEqual([]);
    expect(parsed.reason).toEqual(reason);
    expect(parsed.doc).toEqual(doc);
  });

  it.each(TEMPLATE_TYPES.filter((t) => t !== 'NAMETAG'))('is the identity for a %s item with every §3 field set', (type) => {
    const item = createTemplate(type, {
      id: `${type}-x`, theme: '3', number: 7, isVisible: false, isNew: true, isAdding: true, selected: true, position: { x: 0.25, y: 0.75 },
      primaryText: 'p', secondaryText: 's', name: 'n', source: '/s.png', template: 't', primaryColor: '#010203', fgColor: '#fff', bgColor: '#000',
      borderColor: '#333', fontFamily: 'Inter', fontWeight: '600', badgeColor: '#f00', initials: 'PS', origin: 'user_asset',
    });
    const doc = item.type === 'CHAT' ? { ...emptyChannel(), chatOnStream: item } : { ...emptyChannel(), templates: [item] };
    expect(roundTrip(doc)!.doc).toEqual(doc);
  });

  it('derives one name tag per live producer (number, name, initials, brand theme and colour) and never stores them', () => {
    const doc = fullChannel();
    const tags = JSON.parse(channelBody(doc, ID, null).templateAttributes).attributes.filter((a: { type: string }) => a.type === 'NAMETAG');
    expect(tags.map((t: NametagItem) => [t.id, t.number, t.primaryText, t.initials, t.theme, t.isVisible])).toEqual([
      ...doc.producers.filter((p) => p.isLive).sort((a, b) => a.liveRank - b.liveRank).map((p) => [`nametag-${p.id}`, p.number, p.name, p.name[0], '3', false]),
      ['nametag-0', 0, '', '', '1', false],
    ]);
    expect(roundTrip(doc)!.doc.templates.some((t) => t.type === 'NAMETAG')).toBe(false);
  });

  it('keeps untouched producer cards as the same objects (structural sharing)', () => {
    const doc = fullChannel();
    const parsed = roundTrip(doc)!.doc;
    expect(parsed.producers).toBe(doc.producers);
  });

  it('sends the layers, the order, the reason as JSON text and the §3 nametag sentinel last; drops it on the way back', () => {
    const body = channelBody(fullChannel(), ID, reason, [2, 3]);
    expect(body.layers.map((l) => l.sourceId)).toEqual(['a', 'b', 'c']);
    expect(JSON.parse(body.producerOrder)).toEqual(['a', 'b', 'c', 'd', 'share']);
    expect(JSON.parse(body.updateReason)).toEqual(reason);
    expect(body.swap).toEqual([2, 3]);
    const attributes = JSON.parse(body.templateAttributes).attributes;
    expect(attributes.at(-1)).toEqual({ ...nametagSentinel() });
    expect(attributes.at(-1)).toMatchObject({ type: 'NAMETAG', number: 0, isVisible: false });
    expect(channelFromBody(body, emptyChannel())!.doc.templates.some((t) => t.type === 'NAMETAG' && t.number === 0)).toBe(false);
  });

  it('takes the live state from the layers and the order from producerOrder, over the cards this client knows', () => {
    const doc = fullChannel();
    const body = channelBody(doc, ID, null);
    const offAir = { ...body, layers: body.layers.filter((l) => l.sourceId !== 'a'), producerOrder: JSON.stringify(['d', 'c', 'b', 'a', 'share']) };
    const parsed = channelFromBody(offAir, doc)!.doc;
    expect(parsed.producers.map((p) => p.id)).toEqual(['d', 'c', 'b', 'a', 'share']);
    expect(parsed.producers.find((p) => p.id === 'a')).toMatchObject({ isLive: false, number: 0, liveRank: 0, isSpotted: false });
    expect(parsed.producers.find((p) => p.id === 'd')).toBe(doc.producers.find((p) => p.id === 'd'));
  });

  it('makes a card of a live layer this client does not know yet', () => {
    const body = channelBody(fullChannel(), ID, null);
    const parsed = channelFromBody(body, emptyChannel())!.doc;
    expect(parsed.producers.filter((p) => p.isLive).map((p) => [p.id, p.name, p.url])).toEqual([
      ['a', 'A', '/v/a.webm'],
      ['b', 'B', '/v/b.webm'],
      ['c', 'C', '/v/c.webm'],
    ]);
  });
});

describe('malformed bodies (§8: parse failures are logged and treated as null)', () => {
  const base = fullChannel();
  const good = () => channelBody(base, ID, reason) as unknown as Record<string, unknown>;

  it.each([
    ['not an object', 'hello'],
    ['null', null],
    ['an array', []],
    ['no layers', { ...good(), layers: undefined }],
    ['layers not a list', { ...good(), layers: '[]' }],
    ['a layer without a number', { ...good(), layers: [{ ...channelBody(base, ID, null).layers[0], number: 'two' }] }],
    ['a layer of an unknown type', { ...good(), layers: [{ ...channelBody(base, ID, null).layers[0], type: 'HOLOGRAM' }] }],
    ['a layer with a NaN position', { ...good(), layers: [{ ...channelBody(base, ID, null).layers[0], position: { x: NaN, y: 0, width: 1, height: 1 } }] }],
  ])('refuses the whole body when its layers cannot be read: %s', (_, body) => {
    expect(channelFromBody(body, base)).toBeNull();
  });

  it.each([
    ['templateAttributes is not JSON', { templateAttributes: '{oops' }, 'templateAttributes'],
    ['templateAttributes is JSON of a number', { templateAttributes: '42' }, 'templateAttributes'],
    ['attributes is not a list', { templateAttributes: JSON.stringify({ attributes: 'x' }) }, 'attributes'],
    ['producerOrder is not JSON', { producerOrder: '[a,b' }, 'producerOrder'],
    ['producerOrder holds numbers', { producerOrder: '[1,2]' }, 'producerOrder'],
    ['updateReason is not JSON', { updateReason: 'nope' }, 'updateReason'],
    ['updateReason of an unknown action', { updateReason: JSON.stringify({ ...reason, action: 'EXPLODE' }) }, 'updateReason'],
    ['brandSettings of the wrong shape', { brandSettings: { primaryColor: 5 } }, 'brandSettings'],
    ['an unknown layout', { layout: 'GRID' }, 'layout'],
  ])('%s: that field is null (the document keeps its value) and the problem is reported', (_, patch, word) => {
    const parsed = channelFromBody({ ...good(), ...patch }, base)!;
    expect(parsed.doc).toEqual(base);
    expect(parsed.problems.join(' ')).toContain(word);
  });

  it('drops template entries of unknown kinds, without ids or with wrong types, and keeps the others', () => {
    const attributes = [
      { type: 'HOLOGRAM', id: 'h' },
      { type: 'TICKER', primaryText: 'no id' },
      { type: 'TICKER', id: 't', selected: 'yes' },
      { type: 'LOGO', id: 'l', corner: 'MIDDLE' },
      { type: 'LOWERTHIRD', id: 'lt', theme: '9' },
      { type: 'LOWERTHIRD', id: 'ok', primaryText: 'kept' },
      null,
      'text',
    ];
    const parsed = channelFromBody({ ...good(), templateAttributes: JSON.stringify({ attributes }) }, base)!;
    expect(parsed.doc.templates).toEqual([createTemplate('LOWERTHIRD', { id: 'ok', primaryText: 'kept' })]);
    expect(parsed.problems).toHaveLength(7);
  });

  it('reads a malformed media slot as empty and says so', () => {
    const media = { background: { id: 1 }, foregroundImage: null, foregroundVideo: base.media.foregroundVideo };
    const parsed = channelFromBody({ ...good(), templateAttributes: JSON.stringify({ attributes: [], media }) }, base)!;
    expect(parsed.doc.media).toEqual({ background: null, foregroundImage: null, foregroundVideo: base.media.foregroundVideo });
    expect(parsed.problems).toEqual(['media.background is malformed']);
  });

  it('parses a null updateReason as null without a problem (a load, not an edit)', () => {
    const problems: string[] = [];
    expect(parseUpdateReason('null', problems)).toBeNull();
    expect(problems).toEqual([]);
  });

  it('10,000 random mutations of a good body never throw and give a whole document or null', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const junk = [null, undefined, 0, -1, NaN, Infinity, '', 'x', '{', '[]', '{}', 'null', true, [], {}, [1, 'a'], { a: 1 }];
    const paths = (v: unknown, prefix: (string | number)[] = []): (string | number)[][] =>
      typeof v === 'object' && v !== null ? Object.entries(v).flatMap(([k, c]) => [[...prefix, Array.isArray(v) ? Number(k) : k], ...paths(c, [...prefix, Array.isArray(v) ? Number(k) : k])]) : [];
    const source = good();
    const inner = { ...source, templateAttributes: JSON.parse(source.templateAttributes as string), producerOrder: JSON.parse(source.producerOrder as string), updateReason: JSON.parse(source.updateReason as string) };
    const all = paths(inner);
    for (let i = 0; i < 10_000; i += 1) {
      const copy = structuredClone(inner) as Record<string, unknown>;
      for (let n = 1 + Math.floor(random() * 3); n > 0; n -= 1) {
        const path = pick(all);
        let target = copy as Record<string | number, unknown>;
        for (const key of path.slice(0, -1)) target = (target?.[key] ?? {}) as Record<string | number, unknown>;
        if (typeof target === 'object' && target !== null) target[path.at(-1)!] = random() < 0.1 ? undefined : pick(junk);
      }
      const asText = (v: unknown) => (random() < 0.05 ? String(v).slice(0, 5) : JSON.stringify(v));
      const body = { ...copy, templateAttributes: asText(copy.templateAttributes), producerOrder: asText(copy.producerOrder), updateReason: asText(copy.updateReason) } as unknown as ChannelBody;
      const parsed = channelFromBody(body, base);
      if (parsed === null) continue;
      const doc = parsed.doc;
      expect(Array.isArray(doc.producers) && Array.isArray(doc.templates)).toBe(true);
      expect(typeof doc.layout).toBe('string');
      for (const t of doc.templates) expect(TEMPLATE_TYPES).toContain(t.type);
      // A whole document: it converts back to a body and parses to itself.
      expect(channelFromBody(channelBody(doc, ID, null), doc)!.doc).toEqual(doc);
    }
  }, 300_000); // a bound against a hang: 30 s on a loaded two-core machine, more on a slower one
});
