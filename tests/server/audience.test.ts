// @vitest-environment node
/** Event socket, roster, chat (rate limit, length), polls, Q&A, uploads (limits, signatures), CMS, CORS and test hooks. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../src/server/server';
import { AttendeeBrowser } from './attendeeBrowser';
import { backendOn, bearer, call, eventBySharingUrl, eventSocket, eventToken, removeDir, signIn, tempDir, type Json, type TestSocket } from './helpers';

let backend: Backend;
let dir: string;
let base: string;
let p1: { token: string; userId: string };
let p2: { token: string; userId: string };
let launch: Json;
let t1: string;
let t2: string;
let s1: TestSocket;
let s2: TestSocket;
const api = (path: string) => `${base}/ptapi/api/${path}`;

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const MP4_HEAD = Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 0, 0]);
const file = (head: Buffer, size: number) => Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length))]);

const INDEX_HTML = `<!doctype html><html><head>\n    <meta http-equiv="Content-Security-Policy" content="default-src 'self'; connect-src 'self' https: wss: data: blob:" /><title>Studio</title></head><body></body></html>`;

beforeAll(async () => {
  dir = tempDir();
  mkdirSync(join(dir, 'dist', 'assets'), { recursive: true });
  writeFileSync(join(dir, 'dist', 'index.html'), INDEX_HTML);
  writeFileSync(join(dir, 'dist', 'assets', 'app.js'), 'console.log(1);');
  backend = await backendOn(dir, { faults: true, distDir: join(dir, 'dist') });
  base = backend.url;
  [p1, p2] = await Promise.all([signIn(base, 'producer1'), signIn(base, 'producer2')]);
  launch = await eventBySharingUrl(base, 'product-launch');
  [t1, t2] = await Promise.all([eventToken(base, p1.token, launch.eventId), eventToken(base, p2.token, launch.eventId)]);
  s1 = await eventSocket(base, { eventId: launch.eventId, accessToken: t1, user: { id: p1.userId, name: 'Priya Patel' } });
  await s1.next((m) => m.type === 'guid_assigned');
  s2 = await eventSocket(base, { eventId: launch.eventId, accessToken: t2, user: { id: p2.userId, name: 'Paul Price' } });
  await s2.next((m) => m.type === 'guid_assigned');
});
afterAll(async () => {
  s1?.close();
  s2?.close();
  await backend?.close();
  removeDir(dir);
});

describe('event socket and roster', () => {
  it('answers ping with pong; the registered moderators are the roster, pushed on join and leave', async () => {
    s1.send({ type: 'ping' });
    await s1.next((m) => m.type === 'pong');
    const roster = await s1.next((m) => m.type === 'msg' && m.msg.type === 'Event_Roster' && m.msg.participants.length === 2);
    expect(roster.msg.participants.map((p: Json) => p.name).sort()).toEqual(['Paul Price', 'Priya Patel']);
    expect(roster.msg.participants[0]).toMatchObject({ role: 'Moderator', joinTime: expect.any(Number), id: expect.any(String) });
    const listed = await call(api(`eventuser/v1/events/${launch.eventId}/instance/${launch.instanceId}/live/roster/interactive?pageSize=99&sortByField=JOINTIME&sortBy=DESCENDING`), { headers: bearer(t1) });
    expect((listed.body as Json).participants).toHaveLength(2);

    const { token } = await signIn(base, 'producer2');
    const t3 = await eventToken(base, token, launch.eventId);
    const s3 = await eventSocket(base, { eventId: launch.eventId, accessToken: t3, user: { id: p2.userId, name: 'Paul again' } });
    await s1.next((m) => m.type === 'msg' && m.msg.type === 'Event_Roster' && m.msg.participants.length === 3);
    s3.close();
    const after = s1.messages.length;
    await s1.next((m) => s1.messages.indexOf(m) >= after && m.type === 'msg' && m.msg.type === 'Event_Roster' && m.msg.participants.length === 2);
  });

  it('in event / pause event push Event_State', async () => {
    const res = await call(api(`manager/v1/events/${launch.eventId}/manage/inevent`), { method: 'POST', headers: bearer(t1), json: { eventId: launch.eventId } });
    expect(res.body).toEqual({ state: 'IN_EVENT' });
    await s2.next((m) => m.type === 'msg' && m.msg.type === 'Event_State' && m.msg.state === 'IN_EVENT');
  });
});

describe('chat', () => {
  const send = (token: string, text: string, channel = 'public') => call(api(`chat/v1/events/${launch.eventId}/instances/${launch.instanceId}/chat`), { method: 'POST', headers: bearer(token), json: { text, channel, tag: channel } });

  it('stores a message, pushes chat.msg, lists it in the scrollback; deletes with Event_Chat DELETED', async () => {
    const sent = await send(t1, 'Welcome <b>everyone</b>');
    expect(sent.status).toBe(200);
    const message = sent.body as Json;
    expect(message).toMatchObject({ body: 'Welcome <b>everyone</b>', sender: { name: 'Priya Patel', role: 'Moderator', userId: p1.userId }, privateChat: false, deleteDate: 0 });
    await s2.next((m) => m.type === 'chat.msg' && m.message.id === message.id);
    const scroll = await call(api(`chat/v1/events/${launch.eventId}/chat/scrollback/moderator/${launch.instanceId}`), { headers: bearer(t2) });
    expect((scroll.body as Json[]).map((m) => m.id)).toContain(message.id);
    const del = await call(api(`chat/v1/events/${launch.eventId}/chat/${message.id}`), { method: 'DELETE', headers: bearer(t2) });
    expect(del.status).toBe(200);
    await s1.next((m) => m.type === 'msg' && m.msg.type === 'Event_Chat' && m.msg.action === 'DELETED' && m.msg.id === message.id);
  });

  it('refuses a message over 500 characters (400)', async () => {
    expect((await send(t2, 'x'.repeat(501))).status).toBe(400);
    expect((await send(t2, '')).status).toBe(400);
  });

  it('rate-limits a user: 429 with Retry-After and a chat.rateLimited push to that user only', async () => {
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await send(t2, `message ${i}`, 'backstage'));
    // Refused sends (above) do not count: five pass, the sixth is limited.
    expect(results.slice(0, 5).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const limited = results[5]!;
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(10);
    const push = await s2.next((m) => m.type === 'chat.rateLimited');
    expect(push.retryAfter).toBe(retryAfter);
    expect(s1.messages.some((m) => m.type === 'chat.rateLimited')).toBe(false);
    // Another user is not limited.
    expect((await send(t1, 'still here', 'backstage')).status).toBe(200);
  });
});

describe('polls and Q&A', () => {
  it('create → start → end, one ACTIVE at a time, each pushed as POLL', async () => {
    const create = (question: string) => call(api(`polling/v1/events/${launch.eventId}/polls`), { method: 'POST', headers: bearer(t1), json: { question, options: [{ optionNumber: 1, option: 'Yes' }, { optionNumber: 2, option: 'No' }] } });
    const a = (await create('Ready?')).body as Json;
    const b = (await create('Sure?')).body as Json;
    expect(a).toMatchObject({ question: 'Ready?', results: [{ option: 'Yes', votes: 0 }, { option: 'No', votes: 0 }] });
    expect(a.status).toBeUndefined();
    await s2.next((m) => m.type === 'msg' && m.msg.type === 'POLL' && m.msg.pollData.pollGuid === a.pollGuid);
    const manage = (guid: string, action: string) => call(api(`polling/v1/events/${launch.eventId}/instances/${launch.instanceId}/polls/${guid}/manage`), { method: 'POST', headers: bearer(t1), json: { action, initiatorName: 'Priya', pollInstanceGuid: launch.instanceId } });
    expect((await manage(a.pollGuid, 'START')).status).toBe(200);
    expect((await manage(b.pollGuid, 'START')).status).toBe(409);
    const list = (status: string) => call(api(`polling/v1/events/${launch.eventId}/instances/${launch.instanceId}/polls?status=${status}`), { headers: bearer(t2) });
    expect(((await list('ACTIVE')).body as Json[]).map((p) => p.pollGuid)).toEqual([a.pollGuid]);
    expect((await manage(a.pollGuid, 'END')).body).toMatchObject({ status: 'DONE' });
    expect(((await list('COMPLETED')).body as Json[]).map((p) => p.pollGuid)).toEqual([a.pollGuid]);
    expect((await create('x'.repeat(151))).status).toBe(400);
  });

  it('publishes, upvotes and answers a question with Event_QnA pushes', async () => {
    // An attendee asks on the event page (tests/server/audienceQna.test.ts covers the attendee's side).
    const ann = new AttendeeBrowser(base, launch.sharingUrl);
    expect((await ann.join('Ann')).status).toBe(200);
    const asked = ((await ann.ask('When?')).body as Json).question;
    const added = await s1.next((m) => m.type === 'msg' && m.msg.type === 'Event_QnA' && m.msg.qna.type === 'add' && m.msg.qna.question.id === asked.id);
    expect(added.msg.qna.question).toMatchObject({ content: 'When?', status: 'ASKED', initiator: { name: 'Ann' } });
    const q = `chat/v1/events/${launch.eventId}/qna/question/${asked.id}`;
    expect((await call(api(q), { method: 'PUT', headers: bearer(t1), json: { approve: true } })).body).toMatchObject({ status: 'ACTIVE' });
    await call(api(q), { method: 'PUT', headers: bearer(t1), json: {} });
    await s2.next((m) => m.msg?.type === 'Event_QnA' && m.msg.qna.type === 'upvote' && m.msg.qna.upvoteCount === 1);
    const answer = await call(api(`${q}/answer`), { method: 'POST', headers: bearer(t1), json: { content: 'Soon.', answerBy: { name: 'Priya', endpointGuid: 'g' } } });
    expect(answer.body).toMatchObject({ content: 'Soon.', answerBy: { name: 'Priya' } });
    await s2.next((m) => m.msg?.type === 'Event_QnA' && m.msg.qna.type === 'answer' && m.msg.qna.answerCount === 1);
    const all = (await call(api(`chat/v1/events/${launch.eventId}/qna/questions`), { headers: bearer(t2) })).body as Json[];
    expect(all.find((x) => x.id === asked.id)).toMatchObject({ status: 'ACTIVE', upvoteCount: 1, answerCount: 1 });
    expect(all.filter((x) => x.status === 'ASKED').length).toBeGreaterThanOrEqual(2); // the seeded ones
  });
});

describe('uploads', () => {
  const uploadUrl = async (json: unknown) => (await call(`${base}/api/v1/dam/user/${p1.userId}/uploadUrl`, { method: 'POST', headers: bearer(p1.token), json })).body as Json;
  const putFile = (url: string, body: Buffer) => call(url, { method: 'PUT', headers: { 'Content-Type': 'application/octet-stream' }, body: new Uint8Array(body) });

  it('refuses a logo over 1MB (413) and a file whose bytes are not an image (415)', async () => {
    const logo = await uploadUrl({ type: 'image', tag: 'STUDIO_LOGO' });
    const big = await putFile(logo.assetUrl, file(PNG_HEAD, 1024 * 1024 + 1));
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });

    const html = await uploadUrl({ type: 'image' });
    expect((await putFile(html.assetUrl, Buffer.from('<html><script>alert(1)</script></html>'))).status).toBe(415);

    // Uploaded without a tag, then registered as a logo: the logo limit still holds.
    const plain = await uploadUrl({ type: 'image' });
    expect((await putFile(plain.assetUrl, file(PNG_HEAD, 1024 * 1024 + 10))).status).toBe(200);
    const asLogo = await call(`${base}/api/v1/dam/user/${p1.userId}/assets`, { method: 'POST', headers: bearer(p1.token), json: { type: 'image', tag: 'STUDIO_LOGO', assetKey: plain.assetKey, title: 'Big logo' } });
    expect(asLogo.status).toBe(413);
  });

  it('stores an image, serves it with nosniff; a video is PROCESSING first', async () => {
    const img = await uploadUrl({ type: 'image', tag: 'STUDIO_IMAGE' });
    expect((await putFile(img.assetUrl, file(PNG_HEAD, 2048))).status).toBe(200);
    const asset = await call(`${base}/api/v1/dam/user/${p1.userId}/assets`, { method: 'POST', headers: bearer(p1.token), json: { type: 'image', tag: 'STUDIO_IMAGE', assetKey: img.assetKey, title: 'Slide' } });
    expect(asset.body).toMatchObject({ title: 'Slide', status: 'READY', type: 'image' });
    const served = await fetch((asset.body as Json).assetDownloadUrl);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await served.arrayBuffer()).byteLength).toBe(2048);

    const vid = await uploadUrl({ type: 'video', tag: 'STUDIO_VIDEO' });
    expect((await putFile(vid.assetUrl, file(MP4_HEAD, 4096))).status).toBe(200);
    const video = (await call(`${base}/api/v1/dam/user/${p1.userId}/assets`, { method: 'POST', headers: bearer(p1.token), json: { type: 'video', tag: 'STUDIO_VIDEO', assetKey: vid.assetKey, title: 'Clip', thumbnailKey: vid.thumbnailKey } })).body as Json;
    expect(video.status).toBe('PROCESSING');
    const status = await call(`${base}/api/v1/dam/assets?id=${video.id}`, { headers: bearer(p1.token) });
    expect(status.body).toMatchObject({ status: 'PROCESSING' });
    const list = (await call(`${base}/api/v1/dam/user/${p1.userId}/assets`, { headers: bearer(p1.token) })).body as Json;
    expect(list.assets.map((a: Json) => a.title)).toEqual(expect.arrayContaining(['Slide', 'Clip']));
    expect((await call(`${base}/api/v1/dam/user/${p2.userId}/assets`, { headers: bearer(p1.token) })).status).toBe(403);
  });

  it('CMS: registers a video and answers its numeric id', async () => {
    const form = (await call(`${base}/cms/user/${p1.userId}/cms/get_upload_form`, { method: 'POST', headers: bearer(p1.token), json: { method: 'PUT', filename: 'a.mp4', fileType: 'video/mp4' } })).body as Json;
    expect((await putFile(form.uploadUrl, file(MP4_HEAD, 1000))).status).toBe(200);
    const id = await call(`${base}/cms/user/${p1.userId}/cms/?access_token=${p1.token}`, { method: 'POST', json: { contentCategory: 'VIDEO', contentDescription: '', contentLocation: 'S3', contentName: 'a.mp4', contentSize: 1000, contentType: 'video/mp4', contentUrl: form.contentUrl } });
    expect(typeof id.body).toBe('number');
    const list = (await call(`${base}/cms/user/${p1.userId}/cms/?contentCategory=VIDEO&access_token=${p1.token}`)).body as Json[];
    expect(list[0]).toMatchObject({ id: id.body, contentName: 'a.mp4' });
    expect((await call(`${base}/cms/${p1.userId}/cms/${id.body}?access_token=${p1.token}`, { method: 'DELETE' })).status).toBe(200);
  });
});

describe('serving and hooks', () => {
  it('serves the build with its CSP as a header, and index.html for unknown studio routes', async () => {
    expect(backend.studio).toBe(true);
    for (const path of ['/studio/instant-demo/', '/studio/instant-demo/event/product-launch', '/studio/instant-demo/output']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(INDEX_HTML);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain(`connect-src 'self' https: wss: data: blob: ${base} ${base.replace('http', 'ws')}`);
      expect(csp).toContain("frame-ancestors 'none'");
    }
    const js = await fetch(`${base}/studio/instant-demo/assets/app.js`);
    expect(await js.text()).toBe('console.log(1);');
    expect((await fetch(`${base}/studio/instant-demo/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${base}/elsewhere`)).status).toBe(404);
  });

  it('serves config.json and answers CORS preflight for the dev origin only', async () => {
    expect((await call(`${base}/studio/instant-demo/config.json`)).body).toMatchObject({ backend: 'server', studioApi: '/api/studio' });
    const pre = await fetch(`${base}/api/studio/channel/list`, { method: 'OPTIONS', headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'GET' } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const evil = await fetch(`${base}/api/studio/channel/list`, { headers: { Origin: 'http://evil.test' } });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('injects failures, then drops every socket', async () => {
    await call(`${base}/__test/faults`, { method: 'POST', json: { fail: { method: 'GET', pathPrefix: '/usermanager/oauth2/tokenInfo', status: 500, count: 1 } } });
    const failed = await call(`${base}/usermanager/oauth2/tokenInfo`, { headers: bearer(p1.token) });
    expect(failed.status).toBe(500);
    expect(failed.body).toMatchObject({ type: 'unknown', code: 'API_BACKEND_ERROR' });
    expect((await call(`${base}/usermanager/oauth2/tokenInfo`, { headers: bearer(p1.token) })).status).toBe(200);
    await call(`${base}/__test/drop-sockets`, { method: 'POST' });
    expect(await s1.closed()).toBe(1006);
  });
});

describe('waiting for the event instance', () => {
  it('the third event gets its instanceId about 6 s after its first access-token request', async () => {
    const wait = await eventBySharingUrl(base, 'instance-wait');
    expect(wait.instanceId).toBeUndefined();
    const started = Date.now();
    await eventToken(base, p1.token, wait.eventId);
    let instanceId: string | undefined;
    while (!instanceId && Date.now() - started < 9000) {
      await new Promise((r) => setTimeout(r, 250));
      instanceId = (await eventBySharingUrl(base, 'instance-wait')).instanceId;
    }
    expect(instanceId).toEqual(expect.any(String));
    expect(Date.now() - started).toBeGreaterThanOrEqual(5500);
    // producer2 does not moderate it.
    expect((await call(`${base}/ptapi/api/security/v1/oauth/accesstoken`, { method: 'POST', headers: bearer(p2.token), json: { eventId: wait.eventId } })).status).toBe(403);
  });
});
