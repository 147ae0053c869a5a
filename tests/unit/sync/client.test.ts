// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { applyUpdate, canonicalJson, createSyncClient, emptyServerChannel, type ServerChannel } from '../../../compositor/sync';

const server0 = (): ServerChannel => ({ ...emptyServerChannel({ layout: 'CLASSIC', producerOrder: [] }), version: 1 });

describe('createSyncClient', () => {
  it('shows a local edit at once, batches edits (later wins per key) and sends them as one update', () => {
    const c = createSyncClient({ origin: 'A', server: server0() });
    c.localChange({ layout: 'PIP', 'tpl:x': { id: 'x' } });
    c.localChange({ layout: 'COVER' });
    expect(c.view()).toEqual({ layout: 'COVER', producerOrder: [], 'tpl:x': { id: 'x' } });
    expect(c.hasUnsent()).toBe(true);
    expect(c.pendingCount()).toBe(0);
    expect(c.outbox()).toEqual({ origin: 'A', seq: 1, changes: { layout: 'COVER', 'tpl:x': { id: 'x' } } });
    expect(c.pendingCount()).toBe(1);
  });

  it('resends the oldest unacknowledged update with the same seq until an ack, then seals the next batch', () => {
    let s = server0();
    const c = createSyncClient({ origin: 'A', server: s });
    c.localChange({ layout: 'PIP' });
    const first = c.outbox();
    c.localChange({ layout: 'SPLIT' });
    expect(c.outbox()).toBe(first);
    expect(c.outbox()).toBe(first);
    s = applyUpdate(s, first!).state;
    s = applyUpdate(s, first!).state; // a resend the server already has: a duplicate
    c.receive(s);
    expect(c.outbox()).toEqual({ origin: 'A', seq: 2, changes: { layout: 'SPLIT' } });
    expect(c.view().layout).toBe('SPLIT');
  });

  it('ignores channels not newer than the one it knows', () => {
    const c = createSyncClient({ origin: 'A', server: { ...server0(), version: 5 } });
    expect(c.receive({ ...server0(), version: 5, keyed: { layout: 'PIP' } })).toBe(false);
    expect(c.receive({ ...server0(), version: 4, keyed: { layout: 'PIP' } })).toBe(false);
    expect(c.view().layout).toBe('CLASSIC');
    expect(c.receive({ ...server0(), version: 6, keyed: { layout: 'PIP' } })).toBe(true);
    expect(c.view().layout).toBe('PIP');
  });

  it('continues numbering after what the server applied for a reused origin', () => {
    const c = createSyncClient({ origin: 'A', server: { ...server0(), applied: { A: 7 } } });
    c.localChange({ layout: 'PIP' });
    expect(c.outbox()?.seq).toBe(8);
  });

  it('keeps its own edits on top of other producers’ pushes until they are acknowledged', () => {
    let s = server0();
    const c = createSyncClient({ origin: 'A', server: s });
    c.localChange({ layout: 'PIP' });
    const mine = c.outbox()!;
    s = applyUpdate(s, { origin: 'B', seq: 1, changes: { layout: 'COVER', brand: 'b' } }).state;
    expect(c.receive(s)).toBe(true);
    expect(c.view()).toMatchObject({ layout: 'PIP', brand: 'b' });
    s = applyUpdate(s, mine).state;
    c.receive(s);
    expect(c.view()).toEqual(s.keyed);
    expect(c.hasUnsent()).toBe(false);
  });
});

describe('R7 staggered acks', () => {
  it('three pending updates acknowledged one at a time: no net change per ack, same view object, converges', () => {
    let s = server0();
    const c = createSyncClient({ origin: 'A', server: s });
    const updates = (['A', 'AB', 'ABC'] as const).map((text, i) => {
      c.localChange({ 'tpl:t': { id: 't', primaryText: text }, [`tpl:n${i}`]: [1, 2, 3].slice(0, i + 1) });
      return c.seal()!;
    });
    expect(updates.map((u) => u.seq)).toEqual([1, 2, 3]);
    expect(c.pendingCount()).toBe(3);
    const shown = c.view();
    for (const [i, update] of updates.entries()) {
      s = applyUpdate(s, structuredClone(update)).state;
      expect(c.receive(structuredClone(s))).toBe(false);
      expect(c.view()).toBe(shown);
      expect(c.pendingCount()).toBe(2 - i);
    }
    expect(canonicalJson(s.keyed)).toBe(canonicalJson(shown));
    expect(s.keyed['tpl:t']).toEqual({ id: 't', primaryText: 'ABC' });
    expect(s.keyed['tpl:n2']).toEqual([1, 2, 3]);
    expect(c.hasUnsent()).toBe(false);
  });

  it('an ack that arrives with another producer’s edit changes the view once, and only by that edit', () => {
    let s = server0();
    const c = createSyncClient({ origin: 'A', server: s });
    c.localChange({ layout: 'PIP' });
    s = applyUpdate(s, c.outbox()!).state;
    s = applyUpdate(s, { origin: 'B', seq: 1, changes: { 'tpl:b': { id: 'b' } } }).state;
    const before = c.view();
    expect(c.receive(s)).toBe(true);
    expect(c.view()).toEqual({ ...before, 'tpl:b': { id: 'b' } });
  });
});
