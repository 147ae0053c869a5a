// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { channelBody } from '../../../compositor/convert';
import { applyUpdate, applyWholeBody, emptyServerChannel, keyedFromBody, validateUpdate } from '../../../compositor/sync';
import { fullChannel } from '../channel/fixtures';

const start = () => ({ ...emptyServerChannel({ layout: 'CLASSIC', 'tpl:x': { id: 'x' } }), version: 3 });

describe('applyUpdate', () => {
  it('applies an update once: version + 1, applied[origin] = seq, changes merged per key', () => {
    const { state, duplicate } = applyUpdate(start(), { origin: 'tab-1', seq: 1, changes: { layout: 'PIP', 'tpl:x': null } });
    expect(duplicate).toBe(false);
    expect(state).toEqual({ version: 4, applied: { 'tab-1': 1 }, keyed: { layout: 'PIP' } });
  });

  it('answers a resend (seq <= applied) as a duplicate with the same state object', () => {
    const once = applyUpdate(start(), { origin: 'tab-1', seq: 2, changes: { layout: 'PIP' } }).state;
    for (const seq of [1, 2]) {
      const again = applyUpdate(once, { origin: 'tab-1', seq, changes: { layout: 'COVER' } });
      expect(again).toEqual({ state: once, duplicate: true });
      expect(again.state).toBe(once);
    }
  });

  it('records and bumps the version for an update that changes nothing (its sender needs the ack)', () => {
    const s = start();
    const { state } = applyUpdate(s, { origin: 'o', seq: 1, changes: { layout: 'CLASSIC' } });
    expect(state.version).toBe(4);
    expect(state.applied).toEqual({ o: 1 });
    expect(state.keyed).toBe(s.keyed);
  });

  it('counts seq per origin; an inherited name like "constructor" starts at 0', () => {
    let s = applyUpdate(start(), { origin: 'a', seq: 5, changes: {} }).state;
    s = applyUpdate(s, { origin: 'constructor', seq: 1, changes: {} }).state;
    expect(s.applied).toEqual({ a: 5, constructor: 1 });
  });

  it.each<[string, unknown, RegExp]>([
    ['not an object', 'x', /must be an object/],
    ['an empty origin', { origin: '', seq: 1, changes: {} }, /origin/],
    ['a long origin', { origin: 'o'.repeat(101), seq: 1, changes: {} }, /origin/],
    ['seq 0', { origin: 'o', seq: 0, changes: {} }, /seq/],
    ['a fractional seq', { origin: 'o', seq: 1.5, changes: {} }, /seq/],
    ['a text seq', { origin: 'o', seq: '1', changes: {} }, /seq/],
    ['changes as a list', { origin: 'o', seq: 1, changes: [] }, /plain object/],
    ['changes as a Date', { origin: 'o', seq: 1, changes: new Date() }, /plain object/],
    ['501 keys', { origin: 'o', seq: 1, changes: Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`k${i}`, 1])) }, /501 keys/],
    ['a long key', { origin: 'o', seq: 1, changes: { ['k'.repeat(201)]: 1 } }, /key must be/],
    ['an index-like key', { origin: 'o', seq: 1, changes: { '12': 1 } }, /not allowed/],
    ['a __proto__ key', { origin: 'o', seq: 1, changes: JSON.parse('{"__proto__": 1}') as unknown }, /not allowed/],
    ['an undefined value', { origin: 'o', seq: 1, changes: { layout: undefined } }, /JSON value/],
  ])('refuses %s with an Error naming what is wrong', (_, update, message) => {
    expect(() => validateUpdate(update)).toThrow(message);
    expect(() => applyUpdate(start(), update as never)).toThrow(message);
  });
});

describe('applyWholeBody', () => {
  it('takes a plain §7 PUT as the whole change, last writer wins per key, applied untouched', () => {
    const body = channelBody(fullChannel(), { name: 'testing' }, null);
    const s = { ...start(), applied: { a: 2 } };
    const { state, changes } = applyWholeBody(s, body, 'legacy');
    expect(state.keyed).toEqual(keyedFromBody(body));
    expect(state.version).toBe(4);
    expect(state.applied).toBe(s.applied);
    expect(changes['tpl:x']).toBeNull();
  });
});
