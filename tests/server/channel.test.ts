// @vitest-environment node
/** The backend's auth and channel rules, through real HTTP and sockets (CONTRACT.md "Channel", "Sync", "Sockets"). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, changesBetween } from '../../src/server/syncCore';
import type { ChannelBody } from '../../compositor/model/types';
import type { Backend } from '../../src/server/server';
import { APPLIED_ORIGINS_MAX } from '../../src/server/limits';
import { backendOn, bearer, broadcastStates, call, isBroadcastState, channelOf, eventBySharingUrl, eventSocket, eventToken, producer, removeDir, signIn, studioSocket, tempDir, type Json } from './helpers';

let backend: Backend;
let dir: string;
let base: string;
let p1: { token: string; userId: string };
let p2: { token: string; userId: string };
let launch: Json;
let townHall: Json;

beforeAll(async () => {
  dir = tempDir();
  backend = await backendOn(dir, { faults: true });
  base = backend.url;
  [p1, p2] = await Promise.all([signIn(base, 'producer1'), signIn(base, 'producer2')]);
  [launch, townHall] = await Promise.all([eventBySharingUrl(base, 'product-launch'), eventBySharingUrl(base, 'town-hall')]);
});
afterAll(async () => {
  await backend?.close();
  removeDir(dir);
});

/** A body like a client's, from the channel it has, with a brand colour of its own. */
const withColour = (channel: Json, primaryColor: string): ChannelBody => ({ ...bodyOf({ version: 0, applied: {}, keyed: {} }, { name: channel.name, templateUrl: '' }, null), ...pick(channel), brandSettings: { ...channel.brandSettings, primaryColor } });
const pick = (c: Json) => ({ layers: c.layers, layout: c.layout, brandSettings: c.brandSettings, templateAttributes: c.templateAttributes, producerOrder: c.producerOrder, updateReason: c.updateReason });
const put = (uuid: string, token: string, body: unknown) => call(`${base}/api/studio/channel/${uuid}`, { method: 'PUT', headers: producer(token), json: body });

describe('sign-in and tokens', () => {
  it('signs in, and tokenInfo names the user', async () => {
    const info = await call(`${base}/usermanager/oauth2/tokenInfo`, { headers: bearer(p1.token) });
    expect(info.status).toBe(200);
    expect((info.body as Json).user).toMatchObject({ id: p1.userId, username: 'producer1', firstName: 'Priya' });
    const features = await call(`${base}/usermanager/v1/user/${p1.userId}/features`, { headers: bearer(p1.token) });
    expect(features.body).toContainEqual({ name: 'pt_sequin', available: true });
  });

  it('refuses a wrong password and a call without a token (401, §8 body)', async () => {
    await expect(signIn(base, 'producer1', 'nope')).rejects.toThrow('401');
    const anon = await call(`${base}/usermanager/oauth2/tokenInfo`);
    expect(anon.status).toBe(401);
    expect(anon.body).toMatchObject({ code: 'UNAUTHORIZED', type: 'unknown' });
    expect((await call(`${base}/api/studio/channel/list`)).status).toBe(401);
    expect((await call(`${base}/api/studio/channel/list`, { headers: producer('made-up') })).status).toBe(401);
  });

  it('lists only the events the user moderates', async () => {
    const list = async (u: typeof p1) => ((await call(`${base}/ptapi/api/scheduling/v1/users/${u.userId}/events?sortBy=start&order=asc&from=${Date.now()}&nextPageKey=&count=20`, { headers: bearer(u.token) })).body as Json).events.map((e: Json) => e.sharingUrl);
    expect(await list(p1)).toEqual(expect.arrayContaining(['product-launch', 'town-hall', 'instance-wait']));
    expect(await list(p2)).toEqual(['product-launch']);
  });

  it('403 for producer2 on the town-hall event and its channel', async () => {
    const token = await call(`${base}/ptapi/api/security/v1/oauth/accesstoken`, { method: 'POST', headers: bearer(p2.token), json: { eventId: townHall.eventId, grant_type: 'a2mevent', userRole: 'moderator' } });
    expect(token.status).toBe(403);
    const launchToken = await eventToken(base, p2.token, launch.eventId);
    expect((await call(`${base}/ptapi/api/eventdetails/v1/events/${townHall.eventId}/details`, { headers: bearer(launchToken) })).status).toBe(403);
    expect((await call(`${base}/ptapi/api/eventdetails/v1/events/${launch.eventId}/details`, { headers: bearer(launchToken) })).body).toMatchObject({ chatEnabled: true, qnaEnabled: true });
    const hall = await channelOf(base, p1.token, townHall.eventId);
    const get = await call(`${base}/api/studio/channel/${hall.uuid}`, { headers: producer(p2.token) });
    expect(get.status).toBe(403);
    expect(get.body).toMatchObject({ code: 'FORBIDDEN' });
    expect((await put(hall.uuid, p2.token, withColour(hall, '#111111'))).status).toBe(403);
    expect((await call(`${base}/api/studio/channel?ptEventId=${townHall.eventId}`, { headers: producer(p2.token) })).status).toBe(403);
  });
});

describe('channel', () => {
  it('a fresh channel: CLASSIC, default brand settings, no layers, NEW', async () => {
    const c = await channelOf(base, p1.token, townHall.eventId);
    expect(c).toMatchObject({ layout: 'CLASSIC', layers: [], eventStatus: 'NEW', version: 0, applied: {}, ptEventId: townHall.eventId, brandSettings: { nametagsActive: true, primaryColor: '#0D62C5', selectedTheme: 'lower_third1' } });
  });

  it('unknown uuid: 404 with the §8 text', async () => {
    const res = await call(`${base}/api/studio/channel/00000000-0000-0000-0000-000000000000`, { headers: producer(p1.token) });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: 'This chanelID doesnt exist !' });
  });

  it('go live from NEW, not twice; stop live only from LIVE; the job status is pushed through each broadcast state', async () => {
    const c = await channelOf(base, p1.token, townHall.eventId);
    const watcher = await studioSocket(base, { channel: c.uuid, token: p1.token });
    await watcher.next((m) => m.type === 'registered');
    const golive = (path: string) => call(`${base}/api/studio/channel/${c.uuid}/${path}`, { method: 'POST', headers: producer(p1.token), json: {} });

    const stopFirst = await golive('stoplive');
    expect(stopFirst.status).toBe(409);
    expect(stopFirst.body).toMatchObject({ code: 'CONFLICT', message: 'Cannot stop Live: channel is NEW' });

    const live = await golive('golive');
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ eventStatus: 'LIVE' });
    await watcher.next(isBroadcastState('CONTAINER_SELECTION'));
    await watcher.next(isBroadcastState('LIVE'));

    const again = await golive('golive');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: 'Cannot go Live: channel is LIVE' });

    const stop = await golive('stoplive');
    expect(stop.body).toMatchObject({ eventStatus: 'NEW' });
    await watcher.next(isBroadcastState('CONTAINER_LIVE_ENDING'));
    await watcher.next(isBroadcastState('TERMINATED'));
    expect(broadcastStates(watcher.messages)).toEqual(['CONTAINER_SELECTION', 'LIVE', 'CONTAINER_LIVE_ENDING', 'TERMINATED']);
    watcher.close();
  });

  it('an update is applied once per origin and seq; a channel.updated push reaches another socket', async () => {
    const c = await channelOf(base, p1.token, launch.eventId);
    const other = await studioSocket(base, { channel: c.uuid, token: p2.token });
    const registered = await other.next((m) => m.type === 'registered');
    expect(registered.channel).toMatchObject({ uuid: c.uuid, version: c.version });

    const changes = changesBetween(withColour(c, c.brandSettings.primaryColor), withColour(c, '#123456'));
    const update = { ...withColour(c, '#123456'), sync: { origin: 'tab-a', seq: 1, changes } };
    const first = await put(c.uuid, p1.token, update);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ version: c.version + 1, applied: { 'tab-a': 1 }, brandSettings: { primaryColor: '#123456' } });
    const pushed = await other.next((m) => m.type === 'channel.updated');
    expect(pushed.channel).toEqual(first.body);

    // The same update again (a resend): answered with the current channel, not applied, not pushed.
    const second = await put(c.uuid, p1.token, update);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const stored = (await call(`${base}/__test/channel/${c.uuid}`)).body as Json;
    expect(stored.version).toBe(c.version + 1);
    await new Promise((r) => setTimeout(r, 150));
    expect(other.messages.filter((m) => m.type === 'channel.updated')).toHaveLength(1);
    other.close();
  });

  it('a malformed update is 400', async () => {
    const c = await channelOf(base, p1.token, launch.eventId);
    const res = await put(c.uuid, p1.token, { sync: { origin: '', seq: 'x', changes: 3 } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('a value with a field the studio does not write is 400 naming it, and nothing is stored', async () => {
    const c = await channelOf(base, p1.token, townHall.eventId);
    const layer = { number: 2, type: 'PRODUCER', sourceUrl: 'meeting:p1', sourceId: 'p1', sourceName: 'P', isSpotted: false, orderRank: 10, liveRank: 10, payload: 'x'.repeat(60_000) };
    const res = await put(c.uuid, p1.token, { sync: { origin: 'tab-extra', seq: 1, changes: { 'layer:p1': layer } } });
    expect(res.status).toBe(400);
    expect((res.body as Json).message).toBe('Refused channel update: layer:p1 has a field the studio does not write: "payload"');
    expect(((await call(`${base}/__test/channel/${c.uuid}`)).body as Json).version).toBe(c.version);
  });

  it(`the sync record keeps the ${APPLIED_ORIGINS_MAX} most recent origins, so new origins cannot grow the channel without end`, async () => {
    const c = await channelOf(base, p1.token, townHall.eventId);
    for (let i = 0; i < APPLIED_ORIGINS_MAX + 20; i++) expect((await put(c.uuid, p1.token, { sync: { origin: `origin-${i}-${'o'.repeat(80)}`, seq: 1, changes: {} } })).status).toBe(200);
    const applied = ((await call(`${base}/api/studio/channel/${c.uuid}`, { headers: producer(p1.token) })).body as Json).applied as Record<string, number>;
    expect(Object.keys(applied)).toHaveLength(APPLIED_ORIGINS_MAX);
    expect(Object.keys(applied).at(-1)).toMatch(/^origin-119-/);
    expect(Object.keys(applied).some((o) => o.startsWith('origin-19-'))).toBe(false);
  });

  it('output token: read-only access, rotation makes the old one fail at once and closes its sockets', async () => {
    const c = await channelOf(base, p1.token, launch.eventId);
    const noneYet = await call(`${base}/api/studio/channel/${c.uuid}?outputToken=guess`);
    expect(noneYet.status).toBe(403);
    const first = ((await call(`${base}/api/studio/channel/${c.uuid}/outputToken`, { method: 'POST', headers: producer(p1.token) })).body as Json).outputToken as string;
    const read = await call(`${base}/api/studio/channel/${c.uuid}?outputToken=${encodeURIComponent(first)}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ uuid: c.uuid });

    // The output token is no producer token: it writes nothing.
    expect((await put(c.uuid, first, withColour(c, '#000000'))).status).toBe(401);
    const out = await studioSocket(base, { channel: c.uuid, outputToken: first });
    await out.next((m) => m.type === 'registered');
    out.send({ type: 'channel.update', channel: withColour(c, '#000000') });
    out.send({ type: 'ping' });
    await out.next((m) => m.type === 'pong');
    expect(((await call(`${base}/__test/channel/${c.uuid}`)).body as Json).brandSettings.primaryColor).not.toBe('#000000');

    const second = ((await call(`${base}/api/studio/channel/${c.uuid}/outputToken`, { method: 'POST', headers: producer(p1.token) })).body as Json).outputToken as string;
    expect(second).not.toBe(first);
    // The output page that registered with the old token is closed at once, not left reading the channel.
    expect(await out.closed(2000)).toBe(4403);
    expect(out.closeReason).toBe('Output token replaced');
    const stale = await call(`${base}/api/studio/channel/${c.uuid}?outputToken=${encodeURIComponent(first)}`);
    expect(stale.status).toBe(403);
    expect((stale.body as Json).message).toMatch(/output token/);
    expect((await call(`${base}/api/studio/channel/${c.uuid}?outputToken=${encodeURIComponent(second)}`)).status).toBe(200);
    const refused = await studioSocket(base, { channel: c.uuid, outputToken: first });
    expect(await refused.closed()).toBe(4403);
  });

  it('sockets: a bad registration closes with 4401 / 4403', async () => {
    const c = await channelOf(base, p1.token, townHall.eventId);
    expect(await (await studioSocket(base, { channel: c.uuid, token: 'nope' })).closed()).toBe(4401);
    expect(await (await studioSocket(base, { channel: c.uuid, token: p2.token })).closed()).toBe(4403);
    expect(await (await eventSocket(base, { eventId: launch.eventId, accessToken: 'nope', user: { id: p1.userId, name: 'Priya' } })).closed()).toBe(4401);
    const launchToken = await eventToken(base, p2.token, launch.eventId);
    expect(await (await eventSocket(base, { eventId: townHall.eventId, accessToken: launchToken, user: { id: p2.userId, name: 'Paul' } })).closed()).toBe(4403);
  });
});
