// @vitest-environment node
/** Two producers edit the same channel at once: per-key merge, one value everywhere (CONTRACT "Sync"). */
import { describe, expect, it } from 'vitest';
import { channelBody } from '../../../compositor/convert';
import { channelFromBody } from '../channel/bodyReader';
import { buildLayers, goOffAir, goOnAir, spotlight } from '../../../compositor/layout';
import type { ChannelDoc, TemplateItem } from '../../../compositor/model/channel';
import { createTemplate } from '../../../compositor/templates/schemas';
import { applyUpdate, bodyFromKeyed, canonicalJson, createSyncClient, diffKeyed, docFromKeyed, emptyServerChannel, keyedChangesOf, keyedFromBody, keyedFromDoc } from '../../../compositor/sync';
import { fullChannel } from '../channel/fixtures';

const ID = { name: 'testing' };
const keyedOf = (doc: ChannelDoc) => keyedFromBody(channelBody(doc, ID, null));
/** fullChannel with the spotlight off, so layouts decide positions: a, b, c live in PIP. */
const base = (): ChannelDoc => {
  const doc = fullChannel();
  return { ...doc, producers: spotlight(doc.producers, 'b') };
};
const editItem = (doc: ChannelDoc, id: string, patch: Partial<TemplateItem>): ChannelDoc => ({
  ...doc,
  templates: doc.templates.map((t) => (t.id === id ? ({ ...t, ...patch } as TemplateItem) : t)),
});
const item = (doc: ChannelDoc, id: string) => doc.templates.find((t) => t.id === id);

type Edit = (doc: ChannelDoc) => ChannelDoc;
type Order = 'AB' | 'BA';

/** A and B edit the same base; the server applies their updates in `order`, pushing after each. */
function merge(a: Edit, b: Edit, order: Order) {
  const start = base();
  let server = { ...emptyServerChannel(keyedOf(start)), version: 1 };
  const clients = { A: createSyncClient({ origin: 'A', server }), B: createSyncClient({ origin: 'B', server }) };
  clients.A.localChange(diffKeyed(keyedOf(start), keyedOf(a(start))));
  clients.B.localChange(diffKeyed(keyedOf(start), keyedOf(b(start))));
  const updates = { A: clients.A.outbox()!, B: clients.B.outbox()! };
  for (const who of order.split('') as ('A' | 'B')[]) {
    server = applyUpdate(server, updates[who]).state;
    clients.A.receive(server);
    clients.B.receive(server);
  }
  const doc = channelFromBody(bodyFromKeyed(server.keyed, ID, null), start)!.doc;
  return { server, clients, doc };
}

const later = (order: Order, a: string, b: string) => (order === 'AB' ? b : a);

const CASES: [string, Edit, Edit, (doc: ChannelDoc, order: Order) => void][] = [
  [
    'A edits lower third lt-1 while B edits ticker tk-1: both kept',
    (d) => editItem(d, 'lt-1', { primaryText: 'From A' }),
    (d) => editItem(d, 'tk-1', { primaryText: 'From B' }),
    (doc) => {
      expect(item(doc, 'lt-1')?.primaryText).toBe('From A');
      expect(item(doc, 'tk-1')?.primaryText).toBe('From B');
    },
  ],
  [
    'A changes the layout while B puts d on air: both kept, positions from the final layout',
    (d) => ({ ...d, layout: 'SPLIT' }),
    (d) => ({ ...d, producers: goOnAir(d.producers, 'd') }),
    (doc) => {
      expect(doc.layout).toBe('SPLIT');
      expect(doc.producers.find((p) => p.id === 'd')?.isLive).toBe(true);
      const expected = buildLayers(goOnAir(base().producers, 'd'), 'SPLIT');
      expect(channelBody(doc, ID, null).layers).toEqual(expected);
      expect(expected.map((l) => l.position)).not.toEqual(buildLayers(goOnAir(base().producers, 'd'), 'PIP').map((l) => l.position));
    },
  ],
  [
    'both edit the text of lt-1: the later one in server order, everywhere',
    (d) => editItem(d, 'lt-1', { primaryText: 'From A' }),
    (d) => editItem(d, 'lt-1', { primaryText: 'From B', selected: false }),
    (doc, order) => expect(item(doc, 'lt-1')?.primaryText).toBe(later(order, 'From A', 'From B')),
  ],
  [
    'A removes lt-2 while B edits it: converges on the later update',
    (d) => ({ ...d, templates: d.templates.filter((t) => t.id !== 'lt-2') }),
    (d) => editItem(d, 'lt-2', { primaryText: 'Kept by B' }),
    (doc, order) => expect(item(doc, 'lt-2')?.primaryText).toBe(order === 'AB' ? 'Kept by B' : undefined),
  ],
  [
    'A changes the brand colour while B turns name tags on: both kept',
    (d) => ({ ...d, brandSettings: { ...d.brandSettings, primaryColor: '#00FF7F' } }),
    (d) => ({ ...d, brandSettings: { ...d.brandSettings, nametagsActive: true } }),
    (doc) => expect(doc.brandSettings).toEqual({ primaryColor: '#00FF7F', nametagsActive: true, selectedTheme: 'lower_third3' }),
  ],
  [
    'A clears the background while B puts a chat message on stream: both kept',
    (d) => ({ ...d, media: { ...d.media, background: null } }),
    (d) => ({ ...d, chatOnStream: createTemplate('CHAT', { id: 'm9', primaryText: 'Hi', secondaryText: 'Bo' }) }),
    (doc) => {
      expect(doc.media.background).toBeNull();
      expect(doc.chatOnStream?.id).toBe('m9');
    },
  ],
  [
    'A adds a lower third while B adds a logo: both kept',
    (d) => ({ ...d, templates: [...d.templates, createTemplate('LOWERTHIRD', { id: 'lt-A' })] }),
    (d) => ({ ...d, templates: [...d.templates, createTemplate('LOGO', { id: 'logo-B', source: '/l.png' })] }),
    (doc) => expect(doc.templates.map((t) => t.id)).toEqual(expect.arrayContaining(['lt-1', 'lt-2', 'tk-1', 'logo-1', 'lt-A', 'logo-B'])),
  ],
  [
    'A takes a off air while B spots c: both kept',
    (d) => ({ ...d, producers: goOffAir(d.producers, 'a') }),
    (d) => ({ ...d, producers: spotlight(d.producers, 'c') }),
    (doc) => {
      expect(doc.producers.find((p) => p.id === 'a')?.isLive).toBe(false);
      expect(doc.producers.find((p) => p.id === 'c')?.isSpotted).toBe(true);
    },
  ],
];

describe('per-key merge of concurrent edits', () => {
  it.each(CASES.flatMap(([name, a, b, check]) => (['AB', 'BA'] as const).map((order) => [`${name} (server order ${order})`, a, b, check, order] as const)))(
    '%s',
    (_, a, b, check, order) => {
      const { server, clients, doc } = merge(a, b, order);
      check(doc, order);
      expect(canonicalJson(clients.A.view())).toBe(canonicalJson(server.keyed));
      expect(canonicalJson(clients.B.view())).toBe(canonicalJson(server.keyed));
      expect(clients.A.hasUnsent() || clients.B.hasUnsent()).toBe(false);
    },
  );
});

describe('per-shape choices merge per key (issue 34)', () => {
  const hide = (ref: string): Edit => (d) => ({ ...d, verticalHidden: { ...d.verticalHidden, [ref]: true } });
  it.each(['AB', 'BA'] as const)('A hides the ticker in vertical while B hides the chat on stream: both kept (server order %s)', (order) => {
    const start = base();
    let server = { ...emptyServerChannel(keyedFromDoc(start)), version: 1 };
    const clients = { A: createSyncClient({ origin: 'A', server }), B: createSyncClient({ origin: 'B', server }) };
    clients.A.localChange(keyedChangesOf(start, hide('tpl:tk-1')(start), [['verticalHidden']]));
    clients.B.localChange(keyedChangesOf(start, hide('chat')(start), [['verticalHidden']]));
    const updates = { A: clients.A.outbox()!, B: clients.B.outbox()! };
    for (const who of order.split('') as ('A' | 'B')[]) {
      server = applyUpdate(server, updates[who]).state;
      clients.A.receive(server);
      clients.B.receive(server);
    }
    expect(docFromKeyed(server.keyed).verticalHidden).toEqual({ 'tpl:tk-1': true, chat: true });
    expect(canonicalJson(clients.A.view())).toBe(canonicalJson(server.keyed));
    expect(canonicalJson(clients.B.view())).toBe(canonicalJson(server.keyed));
  });
});
