// @vitest-environment node
/**
 * The audience (issue 32): an attendee joins from the public link with a name (and an e-mail when the
 * event asks), stays the same person by an HttpOnly cookie, chats both ways with the moderators, is
 * listed and counted in the studio, and a removal ends their session for good. The attendee's socket
 * carries only what an attendee sees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../src/server/server';
import { ATTENDEE_PUSH_LIMIT } from '../../src/server/sockets/hub';
import { AttendeeBrowser, moderatorOfLaunch } from './attendeeBrowser';
import { backendOn, bearer, call, eventBySharingUrl, removeDir, tempDir, type Json, type TestSocket } from './helpers';

let backend: Backend;
let dir: string;
let base: string;
let launch: Json;
let token: string;
let studio: TestSocket;
let moderatorGuid: string;
const api = (path: string) => `${base}/ptapi/api/${path}`;

class Browser extends AttendeeBrowser {
  constructor(sharingUrl: string) {
    super(base, sharingUrl);
  }
}

const attendeeRoster = async () => (await call(api(`eventuser/v1/events/${launch.eventId}/instance/${launch.instanceId}/live/roster/attendee?pageSize=99`), { headers: bearer(token) })).body as Json;
const countOf = async () => ((await call(api(`chat/v1/events/${launch.eventId}/instances/${launch.instanceId}/attendeecount`), { headers: bearer(token) })).body as Json).attendeeCount;
const moderatorSays = (text: string, extra: Record<string, unknown> = {}) =>
  call(api(`chat/v1/events/${launch.eventId}/instances/${launch.instanceId}/chat`), { method: 'POST', headers: bearer(token), json: { text, channel: 'public', ...extra } });

beforeAll(async () => {
  dir = tempDir();
  backend = await backendOn(dir, { faults: true, janus: false });
  base = backend.url;
  ({ launch, token, studio, moderatorGuid } = await moderatorOfLaunch(base));
});
afterAll(async () => {
  studio?.close();
  await backend?.close();
  removeDir(dir);
});

describe('joining', () => {
  it('asks for a name (refused with its reason), then sets an HttpOnly, SameSite cookie scoped to the event; a reload is the same attendee', async () => {
    const page = new Browser(launch.sharingUrl);
    expect((await page.call('')).body).toMatchObject({ title: expect.any(String), attendee: null, removed: false, requireEmail: false });
    const blank = await page.join('  \u200b ');
    expect(blank.status).toBe(400);
    expect((blank.body as Json).message).toBe('Please enter your name.');
    expect(page.cookie).toBe('');

    const joined = await page.join('Ada <b>Lovelace</b>');
    expect(joined.status).toBe(200);
    const setCookie = joined.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toContain(`Path=/api/studio/audience/${launch.sharingUrl}`);
    const me = (joined.body as Json).attendee;
    expect(me.name).toBe('Ada Lovelace'); // the text rule: markup is not a name
    // The same browser again (a reload, another tab): the same attendee.
    expect((await page.call('')).body).toMatchObject({ attendee: { id: me.id, name: 'Ada Lovelace' } });
    expect(((await page.join('Ada L.')).body as Json).attendee.id).toBe(me.id);
  });

  it('an event that asks for an e-mail refuses a join without one, or with a wrong one, each with its reason', async () => {
    await call(`${base}/__test/event/${launch.eventId}/settings`, { method: 'POST', json: { requireEmail: true } });
    try {
      const page = new Browser(launch.sharingUrl);
      expect(((await page.call('')).body as Json).requireEmail).toBe(true);
      expect(((await page.join('Grace')).body as Json).message).toBe('This event asks for your e-mail address.');
      expect(((await page.join('Grace', 'grace@')).body as Json).message).toBe('Please enter a valid e-mail address.');
      expect((await page.join('Grace', 'Grace@Example.org')).status).toBe(200);
    } finally {
      await call(`${base}/__test/event/${launch.eventId}/settings`, { method: 'POST', json: { requireEmail: false } });
    }
  });

  it('a cookie of one event is nobody in another; no cookie is nobody', async () => {
    const page = new Browser(launch.sharingUrl);
    await page.join('Visitor');
    const other = await eventBySharingUrl(base, 'town-hall');
    const elsewhere = new Browser(other.sharingUrl);
    elsewhere.cookie = page.cookie;
    expect(((await elsewhere.call('')).body as Json).attendee).toBeNull();
    expect((await elsewhere.call('/chat')).status).toBe(401);
    expect((await new Browser(launch.sharingUrl).call('/chat', { method: 'POST', json: { text: 'hi' } })).status).toBe(401);
  });
});

describe('the audience in the studio, and chat both ways', () => {
  it('an attendee with the page open is listed and counted (pushed to producers, at most one push a second); chat crosses both ways; a delete reaches the page', async () => {
    const page = new Browser(launch.sharingUrl);
    await page.join('Linus');
    const socket = await page.socket();
    const me = (await socket.next((m) => m.type === 'joined')).attendee;
    const pushed = await studio.next((m) => m.type === 'msg' && m.msg.type === 'Event_Attendees' && m.msg.participants.some((p: Json) => p.id === me.id));
    expect(pushed.msg.participants.length).toBeLessThanOrEqual(ATTENDEE_PUSH_LIMIT);
    expect(pushed.msg.participants.find((p: Json) => p.id === me.id)).toMatchObject({ name: 'Linus', role: 'Attendee' });
    expect((await attendeeRoster()).participants.map((p: Json) => p.id)).toContain(me.id);
    expect(await countOf()).toBeGreaterThanOrEqual(1);
    // The interactive roster stays the producers and guests.
    const interactive = await call(api(`eventuser/v1/events/${launch.eventId}/instance/${launch.instanceId}/live/roster/interactive`), { headers: bearer(token) });
    expect((interactive.body as Json).participants.map((p: Json) => p.role)).not.toContain('Attendee');

    // Attendee → studio.
    const sent = await page.call('/chat', { method: 'POST', json: { text: 'Hello <script>x</script> studio' } });
    expect(sent.status).toBe(200);
    const atStudio = await studio.next((m) => m.type === 'chat.msg' && m.message.sender.guid === me.id);
    expect(atStudio.message).toMatchObject({ body: 'Hello x studio', privateChat: false, sender: { name: 'Linus', role: 'Attendee' } });
    // Moderator → attendee.
    const said = (await moderatorSays('Welcome, everyone')).body as Json;
    await socket.next((m) => m.type === 'chat.msg' && m.message.id === said.id);
    // Host chat never reaches the audience.
    const backstage = (await moderatorSays('Backstage only', { channel: 'backstage' })).body as Json;
    await studio.next((m) => m.type === 'chat.msg' && m.message.id === backstage.id);
    // A deletion takes the message off every page.
    expect((await call(api(`chat/v1/events/${launch.eventId}/chat/${said.id}`), { method: 'DELETE', headers: bearer(token) })).status).toBe(200);
    await socket.next((m) => m.type === 'chat.deleted' && m.id === said.id);
    expect(socket.messages.some((m) => m.message?.id === backstage.id)).toBe(false);
    expect(socket.messages.some((m) => m.type === 'msg' || m.type === 'channel.updated')).toBe(false);
    // The scrollback: the public chat as it stands (the deleted one gone).
    const scrollback = (await page.call('/chat')).body as Json[];
    expect(scrollback.map((m) => m.body)).toContain('Hello x studio');
    expect(scrollback.map((m) => m.id)).not.toContain(said.id);

    socket.close();
    await expect.poll(async () => (await attendeeRoster()).participants.map((p: Json) => p.id), { timeout: 10_000 }).not.toContain(me.id);
  });

  it('private chat with the moderators only when the event allows it; a reply reaches that attendee alone', async () => {
    const page = new Browser(launch.sharingUrl);
    await page.join('Barbara');
    const other = new Browser(launch.sharingUrl);
    await other.join('Someone else');
    expect((await page.call('/chat', { method: 'POST', json: { text: 'psst', to: 'moderators' } })).status).toBe(403);
    await call(`${base}/__test/event/${launch.eventId}/settings`, { method: 'POST', json: { one2OneModChat: true } });
    try {
      const [mine, theirs] = await Promise.all([page.socket(), other.socket()]);
      const me = (await mine.next((m) => m.type === 'joined')).attendee;
      await theirs.next((m) => m.type === 'joined');
      const asked = (await page.call('/chat', { method: 'POST', json: { text: 'A question for you', to: 'moderators' } })).body as Json;
      const atStudio = await studio.next((m) => m.type === 'chat.msg' && m.message.id === asked.id);
      expect(atStudio.message).toMatchObject({ privateChat: true, sender: { guid: me.id, role: 'Attendee' } });
      const reply = await moderatorSays('Here is the answer', { channel: 'private', recipient: { guid: me.id, name: 'Barbara', role: 'Attendee' } });
      expect(reply.status).toBe(200);
      await mine.next((m) => m.type === 'chat.msg' && m.message.id === (reply.body as Json).id);
      expect(((await page.call('/chat')).body as Json[]).map((m) => m.body)).toEqual(expect.arrayContaining(['A question for you', 'Here is the answer']));
      // The other attendee saw neither: a public message sent after them reaches their socket, and
      // pushes arrive in order, so anything private would have come first.
      const after = (await moderatorSays('After the private ones')).body as Json;
      await theirs.next((m) => m.type === 'chat.msg' && m.message.id === after.id);
      expect(theirs.messages.some((m) => m.message?.privateChat)).toBe(false);
      expect(((await other.call('/chat')).body as Json[]).some((m) => m.privateChat)).toBe(false);
      mine.close();
      theirs.close();
    } finally {
      await call(`${base}/__test/event/${launch.eventId}/settings`, { method: 'POST', json: { one2OneModChat: false } });
    }
  });

  it('an attendee past the §9 rate limit gets 429 with Retry-After and their page is told', async () => {
    const page = new Browser(launch.sharingUrl);
    await page.join('Fast typist');
    const socket = await page.socket();
    await socket.next((m) => m.type === 'joined');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await page.call('/chat', { method: 'POST', json: { text: `message ${i}` } })).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
    await socket.next((m) => m.type === 'chat.rateLimited' && m.retryAfter > 0);
    socket.close();
  });
});

describe('polls', () => {
  it('the live poll reaches attendees at once; each attendee votes once (two tabs at once give one vote); the studio’s counts follow; results after voting and at the end', async () => {
    const created = (await call(api(`polling/v1/events/${launch.eventId}/polls`), { method: 'POST', headers: bearer(token), json: { question: 'Tea or coffee?', options: [{ option: 'Tea' }, { option: 'Coffee' }] } })).body as Json;
    const [one, two] = [new Browser(launch.sharingUrl), new Browser(launch.sharingUrl)];
    await one.join('Voter one');
    await two.join('Voter two');
    const socket = await one.socket();
    await socket.next((m) => m.type === 'joined');
    const manage = (action: string) => call(api(`polling/v1/events/${launch.eventId}/instances/${launch.instanceId}/polls/${created.pollGuid}/manage`), { method: 'POST', headers: bearer(token), json: { action } });
    expect((await manage('START')).status).toBe(200);
    const started = await socket.next((m) => m.type === 'poll' && m.notificationType === 'START');
    expect(started.poll).toMatchObject({ pollGuid: created.pollGuid, question: 'Tea or coffee?', status: 'ACTIVE', results: null });
    expect(((await one.call('/poll')).body as Json).poll).toMatchObject({ pollGuid: created.pollGuid, myVote: null, results: null });

    const voteAs = (b: Browser, optionNumber: unknown, guid = created.pollGuid) => b.call(`/poll/${guid}/vote`, { method: 'POST', json: { optionNumber } });
    expect((await voteAs(one, 3)).status).toBe(400);
    // Two tabs of one browser vote at once: one vote counts, the other is told.
    const both = await Promise.all([voteAs(one, 1), voteAs(one, 2)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const mine = (both.find((r) => r.status === 200)!.body as Json).poll;
    expect(mine.results.reduce((n: number, r: Json) => n + r.votes, 0)).toBe(1);
    expect((await voteAs(two, 2)).status).toBe(200);
    // The studio's counts follow (pushes coalesced: the last one carries both votes).
    await studio.next((m) => m.type === 'msg' && m.msg.type === 'POLL' && m.msg.notificationType === 'UPDATE' && m.msg.pollData.results.reduce((n: number, r: Json) => n + r.votes, 0) === 2);

    expect((await manage('END')).status).toBe(200);
    const ended = await socket.next((m) => m.type === 'poll' && m.notificationType === 'END');
    expect(ended.poll.results.map((r: Json) => r.votes).reduce((a: number, b: number) => a + b, 0)).toBe(2);
    expect((await voteAs(two, 1)).status).toBe(409);
    // A poll of another event is nobody's here.
    expect((await voteAs(two, 1, 'no-such-poll')).status).toBe(404);
    socket.close();
  });
});

describe('removal', () => {
  it('ends the session at once: the socket closes, the page says so, and neither that browser nor that e-mail can rejoin', async () => {
    await call(`${base}/__test/event/${launch.eventId}/settings`, { method: 'POST', json: { requireEmail: true } });
    try {
      const page = new Browser(launch.sharingUrl);
      await page.join('Mallory', 'mallory@example.org');
      const socket = await page.socket();
      const me = (await socket.next((m) => m.type === 'joined')).attendee;
      expect((await call(api(`eventuser/v1/events/${launch.eventId}/instance/${launch.instanceId}/moderator/${moderatorGuid}/moderator/kickout/attendee/${me.id}`), { method: 'DELETE', headers: bearer(token) })).status).toBe(200);
      await socket.next((m) => m.type === 'attendee.removed');
      expect(await socket.closed()).toBe(4000);
      expect((await page.call('')).body).toMatchObject({ attendee: null, removed: true });
      expect((await page.call('/chat', { method: 'POST', json: { text: 'let me back' } })).status).toBe(403);
      const again = await page.join('Mallory again', 'other@example.org');
      expect(again.status).toBe(403);
      expect((again.body as Json).code).toBe('ATTENDEE_REMOVED');
      const fresh = new Browser(launch.sharingUrl);
      expect((await fresh.join('M.', 'MALLORY@example.org')).status).toBe(403);
      const reopened = await page.socket();
      expect(await reopened.closed()).toBe(4403);
      expect((await attendeeRoster()).participants.map((p: Json) => p.id)).not.toContain(me.id);
    } finally {
      await call(`${base}/__test/event/${launch.eventId}/settings`, { method: 'POST', json: { requireEmail: false } });
    }
  });

  it('"Leave event" ends the session: the cookie opens nothing any more', async () => {
    const page = new Browser(launch.sharingUrl);
    await page.join('Leaving soon');
    const socket = await page.socket();
    await socket.next((m) => m.type === 'joined');
    const cookie = page.cookie;
    expect((await page.call('/leave', { method: 'POST' })).status).toBe(200);
    expect(await socket.closed()).toBe(4000);
    page.cookie = cookie; // a copy of the old cookie is worth nothing
    expect(((await page.call('')).body as Json).attendee).toBeNull();
    expect((await page.call('/chat')).status).toBe(401);
  });
});
