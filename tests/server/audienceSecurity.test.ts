// @vitest-environment node
/**
 * Who may do what on the audience's API (issue 32, CONTRACT.md "Audience"), as one table: every
 * attendee route and the attendee socket, each called by four callers, and the status each must get.
 *
 * - `joined`: an attendee of this event;
 * - `removed`: an attendee of this event a moderator removed;
 * - `other`: an attendee of another event (town-hall), their cookie sent to this event's paths;
 * - `none`: no session at all.
 * `joined` and `other` are made anew for every row, so no row (a leave, a join) changes what the next meets.
 *
 * An attendee session acts in its own event and only as an attendee: the rows at the end send the
 * attendee's cookie (and its value as a bearer token) to the moderators' routes, which answer 401.
 * Malformed input (not JSON, wrong types, past the limits, ids that are nobody's or path-like) is a
 * 4xx, never a 500. Every request comes from its own address (X-Forwarded-For from the trusted
 * loopback proxy), so the per-address limits (JOIN_RATE, AUDIENCE_ADDRESS_RATE) never decide a row:
 * audienceLimits.test.ts tests those.
 *
 * To add a route: add a row (`here('/suffix')` for this event's audience API).
 *
 * Already held elsewhere, not repeated here: what another attendee's socket never gets of private
 * chat, backstage chat or channel frames (attendees.test.ts "chat both ways", "private chat");
 * unpublished questions (audienceQna.test.ts "what other attendees get"); a removal closing the socket
 * with 4000 and a leave ending the cookie (attendees.test.ts "removal"); a stage invite reaching only
 * its attendee (audienceHands.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAME_MAX } from '../../src/lib/limits';
import { AUDIENCE_QUESTION_MAX } from '../../src/lib/limits';
import { CHAT_MAX } from '../../src/server/routes/chat';
import type { Backend } from '../../src/server/server';
import { SOCKET_FRAMES_PER_KIND } from '../../src/server/sockets/frameLimiter';
import { backendOn, bearer, call, eventBySharingUrl, eventSocket, eventToken, producer, removeDir, signIn, studioSocket, tempDir, TestSocket, wsUrl, type Json } from './helpers';

type Caller = 'joined' | 'removed' | 'other' | 'none';
const CALLERS: Caller[] = ['joined', 'removed', 'other', 'none'];

/** What the rows use, known once the backend runs. */
interface Fixtures {
  launch: Json;
  townHall: Json;
  moderatorGuid: string;
  /** An attendee of this event who stays (moderator rows act on them). */
  bystanderId: string;
  /** A poll of this event, started; one ended; one of the other event, started. */
  activePoll: string;
  endedPoll: string;
  otherEventPoll: string;
  /** Questions of this event: published, and someone else's waiting one; and one of the other event. */
  publishedQuestion: string;
  waitingQuestion: string;
  otherEventQuestion: string;
  /** A personal link of this event (its id). */
  inviteId: string;
  channelUuid: string;
}

interface Row {
  /** What the call is, as a newcomer would say it. */
  what: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path: `here('/chat')` is under this event's audience API; anything else is another route. */
  path: (f: Fixtures) => string;
  /** A JSON body, or `raw` as sent with its content type. */
  json?: unknown;
  raw?: { type: string; text: string };
  /** The status each caller gets, in CALLERS order: joined, removed, other event's attendee, none. */
  status: [joined: number, removed: number, other: number, none: number];
  /** What a caller's answer must contain (toMatchObject). */
  see?: Partial<Record<Caller, unknown>>;
}

const s = (joined: number, removed: number, other: number, none: number): Row['status'] => [joined, removed, other, none];
/** Session routes: the attendee gets `ok`, a removed one 403, everyone else 401. */
const session = (ok: number) => s(ok, 403, 401, 401);
const everyone = (status: number) => s(status, status, status, status);
const mod = (f: Fixtures, path: string) => `/ptapi/api/eventuser/v1/events/${f.launch.eventId}/instance/${f.launch.instanceId}/moderator/${f.moderatorGuid}/${path}`;
const pt = (path: string) => `/ptapi/api/${path}`;
const markupFlood = '<b'.repeat(30_000);
const audiencePath = (sharingUrl: string) => `/api/studio/audience/${encodeURIComponent(sharingUrl)}`;
/** A path under this event's audience API. */
const here = (suffix: string) => (f: Fixtures) => `${audiencePath(f.launch.sharingUrl)}${suffix}`;
const isAudienceRoute = (path: string) => path.startsWith('/api/studio/audience/');

const ROWS: Row[] = [
  // The event page: public; it says who the caller is here, and nobody else's session counts.
  { what: 'GET the event page', method: 'GET', path: here(''), status: everyone(200), see: { joined: { attendee: { name: 'Row attendee' }, removed: false }, removed: { attendee: null, removed: true }, other: { attendee: null, removed: false }, none: { attendee: null, removed: false } } },
  { what: 'GET the page of an event that does not exist', method: 'GET', path: here('/api/studio/audience/no-such-event'), status: everyone(404) },
  { what: 'GET a path-like sharing URL', method: 'GET', path: here('/api/studio/audience/..%2F..%2Fchannel%2Flist'), status: everyone(404) },
  // Joining: anyone may; a removed browser may not; an attendee of another event is a stranger here.
  { what: 'POST join', method: 'POST', path: here('/join'), json: { name: 'Joiner' }, status: s(200, 403, 200, 200) },
  { what: 'POST join without a name', method: 'POST', path: here('/join'), json: {}, status: everyone(400) },
  { what: 'POST join with a name that is a number', method: 'POST', path: here('/join'), json: { name: 42 }, status: everyone(400) },
  { what: `POST join with a name of ${NAME_MAX + 1} characters`, method: 'POST', path: here('/join'), json: { name: 'x'.repeat(NAME_MAX + 1) }, status: everyone(400) },
  { what: 'POST join with 60 KB of markup as a name (refused before the text rule)', method: 'POST', path: here('/join'), json: { name: markupFlood }, status: everyone(400) },
  { what: 'POST join with a body that is not JSON', method: 'POST', path: here('/join'), raw: { type: 'application/json', text: '{"name": ' }, status: everyone(400) },
  { what: 'POST join as text/plain (read as a string: no name in it)', method: 'POST', path: here('/join'), raw: { type: 'text/plain', text: 'name=x' }, status: everyone(400) },
  { what: 'POST join as XML', method: 'POST', path: here('/join'), raw: { type: 'application/xml', text: '<name>x</name>' }, status: everyone(415) },
  { what: 'POST join with a body past 64 KB', method: 'POST', path: here('/join'), json: { name: 'x', pad: 'x'.repeat(70 * 1024) }, status: everyone(413) },
  // Leaving ends only the caller's own session (nothing to end for the others).
  { what: 'POST leave', method: 'POST', path: here('/leave'), status: everyone(200) },
  // The live poll and voting.
  { what: 'GET the poll', method: 'GET', path: here('/poll'), status: session(200), see: { joined: { poll: { status: 'ACTIVE', myVote: null, results: null } } } },
  { what: 'POST a vote', method: 'POST', path: (f) => here(`/poll/${f.activePoll}/vote`)(f), json: { optionNumber: 1 }, status: session(200), see: { joined: { poll: { myVote: 1 } } } },
  { what: 'POST a vote in an ended poll', method: 'POST', path: (f) => here(`/poll/${f.endedPoll}/vote`)(f), json: { optionNumber: 1 }, status: session(409) },
  { what: 'POST a vote in another event’s poll', method: 'POST', path: (f) => here(`/poll/${f.otherEventPoll}/vote`)(f), json: { optionNumber: 1 }, status: session(404) },
  { what: 'POST a vote in a poll that does not exist', method: 'POST', path: here('/poll/no-such-poll/vote'), json: { optionNumber: 1 }, status: session(404) },
  { what: 'POST a vote with a path-like poll id', method: 'POST', path: here('/poll/..%2F..%2Fqna/vote'), json: { optionNumber: 1 }, status: session(404) },
  { what: 'POST a vote with a poll id of 2,000 characters (past the router’s 100: 414 before any handler)', method: 'POST', path: here(`/poll/${'p'.repeat(2000)}/vote`), json: { optionNumber: 1 }, status: everyone(414) },
  { what: 'POST a vote for an option the poll lacks', method: 'POST', path: (f) => here(`/poll/${f.activePoll}/vote`)(f), json: { optionNumber: 99 }, status: session(400) },
  { what: 'POST a vote whose option is a string', method: 'POST', path: (f) => here(`/poll/${f.activePoll}/vote`)(f), json: { optionNumber: '1' }, status: session(400) },
  { what: 'POST a vote whose body is an array', method: 'POST', path: (f) => here(`/poll/${f.activePoll}/vote`)(f), json: [1], status: session(400) },
  { what: 'POST a vote with a body that is not JSON', method: 'POST', path: (f) => here(`/poll/${f.activePoll}/vote`)(f), raw: { type: 'application/json', text: 'optionNumber=1' }, status: everyone(400) },
  // Q&A.
  { what: 'GET the questions', method: 'GET', path: here('/qna'), status: session(200) },
  { what: 'POST a question', method: 'POST', path: here('/qna'), json: { content: 'A question from the table' }, status: session(200), see: { joined: { question: { status: 'ASKED', mine: true } } } },
  { what: `POST a question of ${AUDIENCE_QUESTION_MAX + 1} characters`, method: 'POST', path: here('/qna'), json: { content: 'q'.repeat(AUDIENCE_QUESTION_MAX + 1) }, status: session(400) },
  { what: 'POST a question of 60 KB of markup', method: 'POST', path: here('/qna'), json: { content: markupFlood }, status: session(400) },
  { what: 'POST a question that is an object', method: 'POST', path: here('/qna'), json: { content: { $gt: '' } }, status: session(400) },
  { what: 'POST a question with anonymous "yes"', method: 'POST', path: here('/qna'), json: { content: 'Q?', anonymous: 'yes' }, status: session(400) },
  { what: 'POST an upvote of a published question', method: 'POST', path: (f) => here(`/qna/${f.publishedQuestion}/upvote`)(f), status: session(200), see: { joined: { question: { myUpvote: true } } } },
  { what: 'POST an upvote of someone else’s waiting question (none of theirs)', method: 'POST', path: (f) => here(`/qna/${f.waitingQuestion}/upvote`)(f), status: session(404) },
  { what: 'POST an upvote of another event’s question', method: 'POST', path: (f) => here(`/qna/${f.otherEventQuestion}/upvote`)(f), status: session(404) },
  { what: 'POST an upvote of a question that does not exist', method: 'POST', path: here('/qna/00000000-0000-0000-0000-000000000000/upvote'), status: session(404) },
  { what: 'POST an upvote with a path-like id', method: 'POST', path: here('/qna/..%2F..%2Fpoll/upvote'), status: session(404) },
  { what: 'POST an upvote with a NUL in the id', method: 'POST', path: here('/qna/a%00b/upvote'), status: everyone(400) },
  // Chat.
  { what: 'GET the chat', method: 'GET', path: here('/chat'), status: session(200) },
  { what: 'POST a chat message', method: 'POST', path: here('/chat'), json: { text: 'Hello from the table' }, status: session(200), see: { joined: { body: 'Hello from the table', sender: { role: 'Attendee' } } } },
  { what: 'POST a chat message to the moderators (off for this event)', method: 'POST', path: here('/chat'), json: { text: 'psst', to: 'moderators' }, status: session(403) },
  { what: 'POST a chat message to "everyone"', method: 'POST', path: here('/chat'), json: { text: 'hi', to: 'everyone' }, status: session(400) },
  { what: `POST a chat message of ${CHAT_MAX + 1} characters`, method: 'POST', path: here('/chat'), json: { text: 'c'.repeat(CHAT_MAX + 1) }, status: session(400) },
  { what: 'POST a chat message of 60 KB of markup', method: 'POST', path: here('/chat'), json: { text: markupFlood }, status: session(400) },
  { what: 'POST a chat message of markup only', method: 'POST', path: here('/chat'), json: { text: '<b></b>' }, status: session(400) },
  { what: 'POST a chat message whose text is a number', method: 'POST', path: here('/chat'), json: { text: 5 }, status: session(400) },
  { what: 'POST a chat message whose body is a JSON string', method: 'POST', path: here('/chat'), json: 'hello', status: session(400) },
  { what: 'POST a chat message nested 5,000 deep', method: 'POST', path: here('/chat'), raw: { type: 'application/json', text: `${'['.repeat(5000)}${']'.repeat(5000)}` }, status: session(400) },
  // Hands (the event allows them here).
  { what: 'POST raise a hand', method: 'POST', path: here('/hand'), json: { raised: true }, status: session(200), see: { joined: { raised: true, stageInvite: null } } },
  { what: 'POST a hand with raised "yes"', method: 'POST', path: here('/hand'), json: { raised: 'yes' }, status: session(400) },
  { what: 'POST a hand without a body', method: 'POST', path: here('/hand'), status: session(400) },

  // An attendee's cookie is nobody on the moderators' routes (sent with its value as a bearer token too).
  { what: 'moderators: lower an attendee’s hand', method: 'PUT', path: (f) => mod(f, `attendee/${f.bystanderId}/hand`), json: { raised: false }, status: everyone(401) },
  { what: 'moderators: invite an attendee on stage', method: 'POST', path: (f) => mod(f, `attendee/${f.bystanderId}/stage`), status: everyone(401) },
  { what: 'moderators: remove an attendee', method: 'DELETE', path: (f) => mod(f, `moderator/kickout/attendee/${f.bystanderId}`), status: everyone(401) },
  { what: 'moderators: read the audience settings', method: 'GET', path: (f) => pt(`eventuser/v1/events/${f.launch.eventId}/audience/settings`), status: everyone(401) },
  { what: 'moderators: change the audience settings', method: 'PUT', path: (f) => pt(`eventuser/v1/events/${f.launch.eventId}/audience/settings`), json: { invitedOnly: true }, status: everyone(401) },
  { what: 'moderators: list the personal links', method: 'GET', path: (f) => pt(`eventuser/v1/events/${f.launch.eventId}/audience/invites`), status: everyone(401) },
  { what: 'moderators: make a personal link', method: 'POST', path: (f) => pt(`eventuser/v1/events/${f.launch.eventId}/audience/invites`), json: { name: 'Me again' }, status: everyone(401) },
  { what: 'moderators: revoke a personal link', method: 'DELETE', path: (f) => pt(`eventuser/v1/events/${f.launch.eventId}/audience/invites/${f.inviteId}`), status: everyone(401) },
  { what: 'moderators: send chat as a moderator', method: 'POST', path: (f) => pt(`chat/v1/events/${f.launch.eventId}/instances/${f.launch.instanceId}/chat`), json: { text: 'I am a moderator', channel: 'public' }, status: everyone(401) },
  { what: 'moderators: read the backstage chat', method: 'GET', path: (f) => pt(`chat/v1/events/${f.launch.eventId}/instances/${f.launch.instanceId}/moderator/presenter/chat/scrollback`), status: everyone(401) },
  { what: 'moderators: create a poll', method: 'POST', path: (f) => pt(`polling/v1/events/${f.launch.eventId}/polls`), json: { question: 'Mine?', options: [{ option: 'a' }, { option: 'b' }] }, status: everyone(401) },
  { what: 'moderators: end a poll', method: 'POST', path: (f) => pt(`polling/v1/events/${f.launch.eventId}/instances/${f.launch.instanceId}/polls/${f.activePoll}/manage`), json: { action: 'END' }, status: everyone(401) },
  { what: 'moderators: publish a question', method: 'PUT', path: (f) => pt(`chat/v1/events/${f.launch.eventId}/qna/question/${f.waitingQuestion}`), json: { approve: true }, status: everyone(401) },
  { what: 'moderators: list the questions (the waiting ones too)', method: 'GET', path: (f) => pt(`chat/v1/events/${f.launch.eventId}/qna/questions`), status: everyone(401) },
  { what: 'moderators: set the banner', method: 'POST', path: (f) => pt(`manager/v1/events/${f.launch.eventId}/manage/banner`), json: { bannerMessage: 'Mine' }, status: everyone(401) },
  { what: 'moderators: the attendee roster', method: 'GET', path: (f) => pt(`eventuser/v1/events/${f.launch.eventId}/instance/${f.launch.instanceId}/live/roster/attendee?pageSize=99`), status: everyone(401) },
  { what: 'studio: the channel', method: 'GET', path: (f) => `/api/studio/channel/${f.channelUuid}`, status: everyone(401) },
  { what: 'studio: the rundown', method: 'GET', path: (f) => `/api/studio/channel/${f.channelUuid}/rundown`, status: everyone(401) },
  { what: 'studio: the guest invite of the event', method: 'GET', path: (f) => `/api/studio/meeting/${f.launch.eventId}/invite`, status: everyone(401) },
];

/** The attendee socket, opened by each caller: `joined` (it opens and says so) or the close code of the refusal. */
const SOCKET_ROWS: { what: string; sharingUrl: (f: Fixtures) => string; expect: [joined: number | 'joined', removed: number | 'joined', other: number | 'joined', none: number | 'joined'] }[] = [
  { what: 'the attendee socket of this event', sharingUrl: (f) => f.launch.sharingUrl, expect: ['joined', 4403, 4401, 4401] },
  { what: 'the attendee socket of an event that does not exist', sharingUrl: () => 'no-such-event', expect: [4401, 4401, 4401, 4401] },
];

/** What no answer may show (as security.test.ts LEAKS). */
const LEAKS = [/relation "/i, /\.ts:\d+/, /node_modules/, /\bat \w+ \(/, /\bSELECT\b/, /\bstack\b/i];

let backend: Backend;
let dir: string;
let base: string;
let token: string;
let userToken: string;
let studio: TestSocket;
const f = {} as Fixtures;
let removedCookie = '';
let address = 0;
/** Every request from its own address: the per-address limits never decide a row. */
const fromNewAddress = () => ({ 'X-Forwarded-For': `10.77.${(++address >> 8) & 255}.${address & 255}` });
const cookieValue = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);

async function join(sharingUrl: string, name: string): Promise<{ cookie: string; id: string }> {
  const res = await call(`${base}${audiencePath(sharingUrl)}/join`, { method: 'POST', headers: fromNewAddress(), json: { name } });
  if (res.status !== 200) throw new Error(`join: ${res.status} ${JSON.stringify(res.body)}`);
  return { cookie: res.headers.get('set-cookie')!.split(';')[0]!, id: (res.body as Json).attendee.id };
}

const asModerator = (url: string, init: { method?: string; json?: unknown } = {}) => call(`${base}${url}`, { ...init, headers: bearer(token) });
const settings = (eventId: string, json: Record<string, boolean>) => call(`${base}/__test/event/${eventId}/settings`, { method: 'POST', json });

async function startedPoll(eventId: string, instanceId: string, userToken: string): Promise<string> {
  const poll = (await call(`${base}${pt(`polling/v1/events/${eventId}/polls`)}`, { method: 'POST', headers: bearer(userToken), json: { question: 'Tea or coffee?', options: [{ option: 'Tea' }, { option: 'Coffee' }] } })).body as Json;
  const started = await call(`${base}${pt(`polling/v1/events/${eventId}/instances/${instanceId}/polls/${poll.pollGuid}/manage`)}`, { method: 'POST', headers: bearer(userToken), json: { action: 'START' } });
  if (started.status !== 200) throw new Error(`poll start: ${started.status}`);
  return poll.pollGuid;
}

async function ask(sharingUrl: string, cookie: string, content: string): Promise<string> {
  const res = await call(`${base}${audiencePath(sharingUrl)}/qna`, { method: 'POST', headers: { Cookie: cookie, ...fromNewAddress() }, json: { content } });
  if (res.status !== 200) throw new Error(`ask: ${res.status}`);
  return (res.body as Json).question.id;
}

beforeAll(async () => {
  dir = tempDir();
  backend = await backendOn(dir, { faults: true, janus: false, trustProxy: ['127.0.0.1'] });
  base = backend.url;
  const p1 = await signIn(base, 'producer1');
  [f.launch, f.townHall] = await Promise.all([eventBySharingUrl(base, 'product-launch'), eventBySharingUrl(base, 'town-hall')]);
  userToken = p1.token;
  token = await eventToken(base, p1.token, f.launch.eventId);
  const townToken = await eventToken(base, p1.token, f.townHall.eventId);
  studio = await eventSocket(base, { eventId: f.launch.eventId, accessToken: token, user: { id: p1.userId, name: 'Priya Patel' } });
  f.moderatorGuid = (await studio.next((m) => m.type === 'guid_assigned')).guid;
  f.channelUuid = ((await call(`${base}/api/studio/channel?ptEventId=${f.launch.eventId}`, { headers: producer(p1.token) })).body as Json).uuid;
  await settings(f.launch.eventId, { raiseHandEnabled: true });

  // Polls: one ended, then the live one; the other event's live one.
  f.endedPoll = await startedPoll(f.launch.eventId, f.launch.instanceId, token);
  await asModerator(pt(`polling/v1/events/${f.launch.eventId}/instances/${f.launch.instanceId}/polls/${f.endedPoll}/manage`), { method: 'POST', json: { action: 'END' } });
  f.activePoll = await startedPoll(f.launch.eventId, f.launch.instanceId, token);
  f.otherEventPoll = await startedPoll(f.townHall.eventId, f.townHall.instanceId, townToken);

  // Attendees the fixtures need: the bystander (moderator rows act on them), another asker, one of the other event.
  const bystander = await join(f.launch.sharingUrl, 'Bystander');
  f.bystanderId = bystander.id;
  const asker = await join(f.launch.sharingUrl, 'Asker');
  const other = await join(f.townHall.sharingUrl, 'Town hall attendee');

  // Questions: the bystander's published one, another attendee's waiting one, and one of the other event.
  f.publishedQuestion = await ask(f.launch.sharingUrl, bystander.cookie, 'Published?');
  expect((await asModerator(pt(`chat/v1/events/${f.launch.eventId}/qna/question/${f.publishedQuestion}`), { method: 'PUT', json: { approve: true } })).status).toBe(200);
  f.waitingQuestion = await ask(f.launch.sharingUrl, asker.cookie, 'Waiting?');
  f.otherEventQuestion = await ask(f.townHall.sharingUrl, other.cookie, 'Elsewhere?');
  const removed = await join(f.launch.sharingUrl, 'Removed attendee');
  expect((await asModerator(mod(f, `moderator/kickout/attendee/${removed.id}`), { method: 'DELETE' })).status).toBe(200);
  removedCookie = removed.cookie;
  f.inviteId = ((await asModerator(pt(`eventuser/v1/events/${f.launch.eventId}/audience/invites`), { method: 'POST', json: { name: 'Invited' } })).body as Json).id;
});
afterAll(async () => {
  studio?.close();
  await backend?.close();
  removeDir(dir);
});

/**
 * The caller's cookie for a row. `joined` and `other` are made anew for every row (and socket row), so a
 * row that ends or changes a session (leave, join) cannot change what the next one meets. `removed` is
 * one attendee for all rows: nothing they send changes them while the guards hold (and a broken guard
 * that let a row end their session would show as 401s where 403s are due).
 */
async function cookieOf(caller: Caller): Promise<string | null> {
  if (caller === 'none') return null;
  if (caller === 'removed') return removedCookie;
  return (await join(caller === 'other' ? f.townHall.sharingUrl : f.launch.sharingUrl, caller === 'other' ? 'Town hall attendee' : 'Row attendee')).cookie;
}

describe('every attendee route, by caller', () => {
  it.each(ROWS.map((r) => [r.what, r] as const))('%s', async (_name, row) => {
    const path = row.path(f);
    const url = `${base}${path}`;
    const moderatorRoute = !isAudienceRoute(path);
    const got: Record<string, number> = {};
    const want: Record<string, number> = {};
    for (const [i, caller] of CALLERS.entries()) {
      const cookie = await cookieOf(caller);
      const headers: Record<string, string> = { ...fromNewAddress(), ...(cookie ? { Cookie: cookie } : {}) };
      // On the moderators' routes the session value is tried as a token too.
      if (cookie && moderatorRoute) Object.assign(headers, bearer(cookieValue(cookie)), producer(cookieValue(cookie)));
      if (row.raw) headers['Content-Type'] = row.raw.type;
      const res = await call(url, { method: row.method, headers, ...(row.json !== undefined ? { json: row.json } : {}), ...(row.raw ? { body: row.raw.text } : {}) });
      got[caller] = res.status;
      want[caller] = row.status[i]!;
      const text = JSON.stringify(res.body);
      expect(res.status, `${caller}: ${text.slice(0, 200)}`).toBeLessThan(500);
      for (const leak of LEAKS) expect(text, caller).not.toMatch(leak);
      if (row.see?.[caller] !== undefined) expect(res.body, caller).toMatchObject(row.see[caller] as object);
    }
    expect(got).toEqual(want);
  });
});

describe('the attendee socket, by caller', () => {
  it.each(SOCKET_ROWS.map((r) => [r.what, r] as const))('%s', async (_name, row) => {
    const got: (number | 'joined')[] = [];
    for (const caller of CALLERS) {
      const cookie = await cookieOf(caller);
      const socket = await TestSocket.open(wsUrl(base, `${audiencePath(row.sharingUrl(f))}/socket`), cookie ? { Cookie: cookie } : undefined);
      // Either the `joined` frame or a close, whichever comes first.
      await Promise.race([socket.next((m) => m.type === 'joined').catch(() => undefined), socket.closed()]);
      got.push(socket.messages.some((m) => m.type === 'joined') ? 'joined' : socket.closeCode!);
      socket.close();
    }
    expect(got).toEqual(row.expect);
  });

  it('reads nothing from an attendee but ping: producer frames, garbage and binary are ignored, and a ping flood gets at most its bucket of pongs', async () => {
    const { cookie } = await join(f.launch.sharingUrl, 'Frame sender');
    const socket = await TestSocket.open(wsUrl(base, `${audiencePath(f.launch.sharingUrl)}/socket`), { Cookie: cookie });
    await socket.next((m) => m.type === 'joined');
    socket.send({ type: 'register', eventId: f.launch.eventId, accessToken: cookieValue(cookie), user: { id: 'x', name: 'Mallory' } });
    socket.send({ type: 'state', audioMute: true });
    socket.send({ type: 'chat', text: 'through the socket' });
    socket.ws.send('not json {');
    socket.ws.send(Buffer.from([0, 1, 2, 3]));
    socket.ws.send('x'.repeat(512 * 1024));
    for (let i = 0; i < SOCKET_FRAMES_PER_KIND * 3; i++) socket.send({ type: 'ping' });
    await socket.next((m) => m.type === 'pong');
    await new Promise((r) => setTimeout(r, 500));
    expect(socket.closeCode).toBeNull();
    const types = new Set(socket.messages.map((m) => m.type));
    expect([...types].sort()).toEqual(['joined', 'pong']);
    expect(socket.messages.filter((m) => m.type === 'pong').length).toBeLessThanOrEqual(SOCKET_FRAMES_PER_KIND + 2);
    // Nothing it sent became a message.
    const scrollback = (await call(`${base}${audiencePath(f.launch.sharingUrl)}/chat`, { headers: { Cookie: cookie } })).body as Json[];
    expect(scrollback.map((m) => m.body)).not.toContain('through the socket');
    socket.close();
  });

  it('a removed attendee’s sockets (every tab) close at once with 4000, and the cookie opens none again (4403)', async () => {
    const { cookie, id } = await join(f.launch.sharingUrl, 'Two tabs');
    const tabs = await Promise.all([0, 1].map(() => TestSocket.open(wsUrl(base, `${audiencePath(f.launch.sharingUrl)}/socket`), { Cookie: cookie })));
    await Promise.all(tabs.map((t) => t.next((m) => m.type === 'joined')));
    const t0 = Date.now();
    expect((await asModerator(mod(f, `moderator/kickout/attendee/${id}`), { method: 'DELETE' })).status).toBe(200);
    expect(await Promise.all(tabs.map((t) => t.closed(2000)))).toEqual([4000, 4000]);
    // "At once": no timer in between, only the push (the bound is for a loaded machine).
    expect(Date.now() - t0).toBeLessThan(2000);
    const again = await TestSocket.open(wsUrl(base, `${audiencePath(f.launch.sharingUrl)}/socket`), { Cookie: cookie });
    expect(await again.closed()).toBe(4403);
  });
});

describe('what a present attendee’s socket never gets', () => {
  it('only attendee frames while producers edit the channel and rundown, chat among themselves, moderate another attendee’s hand and question, and draft a poll', async () => {
    const watcher = await join(f.launch.sharingUrl, 'Watcher');
    const socket = await TestSocket.open(wsUrl(base, `${audiencePath(f.launch.sharingUrl)}/socket`), { Cookie: watcher.cookie });
    await socket.next((m) => m.type === 'joined');
    const other = await join(f.launch.sharingUrl, 'Hand raiser');
    const otherSocket = await TestSocket.open(wsUrl(base, `${audiencePath(f.launch.sharingUrl)}/socket`), { Cookie: other.cookie });
    await otherSocket.next((m) => m.type === 'joined');
    const secrets: string[] = [];

    // Another attendee's hand, their invitation on stage (a guest credential) and their waiting question.
    expect((await call(`${base}${audiencePath(f.launch.sharingUrl)}/hand`, { method: 'POST', headers: { Cookie: other.cookie, ...fromNewAddress() }, json: { raised: true } })).status).toBe(200);
    expect((await asModerator(mod(f, `attendee/${other.id}/stage`), { method: 'POST' })).status).toBe(200);
    const stageInvite = (await otherSocket.next((m) => m.type === 'hand' && typeof m.stageInvite === 'string')).stageInvite;
    secrets.push(stageInvite, other.id);
    secrets.push(await ask(f.launch.sharingUrl, other.cookie, 'A waiting question nobody else may read'), 'A waiting question nobody else may read');
    // Producers: moderator and backstage chat, a private message to another attendee, the channel, the rundown, a poll draft.
    for (const channel of ['moderator', 'backstage'] as const) {
      const said = (await asModerator(pt(`chat/v1/events/${f.launch.eventId}/instances/${f.launch.instanceId}/chat`), { method: 'POST', json: { text: `only ${channel}`, channel } })).body as Json;
      secrets.push(said.id, `only ${channel}`);
    }
    const reply = (await asModerator(pt(`chat/v1/events/${f.launch.eventId}/instances/${f.launch.instanceId}/chat`), { method: 'POST', json: { text: 'for the hand raiser only', channel: 'private', recipient: { guid: other.id, name: 'Hand raiser', role: 'Attendee' } } })).body as Json;
    secrets.push(reply.id, 'for the hand raiser only');
    const studioTab = await studioSocket(base, { channel: f.channelUuid, token: userToken });
    const forced = await call(`${base}/__test/channel/${f.channelUuid}/force`, { method: 'POST', json: { changes: { 'brand:primaryColor': '#123456' } } });
    expect(forced.status).toBe(200);
    await studioTab.next((m) => m.type === 'channel.updated');
    studioTab.close();
    const scene = { id: 'secret-scene', name: 'Secret scene', notes: 'backstage notes', durationMs: null, transition: null, look: { layout: 'CLASSIC', onAir: [] } };
    const rundown = await call(`${base}/api/studio/channel/${f.channelUuid}/rundown`, { method: 'PUT', headers: producer(userToken), json: { sync: { origin: 'tab', seq: 1, changes: { 'scene:secret-scene': scene, order: ['secret-scene'] } } } });
    expect(rundown.status).toBe(200);
    secrets.push('secret-scene', 'backstage notes', '#123456', f.channelUuid);
    const draft = (await asModerator(pt(`polling/v1/events/${f.launch.eventId}/polls`), { method: 'POST', json: { question: 'A draft nobody sees', options: [{ option: 'a' }, { option: 'b' }] } })).body as Json;
    secrets.push(draft.pollGuid, 'A draft nobody sees');

    // A public message after all of it: pushes arrive in order, so anything leaked came first.
    const last = (await asModerator(pt(`chat/v1/events/${f.launch.eventId}/instances/${f.launch.instanceId}/chat`), { method: 'POST', json: { text: 'the last public word', channel: 'public' } })).body as Json;
    await socket.next((m) => m.type === 'chat.msg' && m.message.id === last.id);
    const ATTENDEE_FRAMES = ['joined', 'pong', 'chat.msg', 'chat.deleted', 'chat.rateLimited', 'poll', 'qna', 'hand', 'banner', 'count', 'settings', 'attendee.removed'];
    for (const m of socket.messages) expect(ATTENDEE_FRAMES, JSON.stringify(m).slice(0, 200)).toContain(m.type);
    expect(socket.messages.filter((m) => m.type === 'hand')).toEqual([]); // another attendee's hand is not theirs
    const received = JSON.stringify(socket.messages);
    for (const secret of secrets) expect(received).not.toContain(secret);
    socket.close();
    otherSocket.close();
  });
});
