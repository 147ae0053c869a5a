// @vitest-environment node
/** The run of show's rundown through real HTTP and sockets (issue 25, CONTRACT.md "Rundown"). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../src/server/server';
import { RUNDOWN_SCENES_MAX, SCENE_NAME_MAX } from '../../src/lib/rundownLimits';
import { APPLIED_ORIGINS_MAX } from '../../src/server/limits';
import { keyedFromRundown } from '../../src/state/rundown/keyed';
import { addScene, emptyRundown, setAutoAdvance, setSceneDuration, setSceneNotes, setSceneTransition } from '../../src/state/rundown/rundown';
import type { SceneLook } from '../../src/state/rundown/types';
import { backendOn, call, channelOf, eventBySharingUrl, producer, removeDir, signIn, studioSocket, tempDir, type Json } from './helpers';

let backend: Backend;
let dir: string;
let base: string;
let p1: { token: string; userId: string };
let p2: { token: string; userId: string };
let launch: Json;
let hall: Json;

beforeAll(async () => {
  dir = tempDir();
  backend = await backendOn(dir);
  base = backend.url;
  [p1, p2] = await Promise.all([signIn(base, 'producer1'), signIn(base, 'producer2')]);
  const [launchEvent, hallEvent] = await Promise.all([eventBySharingUrl(base, 'product-launch'), eventBySharingUrl(base, 'town-hall')]);
  [launch, hall] = await Promise.all([channelOf(base, p1.token, launchEvent.eventId), channelOf(base, p1.token, hallEvent.eventId)]);
});
afterAll(async () => {
  await backend?.close();
  removeDir(dir);
});

const url = (uuid: string) => `${base}/api/studio/channel/${uuid}/rundown`;
const get = (uuid: string, token: string) => call(url(uuid), { headers: producer(token) });
const put = (uuid: string, token: string, origin: string, seq: number, changes: Record<string, unknown>) => call(url(uuid), { method: 'PUT', headers: producer(token), json: { sync: { origin, seq, changes } } });
const scene = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  notes: '',
  durationMs: null,
  transition: null,
  look: { layout: 'CLASSIC', onAir: [{ cardId: 'self', slot: { kind: 'moderator', index: 0 } }] },
  ...extra,
});

describe('rundown', () => {
  it('starts empty, stores an update once, and answers it to GET', async () => {
    const empty = await get(launch.uuid, p1.token);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ uuid: launch.uuid, version: 0, applied: {}, keyed: {} });

    const changes = { 'scene:opening': scene('opening', 'Opening'), order: ['opening'], settings: { transition: { kind: 'fade', durationMs: 500 }, autoAdvance: false } };
    const first = await put(launch.uuid, p1.token, 'tab-a', 1, changes);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ version: 1, applied: { 'tab-a': 1 }, keyed: changes });
    const again = await put(launch.uuid, p1.token, 'tab-a', 1, changes);
    expect(again.body).toMatchObject({ version: 1 });
    expect((await get(launch.uuid, p2.token)).body).toEqual(first.body);
  });

  it('two producers editing different scenes at once both keep their edits, and each is pushed to the other', async () => {
    const watcher = await studioSocket(base, { channel: launch.uuid, token: p2.token });
    await watcher.next((m) => m.type === 'registered');
    const [a, b] = await Promise.all([
      put(launch.uuid, p1.token, 'tab-p1', 1, { 'scene:panel': scene('panel', 'The panel', { durationMs: 600_000, notes: 'Ask Ana first' }) }),
      put(launch.uuid, p2.token, 'tab-p2', 1, { 'scene:closing': scene('closing', 'Closing', { transition: { kind: 'cut' } }) }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const keyed = ((await get(launch.uuid, p1.token)).body as Json).keyed;
    expect(Object.keys(keyed)).toEqual(expect.arrayContaining(['scene:opening', 'scene:panel', 'scene:closing']));
    expect(keyed['scene:panel'].notes).toBe('Ask Ana first');
    const pushed = await watcher.next((m) => m.type === 'rundown.updated' && m.rundown.applied['tab-p1'] === 1);
    expect(pushed.rundown.uuid).toBe(launch.uuid);
    watcher.close();
  });

  it('an output page never receives the rundown (the notes are the moderators\u2019)', async () => {
    const { outputToken } = (await call(`${base}/api/studio/channel/${launch.uuid}/outputToken`, { method: 'POST', headers: producer(p1.token) })).body as Json;
    const output = await studioSocket(base, { channel: launch.uuid, outputToken });
    await output.next((m) => m.type === 'registered');
    expect((await put(launch.uuid, p1.token, 'tab-a', 2, { order: ['opening'] })).status).toBe(200);
    output.send({ type: 'ping' });
    await output.next((m) => m.type === 'pong');
    expect(output.messages.some((m) => m.type === 'rundown.updated')).toBe(false);
    expect((await call(`${url(launch.uuid)}?outputToken=${encodeURIComponent(outputToken)}`)).status).toBe(401);
    output.close();
  });

  it('403 for a producer who does not moderate the channel\u2019s event; 404 for an unknown channel', async () => {
    expect((await get(hall.uuid, p2.token)).status).toBe(403);
    expect((await put(hall.uuid, p2.token, 'x', 1, { order: [] })).status).toBe(403);
    expect((await get('00000000-0000-0000-0000-000000000000', p1.token)).status).toBe(404);
  });

  it.each([
    ['an unknown key', { 'bogus': 1 }, /bogus is not a rundown key/],
    ['a scene under another id', { 'scene:a': scene('b', 'B') }, /its id must be its key/],
    ['a bad scene id', { 'scene:../x': scene('../x', 'X') }, /scene id/],
    ['a long name', { 'scene:long': scene('long', 'x'.repeat(SCENE_NAME_MAX + 1)) }, new RegExp(`name is longer than ${SCENE_NAME_MAX}`)],
    ['a fade of 10 s', { 'scene:slow': scene('slow', 'Slow', { transition: { kind: 'fade', durationMs: 10_000 } }) }, /transition/],
    ['a duration of -1', { 'scene:neg': scene('neg', 'Neg', { durationMs: -1 }) }, /duration/],
    ['an order that is not ids', { order: [1, 2] }, /order/],
    ['settings without autoAdvance', { settings: { transition: { kind: 'cut' } } }, /autoAdvance/],
    // The live take is the channel's (a take is one channel update): the rundown has no such key.
    ['a live take', { live: { sceneId: 'opening', takeId: 't', takenAt: 1, transition: { kind: 'cut' } } }, /live is not a rundown key/],
    // The report: settings took an unknown field of 60,000 characters.
    ['settings with an unknown 60,000-character field', { settings: { transition: { kind: 'cut' }, autoAdvance: false, x: 'x'.repeat(60_000) } }, /settings has a field the studio does not write: "x"/],
    ['a transition with a field of its own', { settings: { transition: { kind: 'cut', why: 'x' }, autoAdvance: false } }, /"transition\.why"/],
    ['a scene with a field the studio does not write', { 'scene:extra': scene('extra', 'Extra', { payload: 'x' }) }, /scene extra has a field the studio does not write: "payload"/],
    ['a look with a field the studio does not write', { 'scene:look': scene('look', 'Look', { look: { layout: 'CLASSIC', onAir: [{ cardId: 'a', slot: { kind: 'guest', index: 0, spare: 1 } }] } }) }, /"look\.onAir\.slot\.spare"/],
    ['vertical choices with a field the studio does not write', { 'scene:tall': scene('tall', 'Tall', { look: { layout: 'CLASSIC', onAir: [], vertical: { layout: null, hidden: [], crop: 1 } } }) }, /"look\.vertical\.crop"/],
  ])('400 for %s, and nothing stored', async (_name, changes, message) => {
    const before = (await get(launch.uuid, p1.token)).body as Json;
    const res = await put(launch.uuid, p1.token, 'tab-bad', before.version + 100, changes);
    expect(res.status).toBe(400);
    expect((res.body as Json).message).toMatch(message);
    expect(((await get(launch.uuid, p1.token)).body as Json).version).toBe(before.version);
  });

  it('400 for a body that is not a sync update', async () => {
    expect((await call(url(launch.uuid), { method: 'PUT', headers: producer(p1.token), json: { order: [] } })).status).toBe(400);
    expect((await call(url(launch.uuid), { method: 'PUT', headers: producer(p1.token), json: { sync: { origin: '', seq: 1, changes: {} } } })).status).toBe(400);
  });

  it('a rundown as the studio keys it (every scene, look and setting field) is stored as sent', async () => {
    const look = { layout: 'CLASSIC', onAir: [{ cardId: 'producer-1', slot: { kind: 'moderator', index: 0 } }], spotlight: 0, lowerThirdId: 'lt', tickerId: null, logoIds: ['lg'], nametagsActive: true, media: { background: { id: 'bg', type: 'image', url: 'https://cdn.example/bg.png', name: 'Bg' }, foregroundImage: null, foregroundVideo: null }, vertical: { layout: 'SPLIT', hidden: ['tpl:tk', 'chat'] } };
    let rundown = addScene(emptyRundown(), 'full', look as SceneLook, 'Full look');
    rundown = setSceneNotes(setSceneDuration(setSceneTransition(rundown, 'full', { kind: 'fade', durationMs: 800 }), 'full', 60_000), 'full', 'Notes');
    rundown = setAutoAdvance(rundown, true);
    const keyed = keyedFromRundown(rundown);
    const res = await put(hall.uuid, p1.token, 'tab-full', 1, keyed);
    expect(res.status).toBe(200);
    expect((res.body as Json).keyed).toEqual(keyed);
  });

  it(`the sync record keeps the ${APPLIED_ORIGINS_MAX} most recent origins (2,700 new origins once grew a rundown past its limit)`, async () => {
    const origins = APPLIED_ORIGINS_MAX + 20;
    for (let i = 0; i < origins; i++) expect((await put(hall.uuid, p1.token, `origin-${i}-${'o'.repeat(80)}`, 1, { order: [] })).status).toBe(200);
    const applied = ((await get(hall.uuid, p1.token)).body as Json).applied as Record<string, number>;
    expect(Object.keys(applied)).toHaveLength(APPLIED_ORIGINS_MAX);
    expect(Object.keys(applied).at(-1)).toMatch(/^origin-119-/);
    expect(Object.keys(applied).some((o) => o.startsWith('origin-19-'))).toBe(false);
  });

  it(`413 past ${RUNDOWN_SCENES_MAX} scenes`, async () => {
    const many = Object.fromEntries(Array.from({ length: RUNDOWN_SCENES_MAX + 1 }, (_, i) => [`scene:s${i}`, scene(`s${i}`, `Scene ${i}`)]));
    const res = await put(hall.uuid, p1.token, 'tab-many', 1, many);
    expect(res.status).toBe(413);
    expect((res.body as Json).message).toMatch(`at most ${RUNDOWN_SCENES_MAX}`);
  });
});
