// @vitest-environment node
/**
 * The server's channel limits (src/server/limits.ts, channelLimits.ts), each at and past its edge:
 * a channel full to every limit is accepted; one more of anything, a text one character too long, a
 * number JSON read as Infinity, a key or a field the studio never writes are refused, while every value
 * the studio writes passes; the whole stored document counts against its size; a channel stored before a
 * limit existed can still be edited down; logos past the four corners are stored unselected; the sync
 * record keeps the most recent origins.
 */
import { describe, expect, it } from 'vitest';
import { createTemplate, templateToAttributes } from '../../compositor/templates/schemas';
import type { TemplateType } from '../../compositor/model/channel';
import { MAX_PRODUCER_CARDS } from '../../compositor/model/constants';
import type { KeyedChannel, SyncValue } from '../../compositor/sync';
import { emptyChannel } from '../../compositor/model/channel';
import { producerCard } from '../../compositor/model/producerCard';
import { keyedFromDoc } from '../../compositor/sync';
import { enforceChannelLimits, storedBytes } from '../../src/server/channelLimits';
import { HttpError } from '../../src/server/errors';
import {
  APPLIED_ORIGINS_MAX,
  CHANNEL_BODY_LIMIT_BYTES,
  CHANNEL_STORED_MAX_BYTES,
  CONTENT_SHARE_LAYERS_MAX,
  LOGOS_ON_STAGE_MAX,
  PRODUCER_LAYERS_MAX,
  PRODUCER_ORDER_MAX,
  TEMPLATE_ITEMS_MAX,
  TEMPLATE_TEXT_MAX,
  URL_TEXT_MAX,
} from '../../src/server/limits';
import { freshKeyed, recordApplied } from '../../src/server/syncCore';
import { LOWER_THIRD_TEXT_MAX, MAX_LOGOS_ON_STAGE, TICKER_TEXT_MAX } from '../../src/lib/limits';

const layer = (i: number, type = 'PRODUCER') => ({ number: i + 2, type, sourceUrl: `meeting:p${i}`, sourceId: `p${i}`, sourceName: `Person ${i}`, isSpotted: false, orderRank: (i + 1) * 10, liveRank: (i + 1) * 10 });
const item = (type: Exclude<TemplateType, 'NAMETAG' | 'CHAT'>, id: string, patch: Record<string, unknown> = {}) => templateToAttributes(createTemplate(type, { id, ...patch })) as unknown as SyncValue;
const text = (n: number) => 'x'.repeat(n);
/** This backend's origin and a listed CDN (the full channel's logos are there). */
const MEDIA = { own: (origin: string) => origin === 'http://127.0.0.1:8787', listed: ['https://cdn.example'] };

function withEntries(base: KeyedChannel, entries: [string, SyncValue][]): KeyedChannel {
  return { ...base, ...Object.fromEntries(entries) };
}

/** A channel at every count and text limit. */
function fullChannel(): KeyedChannel {
  const entries: [string, SyncValue][] = [];
  for (let i = 0; i < PRODUCER_LAYERS_MAX; i++) entries.push([`layer:p${i}`, layer(i)]);
  entries.push(['layer:share', { ...layer(99, 'CONTENT_SHARING'), sourceId: 'share' }]);
  for (let i = 0; i < TEMPLATE_ITEMS_MAX.LOWERTHIRD; i++) entries.push([`tpl:lt${i}`, item('LOWERTHIRD', `lt${i}`, { primaryText: text(LOWER_THIRD_TEXT_MAX), secondaryText: text(LOWER_THIRD_TEXT_MAX) })]);
  for (let i = 0; i < TEMPLATE_ITEMS_MAX.TICKER; i++) entries.push([`tpl:tk${i}`, item('TICKER', `tk${i}`, { primaryText: text(TICKER_TEXT_MAX) })]);
  for (let i = 0; i < TEMPLATE_ITEMS_MAX.LOGO; i++) entries.push([`tpl:lg${i}`, item('LOGO', `lg${i}`, { name: `Logo ${i}`, source: `https://cdn.example/${text(URL_TEXT_MAX - 30)}`, selected: i < LOGOS_ON_STAGE_MAX })]);
  entries.push(['producerOrder', Array.from({ length: PRODUCER_ORDER_MAX }, (_, i) => `p${i}`)]);
  // Every graphic left out of the vertical program (issue 34).
  for (const [key] of entries.filter(([k]) => k.startsWith('tpl:'))) entries.push([`hide:9:16:${key}`, true]);
  entries.push(['hide:9:16:chat', true]);
  return withEntries(freshKeyed('Full'), entries);
}

function refusal(before: KeyedChannel, after: KeyedChannel): { status: number; message: string } {
  try {
    enforceChannelLimits(before, after, MEDIA);
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('accepted');
}

describe('named limits', () => {
  it('are the SPEC §9 numbers where it sets them', () => {
    expect(PRODUCER_LAYERS_MAX).toBe(16);
    expect(MAX_PRODUCER_CARDS).toBe(16);
    expect(CONTENT_SHARE_LAYERS_MAX).toBe(1);
    expect(LOGOS_ON_STAGE_MAX).toBe(MAX_LOGOS_ON_STAGE);
    expect(LOGOS_ON_STAGE_MAX).toBe(4);
    expect(TEMPLATE_TEXT_MAX.LOWERTHIRD).toEqual([120, 120]);
    expect(TEMPLATE_TEXT_MAX.TICKER[0]).toBe(500);
    expect(TEMPLATE_TEXT_MAX.CHAT[0]).toBe(500);
  });

  it('a channel full to every limit is accepted and stays under the stored limit and the body limit', () => {
    const full = fullChannel();
    expect(enforceChannelLimits(freshKeyed('Full'), full, MEDIA)).toEqual(full);
    const bytes = Buffer.byteLength(JSON.stringify(full));
    expect(bytes).toBeLessThan(CHANNEL_STORED_MAX_BYTES);
    expect(bytes).toBeLessThan(CHANNEL_BODY_LIMIT_BYTES);
  });
});

describe('one past a limit is refused', () => {
  const full = fullChannel();
  it.each<[string, [string, SyncValue], number, RegExp]>([
    ['a 17th producer layer', ['layer:p16', layer(16)], 413, /17 producer layers, at most 16/],
    ['a second content share', ['layer:share2', { ...layer(98, 'CONTENT_SHARING'), sourceId: 'share2' }], 413, /2 content share layers, at most 1/],
    ['a 51st lower third', ['tpl:lt50', item('LOWERTHIRD', 'lt50')], 413, /51 LOWERTHIRD items, at most 50/],
    ['a 51st ticker', ['tpl:tk50', item('TICKER', 'tk50')], 413, /51 TICKER items/],
    ['a 51st logo', ['tpl:lg50', item('LOGO', 'lg50')], 413, /51 LOGO items/],
    ['a 152nd graphic hidden in vertical', ['hide:9:16:tpl:gone', true], 413, /152 graphics hidden in vertical, at most 151/],
  ])('%s (413)', (_name, entry, status, message) => {
    expect(refusal(full, withEntries(full, [entry]))).toEqual({ status, message: expect.stringMatching(message) });
  });

  const base = freshKeyed('Base');
  it.each<[string, [string, SyncValue], RegExp]>([
    ['a lower third text of 121 characters', ['tpl:a', item('LOWERTHIRD', 'a', { primaryText: text(121) })], /primaryText is longer than 120/],
    ['a ticker text of 501 characters', ['tpl:a', item('TICKER', 'a', { primaryText: text(501) })], /primaryText is longer than 500/],
    ['an emoji counts as one character, 121 of them are too many', ['tpl:a', item('LOWERTHIRD', 'a', { secondaryText: '😀'.repeat(121) })], /secondaryText is longer than 120/],
    ['a layer rank read from 1e400 (Infinity)', ['layer:p0', { ...layer(0), liveRank: Infinity }], /liveRank is not a finite number/],
    ['a layer under another key', ['layer:p1', layer(0)], /sourceId must be its key/],
    ['a template item under another id', ['tpl:b', item('LOWERTHIRD', 'a')], /template item is malformed/],
    ['a name tag stored as an item', ['tpl:n', { ...(item('LOWERTHIRD', 'n') as object), type: 'NAMETAG' }], /template item is malformed/],
    ['a key the studio never writes', ['junk', 'x'], /junk is not a channel key/],
    ['an unknown brand setting', ['brand:evil', 'x'], /brand setting evil is unknown/],
    ['shiftVideosUp that is not a boolean', ['brand:shiftVideosUp', 'yes'], /brand setting shiftVideosUp is unknown or malformed/],
    ['an unknown layout', ['layout', 'HUGE'], /layout is not a layout code/],
    ['an unknown vertical layout', ['layout:9:16', 'HUGE'], /layout:9:16 is not a layout code/],
    ['a layout of a shape the studio does not draw', ['layout:4:3', 'CLASSIC'], /layout:4:3 is not a channel key/],
    ['a vertical hide that is not true', ['hide:9:16:tpl:a', false], /hide:9:16:tpl:a can only be true/],
    ['a vertical hide of something that is not a graphic', ['hide:9:16:layer:p0', true], /hide:9:16:layer:p0 is not a channel key/],
    ['a hide in a shape the studio does not draw', ['hide:4:3:chat', true], /hide:4:3:chat is not a channel key/],
    ['a vertical hide of an empty id', ['hide:9:16:tpl:', true], /is not a channel key/],
    ['a vertical hide of an id past the id limit', [`hide:9:16:tpl:${text(201)}`, true], /is not a channel key/],
    ['a media URL past the URL limit', ['media:background', { id: 'b', type: 'image', url: text(URL_TEXT_MAX + 1), name: 'b' }], /url is longer than 2048/],
    ['a producer order of 18 ids', ['producerOrder', Array.from({ length: 18 }, (_, i) => `p${i}`)], /more than 17 entries/],
    ['a take with a Fade of 10 s', ['take', { id: 't1', startedAt: 1, transition: { kind: 'fade', durationMs: 10_000 } }], /take is malformed/],
    ['a take without an id', ['take', { startedAt: 1, transition: { kind: 'cut' } }], /take is malformed/],
    ['a template item with a field the studio does not write', ['tpl:a', { ...(item('LOWERTHIRD', 'a') as object), extra: { a: { b: { c: 1 } } } } as SyncValue], /tpl:a has a field the studio does not write: "extra"/],
    ['an item padded with 1,400 unknown fields (the first is named)', ['tpl:pad', { ...(item('LOWERTHIRD', 'pad') as object), ...Object.fromEntries(Array.from({ length: 1400 }, (_, i) => [`f${i}`, text(200)])) } as SyncValue], /"f0"/],
    ['a chat item with a field the studio does not write', ['chat', { ...(templateToAttributes(createTemplate('CHAT', { id: 'chat' })) as object), payload: text(60_000) } as SyncValue], /chat has a field the studio does not write: "payload"/],
    ['a layer with a field the sync core never keys (its geometry is derived)', ['layer:p0', { ...layer(0), position: { x: 0, y: 0, width: 1, height: 1 } }], /layer:p0 has a field the studio does not write: "position"/],
    ['a media slot with a field the studio does not write', ['media:background', { id: 'b', type: 'image', url: 'https://cdn.example/b.png', name: 'b', script: 'x' }], /"script"/],
    ['a take with a field the studio does not write', ['take', { id: 't1', startedAt: 1, transition: { kind: 'cut' }, note: 'x' }], /take has a field the studio does not write: "note"/],
    ['a take whose transition has a field the studio does not write', ['take', { id: 't1', startedAt: 1, transition: { kind: 'cut', extra: 1 } }], /"transition\.extra"/],
    ['a template item that does not read back as one (a position that is not a point)', ['tpl:a', { ...(item('LOGO', 'a') as object), position: { x: 'left', y: 0 } } as SyncValue], /template item is malformed/],
  ])('%s (400)', (_name, entry, message) => {
    expect(refusal(base, withEntries(base, [entry]))).toEqual({ status: 400, message: expect.stringMatching(message) });
  });

  it('the vertical program\u2019s own layout (issue 34, beside the §7 body) is accepted', () => {
    const edited = withEntries(base, [['layout:9:16', 'SPLIT']]);
    expect(enforceChannelLimits(base, edited, MEDIA)).toEqual(edited);
  });

  it('graphics left out of the vertical program (issue 34: one key each, beside the §7 body) are accepted', () => {
    const edited = withEntries(base, [
      ['hide:9:16:tpl:a', true],
      ['hide:9:16:chat', true],
      [`hide:9:16:tpl:${text(200)}`, true],
    ]);
    expect(enforceChannelLimits(base, edited, MEDIA)).toEqual(edited);
  });

  it('the optional brand setting shiftVideosUp (issue 26, mirrored from Settings) is accepted', () => {
    const edited = withEntries(base, [['brand:shiftVideosUp', false]]);
    expect(enforceChannelLimits(base, edited, MEDIA)).toEqual(edited);
  });

  it('the run of show\u2019s last take (issue 25: a Cut or a Fade, beside the §7 body) is accepted', () => {
    const edited = withEntries(base, [['take', { id: 'take-1', startedAt: 1_700_000_000_000, transition: { kind: 'fade', durationMs: 500 }, sceneId: 'opening', showStartedAt: 1_699_999_000_000, by: 'tab-1' }]]);
    expect(enforceChannelLimits(base, edited, MEDIA)).toEqual(edited);
  });

  it('the whole stored document counts: what is kept beside the map (sync record, name, reason) taking it past 256 KB is 413', () => {
    const full = fullChannel();
    const beside = { applied: { 'tab-1': 1 }, name: 'Full', templateUrl: '', updateReason: null };
    expect(storedBytes(full, beside)).toBeLessThan(CHANNEL_STORED_MAX_BYTES);
    const heavy = { ...beside, updateReason: { group: 'CHANNEL', action: 'SELECT', id: text(1000), value: text(CHANNEL_STORED_MAX_BYTES - storedBytes(full, beside)), fromUuid: 'x' } };
    const edited = withEntries(full, [['layout', 'COVER']]);
    expect(() => enforceChannelLimits(full, edited, MEDIA, beside, heavy)).toThrow(/KB, at most 256 KB/);
    expect(enforceChannelLimits(full, edited, MEDIA, beside, beside)).toEqual(edited);
  });
});

describe('every value the studio writes passes', () => {
  it('a channel with live producers, every template kind (placed, selected, styled), the chat on stream, media and a take, keyed as the studio keys it', () => {
    const doc = emptyChannel();
    doc.producers = [producerCard({ id: 'a', name: 'Ana', isLive: true, liveRank: 10, isSpotted: true }), producerCard({ id: 'b', name: 'Ben', isLive: true, liveRank: 20 }), producerCard({ id: 'c', name: 'Cy' })];
    doc.templates = [
      createTemplate('LOWERTHIRD', { id: 'lt', primaryText: 'Ana', secondaryText: 'Host', selected: true }),
      createTemplate('TICKER', { id: 'tk', primaryText: 'News', selected: true }),
      createTemplate('LOGO', { id: 'lg', name: 'Logo', source: 'https://cdn.example/logo.png', selected: true, position: { x: 0.08, y: 0.08 } }),
    ];
    doc.chatOnStream = createTemplate('CHAT', { id: 'chat', primaryText: 'Hello', secondaryText: 'Viewer' });
    doc.media = { ...doc.media, background: { id: 'bg', type: 'image', url: 'https://cdn.example/bg.png', name: 'Background' } };
    doc.take = { id: 'take-1', transition: { kind: 'fade', durationMs: 500 }, startedAt: 1_700_000_000_000, sceneId: 'opening', showStartedAt: 1_700_000_000_000, by: 'tab-1' };
    const keyed = keyedFromDoc(doc);
    expect(Object.keys(keyed)).toEqual(expect.arrayContaining(['tpl:lt', 'tpl:tk', 'tpl:lg', 'chat', 'layer:a', 'layer:b', 'media:background', 'take']));
    expect(enforceChannelLimits(freshKeyed('Studio'), keyed, MEDIA)).toEqual(keyed);
  });
});

describe('the sync record (applied origins)', () => {
  it(`keeps the ${APPLIED_ORIGINS_MAX} most recent origins, the latest last; an origin applying again moves last`, () => {
    let applied: Record<string, number> = {};
    for (let i = 0; i < APPLIED_ORIGINS_MAX + 50; i++) applied = recordApplied({ ...applied, [`tab-${i}`]: 1 }, `tab-${i}`);
    expect(Object.keys(applied)).toHaveLength(APPLIED_ORIGINS_MAX);
    expect(Object.keys(applied)[0]).toBe('tab-50');
    applied = recordApplied({ ...applied, 'tab-50': 2 }, 'tab-50');
    expect(Object.entries(applied).at(-1)).toEqual(['tab-50', 2]);
    expect(Object.keys(applied)).toHaveLength(APPLIED_ORIGINS_MAX);
    expect(APPLIED_ORIGINS_MAX).toBe(100);
  });
});

describe('a channel past a limit before it existed', () => {
  it('can still be edited, and taken back under it, but not further past', () => {
    const over = withEntries(fullChannel(), [['layer:p16', layer(16)]]);
    const edited = withEntries(over, [['layout', 'COVER']]);
    expect(enforceChannelLimits(over, edited, MEDIA)).toEqual(edited);
    const { 'layer:p16': _gone, ...fewer } = over;
    expect(enforceChannelLimits(over, fewer, MEDIA)).toEqual(fewer);
    expect(refusal(over, withEntries(over, [['layer:p17', layer(17)]])).status).toBe(413);
  });
});

describe('logos on stage (§9: four corners)', () => {
  it('a fifth logo selected by a concurrent edit is stored unselected; the others stay', () => {
    const base = withEntries(freshKeyed('Logos'), [0, 1, 2, 3, 4].map((i) => [`tpl:lg${i}`, item('LOGO', `lg${i}`, { selected: i < 4 })] as [string, SyncValue]));
    const fifth = withEntries(base, [['tpl:lg4', item('LOGO', 'lg4', { selected: true })]]);
    const stored = enforceChannelLimits(base, fifth, MEDIA);
    expect((stored['tpl:lg4'] as { selected: boolean }).selected).toBe(false);
    expect([0, 1, 2, 3].map((i) => (stored[`tpl:lg${i}`] as { selected: boolean }).selected)).toEqual([true, true, true, true]);
  });
});
