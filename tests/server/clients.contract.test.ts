// @vitest-environment node
/**
 * Contract tests of the studio's API clients (src/api) against the studio backend (src/server,
 * CONTRACT.md): each call goes through the real client on the backend's config.json addresses, and
 * the test checks what the client sent (recorded, with the status the server answered) and what the
 * client made of the answer, including the §8 error mapping end to end.
 */
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyFromKeyed, diffKeyed, type KeyedChannel } from '../../compositor/sync';
import type { ModeratorRegistration } from '../../src/api/types';
import type { WireChannel } from '../../src/api/channel';
import { serverChannelOf } from '../../src/services/remote/channelService';
import type { Backend } from '../../src/server/server';
import { clientsFor, closedPort, Recorder, serviceBases, smallPng, type Clients } from './clientHarness';
import { backendOn, call, eventBySharingUrl, eventSocket, eventToken, removeDir, signIn, tempDir, type Json, type TestSocket } from './helpers';

let backend: Backend;
let dir: string;
let url: string;
const rec = new Recorder();

// Token sources read these: a test may swap a token and the clients follow.
let userToken1: string | null = null;
let userToken2: string | null = null;
let eventToken1: string | null = null;
let eventToken2: string | null = null;

let p1: { token: string; userId: string };
let p2: { token: string; userId: string };
let launch: Json;
let townHall: Json;
/** producer1's and producer2's clients. */
let c1: Clients;
let c2: Clients;
/** Event sockets of producer1 and producer2 on product-launch (the interactive roster), and their guids. */
let s1: TestSocket;
let s2: TestSocket;
let guid1: string;
let guid2: string;
/** producer1's moderator registration guid (registerModerator). */
let moderatorGuid = '';

const audience1 = () => c1.audience({ eventId: launch.eventId, instanceId: launch.instanceId, moderatorGuid: () => moderatorGuid });
const audience2 = () => c2.audience({ eventId: launch.eventId, instanceId: launch.instanceId, moderatorGuid: () => moderatorGuid });

beforeAll(async () => {
  dir = tempDir();
  backend = await backendOn(dir, { faults: true, embedded: true });
  url = backend.url;
  [p1, p2] = await Promise.all([signIn(url, 'producer1'), signIn(url, 'producer2')]);
  userToken1 = p1.token;
  userToken2 = p2.token;
  [launch, townHall] = await Promise.all([eventBySharingUrl(url, 'product-launch'), eventBySharingUrl(url, 'town-hall')]);
  [eventToken1, eventToken2] = await Promise.all([eventToken(url, p1.token, launch.eventId), eventToken(url, p2.token, launch.eventId)]);
  c1 = clientsFor(url, { user: () => userToken1, event: () => eventToken1 }, rec);
  c2 = clientsFor(url, { user: () => userToken2, event: () => eventToken2 }, rec);
  s1 = await eventSocket(url, { eventId: launch.eventId, accessToken: eventToken1, user: { id: p1.userId, name: 'Priya Patel' } });
  guid1 = (await s1.next((m) => m.type === 'guid_assigned')).guid;
  s2 = await eventSocket(url, { eventId: launch.eventId, accessToken: eventToken2, user: { id: p2.userId, name: 'Paul Price' } });
  guid2 = (await s2.next((m) => m.type === 'guid_assigned')).guid;
});

afterAll(async () => {
  s1?.close();
  s2?.close();
  await backend?.close();
  if (dir) removeDir(dir);
});

/** The §8 body a client rejects with for a 4xx answer of the backend. */
const apiError = (status: number, code: string, message?: string) => ({ type: 'unknown', code, status, message: message ?? expect.any(String) });

describe('userManager', () => {
  it('signIn posts the password form and answers access_token, expires_in and scope.user', async () => {
    const answer = await c1.userManager.signIn('producer1', 'studio');
    const sent = rec.last();
    expect(sent).toMatchObject({ method: 'POST', path: '/usermanager/oauth2/token', status: 200 });
    expect(sent.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(String(sent.body)))).toEqual({ username: 'producer1', password: 'studio', grant_type: 'password' });
    expect(answer).toEqual({ access_token: expect.any(String), expires_in: 8 * 60 * 60, scope: { user: { id: p1.userId, username: 'producer1' } } });
    // The new token is a working user token.
    let fresh: string | null = answer.access_token;
    const um = clientsFor(url, { user: () => fresh, event: () => null }, rec).userManager;
    expect((await um.tokenInfo()).user.id).toBe(p1.userId);
    fresh = null;
    await expect(um.tokenInfo()).rejects.toEqual(apiError(401, 'UNAUTHORIZED'));
  });

  it('a wrong password rejects with the JSON body (401 UNAUTHORIZED)', async () => {
    await expect(c1.userManager.signIn('producer1', 'not-the-password')).rejects.toEqual(apiError(401, 'UNAUTHORIZED', 'Wrong username or password'));
    expect(rec.last()).toMatchObject({ path: '/usermanager/oauth2/token', status: 401 });
  });

  it('signOut posts oauth2/signout with the token; that session\'s tokens stop working (the event token too), others do not', async () => {
    const session = await c1.userManager.signIn('producer1', 'studio');
    const um = clientsFor(url, { user: () => session.access_token, event: () => null }, rec).userManager;
    const evToken = await eventToken(url, session.access_token, launch.eventId);
    await um.signOut(session.access_token);
    expect(rec.last()).toMatchObject({ method: 'POST', path: '/usermanager/oauth2/signout', status: 200, headers: { authorization: `Bearer ${session.access_token}` } });
    await expect(um.tokenInfo()).rejects.toEqual(apiError(401, 'UNAUTHORIZED'));
    expect((await call(`${url}/ptapi/api/eventdetails/v1/events/${launch.eventId}/details`, { headers: { Authorization: `Bearer ${evToken}` } })).status).toBe(401);
    await expect(um.signOut(session.access_token)).rejects.toEqual(apiError(401, 'UNAUTHORIZED'));
    expect((await c1.userManager.tokenInfo()).user.id).toBe(p1.userId);
  });

  it('tokenInfo and user answer the user; features lists pt_sequin available', async () => {
    const user = { id: p1.userId, username: 'producer1', firstName: 'Priya', lastName: 'Patel', emailId: 'producer1@studio.test', profilePicture: '' };
    expect(await c1.userManager.tokenInfo()).toEqual({ user });
    expect(rec.last()).toMatchObject({ method: 'GET', path: '/usermanager/oauth2/tokenInfo', status: 200, headers: { authorization: `Bearer ${p1.token}` } });
    expect(await c1.userManager.user(p1.userId)).toEqual(user);
    expect(rec.last()).toMatchObject({ path: `/usermanager/v1/user/${p1.userId}`, status: 200 });
    expect(await c1.userManager.features(p1.userId)).toContainEqual({ name: 'pt_sequin', available: true });
    expect(rec.last()).toMatchObject({ path: `/usermanager/v1/user/${p1.userId}/features`, status: 200 });
  });
});

describe('tokenExchange', () => {
  it('a USER grant answers a new user token of the same user', async () => {
    const { token } = await c1.tokenExchange.exchange('USER', p1.token);
    expect(rec.last()).toMatchObject({ method: 'POST', path: '/token-exchange/v1/accesstoken', status: 200, body: { grantType: 'USER', token: p1.token } });
    expect(token).toEqual(expect.any(String));
    expect(token).not.toBe(p1.token);
    const exchanged = clientsFor(url, { user: () => token, event: () => null }, rec);
    expect((await exchanged.userManager.tokenInfo()).user.username).toBe('producer1');
    await expect(c1.tokenExchange.exchange('USER', 'made-up')).rejects.toEqual(apiError(401, 'UNAUTHORIZED'));
  });
});

describe('events', () => {
  it('upcomingEvents: paged by 20, sorted by start, only the events the user moderates, nextPageKey null on the last page', async () => {
    const now = Date.now();
    const page = await c1.events.upcomingEvents(p1.userId, now);
    const sent = rec.last();
    expect(sent).toMatchObject({ method: 'GET', path: `/ptapi/api/scheduling/v1/users/${p1.userId}/events`, status: 200, headers: { authorization: `Bearer ${p1.token}` } });
    expect(sent.query).toEqual({ sortBy: 'start', order: 'asc', from: String(now), nextPageKey: '', count: '20' });
    expect(page.nextPageKey).toBeNull();
    expect(page.events.map((e) => e.sharingUrl)).toEqual(['product-launch', 'instance-wait', 'town-hall']);
    expect(page.events[0]).toMatchObject({ eventId: launch.eventId, eventTitle: 'Product Launch Live', instanceId: launch.instanceId });

    // A page key is sent back as is.
    const rest = await c1.events.upcomingEvents(p1.userId, now, '1');
    expect(rec.last().query.nextPageKey).toBe('1');
    expect(rest).toEqual({ events: page.events.slice(1), nextPageKey: null });

    const other = await c2.events.upcomingEvents(p2.userId, now);
    expect(other.events.map((e) => e.sharingUrl)).toEqual(['product-launch']);
    expect(other.nextPageKey).toBeNull();
  });

  it('accessToken: a moderator gets one; producer2 on town-hall rejects with the 403 body', async () => {
    const answer = await c1.events.accessToken(launch.eventId, 'product-launch', 'producer1@studio.test', p1.token);
    expect(rec.last()).toMatchObject({
      method: 'POST',
      path: '/ptapi/api/security/v1/oauth/accesstoken',
      status: 200,
      headers: { authorization: `Bearer ${p1.token}` },
      body: { eventId: launch.eventId, grant_type: 'a2mevent', properties: { emailId: 'producer1@studio.test', sharingUrl: 'product-launch', userAccessToken: p1.token }, userRole: 'moderator' },
    });
    expect(answer).toEqual({ access_token: expect.any(String), expires_in: expect.any(Number) });
    await expect(c2.events.accessToken(townHall.eventId, 'town-hall', '', p2.token)).rejects.toEqual(apiError(403, 'FORBIDDEN'));
    expect(rec.last()).toMatchObject({ path: '/ptapi/api/security/v1/oauth/accesstoken', status: 403 });
  });

  it('publicDetails, details, joinUrl and preJoin', async () => {
    const pub = await c1.events.publicDetails('product-launch');
    expect(rec.last()).toMatchObject({ method: 'GET', path: '/ptapi/api/eventdetails/v1/events/public/details', query: { sharingUrl: 'product-launch' }, status: 200 });
    expect(pub).toMatchObject({ eventId: launch.eventId, instanceId: launch.instanceId, sharingUrl: 'product-launch', eventTitle: 'Product Launch Live', start: expect.any(Number), end: expect.any(Number) });

    const full = await c1.events.details(launch.eventId);
    expect(rec.last()).toMatchObject({ path: `/ptapi/api/eventdetails/v1/events/${launch.eventId}/details`, status: 200, headers: { authorization: `Bearer ${eventToken1}` } });
    expect(full).toMatchObject({ eventId: launch.eventId, chatEnabled: true, qnaEnabled: true, qnaAutoApprove: false, state: expect.any(String), organizerId: p1.userId, systemParams: { attendeePushLimit: 100, attendeePushDiff: 25 } });

    expect(await c1.events.joinUrl(launch.eventId)).toEqual({ joinUrl: `${url}/studio/instant-demo/event/product-launch` });
    expect(rec.last()).toMatchObject({ path: `/ptapi/api/eventdetails/v1/events/${launch.eventId}/joinurl`, status: 200 });

    expect(await c1.events.preJoin(launch.eventId)).toEqual({});
    expect(rec.last()).toMatchObject({ method: 'POST', path: `/ptapi/api/eventuser/v1/events/${launch.eventId}/moderator/pre-join`, status: 200, body: {} });

    // The event calls take the event token only: producer2's token of product-launch is refused on town-hall.
    await expect(c2.events.details(townHall.eventId)).rejects.toEqual(apiError(403, 'FORBIDDEN'));
  });

  it('registerModerator answers the endpointGUID', async () => {
    const registration: ModeratorRegistration = {
      name: 'Priya Patel',
      endpointGUID: guid1,
      details: { emailId: 'producer1@studio.test', profilePictureURI: '', linkedinURI: '', twitterId: '' },
      endpointDetail: { browser: 'Chrome', os: 'Linux', flashVersion: '', epType: 'WEB' },
      interactivityDetail: { endpointGUID: guid1 },
    };
    const answer = await c1.events.registerModerator(launch.eventId, launch.instanceId, registration);
    expect(rec.last()).toMatchObject({ method: 'POST', path: `/ptapi/api/eventuser/v1/events/${launch.eventId}/instance/${launch.instanceId}/moderator`, status: 200, body: registration });
    expect(answer).toEqual({ endpointGUID: guid1 });
    moderatorGuid = answer.endpointGUID;
    // Another instance than the event's: 404 body.
    await expect(c1.events.registerModerator(launch.eventId, 'not-the-instance', registration)).rejects.toEqual(apiError(404, 'NOT_FOUND'));
  });

  it('roster: the interactive roster is the registered sockets, newest first; an error gives []', async () => {
    const roster = await c1.events.roster(launch.eventId, launch.instanceId, 'interactive');
    expect(rec.last()).toMatchObject({
      method: 'GET',
      path: `/ptapi/api/eventuser/v1/events/${launch.eventId}/instance/${launch.instanceId}/live/roster/interactive`,
      query: { pageSize: '99', sortByField: 'JOINTIME', sortBy: 'DESCENDING' },
      status: 200,
    });
    expect(roster.map((p) => p.id).sort()).toEqual([guid1, guid2].sort());
    expect(roster[0]!.joinTime).toBeGreaterThanOrEqual(roster[1]!.joinTime);
    expect(roster.find((p) => p.id === guid1)).toMatchObject({ id: guid1, name: 'Priya Patel', role: 'Moderator', joinTime: expect.any(Number), audioMute: false, videoMute: false });
    expect(await c1.events.roster(launch.eventId, launch.instanceId, 'attendee')).toEqual([]);

    let badToken: string | null = 'not-an-event-token';
    const bad = clientsFor(url, { user: () => p1.token, event: () => badToken }, rec).events;
    expect(await bad.roster(launch.eventId, launch.instanceId, 'interactive')).toEqual([]);
    expect(rec.last().status).toBe(401);
    badToken = p1.token; // a user token is no event token
    expect(await bad.roster(launch.eventId, launch.instanceId, 'interactive')).toEqual([]);
    expect(rec.last().status).toBe(401);
  });

  it('manage inevent / pauseevent answer the state and push Event_State; banner', async () => {
    const mark = s2.messages.length;
    expect(await c1.events.manage(launch.eventId, 'inevent')).toEqual({ state: 'IN_EVENT' });
    expect(rec.last()).toMatchObject({ method: 'POST', path: `/ptapi/api/manager/v1/events/${launch.eventId}/manage/inevent`, status: 200, body: { eventId: launch.eventId } });
    await s2.next((m) => s2.messages.indexOf(m) >= mark && m.msg?.type === 'Event_State' && m.msg.state === 'IN_EVENT' && m.msg.source === 'event-platform');
    expect(await c1.events.manage(launch.eventId, 'pauseevent')).toEqual({ state: 'PAUSE_EVENT' });
    expect(rec.last()).toMatchObject({ path: `/ptapi/api/manager/v1/events/${launch.eventId}/manage/pauseevent`, status: 200 });
    await s2.next((m) => m.msg?.type === 'Event_State' && m.msg.state === 'PAUSE_EVENT');

    expect(await c1.events.banner(launch.eventId, 'Back in five minutes')).toEqual({});
    expect(rec.last()).toMatchObject({ method: 'POST', path: `/ptapi/api/manager/v1/events/${launch.eventId}/manage/banner`, status: 200, body: { bannerMessage: 'Back in five minutes' } });
    await expect(c1.events.banner(launch.eventId, 'x'.repeat(501))).rejects.toEqual(apiError(400, 'BAD_REQUEST'));
  });
});

describe('audience: polls', () => {
  it('create, update, list, START / END, markSeen and delete', async () => {
    const polls = audience1().polls;
    const prefix = `/ptapi/api/polling/v1/events/${launch.eventId}`;
    const draft = { question: 'Ready?', options: [{ optionNumber: 1, option: 'Yes' }, { optionNumber: 2, option: 'No' }] };
    const created = await polls.create(draft);
    expect(rec.last()).toMatchObject({ method: 'POST', path: `${prefix}/polls`, status: 200, body: draft, headers: { authorization: `Bearer ${eventToken1}` } });
    expect(created).toMatchObject({ pollGuid: expect.any(String), question: 'Ready?', options: draft.options, results: [{ option: 'Yes', votes: 0 }, { option: 'No', votes: 0 }] });
    const guid = created.pollGuid as string;
    await s2.next((m) => m.msg?.type === 'POLL' && m.msg.notificationType === 'CREATE' && m.msg.pollData.pollGuid === guid);

    const updated = await polls.update(guid, { ...draft, question: 'Ready now?' });
    expect(rec.last()).toMatchObject({ method: 'PUT', path: `${prefix}/polls/${guid}`, status: 200, body: { question: 'Ready now?' } });
    expect(updated).toMatchObject({ pollGuid: guid, question: 'Ready now?' });

    const available = await polls.list('AVAILABLE');
    expect(rec.last()).toMatchObject({ method: 'GET', path: `${prefix}/instances/${launch.instanceId}/polls`, query: { status: 'AVAILABLE' }, status: 200 });
    expect(available.map((p) => p.pollGuid)).toContain(guid);

    await expect(polls.manage(guid, 'START', 'Priya', launch.instanceId)).resolves.toBeUndefined();
    expect(rec.last()).toMatchObject({ method: 'POST', path: `${prefix}/instances/${launch.instanceId}/polls/${guid}/manage`, status: 200, body: { action: 'START', initiatorName: 'Priya', pollInstanceGuid: launch.instanceId } });
    expect((await polls.list('ACTIVE')).map((p) => p.pollGuid)).toEqual([guid]);
    // A started poll cannot be edited.
    await expect(polls.update(guid, draft)).rejects.toEqual(apiError(409, 'CONFLICT', 'A started poll cannot be edited'));
    await polls.manage(guid, 'END', 'Priya', launch.instanceId);
    expect(rec.last()).toMatchObject({ status: 200, body: { action: 'END' } });
    expect(await polls.list('COMPLETED')).toEqual([expect.objectContaining({ pollGuid: guid, status: 'DONE' })]);

    await expect(polls.markSeen([guid])).resolves.toBeUndefined();
    expect(rec.last()).toMatchObject({ method: 'POST', path: `${prefix}/polls/seen`, status: 200, body: { pollGuids: [guid] } });

    await expect(polls.delete(guid)).resolves.toBeUndefined();
    expect(rec.last()).toMatchObject({ method: 'DELETE', path: `${prefix}/polls/${guid}`, status: 200 });
    await s2.next((m) => m.msg?.type === 'POLL' && m.msg.notificationType === 'DELETE' && m.msg.pollData.pollGuid === guid);
    await expect(polls.delete(guid)).rejects.toEqual(apiError(404, 'NOT_FOUND'));
    await expect(polls.create({ question: 'One option?', options: [{ optionNumber: 1, option: 'Only' }] })).rejects.toEqual(apiError(400, 'BAD_REQUEST'));
  });
});

describe('audience: chat', () => {
  it('send (public and private), scrollbacks, contacts and delete', async () => {
    const chat = audience1().chat;
    const sent = await chat.send({ text: 'Welcome <b>everyone</b>', channel: 'public', tag: 'public' });
    expect(rec.last()).toMatchObject({
      method: 'POST',
      path: `/ptapi/api/chat/v1/events/${launch.eventId}/instances/${launch.instanceId}/chat`,
      status: 200,
      body: { text: 'Welcome <b>everyone</b>', channel: 'public', tag: 'public' },
    });
    expect(sent).toMatchObject({ id: expect.any(String), body: 'Welcome <b>everyone</b>', tag: 'public', privateChat: false, sender: { guid: guid1, name: 'Priya Patel', role: 'Moderator', userId: p1.userId } });
    await s2.next((m) => m.type === 'chat.msg' && m.message.id === sent.id);

    const pub = await chat.publicScrollback(false);
    expect(rec.last()).toMatchObject({ method: 'GET', path: `/ptapi/api/chat/v1/events/${launch.eventId}/chat/scrollback/moderator/${launch.instanceId}`, query: {}, status: 200 });
    expect(pub.map((m) => m.body)).toEqual(expect.arrayContaining(['Hello from the audience!', 'Welcome <b>everyone</b>']));

    const secret = await chat.send({ text: 'Just for you', channel: 'private', tag: 'private', recipient: { guid: guid2, name: 'Paul Price', role: 'Moderator' } });
    expect(secret).toMatchObject({ privateChat: true, receiver: { guid: guid2, name: 'Paul Price' } });
    const priv = await chat.publicScrollback(true);
    expect(rec.last()).toMatchObject({ query: { private: 'true' }, status: 200 });
    expect(priv.map((m) => m.id)).toEqual([secret.id]);
    expect((await audience2().chat.publicScrollback(true)).map((m) => m.id)).toEqual([secret.id]);

    const backstage = await chat.send({ text: 'Mic check', channel: 'backstage', tag: 'backstage' });
    expect((await chat.backstageScrollback()).map((m) => m.id)).toEqual([backstage.id]);
    expect(rec.last()).toMatchObject({ path: `/ptapi/api/chat/v1/events/${launch.eventId}/instances/${launch.instanceId}/moderator/presenter/chat/scrollback`, status: 200 });
    expect(await chat.moderatorScrollback()).toEqual([]);
    expect(rec.last()).toMatchObject({ path: `/ptapi/api/chat/v1/events/${launch.eventId}/instances/${launch.instanceId}/moderatorchat/scrollback`, status: 200 });

    expect(await chat.contacts()).toEqual([{ guid: guid2, name: 'Paul Price', role: 'Moderator' }]);
    expect(rec.last()).toMatchObject({ path: `/ptapi/api/chat/v1/events/${launch.eventId}/chat/moderator/${launch.instanceId}`, status: 200 });

    await expect(chat.delete(sent.id as string)).resolves.toBeUndefined();
    expect(rec.last()).toMatchObject({ method: 'DELETE', path: `/ptapi/api/chat/v1/events/${launch.eventId}/chat/${sent.id}`, status: 200 });
    await s2.next((m) => m.msg?.type === 'Event_Chat' && m.msg.action === 'DELETED' && m.msg.id === sent.id);
    expect((await chat.publicScrollback(false)).map((m) => m.id)).not.toContain(sent.id);
    await expect(chat.delete(sent.id as string)).rejects.toEqual(apiError(404, 'NOT_FOUND'));
  });

  it('over 500 characters rejects with the 400 body; the sixth message in 10 s with the 429 body', async () => {
    const chat = audience2().chat;
    await expect(chat.send({ text: 'x'.repeat(501), channel: 'public', tag: 'public' })).rejects.toEqual(apiError(400, 'BAD_REQUEST', 'The message is longer than 500 characters'));
    expect(rec.last().status).toBe(400);
    // Exactly 500 passes (and counts toward the limit).
    await expect(chat.send({ text: 'y'.repeat(500), channel: 'public', tag: 'public' })).resolves.toMatchObject({ body: 'y'.repeat(500) });
    for (let i = 1; i < 5; i++) await chat.send({ text: `message ${i}`, channel: 'backstage', tag: 'backstage' });
    const mark = rec.mark();
    // A 429 keeps its Retry-After seconds on the error.
    await expect(chat.send({ text: 'one too many', channel: 'backstage', tag: 'backstage' })).rejects.toEqual({ ...apiError(429, 'TOO_MANY_REQUESTS', expect.stringMatching(/^Too many messages/)), retryAfter: expect.any(Number) });
    // Sent once: a POST is not retried.
    expect(rec.since(mark).map((e) => e.status)).toEqual([429]);
    await s2.next((m) => m.type === 'chat.rateLimited');
  });
});

describe('audience: Q&A', () => {
  it('list, approve, answer, markSeen and delete', async () => {
    const qna = audience1().qna;
    const prefix = `/ptapi/api/chat/v1/events/${launch.eventId}/qna`;
    const questions = await qna.list();
    expect(rec.last()).toMatchObject({ method: 'GET', path: `${prefix}/questions`, status: 200 });
    expect(questions).toHaveLength(2);
    expect(questions.every((q) => q.status === 'ASKED')).toBe(true);
    const [first, second] = questions.map((q) => q.id as string) as [string, string];

    await expect(qna.approve(first, true)).resolves.toBeUndefined();
    expect(rec.last()).toMatchObject({ method: 'PUT', path: `${prefix}/question/${first}`, status: 200, body: { approve: true } });
    await s2.next((m) => m.msg?.type === 'Event_QnA' && m.msg.qna.type === 'update' && m.msg.qna.question.id === first && m.msg.qna.question.status === 'ACTIVE');
    await qna.approve(second, false);
    expect(rec.last().body).toEqual({ approve: false });

    const answer = await qna.answer(first, 'Yes, tomorrow.', { name: 'Priya', endpointGuid: guid1 });
    expect(rec.last()).toMatchObject({ method: 'POST', path: `${prefix}/question/${first}/answer`, status: 200, body: { content: 'Yes, tomorrow.', answerBy: { name: 'Priya', endpointGuid: guid1 } } });
    expect(answer).toEqual({ content: 'Yes, tomorrow.', anonymous: false, answerBy: { name: 'Priya', endpointGuid: guid1 }, timestamp: expect.any(Number) });

    await expect(qna.markSeen([first, second])).resolves.toBeUndefined();
    expect(rec.last()).toMatchObject({ method: 'POST', path: `${prefix}/seen`, status: 200, body: { ids: [first, second] } });

    await expect(qna.delete(second)).resolves.toBeUndefined();
    expect(rec.last()).toMatchObject({ method: 'DELETE', path: `${prefix}/question/${second}`, status: 200 });
    const after = await qna.list();
    expect(after.map((q) => [q.id, q.status, q.answerCount])).toEqual([[first, 'ACTIVE', 1]]);
    await expect(qna.delete(second)).rejects.toEqual(apiError(404, 'NOT_FOUND'));
  });
});

describe('audience: moderator actions', () => {
  it('rename, muteAll, muteEndpoint, voiceProcessing, shareVideo and kickOut act on the roster', async () => {
    expect(moderatorGuid).toBe(guid1); // from registerModerator
    const mod = audience1().moderator;
    const base = `/ptapi/api/eventuser/v1/events/${launch.eventId}/instance/${launch.instanceId}/moderator/${moderatorGuid}`;
    const entry = async (guid: string) => (await c1.events.roster(launch.eventId, launch.instanceId, 'interactive')).find((p) => p.id === guid);

    await expect(mod.rename(guid2, 'Paul (host)')).resolves.toBeUndefined();
    expect(rec.last()).toMatchObject({ method: 'PUT', path: `${base}/rename/${guid2}`, status: 200, body: { name: 'Paul (host)' } });
    expect(await entry(guid2)).toMatchObject({ name: 'Paul (host)' });
    await s1.next((m) => m.msg?.type === 'Event_Roster' && m.msg.participants.some((p: Json) => p.name === 'Paul (host)'));

    await mod.muteAll(true);
    expect(rec.last()).toMatchObject({ method: 'PUT', path: `${base}/endpoints`, query: { media: 'audio', mute: 'true' }, status: 200 });
    expect(await entry(guid2)).toMatchObject({ audioMute: true });
    expect(await entry(guid1)).toMatchObject({ audioMute: false }); // not the moderator who asked
    await mod.muteAll(false);
    expect(await entry(guid2)).toMatchObject({ audioMute: false, audioHardMute: false });

    await mod.muteEndpoint(guid2, 'video', 'HARD_MUTE');
    expect(rec.last()).toMatchObject({ method: 'PUT', path: `${base}/endpoint/${guid2}`, query: { muteVideo: 'HARD_MUTE' }, status: 200 });
    expect(await entry(guid2)).toMatchObject({ videoMute: true, videoHardMute: true });
    await mod.muteEndpoint(guid2, 'audio', 'SOFT_MUTE');
    expect(rec.last()).toMatchObject({ query: { muteAudio: 'SOFT_MUTE' }, status: 200 });
    expect(await entry(guid2)).toMatchObject({ audioMute: true, audioHardMute: false });
    await mod.muteEndpoint(guid2, 'video', 'UNMUTE');
    expect(await entry(guid2)).toMatchObject({ videoMute: false, videoHardMute: false });
    await expect(mod.muteEndpoint('no-such-guid', 'audio', 'SOFT_MUTE')).rejects.toEqual(apiError(404, 'NOT_FOUND'));

    await expect(mod.voiceProcessing(guid2, true)).resolves.toBeUndefined();
    expect(rec.last()).toMatchObject({ method: 'PUT', path: `${base}/endpoint/${guid2}`, query: { voiceProcessing: 'true' }, status: 200 });

    await mod.shareVideo('OPEN', { contentId: 'clip-1', endpointGuid: guid1, offset: 2, userAccessToken: p1.token });
    expect(rec.last()).toMatchObject({ method: 'PUT', path: `${base}/sharevideo`, query: { action: 'OPEN' }, status: 200, body: { contentId: 'clip-1', endpointGuid: guid1, offset: 2 } });
    await s2.next((m) => m.msg?.type === 'Video_Share' && m.msg.contentId === 'clip-1' && m.msg.state === 'OPEN' && m.msg.offset === 2);

    // A third socket to remove.
    const t3 = await eventToken(url, p2.token, launch.eventId);
    const s3 = await eventSocket(url, { eventId: launch.eventId, accessToken: t3, user: { id: p2.userId, name: 'Kick me' } });
    const guid3 = (await s3.next((m) => m.type === 'guid_assigned')).guid as string;
    expect(await entry(guid3)).toMatchObject({ name: 'Kick me' });
    await expect(mod.kickOut('presenter', guid3)).resolves.toBeUndefined();
    expect(rec.last()).toMatchObject({ method: 'DELETE', path: `${base}/moderator/kickout/presenter/${guid3}`, status: 200 });
    expect(await s3.closed()).toBe(4000);
    expect(await entry(guid3)).toBeUndefined();
    await expect(mod.kickOut('presenter', guid3)).rejects.toEqual(apiError(404, 'NOT_FOUND'));
  });
});

describe('assets and CMS', () => {
  it('assets: uploadUrl → PUT the PNG bytes to assetUrl → register → status, list, rename, delete', async () => {
    const assets = c1.assets;
    expect(await assets.list('user', p1.userId)).toEqual([]);
    expect(rec.last()).toMatchObject({ method: 'GET', path: `/api/v1/dam/user/${p1.userId}/assets`, status: 200, headers: { authorization: `Bearer ${p1.token}` } });

    const target = await assets.uploadUrl(p1.userId, 'image');
    expect(rec.last()).toMatchObject({ method: 'POST', path: `/api/v1/dam/user/${p1.userId}/uploadUrl`, status: 200, body: { type: 'image' } });
    expect(target).toEqual({ assetUrl: `${url}/files/${target.assetKey}`, assetKey: expect.any(String), thumbnailKey: expect.any(String) });

    const png = smallPng(16, 9);
    const put = await fetch(target.assetUrl, { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: new Uint8Array(png) });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ assetKey: target.assetKey, size: png.length });

    const asset = await assets.register(p1.userId, { type: 'image', tag: 'STUDIO_IMAGE', assetKey: target.assetKey, title: 'Slide one' });
    expect(rec.last()).toMatchObject({ method: 'POST', path: `/api/v1/dam/user/${p1.userId}/assets`, status: 200, body: { type: 'image', tag: 'STUDIO_IMAGE', assetKey: target.assetKey, title: 'Slide one' } });
    expect(asset).toMatchObject({ id: expect.any(String), title: 'Slide one', tag: 'STUDIO_IMAGE', type: 'image', assetKey: target.assetKey, status: 'READY', assetDownloadUrl: target.assetUrl, createdDate: expect.any(Number) });

    const status = await assets.status(asset.id);
    expect(rec.last()).toMatchObject({ method: 'GET', path: '/api/v1/dam/assets', query: { id: asset.id }, status: 200 });
    expect(status).toEqual({ assetDownloadUrl: target.assetUrl, assetThumbnailUrl: target.assetUrl, status: 'READY' });
    const served = await fetch(status.assetDownloadUrl);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    // producer2 moderates product-launch, whose organizer is producer1: the event's assets are producer1's.
    expect((await c2.assets.list('event', launch.eventId)).map((a) => a.id)).toEqual([asset.id]);
    await expect(c2.assets.list('user', p1.userId)).rejects.toEqual(apiError(403, 'FORBIDDEN'));

    await expect(assets.rename(p1.userId, asset.id, 'Slide 1')).resolves.toBeUndefined();
    expect(rec.last()).toMatchObject({ method: 'PUT', path: `/api/v1/dam/user/${p1.userId}/assets/${asset.id}`, status: 200, body: { title: 'Slide 1' } });
    expect((await assets.list('user', p1.userId)).map((a) => a.title)).toEqual(['Slide 1']);

    await expect(assets.delete(p1.userId, asset.id)).resolves.toBeUndefined();
    expect(rec.last()).toMatchObject({ method: 'DELETE', path: `/api/v1/dam/user/${p1.userId}/assets/${asset.id}`, status: 200 });
    expect(await assets.list('user', p1.userId)).toEqual([]);
    await expect(assets.status(asset.id)).rejects.toEqual(apiError(404, 'NOT_FOUND'));
  });

  it('CMS uploadForm: the client asks for the upload form where the backend has it', async () => {
    const form = await c1.cms.uploadForm(p1.userId, 'PUT', 'clip.mp4', 'video/mp4');
    expect(rec.last()).toMatchObject({ method: 'POST', path: `/cms/user/${p1.userId}/cms/get_upload_form`, status: 200 });
    expect(form).toMatchObject({ uploadUrl: expect.stringMatching(/\/files\//), fields: {} });
  });

  it('CMS: list, register (a number back) and delete', async () => {
    const cms = c1.cms;
    expect(await cms.list(p1.userId)).toEqual([]);
    expect(rec.last()).toMatchObject({ method: 'GET', path: `/cms/user/${p1.userId}/cms/`, query: { contentCategory: 'VIDEO', access_token: p1.token }, status: 200 });

    // The upload form; the file is PUT raw (CONTRACT.md: no multipart on this backend).
    const form = (await cms.uploadForm(p1.userId, 'PUT', 'clip.mp4', 'video/mp4')) as Json;
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 0, 0]), Buffer.alloc(1000)]);
    expect((await fetch(form.uploadUrl, { method: 'PUT', body: new Uint8Array(mp4) })).status).toBe(200);

    const registration = { contentCategory: 'VIDEO', contentDescription: '', contentLocation: 'S3', contentName: 'clip.mp4', contentSize: mp4.length, contentType: 'video/mp4', contentUrl: form.contentUrl };
    const id = await cms.register(p1.userId, registration);
    expect(rec.last()).toMatchObject({ method: 'POST', path: `/cms/user/${p1.userId}/cms/`, query: { access_token: p1.token }, status: 200, body: registration });
    expect(id).toEqual(expect.any(Number));
    expect(await cms.list(p1.userId)).toEqual([{ id, contentName: 'clip.mp4', contentUrl: form.contentUrl, contentProperties: { thumbnail: '' }, modified: expect.any(Number) }]);
    await expect(cms.register(p1.userId, { ...registration, contentCategory: 'AUDIO' })).rejects.toEqual(apiError(400, 'BAD_REQUEST'));

    await expect(cms.delete(p1.userId, id)).resolves.toBeUndefined();
    expect(rec.last()).toMatchObject({ method: 'DELETE', path: `/cms/${p1.userId}/cms/${id}`, query: { access_token: p1.token }, status: 200 });
    expect(await cms.list(p1.userId)).toEqual([]);
    await expect(cms.delete(p1.userId, id)).rejects.toEqual(apiError(404, 'NOT_FOUND'));
  });
});

describe('channel', () => {
  let channel: WireChannel;
  const studio = (path = '') => `/api/studio/channel${path}`;

  it('findByEvent, list and get, with the producer header', async () => {
    const found = await c1.channel.findByEvent(launch.eventId, launch.instanceId);
    expect(rec.last()).toMatchObject({ method: 'GET', path: studio(), query: { ptEventId: launch.eventId, ptEventInstanceId: launch.instanceId }, status: 200, headers: { 'x-producer-authorization': `Bearer ${p1.token}` } });
    expect(rec.last().headers.authorization).toBeUndefined();
    expect(found).toMatchObject({ uuid: expect.any(String), name: 'Product Launch Live', ptEventId: launch.eventId, ptEventInstanceId: launch.instanceId, eventStatus: 'NEW', layout: 'CLASSIC', layers: [], version: 0, applied: {} });
    channel = found!;
    expect(channel.keyed).toMatchObject({ layout: 'CLASSIC' });

    const mine = await c1.channel.list();
    expect(rec.last()).toMatchObject({ method: 'GET', path: studio('/list'), status: 200 });
    const events = (await c1.events.upcomingEvents(p1.userId, Date.now())).events;
    expect(mine.map((c) => c.ptEventId).sort()).toEqual(events.map((e) => e.eventId).sort());
    expect((await c2.channel.list()).map((c) => c.uuid)).toEqual([channel.uuid]);

    expect(await c1.channel.get(channel.uuid)).toEqual(channel);
    expect(rec.last()).toMatchObject({ method: 'GET', path: studio(`/${channel.uuid}`), status: 200 });
    // serverChannelOf(): the server's keyed map and sync fields as the sync engine takes them.
    expect(serverChannelOf(channel)).toEqual({ version: 0, applied: {}, keyed: channel.keyed });
  });

  it('save a sync update: version + 1, applied[origin] = seq, keyed; the same update again is a duplicate', async () => {
    const before = serverChannelOf(await c1.channel.get(channel.uuid));
    const next: KeyedChannel = { ...before.keyed, layout: 'COVER' };
    const changes = diffKeyed(before.keyed, next);
    expect(changes).toEqual({ layout: 'COVER' });
    const update = { origin: 'contract-tab-1', seq: 1, changes };
    const body = bodyFromKeyed(next, channel, null);

    const saved = await c1.channel.save(channel.uuid, body, update);
    const sent = rec.last();
    expect(sent).toMatchObject({ method: 'PUT', path: studio(`/${channel.uuid}`), status: 200, headers: { 'x-producer-authorization': `Bearer ${p1.token}` } });
    expect(sent.body).toEqual({ ...JSON.parse(JSON.stringify(body)), sync: update });
    expect(saved).toMatchObject({ uuid: channel.uuid, layout: 'COVER', version: before.version + 1, applied: { 'contract-tab-1': 1 } });
    expect(serverChannelOf(saved)).toEqual({ version: before.version + 1, applied: { 'contract-tab-1': 1 }, keyed: next });
    expect(saved.layout).toBe('COVER');

    // A resend of the same update: the current channel, not applied again.
    const again = await c1.channel.save(channel.uuid, body, update);
    expect(rec.last().status).toBe(200);
    expect(again).toEqual(saved);
    expect((await call(`${url}/__test/channel/${channel.uuid}`)).body).toMatchObject({ version: saved.version });

    // Another origin's update on another key keeps this one (merge per key).
    const other = await c2.channel.save(channel.uuid, bodyFromKeyed(serverChannelOf(saved).keyed, saved, null), { origin: 'contract-tab-2', seq: 1, changes: { 'brand:primaryColor': '#123456' } });
    expect(other).toMatchObject({ layout: 'COVER', brandSettings: { primaryColor: '#123456' }, version: saved.version + 1, applied: { 'contract-tab-1': 1, 'contract-tab-2': 1 } });

    const resynced = await c1.channel.resync(channel.uuid);
    expect(rec.last()).toMatchObject({ method: 'POST', path: studio(`/${channel.uuid}/resync`), status: 200 });
    expect(resynced).toEqual(other);

    // A malformed update: the 400 body.
    await expect(c1.channel.save(channel.uuid, body, { origin: '', seq: 0, changes: {} })).rejects.toEqual(apiError(400, 'BAD_REQUEST'));
  });

  it('goLive / stopLive, and the 409 body when going live twice', async () => {
    const live = await c1.channel.goLive(channel.uuid);
    expect(rec.last()).toMatchObject({ method: 'POST', path: studio(`/${channel.uuid}/golive`), status: 200, body: {} });
    expect(live).toMatchObject({ uuid: channel.uuid, eventStatus: 'LIVE' });
    await expect(c1.channel.goLive(channel.uuid)).rejects.toEqual(apiError(409, 'CONFLICT', 'Cannot go Live: channel is LIVE'));
    expect(rec.last().status).toBe(409);
    const stopped = await c1.channel.stopLive(channel.uuid);
    expect(rec.last()).toMatchObject({ method: 'POST', path: studio(`/${channel.uuid}/stoplive`), status: 200 });
    expect(stopped).toMatchObject({ eventStatus: 'NEW', version: live.version });
    await expect(c1.channel.stopLive(channel.uuid)).rejects.toEqual(apiError(409, 'CONFLICT', 'Cannot stop Live: channel is NEW'));
  });

  it('videoControl seek / resume / pause push Video_Share on the event socket', async () => {
    await expect(c1.channel.videoControl(channel.uuid, 'seek', 90)).resolves.toBeUndefined();
    expect(rec.last()).toMatchObject({ method: 'POST', path: studio(`/${channel.uuid}/layer/20000/seek/90`), status: 200 });
    await s1.next((m) => m.msg?.type === 'Video_Share' && m.msg.seek === 3 && m.msg.offset === 3);
    await c1.channel.videoControl(channel.uuid, 'resume');
    expect(rec.last()).toMatchObject({ path: studio(`/${channel.uuid}/layer/20000/resume`), status: 200 });
    await s1.next((m) => m.msg?.type === 'Video_Share' && m.msg.state === 'PLAYING');
    await c1.channel.videoControl(channel.uuid, 'pause');
    expect(rec.last()).toMatchObject({ path: studio(`/${channel.uuid}/layer/20000/pause`), status: 200 });
    await s1.next((m) => m.msg?.type === 'Video_Share' && m.msg.state === 'PAUSED');
  });

  it('rotateOutputToken, then getWithOutputToken; the old token rejects with the 403 body', async () => {
    const reader = clientsFor(url, { user: () => null, event: () => null }, rec).channel; // the output page: no producer token
    const { outputToken: first } = await c1.channel.rotateOutputToken(channel.uuid);
    expect(rec.last()).toMatchObject({ method: 'POST', path: studio(`/${channel.uuid}/outputToken`), status: 200 });
    const read = await reader.getWithOutputToken(channel.uuid, first);
    expect(rec.last()).toMatchObject({ method: 'GET', path: studio(`/${channel.uuid}`), query: { outputToken: first }, status: 200 });
    expect(rec.last().headers['x-producer-authorization']).toBeUndefined();
    expect(read).toMatchObject({ uuid: channel.uuid, layout: 'COVER' });

    const { outputToken: second } = await c1.channel.rotateOutputToken(channel.uuid);
    expect(second).not.toBe(first);
    await expect(reader.getWithOutputToken(channel.uuid, first)).rejects.toEqual(apiError(403, 'FORBIDDEN', expect.stringMatching(/output token/)));
    await expect(reader.getWithOutputToken(channel.uuid, second)).resolves.toMatchObject({ uuid: channel.uuid });
  });

  it('nametagUrl names the nametag service; with the producer header it answers a 128×128 PNG', async () => {
    const address = c1.channel.nametagUrl('P P');
    expect(address).toBe(`${serviceBases(url).studioApi}/nametag/generate?initials=P%20P`);
    const res = await fetch(address, { headers: { 'X-Producer-Authorization': `Bearer ${p1.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = PNG.sync.read(Buffer.from(await res.arrayBuffer()));
    expect([png.width, png.height]).toEqual([128, 128]);
  });

  it('create and delete a channel', async () => {
    const created = await c1.channel.create({ ...bodyFromKeyed(channel.keyed ?? {}, channel, null), name: 'Overflow room', ptEventId: townHall.eventId });
    expect(rec.last()).toMatchObject({ method: 'POST', path: studio(), status: 200, body: { name: 'Overflow room', ptEventId: townHall.eventId } });
    expect(created).toMatchObject({ uuid: expect.any(String), name: 'Overflow room', ptEventId: townHall.eventId, eventStatus: 'NEW', version: 0 });
    await expect(c1.channel.delete(created.uuid)).resolves.toBeUndefined();
    expect(rec.last()).toMatchObject({ method: 'DELETE', path: studio(`/${created.uuid}`), status: 200 });
    await expect(c1.channel.get(created.uuid)).rejects.toEqual(apiError(404, 'NOT_FOUND', 'This chanelID doesnt exist !'));
  });

  it('an unknown uuid rejects with 404 and the §8 text', async () => {
    await expect(c1.channel.get('00000000-0000-0000-0000-000000000000')).rejects.toEqual(apiError(404, 'NOT_FOUND', 'This chanelID doesnt exist !'));
    expect(rec.last()).toMatchObject({ path: studio('/00000000-0000-0000-0000-000000000000'), status: 404 });
  });
});

describe('auth', () => {
  it('a channel call with no token: the 401 JSON body (list and findByEvent give their empty answers)', async () => {
    let token: string | null = null;
    const anon = clientsFor(url, { user: () => token, event: () => null }, rec).channel;
    const hall = (await c1.channel.findByEvent(townHall.eventId, townHall.instanceId))!;
    await expect(anon.get(hall.uuid)).rejects.toEqual(apiError(401, 'UNAUTHORIZED'));
    expect(rec.last().headers['x-producer-authorization']).toBeUndefined();
    expect(await anon.list()).toEqual([]);
    expect(rec.last()).toMatchObject({ path: '/api/studio/channel/list', status: 401 });
    expect(await anon.findByEvent(townHall.eventId, townHall.instanceId)).toBeNull();
    expect(rec.last().status).toBe(401);
    // The token source is read at every call.
    token = p1.token;
    await expect(anon.get(hall.uuid)).resolves.toMatchObject({ uuid: hall.uuid });
  });

  it("producer2 on town-hall's channel: the 403 body", async () => {
    const hall = (await c1.channel.findByEvent(townHall.eventId, townHall.instanceId))!;
    await expect(c2.channel.get(hall.uuid)).rejects.toEqual(apiError(403, 'FORBIDDEN'));
    expect(rec.last()).toMatchObject({ path: `/api/studio/channel/${hall.uuid}`, status: 403 });
    await expect(c2.channel.save(hall.uuid, bodyFromKeyed(hall.keyed ?? {}, hall, null), { origin: 'intruder', seq: 1, changes: { layout: 'PIP' } })).rejects.toEqual(apiError(403, 'FORBIDDEN'));
    await expect(c2.channel.goLive(hall.uuid)).rejects.toEqual(apiError(403, 'FORBIDDEN'));
    expect(await c2.channel.findByEvent(townHall.eventId, townHall.instanceId)).toBeNull();
    expect(rec.last().status).toBe(403);
  });
});

describe('§8 mapping end to end', () => {
  it('an injected 500 on a save rejects with type unknown, code API_BACKEND_ERROR; the next save passes', async () => {
    const hall = (await c1.channel.findByEvent(townHall.eventId, townHall.instanceId))!;
    const armed = await call(`${url}/__test/faults`, { method: 'POST', json: { fail: { method: 'PUT', pathPrefix: '/api/studio/channel', status: 500, count: 1 } } });
    expect(armed.status).toBe(200);
    const update = { origin: 'contract-fault', seq: 1, changes: { layout: 'SPLIT' } };
    const mark = rec.mark();
    await expect(c1.channel.save(hall.uuid, bodyFromKeyed(hall.keyed ?? {}, hall, null), update)).rejects.toEqual({ type: 'unknown', code: 'API_BACKEND_ERROR', message: 'Injected failure (500)', status: 500 });
    expect(rec.since(mark).map((e) => e.status)).toEqual([500]); // a save is not retried by the client
    // The caller's resend is applied once.
    await expect(c1.channel.save(hall.uuid, bodyFromKeyed(hall.keyed ?? {}, hall, null), update)).resolves.toMatchObject({ layout: 'SPLIT', version: hall.version + 1, applied: { 'contract-fault': 1 } });
  });

  it('an injected 500 on a read is retried by ky and the read succeeds', async () => {
    await call(`${url}/__test/faults`, { method: 'POST', json: { fail: { method: 'GET', pathPrefix: '/usermanager/oauth2/tokenInfo', status: 500, count: 1 } } });
    const mark = rec.mark();
    await expect(c1.userManager.tokenInfo()).resolves.toMatchObject({ user: { id: p1.userId } });
    expect(rec.since(mark).map((e) => e.status)).toEqual([500, 200]);
  });

  it('a network failure rejects with null', async () => {
    const port = await closedPort();
    const down = clientsFor(`http://127.0.0.1:${port}`, { user: () => p1.token, event: () => eventToken1 }, rec);
    await expect(down.channel.save('any', bodyFromKeyed({}, channelStub(), null), { origin: 'o', seq: 1, changes: {} })).rejects.toBeNull();
    await expect(down.userManager.signIn('producer1', 'studio')).rejects.toBeNull();
    await expect(down.events.manage(launch.eventId, 'inevent')).rejects.toBeNull();
    // The calls that answer an empty value on failure do so here too.
    expect(await down.events.roster(launch.eventId, launch.instanceId, 'interactive')).toEqual([]);
  });
});

/** A minimal channel answer for a body (the network test never reaches a server). */
function channelStub(): WireChannel {
  return { uuid: 'any', eventStatus: null, version: 0, applied: {}, layers: [], name: 'x', layout: 'CLASSIC', brandSettings: { nametagsActive: true, primaryColor: '#000000', selectedTheme: 'lower_third1' }, templateUrl: '', templateAttributes: '{}', producerOrder: '[]', updateReason: '' } as unknown as WireChannel;
}
