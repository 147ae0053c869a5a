// @vitest-environment node
/**
 * DATABASE_URL: the studio backend on a PostgreSQL server instead of PGlite, with the same SQL. A
 * server of Debian's postgresql runs on loopback in a temp folder (src/server/dev/servers/postgresServer.ts):
 * seeding, sign-in, channel updates applied once per origin and sequence, concurrent producers, the
 * item order kept, and a restart of the backend that loses nothing acknowledged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson, type KeyedChannel } from '../../compositor/sync';
import { startBackend, type Backend } from '../../src/server/server';
import { call, channelOf, eventBySharingUrl, producer, removeDir, signIn, tempDir, type Json } from './helpers';
import { startPostgres, type PostgresServer } from '../../src/server/dev/servers/postgresServer';

let pg: PostgresServer;
let databaseUrl: string;
const dirs: string[] = [];
const servers: Backend[] = [];

beforeAll(async () => {
  pg = await startPostgres();
  databaseUrl = await pg.database('studio_test');
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close().catch(() => undefined)));
  pg?.stop();
  dirs.forEach(removeDir);
});

async function backend(): Promise<Backend> {
  const dataDir = tempDir();
  dirs.push(dataDir);
  return startBackend({ port: 0, dataDir, databaseUrl });
}

const lowerThird = (id: string, text: string) => ({ id, type: 'LOWERTHIRD', theme: '1', number: 0, isVisible: true, isNew: false, isAdding: false, selected: false, position: null, primaryText: text, secondaryText: '', name: '', source: '', template: '', primaryColor: '#0D62C5', fgColor: '', bgColor: '', borderColor: '', fontFamily: '', fontWeight: '', badgeColor: '', initials: '', origin: '' });

describe('the studio backend on a PostgreSQL server (DATABASE_URL)', () => {
  it('seeds, signs in, applies each update once, keeps concurrent producers and the item order, and survives a restart', async () => {
    let server = await backend();
    servers.push(server);
    const { token, userId } = await signIn(server.url, 'producer1');
    expect(userId).toBeTruthy();
    const event = await eventBySharingUrl(server.url, 'product-launch');
    const channel: Json = await channelOf(server.url, token, event.eventId);
    const put = (origin: string, seq: number, changes: Record<string, unknown>) =>
      call(`${server.url}/api/studio/channel/${channel.uuid}`, { method: 'PUT', headers: producer(token), json: { sync: { origin, seq, changes } } });

    // One update, then the same again: applied once.
    const first = await put('tab-a', 1, { layout: 'COVER' });
    expect(first.status).toBe(200);
    const again = await put('tab-a', 1, { layout: 'CINEMA' });
    expect((again.body as Json).version).toBe((first.body as Json).version);
    expect((again.body as Json).layout).toBe('COVER');

    // Ten producers at once, each its own lower third: all kept, in the order the server applied them.
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => put(`tab-${i}`, 1, { [`tpl:lt-${i}`]: lowerThird(`lt-${i}`, `Producer ${i}`) })));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const read = async () => (await call(`${server.url}/api/studio/channel/${channel.uuid}`, { headers: producer(token) })).body as Json;
    const stored = await read();
    const order = Object.keys(stored.keyed as KeyedChannel).filter((k) => k.startsWith('tpl:lt-'));
    expect(order).toHaveLength(10);
    // The item order is the order the server applied them in (json keeps it; jsonb would sort the keys).
    const applied = [...results].sort((x, y) => (x.body as Json).version - (y.body as Json).version).map((r) => Object.keys((r.body as Json).keyed).filter((k) => k.startsWith('tpl:lt-')).at(-1));
    expect(order).toEqual(applied);

    // A restart on the same database loses nothing acknowledged.
    await server.close();
    server = await backend();
    servers.push(server);
    const { token: again2 } = await signIn(server.url, 'producer1');
    const after = (await call(`${server.url}/api/studio/channel/${channel.uuid}`, { headers: producer(again2) })).body as Json;
    expect(after.version).toBe(stored.version);
    expect(canonicalJson(after.keyed)).toBe(canonicalJson(stored.keyed));
    expect(after.applied['tab-a']).toBe(1);
    await server.close();
  });
});
