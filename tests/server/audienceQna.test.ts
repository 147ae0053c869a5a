// @vitest-environment node
/**
 * Q&A for attendees (issue 32): an attendee asks (anonymously if they like) and sees their question
 * waiting until a moderator publishes it (at once with qnaAutoApprove); published questions reach
 * every attendee with their upvotes (one per attendee, held by the database) and answers; nobody but
 * the asker ever gets an unpublished question; the event's settings, the rate limit, a removal and
 * another event's cookie are refused with their reasons.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIENCE_QUESTION_MAX } from '../../src/lib/limits';
import { QUESTION_RATE, QUESTION_TEXTS } from '../../src/server/audience/questions';
import type { Backend } from '../../src/server/server';
import { AttendeeBrowser, joinedAttendee, moderatorOfLaunch } from './attendeeBrowser';
import { backendOn, bearer, call, eventBySharingUrl, removeDir, tempDir, type Json, type TestSocket } from './helpers';

let backend: Backend;
let dir: string;
let base: string;
let launch: Json;
let token: string;
let studio: TestSocket;
let moderatorGuid: string;
/** An attendee who only watches: every frame it gets is checked for what it must never see. */
let bystander: { page: AttendeeBrowser; socket: TestSocket };
/** Ids and texts of questions never published: the bystander must never get any of them. */
const unpublished: string[] = [];
const api = (path: string) => `${base}/ptapi/api/${path}`;
const question = (id: string) => api(`chat/v1/events/${launch.eventId}/qna/question/${id}`);
const moderate = (id: string, json: unknown) => call(question(id), { method: 'PUT', headers: bearer(token), json });
const settings = (json: Record<string, boolean>) => call(`${base}/__test/event/${launch.eventId}/settings`, { method: 'POST', json });
const qnaFrame = (type: string, id: string) => (m: Json) => m.type === 'qna' && m.qna.type === type && (m.qna.id ?? m.qna.question?.id) === id;
const studioQna = (type: string, id: string, extra: (q: Json) => boolean = () => true) => (m: Json) =>
  m.type === 'msg' && m.msg.type === 'Event_QnA' && m.msg.qna.type === type && (m.msg.qna.id ?? m.msg.qna.question?.id) === id && extra(m.msg.qna);
const mine = async (page: AttendeeBrowser) => ((await page.call('/qna')).body as Json).questions as Json[];

beforeAll(async () => {
  dir = tempDir();
  backend = await backendOn(dir, { faults: true, janus: false });
  base = backend.url;
  ({ launch, token, studio, moderatorGuid } = await moderatorOfLaunch(base));
  bystander = await joinedAttendee(base, launch.sharingUrl, 'Bystander');
});
afterAll(async () => {
  bystander?.socket.close();
  studio?.close();
  await backend?.close();
  removeDir(dir);
});

describe('asking', () => {
  it('waits for a moderator, seen only by its asker; once published every attendee gets it; the text rule and the length limit apply', async () => {
    const ada = await joinedAttendee(base, launch.sharingUrl, 'Ada');
    const empty = await ada.page.ask(' <b></b> ');
    expect(empty.status).toBe(400);
    expect((empty.body as Json).message).toBe(QUESTION_TEXTS.empty);
    const long = await ada.page.ask('x'.repeat(AUDIENCE_QUESTION_MAX + 1));
    expect(long.status).toBe(400);
    expect((long.body as Json).message).toBe(`Your question is longer than ${AUDIENCE_QUESTION_MAX} characters.`);

    const asked = await ada.page.ask('When is <b>the</b> launch?');
    expect(asked.status).toBe(200);
    const q = (asked.body as Json).question;
    expect(q).toMatchObject({ content: 'When is the launch?', status: 'ASKED', anonymous: false, initiator: { name: 'Ada' }, mine: true, myUpvote: false, upvoteCount: 0, answerCount: 0 });
    unpublished.push(q.id, 'When is the launch?');
    // The studio gets it to moderate; the asker's socket gets it as theirs.
    await studio.next(studioQna('add', q.id, (e) => e.question.status === 'ASKED' && e.question.initiator.name === 'Ada'));
    expect((await ada.socket.next(qnaFrame('add', q.id))).qna.question).toMatchObject({ status: 'ASKED', mine: true });
    expect((await mine(ada.page)).find((x) => x.id === q.id)).toMatchObject({ status: 'ASKED', mine: true });
    expect((await mine(bystander.page)).map((x) => x.id)).not.toContain(q.id);

    expect((await moderate(q.id, { approve: true })).status).toBe(200);
    unpublished.splice(0, 2); // published now: everyone may see it
    expect((await bystander.socket.next(qnaFrame('update', q.id))).qna.question).toMatchObject({ status: 'ACTIVE', content: 'When is the launch?', initiator: { name: 'Ada' } });
    expect((await bystander.socket.next(qnaFrame('update', q.id))).qna.question.mine).toBeUndefined();
    expect((await mine(bystander.page)).find((x) => x.id === q.id)).toMatchObject({ status: 'ACTIVE', mine: false });
    ada.socket.close();
  });

  it('anonymous: everyone, moderators included, sees "Anonymous"; only the asker is told it is theirs', async () => {
    const ben = await joinedAttendee(base, launch.sharingUrl, 'Ben Secret');
    const q = ((await ben.page.ask('Is it open source?', true)).body as Json).question;
    expect(q).toMatchObject({ anonymous: true, initiator: { name: 'Anonymous' }, mine: true });
    await studio.next(studioQna('add', q.id, (e) => e.question.initiator.name === 'Anonymous'));
    const listed = (await call(api(`chat/v1/events/${launch.eventId}/qna/questions`), { headers: bearer(token) })).body as Json[];
    expect(listed.find((x) => x.id === q.id)).toMatchObject({ initiator: { name: 'Anonymous' } });
    await moderate(q.id, { approve: true });
    await bystander.socket.next(qnaFrame('update', q.id));
    expect((await mine(bystander.page)).find((x) => x.id === q.id)).toMatchObject({ initiator: { name: 'Anonymous' }, mine: false });
    expect((await mine(ben.page)).find((x) => x.id === q.id)).toMatchObject({ initiator: { name: 'Anonymous' }, mine: true });
    expect(JSON.stringify(studio.messages) + JSON.stringify(bystander.socket.messages)).not.toContain('Ben Secret');
    ben.socket.close();
  });

  it('with qnaAutoApprove on, a question is published at once (and the event details say so)', async () => {
    const details = async () => ((await call(api(`eventdetails/v1/events/${launch.eventId}/details`), { headers: bearer(token) })).body as Json).qnaAutoApprove;
    expect(await details()).toBe(false);
    await settings({ qnaAutoApprove: true });
    try {
      expect(await details()).toBe(true);
      const cleo = await joinedAttendee(base, launch.sharingUrl, 'Cleo');
      const q = ((await cleo.page.ask('Straight through?')).body as Json).question;
      expect(q).toMatchObject({ status: 'ACTIVE', mine: true });
      await studio.next(studioQna('add', q.id, (e) => e.question.status === 'ACTIVE'));
      expect((await bystander.socket.next(qnaFrame('add', q.id))).qna.question).toMatchObject({ status: 'ACTIVE', content: 'Straight through?' });
      cleo.socket.close();
    } finally {
      await settings({ qnaAutoApprove: false });
    }
  });
});

describe('upvotes and answers', () => {
  it('one upvote per attendee, across two tabs at once; the studio and the attendees follow the count; answers reach the attendees', async () => {
    const dan = await joinedAttendee(base, launch.sharingUrl, 'Dan');
    const q = ((await dan.page.ask('Will it ship on time?')).body as Json).question;
    // Their own waiting question cannot be upvoted; someone else's is not there for them.
    expect((await dan.page.upvote(q.id)).status).toBe(409);
    expect((await bystander.page.upvote(q.id)).status).toBe(404);
    unpublished.push(q.id);
    await moderate(q.id, { approve: true });
    unpublished.pop();
    await bystander.socket.next(qnaFrame('update', q.id));

    // Two tabs of one attendee (one cookie) upvote at once: the database keeps one.
    const tab2 = new AttendeeBrowser(base, launch.sharingUrl);
    tab2.cookie = dan.page.cookie;
    const both = await Promise.all([dan.page.upvote(q.id), tab2.upvote(q.id)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((both.find((r) => r.status === 409)!.body as Json).message).toBe(QUESTION_TEXTS.upvotedAlready);
    const second = await bystander.page.upvote(q.id);
    expect((second.body as Json).question).toMatchObject({ upvoteCount: 2, myUpvote: true });
    // Pushes are coalesced: the last one carries the count as it stands.
    await studio.next(studioQna('upvote', q.id, (e) => e.upvoteCount === 2));
    await dan.socket.next((m) => qnaFrame('upvote', q.id)(m) && m.qna.upvoteCount === 2);
    await bystander.socket.next((m) => qnaFrame('upvote', q.id)(m) && m.qna.upvoteCount === 2);
    expect((await mine(dan.page)).find((x) => x.id === q.id)).toMatchObject({ upvoteCount: 2, myUpvote: true });
    expect((await mine(bystander.page)).find((x) => x.id === q.id)).toMatchObject({ upvoteCount: 2, myUpvote: true });

    const answered = await call(`${question(q.id)}/answer`, { method: 'POST', headers: bearer(token), json: { content: 'Yes, on the 1st.', answerBy: { name: 'Priya', endpointGuid: moderatorGuid } } });
    expect(answered.status).toBe(200);
    for (const s of [dan.socket, bystander.socket]) {
      const a = (await s.next(qnaFrame('answer', q.id))).qna;
      expect(a).toMatchObject({ answerCount: 1, replyCount: 1, answer: { content: 'Yes, on the 1st.', answerBy: { name: 'Priya' } } });
      expect(a.answer.answerBy.endpointGuid).toBeUndefined();
    }
    expect((await mine(bystander.page)).find((x) => x.id === q.id)).toMatchObject({ answerCount: 1, answers: [{ content: 'Yes, on the 1st.' }] });
    dan.socket.close();
  });
});

describe('declined and deleted', () => {
  it('the asker sees theirs declined, then gone; a published question declined or deleted leaves every page; no one else ever gets an unpublished one', async () => {
    const eve = await joinedAttendee(base, launch.sharingUrl, 'Eve');
    const hidden = ((await eve.page.ask('A question nobody else sees')).body as Json).question;
    unpublished.push(hidden.id, 'A question nobody else sees');
    await moderate(hidden.id, { approve: false });
    expect((await eve.socket.next(qnaFrame('update', hidden.id))).qna.question).toMatchObject({ status: 'DECLINED', mine: true });
    expect((await mine(eve.page)).find((x) => x.id === hidden.id)).toMatchObject({ status: 'DECLINED' });
    expect((await call(question(hidden.id), { method: 'DELETE', headers: bearer(token) })).status).toBe(200);
    await eve.socket.next(qnaFrame('delete', hidden.id));
    expect((await mine(eve.page)).map((x) => x.id)).not.toContain(hidden.id);

    const shown = ((await eve.page.ask('Published, then taken back')).body as Json).question;
    await moderate(shown.id, { approve: true });
    await bystander.socket.next(qnaFrame('update', shown.id));
    await moderate(shown.id, { approve: false });
    await bystander.socket.next(qnaFrame('delete', shown.id));
    expect((await eve.socket.next((m) => qnaFrame('update', shown.id)(m) && m.qna.question.status === 'DECLINED')).qna.question.mine).toBe(true);
    expect(eve.socket.messages.some(qnaFrame('delete', shown.id))).toBe(false); // the asker keeps it, declined
    expect((await mine(bystander.page)).map((x) => x.id)).not.toContain(shown.id);
    await moderate(shown.id, { approve: true });
    await bystander.socket.next((m) => qnaFrame('update', shown.id)(m) && m.qna.question.status === 'ACTIVE');
    await call(question(shown.id), { method: 'DELETE', headers: bearer(token) });
    await bystander.socket.next(qnaFrame('delete', shown.id));
    expect((await mine(bystander.page)).map((x) => x.id)).not.toContain(shown.id);
    eve.socket.close();
  });
});

describe('refusals', () => {
  it('Q&A off: asking is refused (403 with its reason) and the list is empty', async () => {
    const fay = await joinedAttendee(base, launch.sharingUrl, 'Fay');
    await settings({ qnaEnabled: false });
    try {
      expect(((await fay.page.call('')).body as Json).qnaEnabled).toBe(false);
      const refused = await fay.page.ask('Anyone there?');
      expect(refused.status).toBe(403);
      expect((refused.body as Json).message).toBe(QUESTION_TEXTS.off);
      expect(await mine(fay.page)).toEqual([]);
    } finally {
      await settings({ qnaEnabled: true });
    }
    fay.socket.close();
  });

  it(`past ${QUESTION_RATE.capacity} questions at once an attendee waits: 429 with Retry-After`, async () => {
    const gus = await joinedAttendee(base, launch.sharingUrl, 'Gus');
    for (let i = 0; i < QUESTION_RATE.capacity; i++) {
      const asked = await gus.page.ask(`Gus asks question ${i}`);
      expect(asked.status).toBe(200);
      unpublished.push((asked.body as Json).question.id, `Gus asks question ${i}`);
    }
    const limited = await gus.page.ask('One too many');
    expect(limited.status).toBe(429);
    const seconds = Number(limited.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    expect((limited.body as Json).message).toBe(QUESTION_TEXTS.tooFast(seconds));
    // Another attendee is not limited by Gus.
    const hal = await joinedAttendee(base, launch.sharingUrl, 'Hal');
    expect((await hal.page.ask('My own question')).status).toBe(200);
    gus.socket.close();
    hal.socket.close();
  });

  it('a removed attendee is refused (403); a cookie of another event is nobody there (401); no cookie is nobody (401)', async () => {
    const ivy = await joinedAttendee(base, launch.sharingUrl, 'Ivy');
    const other = await eventBySharingUrl(base, 'town-hall');
    const elsewhere = new AttendeeBrowser(base, other.sharingUrl);
    elsewhere.cookie = ivy.page.cookie;
    expect((await elsewhere.ask('Hello?')).status).toBe(401);
    expect((await elsewhere.call('/qna')).status).toBe(401);
    expect((await new AttendeeBrowser(base, launch.sharingUrl).ask('Who am I?')).status).toBe(401);

    const me = ((await ivy.page.call('')).body as Json).attendee;
    const kicked = await call(api(`eventuser/v1/events/${launch.eventId}/instance/${launch.instanceId}/moderator/${moderatorGuid}/moderator/kickout/attendee/${me.id}`), { method: 'DELETE', headers: bearer(token) });
    expect(kicked.status).toBe(200);
    const refused = await ivy.page.ask('Still here?');
    expect(refused.status).toBe(403);
    expect((refused.body as Json).code).toBe('ATTENDEE_REMOVED');
    expect((await ivy.page.call('/qna')).status).toBe(403);
  });
});

describe('what other attendees get', () => {
  it('the bystander, on the page through every test above, never got a question nobody published, nor its id', () => {
    expect(unpublished.length).toBeGreaterThanOrEqual(8);
    const frames = JSON.stringify(bystander.socket.messages);
    expect(frames).toContain('Will it ship on time?'); // it did get the published ones
    for (const secret of unpublished) expect(frames).not.toContain(secret);
  });
});
