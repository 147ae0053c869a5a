// @vitest-environment node
import { enablePatches, produceWithPatches } from 'immer';
import { describe, expect, it } from 'vitest';
import { channelBody } from '../../../compositor/convert';
import { channelFromBody } from '../channel/bodyReader';
import { emptyChannel } from '../../../compositor/model/channel';
import type { ChannelBody } from '../../../compositor/model/types';
import { applyChanges, bodyFromKeyed, canonicalJson, diffKeyed, docFromKeyed, keyedChangesOf, keyedFromBody, keyedFromDoc, sameKeyed, type KeyedChannel } from '../../../compositor/sync';
import { fullChannel } from '../channel/fixtures';
import { randomDoc, randomEdit, rng } from './gen';

const ID = { name: 'testing', templateUrl: '/t' };
const parsed = (body: ChannelBody) => ({ ...body, templateAttributes: JSON.parse(body.templateAttributes) as unknown, producerOrder: JSON.parse(body.producerOrder) as unknown });

describe('keyedFromBody ⇄ bodyFromKeyed', () => {
  it('gives one key per unit of merge, without name tags or layer geometry', () => {
    const keyed = keyedFromBody(channelBody(fullChannel(), ID, null));
    expect(Object.keys(keyed)).toEqual([
      'layout',
      'brand:nametagsActive',
      'brand:primaryColor',
      'brand:selectedTheme',
      'media:background',
      'media:foregroundVideo',
      'tpl:lt-1',
      'tpl:lt-2',
      'tpl:tk-1',
      'tpl:logo-1',
      'chat',
      'layer:a',
      'layer:b',
      'layer:c',
      'producerOrder',
    ]);
    expect(keyed['layer:a']).not.toHaveProperty('position');
    expect(keyed['layer:a']).not.toHaveProperty('crop');
    expect(keyed.producerOrder).toEqual(['a', 'b', 'c', 'd', 'share']);
  });

  it('round-trips 300 random documents: keyed → body → keyed is the same map, the body the same body', () => {
    for (let seed = 1; seed <= 300; seed += 1) {
      const body = channelBody(randomDoc(rng(seed)), ID, null);
      const keyed = keyedFromBody(body);
      const back = bodyFromKeyed(keyed, ID, null);
      expect(keyedFromBody(back), `seed ${seed}`).toEqual(keyed);
      expect(sameKeyed(keyedFromBody(back), keyed), `seed ${seed}`).toBe(true);
      expect(parsed(back), `seed ${seed}`).toEqual(parsed(body));
      expect(channelFromBody(back, emptyChannel())?.problems, `seed ${seed}`).toEqual([]);
    }
  });

  it.each<[string, Partial<Record<keyof ChannelBody, unknown>>, string[], string[]]>([
    ['templateAttributes is not JSON', { templateAttributes: '{nope' }, ['layout', 'layer:a', 'producerOrder'], ['tpl:lt-1', 'chat', 'media:background']],
    ['producerOrder is not a list', { producerOrder: '{"a":1}' }, ['tpl:lt-1', 'layer:a'], ['producerOrder']],
    ['layers is not a list', { layers: 'x' }, ['tpl:lt-1', 'producerOrder'], ['layer:a', 'layer:b']],
    ['brandSettings is null', { brandSettings: null }, ['layout'], ['brand:primaryColor']],
    ['an unknown layout', { layout: 'GRID' }, ['brand:primaryColor'], ['layout']],
    ['attributes is not a list', { templateAttributes: '{"attributes":5,"media":null}' }, ['layout'], ['tpl:lt-1', 'media:background']],
  ])('never throws when %s: that part gives no keys', (_, patch, present, absent) => {
    const body = { ...channelBody(fullChannel(), ID, null), ...patch } as ChannelBody;
    const keyed = keyedFromBody(body);
    for (const k of present) expect(keyed).toHaveProperty([k]);
    for (const k of absent) expect(keyed).not.toHaveProperty([k]);
    expect(() => bodyFromKeyed(keyed, ID, null)).not.toThrow();
  });

  it('reads nothing from a body that is not an object, and writes a default channel for an empty map', () => {
    expect(keyedFromBody(null as unknown as ChannelBody)).toEqual({});
    const body = bodyFromKeyed({}, ID, null);
    expect(body.layout).toBe('CLASSIC');
    expect(body.layers).toEqual([]);
  });

  it('drops values that are not what their key holds', () => {
    const good = keyedFromBody(channelBody(fullChannel(), ID, null));
    const bad = applyChanges(good, { 'tpl:lt-1': 'text', 'tpl:lt-2': { ...(good['tpl:lt-2'] as object), id: 'other' }, 'layer:a': { sourceId: 'a' }, layout: 7 });
    const back = keyedFromBody(bodyFromKeyed(bad, ID, null));
    expect(back).not.toHaveProperty(['tpl:lt-1']);
    expect(back).not.toHaveProperty(['tpl:lt-2']);
    expect(back).not.toHaveProperty(['layer:a']);
    expect(back.layout).toBe('CLASSIC');
  });
});

describe('diffKeyed, applyChanges, sameKeyed, canonicalJson', () => {
  const a: KeyedChannel = { layout: 'CLASSIC', 'tpl:x': { id: 'x', primaryText: 'A', position: { x: 1, y: 2 } }, producerOrder: ['p'] };

  it('diffs per key by deep value (object key order ignored) and removes with null', () => {
    const b = { producerOrder: ['p'], 'tpl:x': { position: { y: 2, x: 1 }, primaryText: 'A', id: 'x' }, 'tpl:y': { id: 'y' } };
    expect(diffKeyed(a, b)).toEqual({ 'tpl:y': { id: 'y' }, layout: null });
    expect(diffKeyed(a, a)).toEqual({});
  });

  it('keeps places of existing keys, appends new ones, removes on null', () => {
    const next = applyChanges(a, { 'tpl:new': 1, layout: 'PIP', producerOrder: null });
    expect(Object.keys(next)).toEqual(['layout', 'tpl:x', 'tpl:new']);
    expect(next.layout).toBe('PIP');
    expect(next['tpl:x']).toBe(a['tpl:x']);
  });

  it('returns the same object when nothing changes', () => {
    expect(applyChanges(a, {})).toBe(a);
    expect(applyChanges(a, { layout: 'CLASSIC', gone: null, 'tpl:x': { id: 'x', position: { x: 1, y: 2 }, primaryText: 'A' } })).toBe(a);
  });

  it('keeps "__proto__" as a plain key', () => {
    const next = applyChanges({}, JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, null>);
    expect(Object.keys(next)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('compares maps with their key order, and prints them stably', () => {
    const reordered = { 'tpl:x': a['tpl:x']!, layout: 'CLASSIC', producerOrder: ['p'] };
    expect(sameKeyed(a, reordered)).toBe(false);
    expect(sameKeyed(a, { ...a })).toBe(true);
    expect(canonicalJson(a)).toBe(canonicalJson({ layout: 'CLASSIC', 'tpl:x': { position: { y: 2, x: 1 }, id: 'x', primaryText: 'A' }, producerOrder: ['p'] }));
    expect(canonicalJson(a)).not.toBe(canonicalJson(reordered));
  });
});

describe('keyedFromDoc: the document → keyed map without a body in between', () => {
  it.each(Array.from({ length: 60 }, (_, i) => i + 1))('seed %i: the same keys, order and values as keyedFromBody(channelBody(doc))', (seed) => {
    const r = rng(seed);
    let doc = randomDoc(r);
    let n = 0;
    for (let i = 0; i < 8; i++) doc = randomEdit(r, doc, () => `new-${n++}`).doc;
    const direct = keyedFromDoc(doc);
    const viaBody = keyedFromBody(channelBody(doc, ID, null));
    expect(Object.keys(direct)).toEqual(Object.keys(viaBody));
    expect(canonicalJson(direct)).toBe(canonicalJson(viaBody));
  });

  it('docFromKeyed over the known cards keeps their names and media, and the identity of unchanged cards', () => {
    const doc = fullChannel();
    const back = docFromKeyed(keyedFromDoc(doc), doc);
    expect(back.producers.map((p) => p.id)).toEqual(doc.producers.map((p) => p.id));
    const offAir = doc.producers.filter((p) => !p.isLive);
    for (const card of offAir) expect(back.producers.find((p) => p.id === card.id)).toBe(card);
  });

  it('the vertical program\u2019s own layout travels as its own key, beside the §7 body and never in it (issue 34)', () => {
    const keyed = keyedFromDoc({ ...fullChannel(), verticalLayout: 'SPLIT' });
    expect(keyed['layout:9:16']).toBe('SPLIT');
    expect(docFromKeyed(keyed).verticalLayout).toBe('SPLIT');
    expect(keyedFromDoc(fullChannel())).not.toHaveProperty('layout:9:16');
    expect(docFromKeyed({ ...keyed, 'layout:9:16': 'DIAGONAL' })).not.toHaveProperty('verticalLayout');
    // Choosing it again (or going back to the 16:9 layout) changes that key alone.
    const before = fullChannel();
    const changes = keyedChangesOf(before, { ...before, verticalLayout: 'PIP' }, [['verticalLayout']]);
    expect(changes).toEqual({ 'layout:9:16': 'PIP' });
    expect(keyedChangesOf({ ...before, verticalLayout: 'PIP' }, before, [['verticalLayout']])).toEqual({ 'layout:9:16': null });
  });

  it('each graphic left out of the vertical program travels as its own key, beside the §7 body (issue 34)', () => {
    const doc = { ...fullChannel(), verticalHidden: { 'tpl:tk-1': true, chat: true } as const };
    const keyed = keyedFromDoc(doc);
    expect(keyed['hide:9:16:tpl:tk-1']).toBe(true);
    expect(keyed['hide:9:16:chat']).toBe(true);
    expect(docFromKeyed(keyed).verticalHidden).toEqual({ 'tpl:tk-1': true, chat: true });
    expect(JSON.stringify(bodyFromKeyed(keyed, ID, null))).not.toContain('hide:');
    expect(Object.keys(keyedFromDoc(fullChannel())).some((k) => k.startsWith('hide:'))).toBe(false);
    expect(docFromKeyed({ ...keyed, 'hide:9:16:tpl:tk-1': false, 'hide:9:16:chat': 'yes' })).not.toHaveProperty('verticalHidden');
    // Hiding one more graphic changes its key alone; showing it again removes it.
    const more = { ...doc, verticalHidden: { ...doc.verticalHidden, 'tpl:lt-1': true as const } };
    expect(keyedChangesOf(doc, more, [['verticalHidden', 'tpl:lt-1']])).toEqual({ 'hide:9:16:tpl:lt-1': true });
    expect(keyedChangesOf(more, doc, [['verticalHidden', 'tpl:lt-1']])).toEqual({ 'hide:9:16:tpl:lt-1': null });
  });

  it('the run of show\u2019s last take travels as its own key, beside the §7 body and never in it (issue 25)', () => {
    const take = { id: 'take-7', startedAt: 1_700_000_000_000, transition: { kind: 'fade' as const, durationMs: 800 } };
    const keyed = keyedFromDoc({ ...fullChannel(), take });
    expect(keyed.take).toEqual(take);
    expect(docFromKeyed(keyed).take).toEqual(take);
    expect(JSON.stringify(bodyFromKeyed(keyed, ID, null))).not.toContain('take-7');
    expect(keyedFromDoc(fullChannel())).not.toHaveProperty('take');
    expect(docFromKeyed({ ...keyed, take: { id: 'x', startedAt: 'soon', transition: { kind: 'cut' } } })).not.toHaveProperty('take');
  });
});

/** Edits `draft` into `next` leaf by leaf, so the Immer patches name the deepest parts that changed. */
function assignDeep(draft: Record<string, unknown>, next: Record<string, unknown>): void {
  for (const key of new Set([...Object.keys(draft), ...Object.keys(next)])) {
    const [was, now] = [draft[key], next[key]];
    if (was === now) continue;
    const nested = typeof was === 'object' && typeof now === 'object' && was !== null && now !== null && Array.isArray(was) === Array.isArray(now);
    if (nested && (!Array.isArray(now) || (was as unknown[]).length === now.length)) assignDeep(was as Record<string, unknown>, now as Record<string, unknown>);
    else if (now === undefined) delete draft[key];
    else draft[key] = now;
  }
}

enablePatches();

describe('keyedChangesOf: an edit leaves as the keys its patches changed (issue 35)', () => {
  it.each(Array.from({ length: 80 }, (_, i) => i + 1))('seed %i: the same changes as diffing the whole keyed channel', (seed) => {
    const r = rng(seed);
    let doc = randomDoc(r);
    let n = 0;
    for (let i = 0; i < 6; i++) {
      const next = randomEdit(r, doc, () => `new-${n++}`).doc;
      const [after, patches] = produceWithPatches(doc, (d) => assignDeep(d as unknown as Record<string, unknown>, next as unknown as Record<string, unknown>));
      expect(keyedChangesOf(doc, after, patches.map((p) => p.path))).toEqual(diffKeyed(keyedFromDoc(doc), keyedFromDoc(after)));
      doc = after;
    }
  });

  it('builds only the keys read from the fields that changed: a template edit builds no layers', () => {
    const doc = fullChannel();
    const [after, patches] = produceWithPatches(doc, (d) => void (d.templates[0]!.primaryText = 'Changed'));
    const changes = keyedChangesOf(doc, after, patches.map((p) => p.path));
    expect(Object.keys(changes)).toEqual([`tpl:${doc.templates[0]!.id}`]);
    expect(Object.keys(keyedFromDoc(after, new Set(['templates'])))).toEqual(Object.keys(keyedFromDoc(after)).filter((k) => k.startsWith('tpl:')));
    // A patch of the whole document (a recipe returning a new one) compares every key.
    expect(keyedChangesOf(doc, { ...doc, layout: doc.layout === 'CLASSIC' ? 'SPLIT' : 'CLASSIC' }, [[]])).toHaveProperty('layout');
  });
});
