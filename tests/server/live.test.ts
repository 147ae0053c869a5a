// @vitest-environment node
/**
 * Going live's calls (CONTRACT.md "Going live") through real HTTP and sockets, with the stand-in
 * capture worker (no browser, no ffmpeg: tests/e2e/live.spec.ts streams for real): destinations with
 * their keys never sent back, the broadcast's status and §4 states from the worker, recordings, and
 * the public watch state.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Backend } from '../../src/server/server';
import { DESTINATIONS_MAX } from '../../src/server/live/rules';
import { backendOn, broadcastStates, call, isBroadcastState, channelOf, eventBySharingUrl, producer, removeDir, signIn, studioSocket, tempDir, type Json } from './helpers';

let backend: Backend;
let dir: string;
let base: string;
let p1: { token: string };
let p2: { token: string };
let launch: Json;
let townHall: Json;
const KEY = 'live_0123-abcd-SECRETKEY-9876';

beforeAll(async () => {
  dir = tempDir();
  backend = await backendOn(dir);
  base = backend.url;
  [p1, p2] = await Promise.all([signIn(base, 'producer1'), signIn(base, 'producer2')]);
  [launch, townHall] = await Promise.all([eventBySharingUrl(base, 'product-launch'), eventBySharingUrl(base, 'town-hall')]);
});
afterAll(async () => {
  await backend?.close();
  removeDir(dir);
});

const live = (eventId: string, path = '', init: { method?: string; json?: unknown; token?: string } = {}) =>
  call(`${base}/api/studio/live/${eventId}${path}`, { method: init.method ?? 'GET', headers: producer(init.token ?? p1.token), ...(init.json !== undefined ? { json: init.json } : {}) });

describe('destinations', () => {
  it('adds one and never answers with its key, only the last 4 characters', async () => {
    const added = await live(townHall.eventId, '/destinations', { method: 'POST', json: { name: 'YouTube', serverUrl: 'rtmp://a.rtmp.youtube.com/live2', streamKey: KEY } });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ name: 'YouTube', serverUrl: 'rtmp://a.rtmp.youtube.com/live2', keyLast4: '9876', enabled: true });
    const list = await live(townHall.eventId, '/destinations');
    for (const answer of [added, list]) expect(JSON.stringify(answer.body)).not.toContain('SECRETKEY');
    expect((list.body as Json[]).map((d) => d.name)).toEqual(['YouTube']);
  });

  it('answers bad input with a 400 that says why', async () => {
    const bad = async (json: unknown) => (await live(townHall.eventId, '/destinations', { method: 'POST', json })).body as Json;
    expect(await bad({ name: 'X', serverUrl: 'https://example.com/live', streamKey: 'k' })).toMatchObject({ message: 'The server URL must be an rtmp:// or rtmps:// address' });
    expect(await bad({ name: 'X', serverUrl: 'rtmp://h/live', streamKey: '' })).toMatchObject({ message: 'The stream key is required' });
    expect(await bad({ name: '', serverUrl: 'rtmp://h/live', streamKey: 'k' })).toMatchObject({ message: 'The name is required' });
    expect(await bad({ name: 'X', serverUrl: 'rtmp://h/live', streamKey: 'a b' })).toMatchObject({ message: 'The stream key cannot hold spaces, control characters, / ? or #' });
    expect(await bad('nope')).toMatchObject({ message: 'A destination needs a name, a server URL and a stream key' });
  });

  it('stores, answers and streams to the server URL in the normal form it was checked in', async () => {
    const { body: d } = (await live(townHall.eventId, '/destinations', { method: 'POST', json: { name: 'Hex', serverUrl: 'RTMP://0x7f.1:19350/live', streamKey: 'hex-key-1111' } })) as { body: Json };
    expect(d.serverUrl).toBe('rtmp://127.0.0.1:19350/live');
    const changed = await live(townHall.eventId, `/destinations/${d.id}`, { method: 'PATCH', json: { serverUrl: 'rtmp://2130706433/app/' } });
    expect(changed.body).toMatchObject({ serverUrl: 'rtmp://127.0.0.1/app/' });
    expect((await live(townHall.eventId, `/destinations/${d.id}`, { method: 'DELETE' })).status).toBe(200);
  });

  it('switches one off and on, renames it, changes its key, deletes it', async () => {
    const { body: d } = (await live(townHall.eventId, '/destinations', { method: 'POST', json: { name: 'Twitch', serverUrl: 'rtmp://live.twitch.tv/app', streamKey: 'first-key-1111' } })) as { body: Json };
    const off = await live(townHall.eventId, `/destinations/${d.id}`, { method: 'PATCH', json: { enabled: false } });
    expect(off.body).toMatchObject({ enabled: false, name: 'Twitch' });
    expect((await live(townHall.eventId, `/destinations/${d.id}`, { method: 'PATCH', json: { enabled: 'no' } })).status).toBe(400);
    const changed = await live(townHall.eventId, `/destinations/${d.id}`, { method: 'PATCH', json: { name: 'Twitch main', streamKey: 'second-key-2222' } });
    expect(changed.body).toMatchObject({ name: 'Twitch main', keyLast4: '2222', enabled: false });
    expect((await live(townHall.eventId, `/destinations/${d.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await live(townHall.eventId, `/destinations/${d.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it(`keeps at most ${DESTINATIONS_MAX} per event`, async () => {
    const count = ((await live(townHall.eventId, '/destinations')).body as Json[]).length;
    for (let i = count; i < DESTINATIONS_MAX; i++) expect((await live(townHall.eventId, '/destinations', { method: 'POST', json: { name: `D${i}`, serverUrl: 'rtmp://h/live', streamKey: `k${i}` } })).status).toBe(200);
    const over = await live(townHall.eventId, '/destinations', { method: 'POST', json: { name: 'one more', serverUrl: 'rtmp://h/live', streamKey: 'k' } });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ message: `An event has at most ${DESTINATIONS_MAX} destinations` });
  });

  it("are the event's moderators' alone", async () => {
    expect((await live(townHall.eventId, '/destinations', { token: p2.token })).status).toBe(403);
    expect((await live(townHall.eventId, '', { token: p2.token })).status).toBe(403);
    expect((await live(townHall.eventId, '/recordings', { token: p2.token })).status).toBe(403);
    expect((await call(`${base}/api/studio/live/${townHall.eventId}/destinations`)).status).toBe(401);
  });
});

describe('a broadcast', () => {
  it('goes live with a quality, its §4 states and outputs from the worker; stops; leaves a recording; the watch page follows', async () => {
    const channel = await channelOf(base, p1.token, launch.eventId);
    await live(launch.eventId, '/destinations', { method: 'POST', json: { name: 'Custom', serverUrl: 'rtmp://127.0.0.1/live', streamKey: 'custom-key-7777' } });
    const before = await live(launch.eventId);
    expect(before.body).toMatchObject({ watchPath: '/studio/instant-demo/watch/product-launch', status: { job: null } });
    expect(['560p', '720p', '1080p']).toContain((before.body as Json).recommendedQuality);
    expect((await call(`${base}/api/studio/watch/product-launch`)).body).toMatchObject({ title: 'Product Launch Live', state: 'not-live', hls: null });

    const socket = await studioSocket(base, { channel: channel.uuid, token: p1.token });
    await socket.next((m) => m.type === 'registered');
    // A producer learns the broadcast's state on registering.
    expect(await socket.next((m) => m.type === 'live.status')).toMatchObject({ status: { job: null } });
    const go = (path: string, json: unknown = {}) => call(`${base}/api/studio/channel/${channel.uuid}/${path}`, { method: 'POST', headers: producer(p1.token), json });
    expect((await go('golive', { quality: '4k' })).status).toBe(400);
    expect((await go('golive', { quality: '720p' })).body).toMatchObject({ eventStatus: 'LIVE' });
    const status = await socket.next(isBroadcastState('LIVE'));
    // The watch page's HLS is public while the broadcast runs.
    const watch = (await call(`${base}/api/studio/watch/product-launch`)).body as Json;
    expect(watch).toMatchObject({ state: 'live', hls: '/api/studio/watch/product-launch/hls/index.m3u8' });
    expect((await call(`${base}${watch.hls}`)).status).toBe(200);
    expect((await call(`${base}/api/studio/watch/product-launch/hls/seg-0.ts`)).status).toBe(200);
    expect(status.status.job).toMatchObject({ quality: '720p', outputs: [{ kind: 'rtmp', name: 'Custom', state: 'live' }] });
    // A recording being written cannot be deleted.
    const writing = ((await live(launch.eventId, '/recordings')).body as Json[])[0];
    expect(writing).toMatchObject({ state: 'recording' });
    expect((await live(launch.eventId, `/recordings/${writing.id}`, { method: 'DELETE' })).status).toBe(409);
    expect(JSON.stringify(socket.messages)).not.toContain('custom-key');

    expect((await go('stoplive')).body).toMatchObject({ eventStatus: 'NEW' });
    await socket.next(isBroadcastState('TERMINATED'));
    expect(broadcastStates(socket.messages)).toEqual(['CONTAINER_SELECTION', 'LIVE', 'CONTAINER_LIVE_ENDING', 'TERMINATED']);
    expect((await live(launch.eventId)).body).toMatchObject({ status: { job: { state: 'stopped' } } });
    expect((await call(`${base}/api/studio/watch/product-launch`)).body).toMatchObject({ state: 'ended', hls: null });
    // END STREAM ends the public stream at once: the playlist and its segments are gone (410, saying why),
    // even if a file were written there again (a worker's last flush), until the next GO LIVE.
    const hls = join(dir, 'live', launch.eventId, 'hls');
    mkdirSync(hls, { recursive: true });
    writeFileSync(join(hls, 'seg-0.ts'), 'late segment');
    for (const file of ['index.m3u8', 'seg-0.ts']) {
      const ended = await call(`${base}/api/studio/watch/product-launch/hls/${file}`);
      expect(ended.status).toBe(410);
      expect(ended.body).toEqual({ type: 'unknown', code: 'BROADCAST_ENDED', message: 'This broadcast has ended: its live stream is no longer served' });
    }
    socket.close();

    // The stand-in sent no media: the recording is listed as failed, not offered for download.
    const recordings = (await live(launch.eventId, '/recordings')).body as Json[];
    expect(recordings[0]).toMatchObject({ state: 'failed', durationSec: null });
    expect((await live(launch.eventId, `/recordings/${recordings[0].id}/download`)).status).toBe(404);
    expect((await call(`${base}/api/studio/live/${launch.eventId}/recordings/${recordings[0].id}/download?access_token=wrong`)).status).toBe(401);
    expect((await call(`${base}/api/studio/live/${townHall.eventId}/recordings/${recordings[0].id}/download?access_token=${p2.token}`)).status).toBe(403);
    expect((await live(launch.eventId, `/recordings/${recordings[0].id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await live(launch.eventId, '/recordings')).body).toEqual([]);
  });

  it('a destination changed while the worker is on its way out (its channel closed, its exit not yet seen) is told to the next worker, and the backend keeps serving', async () => {
    const channel = await channelOf(base, p1.token, launch.eventId);
    const socket = await studioSocket(base, { channel: channel.uuid, token: p1.token });
    await socket.next((m) => m.type === 'registered');
    const go = (path: string) => call(`${base}/api/studio/channel/${channel.uuid}/${path}`, { method: 'POST', headers: producer(p1.token), json: { quality: '560p' } });
    await go('golive');
    await socket.next(isBroadcastState('LIVE'));
    const hangUp = (await live(launch.eventId, '/destinations', { method: 'POST', json: { name: 'Hang up', serverUrl: 'rtmp://127.0.0.1/live', streamKey: 'hang-up-key' } })).body as Json;
    // The stand-in closes its channel on this add: the next changes reach a worker that cannot hear them.
    const renamed = socket.messages.length;
    for (const name of ['Renamed', 'Renamed again']) expect((await live(launch.eventId, `/destinations/${hangUp.id}`, { method: 'PATCH', json: { name } })).status).toBe(200);
    // The worker started again after its exit gets the destination as it is now.
    const next = await socket.next((m) => socket.messages.indexOf(m) >= renamed && m.type === 'live.status' && m.status.job?.outputs?.some((o: Json) => o.name === 'Renamed again'));
    expect(next.status.job).toMatchObject({ state: 'live' });
    await go('stoplive');
    await socket.next(isBroadcastState('TERMINATED'));
    socket.close();
    await live(launch.eventId, `/destinations/${hangUp.id}`, { method: 'DELETE' });
  });

  it('serves the watch page only its playlist and segments, and says 404 for an unknown event or one never live', async () => {
    expect((await call(`${base}/api/studio/watch/town-hall/hls/index.m3u8`)).body).toMatchObject({ code: 'NOT_FOUND', message: 'This event is not live' });
    expect((await call(`${base}/api/studio/watch/no-such-event`)).status).toBe(404);
    expect((await call(`${base}/api/studio/watch/product-launch/hls/..%2F..%2Flive.log`)).status).toBe(404);
    expect((await call(`${base}/api/studio/watch/product-launch/hls/recording.mp4`)).status).toBe(404);
  });

  it('with a vertical destination switched on: renders both programs, offers the vertical playlist, leaves a recording per shape (issue 34)', async () => {
    const channel = await channelOf(base, p1.token, townHall.eventId);
    for (const d of (await live(townHall.eventId, '/destinations')).body as Json[]) await live(townHall.eventId, `/destinations/${d.id}`, { method: 'DELETE' });
    expect((await live(townHall.eventId, '/destinations', { method: 'POST', json: { name: 'Shorts', serverUrl: 'rtmp://127.0.0.1/live', streamKey: 'shorts-key', shape: 'square' } })).body).toMatchObject({ message: 'The shape is 16:9 or 9:16' });
    const landscape = (await live(townHall.eventId, '/destinations', { method: 'POST', json: { name: 'YouTube', serverUrl: 'rtmp://127.0.0.1/live', streamKey: 'yt-key-1' } })).body as Json;
    expect(landscape).toMatchObject({ shape: '16:9' });
    const vertical = (await live(townHall.eventId, '/destinations', { method: 'POST', json: { name: 'Shorts', serverUrl: 'rtmp://127.0.0.1/live', streamKey: 'shorts-key', shape: '9:16' } })).body as Json;
    expect(vertical).toMatchObject({ name: 'Shorts', shape: '9:16' });
    // Switched off, it asks for no vertical program; a PATCH keeps its shape unless it names one.
    expect((await live(townHall.eventId, `/destinations/${vertical.id}`, { method: 'PATCH', json: { enabled: false } })).body).toMatchObject({ enabled: false, shape: '9:16' });
    expect((await live(townHall.eventId, `/destinations/${vertical.id}`, { method: 'PATCH', json: { shape: 'tall' } })).status).toBe(400);
    expect((await live(townHall.eventId, `/destinations/${vertical.id}`, { method: 'PATCH', json: { enabled: true } })).body).toMatchObject({ enabled: true, shape: '9:16' });
    const info = (await live(townHall.eventId)).body as Json;
    expect(['560p', '720p', '1080p']).toContain(info.recommendedQualityBothShapes);

    const socket = await studioSocket(base, { channel: channel.uuid, token: p1.token });
    await socket.next((m) => m.type === 'registered');
    const go = (path: string) => call(`${base}/api/studio/channel/${channel.uuid}/${path}`, { method: 'POST', headers: producer(p1.token), json: { quality: '560p' } });
    await go('golive');
    const status = await socket.next(isBroadcastState('LIVE'));
    expect(status.status.job).toMatchObject({ shapes: ['16:9', '9:16'], outputs: [{ name: 'YouTube', shape: '16:9' }, { name: 'Shorts', shape: '9:16' }] });
    const watch = (await call(`${base}/api/studio/watch/town-hall`)).body as Json;
    expect(watch).toMatchObject({ state: 'live', hls: '/api/studio/watch/town-hall/hls/index.m3u8', verticalHls: '/api/studio/watch/town-hall/hls-vertical/index.m3u8' });
    expect((await call(`${base}/api/studio/watch/town-hall/hls-vertical/seg-0.ts`)).body).toBe('stand-in 9:16 segment');
    expect((await call(`${base}/api/studio/watch/town-hall/hls-sideways/index.m3u8`)).status).toBe(404);
    const recordings = (await live(townHall.eventId, '/recordings')).body as Json[];
    expect(recordings.map((r) => r.shape).sort()).toEqual(['16:9', '9:16']);
    await go('stoplive');
    await socket.next(isBroadcastState('TERMINATED'));
    expect((await call(`${base}/api/studio/watch/town-hall/hls-vertical/index.m3u8`)).status).toBe(410);
    socket.close();
    for (const d of [landscape, vertical]) await live(townHall.eventId, `/destinations/${d.id}`, { method: 'DELETE' });
  });

  it('a vertical destination switched on while live starts the vertical program then, with its recording; the last one switched off ends it (issue 34)', async () => {
    const channel = await channelOf(base, p1.token, townHall.eventId);
    for (const r of (await live(townHall.eventId, '/recordings')).body as Json[]) await live(townHall.eventId, `/recordings/${r.id}`, { method: 'DELETE' });
    const landscape = (await live(townHall.eventId, '/destinations', { method: 'POST', json: { name: 'YouTube', serverUrl: 'rtmp://127.0.0.1/live', streamKey: 'yt-key-2' } })).body as Json;
    const socket = await studioSocket(base, { channel: channel.uuid, token: p1.token });
    await socket.next((m) => m.type === 'registered');
    const go = (path: string) => call(`${base}/api/studio/channel/${channel.uuid}/${path}`, { method: 'POST', headers: producer(p1.token), json: { quality: '560p' } });
    await go('golive');
    expect((await socket.next(isBroadcastState('LIVE'))).status.job).toMatchObject({ shapes: ['16:9'] });
    expect((await call(`${base}/api/studio/watch/town-hall`)).body).toMatchObject({ verticalHls: null });

    const vertical = (await live(townHall.eventId, '/destinations', { method: 'POST', json: { name: 'Shorts', serverUrl: 'rtmp://127.0.0.1/live', streamKey: 'shorts-key-2', shape: '9:16' } })).body as Json;
    await socket.next((m) => m.type === 'live.status' && m.status.job?.shapes?.length === 2);
    await vi.waitFor(async () => expect((await call(`${base}/api/studio/watch/town-hall`)).body).toMatchObject({ verticalHls: '/api/studio/watch/town-hall/hls-vertical/index.m3u8' }));
    // Switched off, the last vertical one: the vertical program ends (its watch stream goes, its recording is finished), the broadcast goes on.
    const switchedOff = socket.messages.length;
    await live(townHall.eventId, `/destinations/${vertical.id}`, { method: 'PATCH', json: { enabled: false } });
    const ended = await socket.next((m) => socket.messages.indexOf(m) >= switchedOff && m.type === 'live.status' && m.status.job?.shapes?.length === 1);
    expect(ended.status.job).toMatchObject({ state: 'live' });
    await vi.waitFor(async () => {
      expect((await call(`${base}/api/studio/watch/town-hall`)).body).toMatchObject({ state: 'live', verticalHls: null });
      expect((await call(`${base}/api/studio/watch/town-hall/hls-vertical/index.m3u8`)).status).toBe(404);
    });
    await vi.waitFor(async () => expect(((await live(townHall.eventId, '/recordings')).body as Json[]).find((r) => r.shape === '9:16')?.state).not.toBe('recording'));
    // On again: a new vertical program, with a recording of its own.
    const switchedOn = socket.messages.length;
    await live(townHall.eventId, `/destinations/${vertical.id}`, { method: 'PATCH', json: { enabled: true } });
    await socket.next((m) => socket.messages.indexOf(m) >= switchedOn && m.type === 'live.status' && m.status.job?.shapes?.length === 2);
    await vi.waitFor(async () => expect((await call(`${base}/api/studio/watch/town-hall`)).body).toMatchObject({ verticalHls: '/api/studio/watch/town-hall/hls-vertical/index.m3u8' }));
    await go('stoplive');
    await socket.next(isBroadcastState('TERMINATED'));
    socket.close();
    expect(((await live(townHall.eventId, '/recordings')).body as Json[]).map((r) => r.shape).sort()).toEqual(['16:9', '9:16', '9:16']);
    for (const d of [landscape, vertical]) await live(townHall.eventId, `/destinations/${d.id}`, { method: 'DELETE' });
  });
});
