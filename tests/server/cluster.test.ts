// @vitest-environment node
/**
 * Two backend processes' worth of backends (two servers in this test process, each with its own bus
 * connection, node row and Janus) on one PostgreSQL server and one shared data folder behave as
 * one: pushes cross by LISTEN/NOTIFY (a big one by reference), the roster, mutes and kick-outs act
 * across them, the chat's token bucket is shared, a node taken for dead leaves the roster and
 * resyncs its sockets, a meeting room whose Janus went is placed again with the same join token,
 * and a live job goes to the process with room for it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, startBackend, type Backend } from '../../src/server/server';
import { STUDIO_NGINX_CONF } from '../../src/server/dev/servers/loadBalancer';
import { CLOSE_RESYNC, liveCapacity, LIVE_CORES_PER_PROGRAM, NODE_HEARTBEAT_MS, NODE_STALE_MS, NOTIFY_BATCH_MAX, NOTIFY_PAYLOAD_MAX_BYTES } from '../../src/server/cluster/rules';
import { call, channelOf, isBroadcastState, eventBySharingUrl, eventSocket, eventToken, producer, removeDir, signIn, STAND_IN_CAPTURE_WORKER, studioSocket, tempDir, upgradeStatus, wsUrl, type Json } from './helpers';
import { querySql, startPostgres, type PostgresServer } from '../../src/server/dev/servers/postgresServer';

let pg: PostgresServer;
let databaseUrl: string;
const dataDir = tempDir();
let a: Backend;
let b: Backend;

const start = (liveCapacity?: number) => startBackend({ port: 0, dataDir, databaseUrl, captureWorkerEntry: STAND_IN_CAPTURE_WORKER, ...(liveCapacity !== undefined ? { liveCapacity } : {}) });

beforeAll(async () => {
  pg = await startPostgres();
  databaseUrl = await pg.database('studio_cluster');
  // One after the other: the first makes the schema and the sample data.
  a = await start(0);
  b = await start();
});
afterAll(async () => {
  await Promise.all([a, b].map((s) => s?.close().catch(() => undefined)));
  pg?.stop();
  removeDir(dataDir);
});

const sql = <T = Json>(query: string, params: unknown[] = []) => querySql<T>(databaseUrl, query, params);

describe('scale-out rules', () => {
  it('a node beats every 2 s and is gone after three missed beats; NOTIFY carries under 8000 bytes', () => {
    expect(NODE_HEARTBEAT_MS).toBe(2000);
    expect(NODE_STALE_MS).toBe(6000);
    expect(NOTIFY_PAYLOAD_MAX_BYTES).toBeLessThan(8000);
    expect(NOTIFY_BATCH_MAX).toBe(100);
  });

  it("the README shows the load balancer's configuration the tests run, verbatim", () => {
    expect(readFileSync(join(REPO_ROOT, 'README.md'), 'utf8')).toContain(readFileSync(STUDIO_NGINX_CONF, 'utf8'));
  });

  it('a process takes one program per 1.5 cores, at least one, unless configured', () => {
    expect(LIVE_CORES_PER_PROGRAM).toBe(1.5);
    expect(liveCapacity(2)).toBe(1);
    expect(liveCapacity(1)).toBe(1);
    expect(liveCapacity(8)).toBe(5);
    expect(liveCapacity(8, 0)).toBe(0);
    expect(liveCapacity(8, 3)).toBe(3);
  });
});

describe('two backends on one PostgreSQL', () => {
  it('an update saved on one reaches a studio socket on the other, in order, a big one too', async () => {
    const p1 = await signIn(a.url, 'producer1');
    const event = await eventBySharingUrl(a.url, 'product-launch');
    const channel = await channelOf(a.url, p1.token, event.eventId);
    const onB = await studioSocket(b.url, { channel: channel.uuid, token: p1.token });
    await onB.next((m) => m.type === 'registered');
    const put = (seq: number, changes: Record<string, unknown>) => call(`${a.url}/api/studio/channel/${channel.uuid}`, { method: 'PUT', headers: producer(p1.token), json: { sync: { origin: 'tab-cluster', seq, changes } } });
    expect((await put(1, { layout: 'COVER' })).status).toBe(200);
    expect((await put(2, { layout: 'CINEMA' })).status).toBe(200);
    const title = 'x'.repeat(100);
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`tpl:big-${i}`, { id: `big-${i}`, type: 'LOWERTHIRD', primaryText: `${title} ${i}`, secondaryText: title }]));
    const big = await put(3, many);
    expect(big.status, JSON.stringify(big.body)).toBe(200);
    const updates = async (n: number) => {
      await onB.next(() => onB.messages.filter((m) => m.type === 'channel.updated').length >= n, 5000);
      return onB.messages.filter((m) => m.type === 'channel.updated').map((m) => m.channel);
    };
    const seen = await updates(3);
    expect(seen.map((c: Json) => c.layout)).toEqual(['COVER', 'CINEMA', 'CINEMA']);
    expect(JSON.stringify(seen[2]).length).toBeGreaterThan(NOTIFY_PAYLOAD_MAX_BYTES);
    expect(JSON.stringify(seen[2])).toContain(`${title} 49`);
    // In the channel's own item order (the keyed map's key order), as GET answers it.
    const stored = (await call(`${a.url}/api/studio/channel/${channel.uuid}`, { headers: producer(p1.token) })).body as Json;
    expect(Object.keys(seen[2].keyed)).toEqual(Object.keys(stored.keyed));
    // The big one went by reference.
    expect((await sql('SELECT count(*)::int AS n FROM bus_messages'))[0].n).toBeGreaterThan(0);
    onB.close();
  });

  it('the roster is one across both; a mute and a kick-out on one act on a socket of the other', async () => {
    const p1 = await signIn(a.url, 'producer1');
    const p2 = await signIn(b.url, 'producer2');
    const event = await eventBySharingUrl(a.url, 'product-launch');
    const register = async (base: string, token: string, name: string) => {
      const s = await eventSocket(base, { eventId: event.eventId, accessToken: await eventToken(base, token, event.eventId), user: { name } });
      return { s, guid: (await s.next((m) => m.type === 'guid_assigned')).guid as string };
    };
    const one = await register(a.url, p1.token, 'On A');
    const two = await register(b.url, p2.token, 'On B');
    const rosterNames = (m: Json) => (m.msg?.type === 'Event_Roster' ? m.msg.participants.map((p: Json) => p.name).sort() : []);
    await one.s.next((m) => rosterNames(m).join() === 'On A,On B');

    // Producer 2 (on B) mutes producer 1's socket (on A): A's socket hears it.
    const base = `${b.url}/ptapi/api/eventuser/v1/events/${event.eventId}/instance/${event.instanceId}/moderator/${two.guid}`;
    const headers = { Authorization: `Bearer ${await eventToken(b.url, p2.token, event.eventId)}` };
    expect((await call(`${base}/endpoint/${one.guid}?muteAudio=HARD_MUTE`, { method: 'PUT', headers })).status).toBe(200);
    await one.s.next((m) => m.msg?.type === 'Event_Roster' && m.msg.participants.some((p: Json) => p.id === one.guid && p.audioHardMute));

    // Chat sent on B reaches A; the rate limit is one bucket for both.
    const chat = (url: string, token: string, text: string) =>
      call(`${url}/ptapi/api/chat/v1/events/${event.eventId}/instances/${event.instanceId}/chat`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, json: { channel: 'backstage', text } });
    const t2a = await eventToken(a.url, p2.token, event.eventId);
    const t2b = await eventToken(b.url, p2.token, event.eventId);
    expect((await chat(b.url, t2b, 'hello from B')).status).toBe(200);
    await one.s.next((m) => m.type === 'chat.msg' && m.message.body === 'hello from B');
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await chat(i % 2 ? a.url : b.url, i % 2 ? t2a : t2b, `burst ${i}`)).status);
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(statuses.slice(4)).toContain(429);

    // Kick-out on B closes A's socket, and the roster on B no longer has it.
    expect((await call(`${base}/moderator/kickout/presenter/${one.guid}`, { method: 'DELETE', headers })).status).toBe(200);
    expect(await one.s.closed()).toBe(4000);
    await two.s.next((m) => m.msg?.type === 'Event_Roster' && rosterNames(m).join() === 'On B');
    two.s.close();
  });

  it('a node taken for dead: its sockets leave the roster on the others, and it resyncs them', async () => {
    const p1 = await signIn(a.url, 'producer1');
    const p2 = await signIn(b.url, 'producer2');
    const event = await eventBySharingUrl(a.url, 'product-launch');
    const onA = await eventSocket(a.url, { eventId: event.eventId, accessToken: await eventToken(a.url, p1.token, event.eventId), user: { name: 'Paused A' } });
    await onA.next((m) => m.type === 'guid_assigned');
    const onB = await eventSocket(b.url, { eventId: event.eventId, accessToken: await eventToken(b.url, p2.token, event.eventId), user: { name: 'Watcher B' } });
    await onB.next((m) => m.msg?.type === 'Event_Roster' && m.msg.participants.some((p: Json) => p.name === 'Paused A'));

    const [nodeA] = await sql<{ node_id: string }>("SELECT node_id FROM roster_sockets s JOIN roster_entries e USING (event_id, guid) WHERE e.entry->>'name' = 'Paused A'");
    await sql('UPDATE nodes SET heartbeat_at = 0 WHERE id = $1', [nodeA!.node_id]);
    // B's next beat sweeps A away…
    await b.beat();
    await onB.next((m) => m.msg?.type === 'Event_Roster' && !m.msg.participants.some((p: Json) => p.name === 'Paused A') && m.msg.participants.some((p: Json) => p.name === 'Watcher B'));
    // …and A, beating again, finds itself gone and closes its sockets so their clients resync.
    await a.beat();
    expect(await onA.closed()).toBe(CLOSE_RESYNC);
    onB.close();
  });

  it('a process whose LISTEN connection drops connects again and resyncs its sockets; pushes cross again', async () => {
    const p1 = await signIn(a.url, 'producer1');
    const event = await eventBySharingUrl(a.url, 'product-launch');
    const channel = await channelOf(a.url, p1.token, event.eventId);
    const onB = await studioSocket(b.url, { channel: channel.uuid, token: p1.token });
    await onB.next((m) => m.type === 'registered');
    // Every LISTEN connection is cut (as a PostgreSQL restart or a network blip would).
    await sql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()");
    expect(await onB.closed(10_000)).toBe(CLOSE_RESYNC);
    // The client's reconnect: registered again, it hears the next update saved on the other process.
    const again = await studioSocket(b.url, { channel: channel.uuid, token: p1.token });
    await again.next((m) => m.type === 'registered');
    const put = () => call(`${a.url}/api/studio/channel/${channel.uuid}`, { method: 'PUT', headers: producer(p1.token), json: { sync: { origin: 'tab-relisten', seq: Date.now(), changes: { layout: 'SPLIT' } } } });
    await expect.poll(async () => (await put()).status).toBe(200);
    await again.next((m) => m.type === 'channel.updated' && m.channel.layout === 'SPLIT', 30_000);
    again.close();
  });

  it('a live job goes to the process with room (A takes none), and END STREAM reaches it', async () => {
    const p1 = await signIn(a.url, 'producer1');
    const event = await eventBySharingUrl(a.url, 'town-hall');
    const channel = await channelOf(a.url, p1.token, event.eventId);
    const onA = await studioSocket(a.url, { channel: channel.uuid, token: p1.token });
    await onA.next((m) => m.type === 'registered');
    const go = (path: string, json: unknown = {}) => call(`${a.url}/api/studio/channel/${channel.uuid}/${path}`, { method: 'POST', headers: producer(p1.token), json });
    expect((await go('golive', { quality: '720p' })).status).toBe(200);
    // The state and health pushed by B's worker reach the producer on A.
    await onA.next(isBroadcastState('LIVE'), 60_000);
    const [job] = await sql<{ owner: string }>('SELECT owner FROM live_jobs WHERE channel_uuid = $1 ORDER BY started_at DESC LIMIT 1', [channel.uuid]);
    expect(job!.owner).toBe(b.nodeId);
    expect((await go('stoplive')).status).toBe(200);
    await onA.next(isBroadcastState('TERMINATED'), 60_000);
    onA.close();
  });

  it('a meeting room whose Janus went is placed on the other, and the same join token opens the relay there', async () => {
    if (!a.janus || !b.janus) return; // Janus not installed: meeting.test.ts says so
    const p1 = await signIn(a.url, 'producer1');
    const event = await eventBySharingUrl(a.url, 'product-launch');
    const join = async (url: string) => (await call(`${url}/api/studio/meeting/${event.eventId}/join`, { method: 'POST', headers: producer(p1.token) })).body as Json;
    const first = await join(b.url);
    const relay = (url: string) => upgradeStatus(wsUrl(url, '/janus'), ['janus-protocol', `studio-join.${first.meeting.token}`]);
    expect(await relay(a.url)).toBe(101);
    const [placed] = await sql<{ instance_id: string }>('SELECT instance_id FROM meeting_rooms WHERE room = $1', [first.meeting.room]);
    // The backend whose Janus holds the room stops; the other serves the room from its own Janus.
    const [gone, kept] = placed!.instance_id === a.nodeId ? [a, b] : [b, a];
    await gone.close();
    expect(await relay(kept.url)).toBe(101);
    const [moved] = await sql<{ instance_id: string }>('SELECT instance_id FROM meeting_rooms WHERE room = $1', [first.meeting.room]);
    expect(moved!.instance_id).toBe(kept.nodeId);
    expect((await join(kept.url)).meeting.token).toBe(first.meeting.token);
    if (gone === a) a = await start(0);
    else b = await start();
  });
});
