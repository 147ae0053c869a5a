// @vitest-environment node
/**
 * The audience's limits (issue 32), each by the behaviour it rules, at and past its edge:
 * - AUDIENCE_ADDRESS_RATE: attendee writes (chat, questions, upvotes, votes, hands) from one address to
 *   one event share one bucket, on top of each attendee's own limits (checked first);
 * - JOIN_RATE: joins from one address to one event;
 * - ATTENDEE_PUSH_LIMIT / ATTENDEE_PUSH_WINDOW_MS: the producers' Event_Attendees during a flood of joins;
 * - AUDIENCE_COUNT_PUSH_MS: the count on attendee pages during that flood;
 * - POLL_RESULTS_PUSH_MS: the studio's poll counts during a vote storm.
 * HAND_RATE and QUESTION_RATE are held in audienceHands.test.ts and audienceQna.test.ts, chat's
 * RATE_MAX in attendees.test.ts. Addresses come by X-Forwarded-For from the trusted loopback proxy,
 * so each test has its own; the throttles' clock is this file's to move.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_LIMIT_TEXT, AUDIENCE_ADDRESS_RATE } from '../../src/server/audience/addressRate';
import { POLL_RESULTS_PUSH_MS } from '../../src/server/audience/polls';
import { JOIN_RATE } from '../../src/server/routes/audience';
import { RATE_MAX } from '../../src/server/routes/chat';
import type { Backend } from '../../src/server/server';
import { ATTENDEE_PUSH_LIMIT, ATTENDEE_PUSH_WINDOW_MS, AUDIENCE_COUNT_PUSH_MS } from '../../src/server/sockets/hub';
import { ATTENDEE_PUSH_STALE_MS } from '../../src/server/sockets/attendeeReport';
import { backendOn, bearer, call, eventBySharingUrl, eventSocket, eventToken, removeDir, signIn, tempDir, TestSocket, wsUrl, type Json } from './helpers';

let backend: Backend;
let dir: string;
let base: string;
let launch: Json;
let townHall: Json;
let token: string;
let studio: TestSocket;
/** How far this file moved the throttles' clock, and the clock stopped while a test counts to an edge (refills are real time). */
let skew = 0;
let stoppedAt: number | null = null;
const clock = () => stoppedAt ?? Date.now() + skew;
/** Sockets kept alive as pages do (the backend cuts a socket silent for SILENT_SOCKET_MS). */
const alive = new Set<TestSocket>();
let pinger: NodeJS.Timeout;
const audience = (sharingUrl: string, suffix = '') => `/api/studio/audience/${encodeURIComponent(sharingUrl)}${suffix}`;
const from = (address: string) => ({ 'X-Forwarded-For': address });
const api = (path: string) => `${base}/ptapi/api/${path}`;

interface Attendee {
  cookie: string;
  id: string;
  address: string;
}

async function join(sharingUrl: string, address: string, name = 'Attendee'): Promise<Attendee & { status: number; body: Json; headers: Headers }> {
  const res = await call(`${base}${audience(sharingUrl, '/join')}`, { method: 'POST', headers: from(address), json: { name } });
  return { status: res.status, body: res.body, headers: res.headers, cookie: res.headers.get('set-cookie')?.split(';')[0] ?? '', id: (res.body as Json)?.attendee?.id ?? '', address };
}

/** A write as an attendee from their address. */
const write = (a: Attendee, suffix: string, json: unknown = {}) => call(`${base}${audience(launch.sharingUrl, suffix)}`, { method: 'POST', headers: { Cookie: a.cookie, ...from(a.address) }, json });

async function startedPoll(): Promise<string> {
  const poll = (await call(api(`polling/v1/events/${launch.eventId}/polls`), { method: 'POST', headers: bearer(token), json: { question: 'Tea or coffee?', options: [{ option: 'Tea' }, { option: 'Coffee' }] } })).body as Json;
  const manage = (action: string) => call(api(`polling/v1/events/${launch.eventId}/instances/${launch.instanceId}/polls/${poll.pollGuid}/manage`), { method: 'POST', headers: bearer(token), json: { action } });
  // One poll at a time: end the one of an earlier test.
  const active = ((await call(api(`polling/v1/events/${launch.eventId}/instances/${launch.instanceId}/polls?status=ACTIVE`), { headers: bearer(token) })).body as Json[]) ?? [];
  for (const p of active) await call(api(`polling/v1/events/${launch.eventId}/instances/${launch.instanceId}/polls/${p.pollGuid}/manage`), { method: 'POST', headers: bearer(token), json: { action: 'END' } });
  expect((await manage('START')).status).toBe(200);
  return poll.pollGuid;
}

/** Runs `fn` over `items`, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width) out.push(...(await Promise.all(items.slice(i, i + width).map(fn))));
  return out;
}

beforeAll(async () => {
  dir = tempDir();
  backend = await backendOn(dir, { faults: true, janus: false, trustProxy: ['127.0.0.1'], now: clock });
  pinger = setInterval(() => alive.forEach((socket) => socket.closeCode === null && socket.send({ type: 'ping' })), 2000);
  base = backend.url;
  const p1 = await signIn(base, 'producer1');
  [launch, townHall] = await Promise.all([eventBySharingUrl(base, 'product-launch'), eventBySharingUrl(base, 'town-hall')]);
  token = await eventToken(base, p1.token, launch.eventId);
  studio = await eventSocket(base, { eventId: launch.eventId, accessToken: token, user: { id: p1.userId, name: 'Priya Patel' } });
  await studio.next((m) => m.type === 'guid_assigned');
  alive.add(studio);
  await call(`${base}/__test/event/${launch.eventId}/settings`, { method: 'POST', json: { raiseHandEnabled: true, qnaAutoApprove: true } });
});
afterAll(async () => {
  clearInterval(pinger);
  studio?.close();
  await backend?.close();
  removeDir(dir);
});

describe('AUDIENCE_ADDRESS_RATE: attendee writes per address', () => {
  it('is generous for a NAT and still bounds a script: 300 at once, refilled over a minute', () => {
    expect(AUDIENCE_ADDRESS_RATE).toEqual({ capacity: 300, windowMs: 60_000 });
    // At least a poll of everyone JOIN_RATE lets in over ten minutes, at once.
    expect(AUDIENCE_ADDRESS_RATE.capacity).toBeGreaterThanOrEqual(JOIN_RATE.capacity * 10);
    // A script with any number of attendees on one address writes at most 5 a second, sustained.
    expect((AUDIENCE_ADDRESS_RATE.capacity / AUDIENCE_ADDRESS_RATE.windowMs) * 1000).toBeLessThanOrEqual(5);
  });

  it(`the ${AUDIENCE_ADDRESS_RATE.capacity}th write from one address passes and the next is 429 with Retry-After, whoever writes; an attendee's own refusals spend nothing of it; another address is not held`, async () => {
    const address = '10.1.0.1';
    stoppedAt = clock();
    const [chatty, voter, third] = await Promise.all([join(launch.sharingUrl, address, 'Chatty'), join(launch.sharingUrl, address, 'Voter'), join(launch.sharingUrl, address, 'Third')]);
    // Chatty sends past their own chat limit: RATE_MAX pass and spend the address' tokens, the two refused spend none.
    const chats: number[] = [];
    for (let i = 0; i < RATE_MAX + 2; i++) chats.push((await write(chatty, '/chat', { text: `message ${i}` })).status);
    expect(chats).toEqual([...Array<number>(RATE_MAX).fill(200), 429, 429]);
    // The voter spends the rest on votes in a poll that does not exist (a refused vote costs a token: it reached the database).
    const left = AUDIENCE_ADDRESS_RATE.capacity - RATE_MAX;
    const statuses = await inBatches(Array.from({ length: left }, (_, i) => i), 10, () => write(voter, '/poll/no-such-poll/vote', { optionNumber: 1 }).then((r) => r.status));
    expect(statuses.filter((s) => s === 404).length).toBe(left);
    // Past the edge: any write from that address, by anyone there.
    const refused = await write(third, '/hand', { raised: true });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((refused.body as Json).message).toBe(ADDRESS_LIMIT_TEXT(Number(refused.headers.get('retry-after'))));
    expect((await write(third, '/qna', { content: 'Still there?' })).status).toBe(429);
    const chatRefused = await write(third, '/chat', { text: 'hello?' });
    expect(chatRefused.status).toBe(429);
    expect((chatRefused.body as Json).message).toMatch(/from your network/);
    // Another address is not held.
    const elsewhere = await join(launch.sharingUrl, '10.1.0.2', 'Elsewhere');
    expect((await write(elsewhere, '/hand', { raised: true })).status).toBe(200);
    // One token back after windowMs / capacity (here 200 ms): one write passes, the next waits again.
    stoppedAt += Math.ceil(AUDIENCE_ADDRESS_RATE.windowMs / AUDIENCE_ADDRESS_RATE.capacity);
    expect((await write(third, '/hand', { raised: true })).status).toBe(200);
    expect((await write(third, '/hand', { raised: false })).status).toBe(429);
    skew = stoppedAt - Date.now();
    stoppedAt = null;
  });

  it('a backend started with audienceAddressRate uses it for chat, questions, upvotes, votes and hands alike', async () => {
    const smallDir = tempDir();
    const small = await backendOn(smallDir, { faults: true, janus: false, audienceAddressRate: { capacity: 5, windowMs: 60_000 } });
    try {
      const event = await eventBySharingUrl(small.url, 'product-launch');
      const p1 = await signIn(small.url, 'producer1');
      const modToken = await eventToken(small.url, p1.token, event.eventId);
      await call(`${small.url}/__test/event/${event.eventId}/settings`, { method: 'POST', json: { raiseHandEnabled: true, qnaAutoApprove: true } });
      const poll = (await call(`${small.url}/ptapi/api/polling/v1/events/${event.eventId}/polls`, { method: 'POST', headers: bearer(modToken), json: { question: 'Q?', options: [{ option: 'a' }, { option: 'b' }] } })).body as Json;
      await call(`${small.url}/ptapi/api/polling/v1/events/${event.eventId}/instances/${event.instanceId}/polls/${poll.pollGuid}/manage`, { method: 'POST', headers: bearer(modToken), json: { action: 'START' } });
      const joined = await call(`${small.url}${audience('product-launch', '/join')}`, { method: 'POST', json: { name: 'Only one' } });
      const cookie = joined.headers.get('set-cookie')!.split(';')[0]!;
      const post = (suffix: string, json: unknown) => call(`${small.url}${audience('product-launch', suffix)}`, { method: 'POST', headers: { Cookie: cookie }, json });
      const asked = await post('/qna', { content: 'Published at once?' });
      const id = (asked.body as Json).question.id;
      const statuses = [asked.status, (await post('/chat', { text: 'hi' })).status, (await post(`/qna/${id}/upvote`, {})).status, (await post(`/poll/${poll.pollGuid}/vote`, { optionNumber: 1 })).status, (await post('/hand', { raised: true })).status];
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
      expect((await post('/hand', { raised: false })).status).toBe(429);
    } finally {
      await small.close();
      removeDir(smallDir);
    }
  });
});

describe('JOIN_RATE: joins per address', () => {
  it(`the ${JOIN_RATE.capacity}th join within a minute from one address passes, the next is 429 with Retry-After; another address or another event is not held; a token comes back in windowMs / capacity`, async () => {
    const address = '10.2.0.1';
    stoppedAt = clock();
    const statuses = await inBatches(Array.from({ length: JOIN_RATE.capacity }, (_, i) => i), 10, (i) => join(launch.sharingUrl, address, `Classmate ${i}`).then((r) => r.status));
    expect(statuses).toEqual(Array<number>(JOIN_RATE.capacity).fill(200));
    const refused = await join(launch.sharingUrl, address, 'One too many');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBe(Math.ceil(JOIN_RATE.windowMs / JOIN_RATE.capacity / 1000));
    expect((refused.body as Json).message).toBe(`Too many joins from this address. Try again in ${retryAfter}s.`);
    expect(refused.cookie).toBe('');
    expect((await join(launch.sharingUrl, '10.2.0.2', 'Next door')).status).toBe(200);
    expect((await join(townHall.sharingUrl, address, 'Same address, other event')).status).toBe(200);
    stoppedAt += retryAfter * 1000;
    expect((await join(launch.sharingUrl, address, 'After the wait')).status).toBe(200);
    expect((await join(launch.sharingUrl, address, 'And again')).status).toBe(429);
    skew = stoppedAt - Date.now();
    stoppedAt = null;
  });
});

describe('what a flood of attendees costs the studio', () => {
  const FLOOD = ATTENDEE_PUSH_LIMIT + 1;
  let present: (Attendee & { socket: TestSocket })[] = [];
  afterAll(() => present.forEach((a) => a.socket.close()));

  it(`ATTENDEE_PUSH_LIMIT / ATTENDEE_PUSH_WINDOW_MS: ${FLOOD} attendees arriving at once give the producers at most one Event_Attendees per ${ATTENDEE_PUSH_WINDOW_MS} ms, each of at most ${ATTENDEE_PUSH_LIMIT} attendees, the last with the count of all; AUDIENCE_COUNT_PUSH_MS: the count on attendee pages at most every ${AUDIENCE_COUNT_PUSH_MS} ms`, async () => {
    // A watcher's page shows the count: it hears it at most every AUDIENCE_COUNT_PUSH_MS.
    expect((await call(api(`eventuser/v1/events/${launch.eventId}/audience/settings`), { method: 'PUT', headers: bearer(token), json: { showAttendeeCount: true } })).status).toBe(200);
    const watcher = await join(launch.sharingUrl, '10.3.0.1', 'Watcher');
    const watcherSocket = await TestSocket.open(wsUrl(base, audience(launch.sharingUrl, '/socket')), { Cookie: watcher.cookie });
    await watcherSocket.next((m) => m.type === 'joined');
    alive.add(watcherSocket);
    const countFrames: number[] = [];
    watcherSocket.ws.on('message', (data) => JSON.parse(String(data)).type === 'count' && countFrames.push(Date.now()));
    await new Promise((r) => setTimeout(r, AUDIENCE_COUNT_PUSH_MS + 200)); // the watcher's own arrival's window has closed

    const pushes: { at: number; participants: number; count: number }[] = [];
    studio.ws.on('message', (data) => {
      const m = JSON.parse(String(data));
      if (m.type === 'msg' && m.msg.type === 'Event_Attendees') pushes.push({ at: Date.now(), participants: m.msg.participants.length, count: m.msg.count });
    });
    const t0 = Date.now();
    present = await inBatches(Array.from({ length: FLOOD }, (_, i) => i), 20, async (i) => {
      const a = await join(launch.sharingUrl, `10.4.${i >> 8}.${i & 255}`, `Flood ${i}`);
      const socket = await TestSocket.open(wsUrl(base, audience(launch.sharingUrl, '/socket')), { Cookie: a.cookie });
      await socket.next((m) => m.type === 'joined');
      alive.add(socket);
      return { ...a, socket };
    });
    // Coalesced, nothing is lost: a push comes with everyone counted (past the push limit the last few
    // arrivals, fewer than ATTENDEE_PUSH_DIFF, wait until they are ATTENDEE_PUSH_STALE_MS old).
    await expect.poll(() => pushes.at(-1)?.count ?? 0, { timeout: ATTENDEE_PUSH_STALE_MS + 10_000 }).toBeGreaterThanOrEqual(FLOOD + 1);
    const elapsed = Date.now() - t0;
    expect(pushes.every((p) => p.participants <= ATTENDEE_PUSH_LIMIT)).toBe(true);
    expect(pushes.at(-1)!.participants).toBe(ATTENDEE_PUSH_LIMIT);
    // One now and at most one per window after it (a push is sent as its window opens).
    expect(pushes.length).toBeLessThanOrEqual(Math.floor(elapsed / ATTENDEE_PUSH_WINDOW_MS) + 2);
    expect(pushes.length).toBeLessThan(FLOOD / 10);

    // The count frames: at least one for the flood, never two within AUDIENCE_COUNT_PUSH_MS (some slack for a busy machine).
    await expect.poll(() => countFrames.length, { timeout: AUDIENCE_COUNT_PUSH_MS * 2 }).toBeGreaterThanOrEqual(1);
    const gaps = countFrames.slice(1).map((at, i) => at - countFrames[i]!);
    for (const gap of gaps) expect(gap).toBeGreaterThan(AUDIENCE_COUNT_PUSH_MS - 500);
    // At most one per window since the first (which may be the watcher's own arrival, before the flood).
    expect(countFrames.length).toBeLessThanOrEqual(Math.floor((Date.now() - countFrames[0]!) / AUDIENCE_COUNT_PUSH_MS) + 1);
    watcherSocket.close();
    await call(api(`eventuser/v1/events/${launch.eventId}/audience/settings`), { method: 'PUT', headers: bearer(token), json: { showAttendeeCount: false } });
  });

  it(`POLL_RESULTS_PUSH_MS: ${FLOOD} votes at once give the studio at most one POLL UPDATE per ${POLL_RESULTS_PUSH_MS} ms, the last with every vote`, async () => {
    expect(present.length).toBe(FLOOD);
    const pollGuid = await startedPoll();
    const updates: { at: number; total: number }[] = [];
    studio.ws.on('message', (data) => {
      const m = JSON.parse(String(data));
      if (m.type === 'msg' && m.msg.type === 'POLL' && m.msg.notificationType === 'UPDATE' && m.msg.pollData.pollGuid === pollGuid) updates.push({ at: Date.now(), total: m.msg.pollData.results.reduce((n: number, r: Json) => n + r.votes, 0) });
    });
    const t0 = Date.now();
    const statuses = await inBatches(present, 20, (a) => write(a, `/poll/${pollGuid}/vote`, { optionNumber: 1 + (Number(a.address.split('.')[3]) % 2) }).then((r) => r.status));
    expect(statuses.every((s) => s === 200)).toBe(true);
    await expect.poll(() => updates.at(-1)?.total ?? 0, { timeout: 10_000 }).toBe(FLOOD);
    const elapsed = Date.now() - t0;
    expect(updates.length).toBeLessThanOrEqual(Math.floor(elapsed / POLL_RESULTS_PUSH_MS) + 2);
    expect(updates.length).toBeLessThan(FLOOD / 5);
  });
});
