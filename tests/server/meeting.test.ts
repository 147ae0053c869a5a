// @vitest-environment node
/**
 * The meeting (CONTRACT.md "Meeting: guests and media"): invites, guests, the guest token, the event
 * socket's participant state and a guest's removal, through real HTTP and sockets; and Janus itself
 * (its WebSocket API, as a browser speaks it): a publisher join needs the backend's join token, a room
 * needs the admin key, a removed guest's token joins no more. The tests that need a guest, or Janus,
 * are skipped when Janus is not installed (`node tests/ensure-janus.mjs` installs it).
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { janusAdmin } from '../../src/server/janus/admin';
import { janusBin, startJanus } from '../../src/server/janus/launcher';
import type { Backend } from '../../src/server/server';
import { AUDIO_OFFER, backendOn, bearer, call, channelOf, eventBySharingUrl, eventSocket, eventToken, producer, removeDir, signIn, studioSocket, tempDir, upgradeStatus, type Json, type TestSocket } from './helpers';

const HAS_JANUS = janusBin() !== null && process.env.STUDIO_JANUS !== '0';
if (!HAS_JANUS) console.warn('meeting.test.ts: Janus is not installed (or STUDIO_JANUS=0): the guest and Janus tests are skipped. Install it with: node tests/ensure-janus.mjs');
const withJanus = describe.skipIf(!HAS_JANUS);

const INDEX_HTML = `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'self'; connect-src 'self'" /></head><body></body></html>`;

let backend: Backend;
/** A second backend without Janus, its invites lasting 300 ms. */
let bare: Backend;
let dir: string;
let bareDir: string;
let base: string;
let p1: { token: string; userId: string };
let p2: { token: string; userId: string };
let launch: Json;
let townHall: Json;
let launchToken1: string;

const studio = (path: string) => `${base}/api/studio/${path}`;
const moderatorBase = (eventId: string, instanceId: string) => `${base}/ptapi/api/eventuser/v1/events/${eventId}/instance/${instanceId}/moderator/mod-guid`;
const isRoster = (m: Json) => m.type === 'msg' && m.msg.type === 'Event_Roster';
/** The first roster pushed after `after` (a count of the socket's messages) that passes `match`. */
const rosterAfter = (s: TestSocket, after: number, match: (participants: Json[]) => boolean) => s.next((m) => s.messages.indexOf(m) >= after && isRoster(m) && match(m.msg.participants));
const entryOf = (participants: Json[], id: string) => participants.find((p: Json) => p.id === id);

beforeAll(async () => {
  dir = tempDir();
  bareDir = tempDir();
  mkdirSync(join(dir, 'dist'), { recursive: true });
  writeFileSync(join(dir, 'dist', 'index.html'), INDEX_HTML);
  [backend, bare] = await Promise.all([
    backendOn(dir, { embedded: true, distDir: join(dir, 'dist') }),
    backendOn(bareDir, { embedded: true, janus: false, inviteTtlMs: 300 }),
  ]);
  base = backend.url;
  [p1, p2] = await Promise.all([signIn(base, 'producer1'), signIn(base, 'producer2')]);
  [launch, townHall] = await Promise.all([eventBySharingUrl(base, 'product-launch'), eventBySharingUrl(base, 'town-hall')]);
  launchToken1 = await eventToken(base, p1.token, launch.eventId);
});
afterAll(async () => {
  await Promise.all([backend?.close(), bare?.close()]);
  removeDir(dir);
  removeDir(bareDir);
});

describe('config and producers', () => {
  withJanus('with Janus: config.json says meeting; pages reach Janus on the backend\'s own origin', () => {
    it('config.json has meeting: true; the CSP opens nothing more than the own origin (Janus is relayed at /janus)', async () => {
      expect(backend.janus?.wsUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
      expect((await call(`${base}/studio/instant-demo/config.json`)).body).toMatchObject({ backend: 'server', meeting: true });
      const html = await fetch(`${base}/studio/instant-demo/`);
      expect(html.headers.get('content-security-policy')).not.toContain(backend.janus!.wsUrl);
    });

    it('/janus relays Janus\' WebSocket API for a join token\'s holder (a session can be created through it)', async () => {
      const join = (await call(studio(`meeting/${launch.eventId}/join`), { method: 'POST', headers: producer(p1.token) })).body as Json;
      const ws = new WebSocket(`${base.replace('http', 'ws')}/janus`, ['janus-protocol', `studio-join.${join.meeting.token}`]);
      const answer = await new Promise<Json>((resolve, reject) => {
        ws.on('open', () => ws.send(JSON.stringify({ janus: 'create', transaction: 'relay-1' })));
        ws.on('message', (data) => resolve(JSON.parse(String(data)) as Json));
        ws.on('error', reject);
      });
      ws.close();
      expect(answer).toMatchObject({ janus: 'success', transaction: 'relay-1', data: { id: expect.any(Number) } });
    });

    it('producer join: participantId producer-{userId}, the room of the instance, a token (the same one again)', async () => {
      const join = await call(studio(`meeting/${launch.eventId}/join`), { method: 'POST', headers: producer(p1.token) });
      expect(join.status).toBe(200);
      expect(join.body).toEqual({ participantId: `producer-${p1.userId}`, meeting: { url: '/janus', room: `ev-${launch.eventId}-${launch.instanceId}`, token: expect.any(String) } });
      const again = await call(studio(`meeting/${launch.eventId}/join`), { method: 'POST', headers: bearer(p1.token) });
      expect((again.body as Json).meeting.token).toBe((join.body as Json).meeting.token);
    });

    it('producer join: 409 NO_INSTANCE before the instance exists', async () => {
      // The events list does not start the instance clock (public details would).
      const list = await call(`${base}/ptapi/api/scheduling/v1/users/${p1.userId}/events?from=0`, { headers: bearer(p1.token) });
      const waiting = (list.body as Json).events.find((e: Json) => e.sharingUrl === 'instance-wait');
      const res = await call(studio(`meeting/${waiting.eventId}/join`), { method: 'POST', headers: producer(p1.token) });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'NO_INSTANCE' });
    });
  });

  it('producer join: 401 without a token, 403 for a producer who does not moderate the event', async () => {
    expect((await call(studio(`meeting/${launch.eventId}/join`), { method: 'POST' })).status).toBe(401);
    const res = await call(studio(`meeting/${townHall.eventId}/join`), { method: 'POST', headers: producer(p2.token) });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'FORBIDDEN' });
    expect((await call(studio(`meeting/${townHall.eventId}/invite`), { headers: producer(p2.token) })).status).toBe(403);
    expect((await call(studio(`meeting/${townHall.eventId}/invite/rotate`), { method: 'POST', headers: producer(p2.token) })).status).toBe(403);
  });

  it('without Janus: config.json meeting false, producer and guest joins 503 MEETING_UNAVAILABLE, invites still work', async () => {
    expect(bare.janus).toBeNull();
    expect(bare.janusOff).toBe('disabled');
    expect((await call(`${bare.url}/studio/instant-demo/config.json`)).body).toMatchObject({ meeting: false });
    const { token } = await signIn(bare.url, 'producer1');
    const event = await eventBySharingUrl(bare.url, 'product-launch');
    const join = await call(`${bare.url}/api/studio/meeting/${event.eventId}/join`, { method: 'POST', headers: producer(token) });
    expect(join.status).toBe(503);
    expect(join.body).toMatchObject({ code: 'MEETING_UNAVAILABLE', type: 'unknown' });
    const invite = (await call(`${bare.url}/api/studio/meeting/${event.eventId}/invite`, { headers: producer(token) })).body as Json;
    const guest = await call(`${bare.url}/api/studio/guest/${invite.inviteToken}/join`, { method: 'POST', json: { name: 'Gina' } });
    expect(guest.status).toBe(503);
    expect(guest.body).toMatchObject({ code: 'MEETING_UNAVAILABLE' });
  });
});

describe('invites', () => {
  const unknown = { code: 'INVITE_UNKNOWN', message: 'This invite link is not valid. Ask the host for a new one.' };

  it('GET answers the current invite (the same until it is rotated); the invite names its event', async () => {
    const first = await call(studio(`meeting/${townHall.eventId}/invite`), { headers: producer(p1.token) });
    expect(first.status).toBe(200);
    const invite = first.body as Json;
    expect(invite).toEqual({ inviteToken: expect.any(String), expiresAt: expect.any(Number) });
    expect(invite.expiresAt).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(invite.expiresAt).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
    expect((await call(studio(`meeting/${townHall.eventId}/invite`), { headers: producer(p1.token) })).body).toEqual(invite);
    const lookup = await call(studio(`guest/${encodeURIComponent(invite.inviteToken)}`));
    expect(lookup.status).toBe(200);
    expect(lookup.body).toEqual({ eventId: townHall.eventId, eventTitle: 'Quarterly Town Hall' });
  });

  it('rotate: a new invite; the old one is 404 INVITE_UNKNOWN at once; GET answers the new one', async () => {
    const old = ((await call(studio(`meeting/${townHall.eventId}/invite`), { headers: producer(p1.token) })).body as Json).inviteToken;
    const rotated = await call(studio(`meeting/${townHall.eventId}/invite/rotate`), { method: 'POST', headers: producer(p1.token) });
    expect(rotated.status).toBe(200);
    const fresh = (rotated.body as Json).inviteToken;
    expect(fresh).not.toBe(old);
    const stale = await call(studio(`guest/${encodeURIComponent(old)}`));
    expect(stale.status).toBe(404);
    expect(stale.body).toMatchObject(unknown);
    const staleJoin = await call(studio(`guest/${encodeURIComponent(old)}/join`), { method: 'POST', json: { name: 'Gina' } });
    expect(staleJoin.status).toBe(404);
    expect(staleJoin.body).toMatchObject(unknown);
    expect(((await call(studio(`meeting/${townHall.eventId}/invite`), { headers: producer(p1.token) })).body as Json).inviteToken).toBe(fresh);
    expect((await call(studio(`guest/${encodeURIComponent(fresh)}`))).status).toBe(200);
  });

  it('an invite never issued is 404 INVITE_UNKNOWN', async () => {
    const res = await call(studio('guest/made-up-invite'));
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject(unknown);
  });

  it('expiry: 410 INVITE_EXPIRED once it is past; GET then makes a new one', async () => {
    const { token } = await signIn(bare.url, 'producer1');
    const event = await eventBySharingUrl(bare.url, 'town-hall');
    const first = (await call(`${bare.url}/api/studio/meeting/${event.eventId}/invite`, { headers: producer(token) })).body as Json;
    expect(first.expiresAt - Date.now()).toBeLessThanOrEqual(300);
    await new Promise((r) => setTimeout(r, 400));
    const expired = { code: 'INVITE_EXPIRED', message: 'This invite link has expired. Ask the host for a new one.' };
    const lookup = await call(`${bare.url}/api/studio/guest/${encodeURIComponent(first.inviteToken)}`);
    expect(lookup.status).toBe(410);
    expect(lookup.body).toMatchObject(expired);
    const join = await call(`${bare.url}/api/studio/guest/${encodeURIComponent(first.inviteToken)}/join`, { method: 'POST', json: { name: 'Gina' } });
    expect(join.status).toBe(410);
    expect(join.body).toMatchObject(expired);
    const next = (await call(`${bare.url}/api/studio/meeting/${event.eventId}/invite`, { headers: producer(token) })).body as Json;
    expect(next.inviteToken).not.toBe(first.inviteToken);
    expect((await call(`${bare.url}/api/studio/guest/${encodeURIComponent(next.inviteToken)}`)).status).toBe(200);
  });
});

/** A guest of product-launch, joined through its current invite. */
async function joinAsGuest(name: string): Promise<Json> {
  const invite = ((await call(studio(`meeting/${launch.eventId}/invite`), { headers: producer(p1.token) })).body as Json).inviteToken;
  const res = await call(studio(`guest/${encodeURIComponent(invite)}/join`), { method: 'POST', json: { name } });
  if (res.status !== 200) throw new Error(`guest join: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

withJanus('guests', () => {
  let host: TestSocket;
  let hostGuid: string;

  beforeAll(async () => {
    host = await eventSocket(base, { eventId: launch.eventId, accessToken: launchToken1, user: { id: p1.userId, name: 'Priya Patel' } });
    hostGuid = (await host.next((m) => m.type === 'guid_assigned')).guid;
  });
  afterAll(() => host?.close());

  it('join: the guest token, its participant id, the event, the channel and the meeting; a name is required', async () => {
    const invite = ((await call(studio(`meeting/${launch.eventId}/invite`), { headers: producer(p1.token) })).body as Json).inviteToken;
    for (const name of ['', '   ', 'x'.repeat(101), 42]) {
      const bad = await call(studio(`guest/${encodeURIComponent(invite)}/join`), { method: 'POST', json: { name } });
      expect(bad.status).toBe(400);
    }
    const guest = await joinAsGuest('Gina Guest');
    const channel = await channelOf(base, p1.token, launch.eventId);
    expect(guest).toEqual({
      guestToken: expect.any(String),
      participantId: expect.stringMatching(/^guest-[0-9a-f]{16}$/),
      eventId: launch.eventId,
      instanceId: launch.instanceId,
      eventTitle: 'Product Launch Live',
      channel: channel.uuid,
      meeting: { url: '/janus', room: `ev-${launch.eventId}-${launch.instanceId}`, token: expect.any(String) },
    });
    const other = await joinAsGuest('Gina Guest');
    expect(other.participantId).not.toBe(guest.participantId);
    expect(other.meeting.token).not.toBe(guest.meeting.token);
  });

  it('the guest token reads the channel where an output token does, only its own event', async () => {
    const guest = await joinAsGuest('Reader');
    const channel = await channelOf(base, p1.token, launch.eventId);
    const read = await call(studio(`channel/${channel.uuid}?outputToken=${encodeURIComponent(guest.guestToken)}`));
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ uuid: channel.uuid });
    const s = await studioSocket(base, { channel: channel.uuid, outputToken: guest.guestToken });
    expect((await s.next((m) => m.type === 'registered')).channel.uuid).toBe(channel.uuid);
    s.close();
    const hall = await channelOf(base, p1.token, townHall.eventId);
    expect((await call(studio(`channel/${hall.uuid}?outputToken=${encodeURIComponent(guest.guestToken)}`))).status).toBe(403);
    expect(await (await studioSocket(base, { channel: hall.uuid, outputToken: guest.guestToken })).closed()).toBe(4403);
    // A guest token writes nothing.
    expect((await call(studio(`channel/${channel.uuid}`), { method: 'PUT', headers: producer(guest.guestToken), json: {} })).status).toBe(401);
  });

  it('socket: guid = participant id, role Panelist, the new roster fields; a re-register keeps the guid and the entry', async () => {
    const guest = await joinAsGuest('Gina Guest');
    const after = host.messages.length;
    const g = await eventSocket(base, { eventId: launch.eventId, guestToken: guest.guestToken, user: { name: 'Gina' } });
    expect((await g.next((m) => m.type === 'guid_assigned')).guid).toBe(guest.participantId);
    const roster = await rosterAfter(host, after, (ps) => !!entryOf(ps, guest.participantId));
    expect(entryOf(roster.msg.participants, guest.participantId)).toEqual({
      id: guest.participantId,
      participantId: guest.participantId,
      name: 'Gina',
      role: 'Panelist',
      joinTime: expect.any(Number),
      audioMute: false,
      videoMute: false,
      audioHardMute: false,
      videoHardMute: false,
      shareScreen: false,
      voiceProcessing: false,
      contentShareMute: false,
    });
    expect(entryOf(roster.msg.participants, hostGuid)).toMatchObject({ role: 'Moderator', participantId: `producer-${p1.userId}`, shareScreen: false, voiceProcessing: false, contentShareMute: false });

    // A moderator's hard mute and rename survive the guest's reconnect.
    await call(`${moderatorBase(launch.eventId, launch.instanceId)}/endpoint/${guest.participantId}?muteAudio=HARD_MUTE`, { method: 'PUT', headers: bearer(launchToken1) });
    await call(`${moderatorBase(launch.eventId, launch.instanceId)}/rename/${guest.participantId}`, { method: 'PUT', headers: bearer(launchToken1), json: { name: 'Gina (guest)' } });
    const left = host.messages.length;
    g.close();
    await rosterAfter(host, left, (ps) => !entryOf(ps, guest.participantId));
    const again = host.messages.length;
    const g2 = await eventSocket(base, { eventId: launch.eventId, guestToken: guest.guestToken, user: { name: 'Gina' } });
    expect((await g2.next((m) => m.type === 'guid_assigned')).guid).toBe(guest.participantId);
    const back = await rosterAfter(host, again, (ps) => !!entryOf(ps, guest.participantId));
    expect(entryOf(back.msg.participants, guest.participantId)).toMatchObject({ name: 'Gina (guest)', audioMute: true, audioHardMute: true });

    // Two sockets of one guest are one roster entry.
    const twice = host.messages.length;
    const g3 = await eventSocket(base, { eventId: launch.eventId, guestToken: guest.guestToken, user: { name: 'Gina' } });
    await g3.next((m) => m.type === 'guid_assigned');
    const both = await rosterAfter(host, twice, () => true);
    expect(both.msg.participants.filter((p: Json) => p.id === guest.participantId)).toHaveLength(1);
    g2.close();
    g3.close();
  });

  it('socket: an unknown guest token is 4401, a guest token of another event 4403', async () => {
    expect(await (await eventSocket(base, { eventId: launch.eventId, guestToken: 'made-up', user: { name: 'X' } })).closed()).toBe(4401);
    const guest = await joinAsGuest('Elsewhere');
    expect(await (await eventSocket(base, { eventId: townHall.eventId, guestToken: guest.guestToken, user: { name: 'X' } })).closed()).toBe(4403);
  });

  it('state: own mutes, screen share and name; an unmute of a hard-muted medium is refused', async () => {
    const guest = await joinAsGuest('Stan State');
    const g = await eventSocket(base, { eventId: launch.eventId, guestToken: guest.guestToken, user: {} });
    await g.next((m) => m.type === 'guid_assigned');
    const id = guest.participantId;

    let mark = host.messages.length;
    g.send({ type: 'state', audioMute: true, videoMute: true, name: 'Stan' });
    await rosterAfter(host, mark, (ps) => entryOf(ps, id)?.audioMute === true && entryOf(ps, id)?.videoMute === true && entryOf(ps, id)?.name === 'Stan');

    await call(`${moderatorBase(launch.eventId, launch.instanceId)}/endpoint/${id}?muteAudio=HARD_MUTE`, { method: 'PUT', headers: bearer(launchToken1) });
    mark = host.messages.length;
    g.send({ type: 'state', audioMute: false, videoMute: false });
    const refused = await rosterAfter(host, mark, (ps) => entryOf(ps, id)?.videoMute === false);
    expect(entryOf(refused.msg.participants, id)).toMatchObject({ audioMute: true, audioHardMute: true, videoMute: false });

    await call(`${moderatorBase(launch.eventId, launch.instanceId)}/endpoint/${id}?muteAudio=UNMUTE`, { method: 'PUT', headers: bearer(launchToken1) });
    mark = host.messages.length;
    g.send({ type: 'state', audioMute: false, shareScreen: true });
    const shared = await rosterAfter(host, mark, (ps) => entryOf(ps, id)?.shareScreen === true);
    expect(entryOf(shared.msg.participants, id)).toMatchObject({ audioMute: false, audioHardMute: false, shareScreen: true });

    // A producer sends state for itself too.
    mark = host.messages.length;
    host.send({ type: 'state', videoMute: true });
    await rosterAfter(host, mark, (ps) => entryOf(ps, hostGuid)?.videoMute === true);
    host.send({ type: 'state', videoMute: false });
    g.close();
  });

  it('stopShare sets the sharer contentShareMute; sharing again clears it; voiceProcessing is kept on the entry', async () => {
    const guest = await joinAsGuest('Sharon Share');
    const g = await eventSocket(base, { eventId: launch.eventId, guestToken: guest.guestToken, user: {} });
    await g.next((m) => m.type === 'guid_assigned');
    const id = guest.participantId;
    let mark = g.messages.length;
    g.send({ type: 'state', shareScreen: true });
    await rosterAfter(g, mark, (ps) => entryOf(ps, id)?.shareScreen === true);
    mark = g.messages.length;
    host.send({ type: 'stopShare', guid: id });
    const asked = await rosterAfter(g, mark, (ps) => entryOf(ps, id)?.contentShareMute === true);
    expect(entryOf(asked.msg.participants, id)).toMatchObject({ shareScreen: true, contentShareMute: true });
    mark = g.messages.length;
    g.send({ type: 'state', shareScreen: false });
    g.send({ type: 'state', shareScreen: true });
    await rosterAfter(g, mark, (ps) => entryOf(ps, id)?.shareScreen === true && entryOf(ps, id)?.contentShareMute === false);

    mark = g.messages.length;
    const vp = await call(`${moderatorBase(launch.eventId, launch.instanceId)}/endpoint/${id}?voiceProcessing=true`, { method: 'PUT', headers: bearer(launchToken1) });
    expect(vp.status).toBe(200);
    await rosterAfter(g, mark, (ps) => entryOf(ps, id)?.voiceProcessing === true);
    g.close();
  });

  it('output join: the output token or a guest token admits a receive-only member; anything else is refused', async () => {
    const channel = await channelOf(base, p1.token, launch.eventId);
    const rotated = await call(studio(`channel/${channel.uuid}/outputToken`), { method: 'POST', headers: producer(p1.token) });
    const outputToken = (rotated.body as Json).outputToken as string;
    const out = await call(studio(`meeting/output/${channel.uuid}?outputToken=${encodeURIComponent(outputToken)}`), { method: 'POST' });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ participantId: expect.stringMatching(/^output-[0-9a-f]{16}$/), meeting: { url: '/janus', room: `ev-${launch.eventId}-${launch.instanceId}`, token: expect.any(String) } });
    const guest = await joinAsGuest('Rita Return');
    const ret = await call(studio(`meeting/output/${channel.uuid}?outputToken=${encodeURIComponent(guest.guestToken)}`), { method: 'POST' });
    expect(ret.body).toMatchObject({ participantId: `${guest.participantId}~return` });
    expect((await call(studio(`meeting/output/${channel.uuid}?outputToken=wrong`), { method: 'POST' })).status).toBe(403);
    await call(`${moderatorBase(launch.eventId, launch.instanceId)}/moderator/kickout/presenter/${guest.participantId}`, { method: 'DELETE', headers: bearer(launchToken1) });
    const removed = await call(studio(`meeting/output/${channel.uuid}?outputToken=${encodeURIComponent(guest.guestToken)}`), { method: 'POST' });
    expect([removed.status, (removed.body as Json).code]).toEqual([403, 'GUEST_REMOVED']);
  });

  it('kick-out of a guest: sockets closed (4000, studio 4403 REMOVED), token revoked (4403 REMOVED, 403 GUEST_REMOVED)', async () => {
    const guest = await joinAsGuest('Kim Kicked');
    const channel = await channelOf(base, p1.token, launch.eventId);
    const g = await eventSocket(base, { eventId: launch.eventId, guestToken: guest.guestToken, user: {} });
    await g.next((m) => m.type === 'guid_assigned');
    const program = await studioSocket(base, { channel: channel.uuid, outputToken: guest.guestToken });
    await program.next((m) => m.type === 'registered');
    const mark = host.messages.length;

    const kick = await call(`${moderatorBase(launch.eventId, launch.instanceId)}/moderator/kickout/presenter/${guest.participantId}`, { method: 'DELETE', headers: bearer(launchToken1) });
    expect(kick.status).toBe(200);
    expect(await g.closed()).toBe(4000);
    expect(g.closeReason).toBe('Removed by a moderator');
    expect(await program.closed()).toBe(4403);
    expect(program.closeReason).toBe('REMOVED');
    await rosterAfter(host, mark, (ps) => !entryOf(ps, guest.participantId));

    const again = await eventSocket(base, { eventId: launch.eventId, guestToken: guest.guestToken, user: {} });
    expect(await again.closed()).toBe(4403);
    expect(again.closeReason).toBe('REMOVED');
    const read = await call(studio(`channel/${channel.uuid}?outputToken=${encodeURIComponent(guest.guestToken)}`));
    expect(read.status).toBe(403);
    expect(read.body).toMatchObject({ code: 'GUEST_REMOVED', message: 'You were removed from this event by the host.' });
    const studioAgain = await studioSocket(base, { channel: channel.uuid, outputToken: guest.guestToken });
    expect(await studioAgain.closed()).toBe(4403);
    expect(studioAgain.closeReason).toBe('REMOVED');
  });
});

/** Janus' WebSocket API as a browser speaks it (subprotocol janus-protocol). */
class JanusClient {
  readonly events: Json[] = [];
  private readonly pending = new Map<string, (m: Json) => void>();
  private session = 0;
  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as Json;
      if (m.janus === 'ack') return;
      const resolve = m.transaction ? this.pending.get(m.transaction) : undefined;
      if (resolve) {
        this.pending.delete(m.transaction);
        resolve(m);
      } else this.events.push(m);
    });
  }

  /** `joinToken`: through the backend's /janus relay, the join token it checks at the upgrade. */
  static async open(url: string, joinToken?: string): Promise<JanusClient> {
    const ws = new WebSocket(url, joinToken ? ['janus-protocol', `studio-join.${joinToken}`] : 'janus-protocol');
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const client = new JanusClient(ws);
    client.session = (await client.send({ janus: 'create' })).data.id;
    return client;
  }

  send(body: Record<string, unknown>): Promise<Json> {
    const transaction = Math.random().toString(36).slice(2);
    return new Promise((resolve) => {
      this.pending.set(transaction, resolve);
      this.ws.send(JSON.stringify({ ...body, transaction, ...(this.session ? { session_id: this.session } : {}) }));
    });
  }

  /** A new VideoRoom handle; answers its id. */
  async attach(): Promise<number> {
    return (await this.send({ janus: 'attach', plugin: 'janus.plugin.videoroom' })).data.id;
  }

  /** A VideoRoom request on `handle` (with its SDP, if any), answering the plugin's data. */
  async videoroom(handle: number, body: Record<string, unknown>, jsep?: unknown): Promise<Json> {
    const reply = await this.send({ janus: 'message', handle_id: handle, body, ...(jsep ? { jsep } : {}) });
    return reply.plugindata?.data ?? reply;
  }

  /** Joins `room` as publisher `id` on a new handle. */
  async joinAsPublisher(room: string, id: string, token?: string): Promise<{ handle: number; data: Json }> {
    const handle = await this.attach();
    return { handle, data: await this.videoroom(handle, { request: 'join', ptype: 'publisher', room, id, ...(token === undefined ? {} : { token }) }) };
  }

  /** The close code once the socket closes. */
  closed(): Promise<number> {
    if (this.ws.readyState === this.ws.CLOSED) return Promise.resolve(-1);
    return new Promise((resolve) => this.ws.once('close', (code) => resolve(code)));
  }

  close(): void {
    this.ws.close();
  }
}

withJanus('Janus itself', () => {
  it('a publisher join needs the backend-issued token (433 without, 433 wrong); a room needs the admin key', async () => {
    const guest = await joinAsGuest('Jana Janus');
    const { room, token } = guest.meeting;
    // Straight at Janus' own port, not through the backend's relay: Janus itself refuses.
    const janus = await JanusClient.open(backend.janus!.wsUrl);
    try {
      const none = await janus.joinAsPublisher(room, guest.participantId);
      expect(none.data).toMatchObject({ videoroom: 'event', error_code: 433 });
      const wrong = await janus.joinAsPublisher(room, guest.participantId, 'not-the-token');
      expect(wrong.data).toMatchObject({ videoroom: 'event', error_code: 433 });
      const right = await janus.joinAsPublisher(room, guest.participantId, token);
      expect(right.data).toMatchObject({ videoroom: 'joined', room, id: guest.participantId });

      const handle = await janus.attach();
      const noKey = await janus.videoroom(handle, { request: 'create', room: 'made-by-a-browser' });
      expect(noKey).toMatchObject({ videoroom: 'event', error_code: expect.any(Number) });
      const wrongKey = await janus.videoroom(handle, { request: 'create', room: 'made-by-a-browser', admin_key: 'guess' });
      expect(wrongKey).toMatchObject({ videoroom: 'event', error_code: expect.any(Number) });
      expect(await janus.videoroom(handle, { request: 'exists', room: 'made-by-a-browser' })).toMatchObject({ exists: false });
      // Nor can a browser edit or destroy the event's room without its secret.
      expect(await janus.videoroom(handle, { request: 'destroy', room })).toMatchObject({ error_code: expect.any(Number) });
      expect(await janus.videoroom(handle, { request: 'allowed', room, action: 'add', allowed: ['mine'] })).toMatchObject({ error_code: expect.any(Number) });
    } finally {
      janus.close();
    }
  });

  it('after kick-out the guest feeds (camera and screen) are kicked and its token joins no more', async () => {
    const guest = await joinAsGuest('Kurt Kicked');
    const { room, token, url } = guest.meeting;
    // Through the backend's /janus relay, as a browser reaches it.
    const janus = await JanusClient.open(new URL(url, base.replace('http', 'ws')).href, token);
    try {
      const camera = await janus.joinAsPublisher(room, guest.participantId, token);
      const screen = await janus.joinAsPublisher(room, `${guest.participantId}~screen`, token);
      expect(camera.data.videoroom).toBe('joined');
      expect(screen.data.videoroom).toBe('joined');

      const kick = await call(`${moderatorBase(launch.eventId, launch.instanceId)}/moderator/kickout/presenter/${guest.participantId}`, { method: 'DELETE', headers: bearer(launchToken1) });
      expect(kick.status).toBe(200);
      await vi.waitFor(
        () => {
          const kicked = (handle: number) => janus.events.some((e) => e.sender === handle && e.plugindata?.data?.leaving === 'ok' && e.plugindata.data.reason === 'kicked');
          expect(kicked(camera.handle) && kicked(screen.handle)).toBe(true);
        },
        { timeout: 3000, interval: 50 },
      );
      // The relay closes the removed guest's socket, and its token opens no other.
      expect(await janus.closed()).toBe(4403);
      expect(await upgradeStatus(new URL(url, base.replace('http', 'ws')).href, ['janus-protocol', `studio-join.${token}`])).toBe(401);
      // Straight at Janus, the token is off the room's allowed list.
      const direct = await JanusClient.open(backend.janus!.wsUrl);
      try {
        const rejoin = await direct.joinAsPublisher(room, guest.participantId, token);
        expect(rejoin.data).toMatchObject({ videoroom: 'event', error_code: 433 });
      } finally {
        direct.close();
      }
    } finally {
      janus.close();
    }
  });
});

/** Whether the process runs (a zombie counts as gone). */
function alive(pid: number): boolean {
  const stat = `/proc/${pid}/stat`;
  if (existsSync('/proc/self/stat')) return existsSync(stat) && !/^\d+ \(.*\) Z/.test(readFileSync(stat, 'utf8'));
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('Janus launcher without Janus', () => {
  it('a binary that fails: startJanus rejects with the reason and its last lines', async () => {
    const jdir = tempDir();
    const fake = join(jdir, 'fake-janus');
    writeFileSync(fake, '#!/bin/sh\necho "pretend janus: cannot start"\nexit 3\n');
    chmodSync(fake, 0o755);
    try {
      await expect(startJanus({ dir: join(jdir, 'janus'), bin: fake })).rejects.toThrow(/exited \(code 3\) before it was ready[\s\S]*pretend janus: cannot start/);
    } finally {
      removeDir(jdir);
    }
  });
});

withJanus('Janus launcher and admin client', () => {
  it('writes a VideoRoom-only loopback configuration, answers on both transports, and stop() ends the process', async () => {
    const jdir = tempDir();
    const janus = await startJanus({ dir: jdir });
    try {
      expect(janus).not.toBeNull();
      if (!janus) return;
      const config = readFileSync(join(jdir, 'janus.jcfg'), 'utf8');
      expect(config).toContain('session_timeout = 60');
      expect(config).toContain('libjanus_streaming.so');
      const ws = readFileSync(join(jdir, 'janus.transport.websockets.jcfg'), 'utf8');
      expect(ws).toMatch(/ws_ip = "127\.0\.0\.1"/);
      expect(ws).toContain('admin_ws = false');
      expect(readFileSync(join(jdir, 'janus.transport.http.jcfg'), 'utf8')).toContain('admin_http = false');
      expect(readFileSync(join(jdir, 'janus.plugin.videoroom.jcfg'), 'utf8')).toContain(`admin_key = "${janus.adminKey}"`);
      const info = (await (await fetch(`${janus.httpUrl}/info`)).json()) as Json;
      expect(Object.keys(info.plugins)).toEqual(['janus.plugin.videoroom']);
      expect(Object.keys(info.transports).sort()).toEqual(['janus.transport.http', 'janus.transport.websockets']);
      const client = await JanusClient.open(janus.wsUrl);
      client.close();
    } finally {
      await janus?.stop();
      removeDir(jdir);
    }
    expect(alive(janus!.pid)).toBe(false);
  });

  it('never outlives its process: a SIGKILLed parent still takes Janus down (the watchdog)', async () => {
    const jdir = tempDir();
    const launcher = fileURLToPath(new URL('../../src/server/janus/launcher.ts', import.meta.url));
    const script = join(jdir, 'hold.mts');
    writeFileSync(script, `import { startJanus } from ${JSON.stringify(launcher)};\nconst j = await startJanus({ dir: ${JSON.stringify(join(jdir, 'janus'))} });\nconsole.log(JSON.stringify({ pid: j.pid }));\nsetInterval(() => undefined, 1000);\n`);
    const parent = spawn(process.execPath, ['--import', 'tsx', script], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const pid = await new Promise<number>((resolve, reject) => {
        let out = '';
        parent.stdout.on('data', (d) => {
          out += String(d);
          const m = /"pid":(\d+)/.exec(out);
          if (m) resolve(Number(m[1]));
        });
        parent.once('exit', () => reject(new Error(`the parent exited first: ${out}`)));
      });
      expect(alive(pid)).toBe(true);
      parent.kill('SIGKILL');
      await vi.waitFor(() => expect(alive(pid)).toBe(false), { timeout: 5000, interval: 100 });
    } finally {
      parent.kill('SIGKILL');
      removeDir(jdir);
    }
  });

  it('writes no recording anywhere, even in a room that lets a publisher record where it likes (every folder is protected)', async () => {
    const jdir = tempDir();
    const janus = (await startJanus({ dir: jdir }))!;
    const admin = janusAdmin(janus);
    const client = await JanusClient.open(janus.wsUrl);
    const recordings = join(jdir, 'recordings');
    try {
      expect(readFileSync(join(jdir, 'janus.jcfg'), 'utf8')).toContain('protected_folders = ["/"]');
      await admin.request({ request: 'create', admin_key: janus.adminKey, room: 'records' });
      const { handle } = await client.joinAsPublisher('records', 'someone');
      await client.videoroom(handle, { request: 'publish', record: true, filename: join(recordings, 'asked-for') }, { type: 'offer', sdp: AUDIO_OFFER });
      await new Promise((r) => setTimeout(r, 500));
      const mjr = existsSync(recordings) ? readdirSync(recordings).filter((f) => f.includes('.mjr')) : [];
      expect(mjr).toEqual([]);
      expect(readFileSync(join(jdir, 'janus.log'), 'utf8')).toMatch(/is in protected folder/);
    } finally {
      client.close();
      await admin.close();
      await janus.stop();
      removeDir(jdir);
    }
  });

  it('answers null when the binary is missing', async () => {
    const jdir = tempDir();
    expect(await startJanus({ dir: jdir, bin: '/nonexistent/janus' })).toBeNull();
    removeDir(jdir);
  });

  it('the admin client makes a new session when Janus says its session is gone', async () => {
    const jdir = tempDir();
    const janus = (await startJanus({ dir: jdir }))!;
    const admin = janusAdmin(janus);
    const seen: string[] = [];
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      seen.push(String(input));
      return realFetch(input, init);
    });
    try {
      await admin.ensureRoom('room-a', 'secret-a');
      const session = /\/janus\/(\d+)\/\d+$/.exec(seen.at(-1) ?? '')?.[1];
      expect(session).toBeDefined();
      const destroyed = (await (await realFetch(`${janus.httpUrl}/${session}`, { method: 'POST', body: JSON.stringify({ janus: 'destroy', transaction: 'x' }) })).json()) as Json;
      expect(destroyed.janus).toBe('success');
      await admin.allow('room-a', 'secret-a', 'token-a');
      const after = /\/janus\/(\d+)\/\d+$/.exec(seen.at(-1) ?? '')?.[1];
      expect(after).toBeDefined();
      expect(after).not.toBe(session);
      await admin.kick('room-a', 'secret-a', 'nobody');
      await admin.destroyRoom('room-a', 'secret-a');
    } finally {
      spy.mockRestore();
      await admin.close();
      await janus.stop();
      removeDir(jdir);
    }
  });
});
