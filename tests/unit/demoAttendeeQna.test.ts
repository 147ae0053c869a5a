/**
 * Q&A in the demo's attendee view (issue 32): the audience host answers the pages' questions, ask
 * and upvote as the server would, over a fake room, with the demo Q&A server the studio's panel
 * moderates. An attendee's question reaches the studio as Event_QnA; the moderator's publish,
 * decline, delete and answer reach the pages that may see the question, and nobody else; upvotes
 * count once per attendee; the simulated audience's published questions are on the pages too.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAttendeeHost, type AttendeeHost } from '../../src/demo/audience/attendeeHost';
import { demoAttendeePort } from '../../src/demo/audience/attendeeClient';
import { moderatedQna } from '../../src/demo/audience/attendeeQnaHost';
import { createDemoPollsQnaService } from '../../src/demo/audience/pollsQnaService';
import { QUESTION_RATE, QUESTION_TEXTS } from '../../src/lib/audienceQna';
import type { AudienceQnaEvent } from '../../src/lib/audienceContract';
import type { Frame } from '../../src/realtime/socket';
import type { AttendeePort } from '../../src/services/watch/attendeePort';
import type { QnaService } from '../../src/state/qna/service';
import type { Question } from '../../src/state/qna/types';
import type { RealtimeEvent } from '../../src/state/realtimeEvent';
import { fakeRoom, memoryIdentity, PAGE } from './demoAttendeeRoom.fakes';

const LATENCY_MS = 5;
const seed = (id: string, status: Question['status'], name: string): Question => ({ id, content: `${name}'s question`, status, anonymous: false, initiator: { name }, timestamp: 1, upvoteCount: 2, answerCount: 0, replyCount: 0, answers: [] });

let room: ReturnType<typeof fakeRoom>;
let studio: RealtimeEvent[];
let host: AttendeeHost;
let qna: QnaService;
let server: ReturnType<typeof createDemoPollsQnaService>;
let stopServing: () => void;
let ids = 0;
const ports: AttendeePort[] = [];

function start(autoApprove = false) {
  server = createDemoPollsQnaService({ latencyMs: LATENCY_MS, polls: [], questions: [seed('sim-published', 'ACTIVE', 'Priya'), seed('sim-waiting', 'ASKED', 'Noah')] });
  host = createAttendeeHost({
    newId: () => `demo-attendee-${++ids}`,
    studio: {
      page: PAGE,
      dispatch: (e) => studio.push(e),
      polls: () => [],
      recordPoll: () => undefined,
      history: () => [],
      // As attendeeHosting.ts: recorded by the Q&A server, then through the host to the studio.
      qna: { enabled: true, autoApprove, questions: server.questionList, record: (e) => server.audience(host.through).emit(e) },
    },
  });
  // As demoBackend.ts: the studio panel's commands tell the host.
  qna = moderatedQna(server.qna, server.questionList, (before, after) => host.qnaChanged(before, after));
  stopServing = host.serve(room());
}

/** What a call answered, or how it was refused, once the room delivered it. */
async function result<T>(call: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  const settled = call.then((value) => ({ value }), (error: unknown) => ({ error }));
  await vi.advanceTimersByTimeAsync(1);
  return settled;
}

/** A moderator's command in the studio, once the demo server answered. */
async function moderate<T>(command: Promise<T>): Promise<T> {
  await vi.advanceTimersByTimeAsync(LATENCY_MS + 1);
  return command;
}

/** A joined attendee's page with its socket open: `qna` is every Q&A frame it was sent. */
async function attendee(name: string) {
  const port = demoAttendeePort({ sharingUrl: 'demodemo', transport: room(), identity: memoryIdentity() });
  ports.push(port);
  const frames: Frame[] = [];
  await result(port.client.join({ name }));
  port.frames(port.client, { onFrame: (f) => frames.push(f), onState: () => undefined, onReconnected: () => undefined, onRefused: () => undefined });
  await vi.advanceTimersByTimeAsync(1);
  return { client: port.client, frames, qna: () => frames.filter((f) => f.type === 'qna').map((f) => f.qna as AudienceQnaEvent) };
}

const studioQna = () => studio.filter((e): e is RealtimeEvent & { type: 'Event_QnA' } => e.type === 'Event_QnA').map((e) => e.qna);
const ask = async (p: Awaited<ReturnType<typeof attendee>>, content: string, anonymous = false) => (await result(p.client.ask(content, anonymous))).value!.question;
const listed = async (p: Awaited<ReturnType<typeof attendee>>) => (await result(p.client.questions())).value!.questions.map((q) => q.id);

beforeEach(() => {
  vi.useFakeTimers();
  room = fakeRoom();
  studio = [];
  ids = 0;
});

afterEach(() => {
  stopServing();
  ports.splice(0).forEach((p) => p.close());
  vi.useRealTimers();
});

describe('asking', () => {
  it('an attendee’s question reaches the studio as an incoming question and waits on their page only', async () => {
    start();
    const ada = await attendee('Ada Lovelace');
    const bob = await attendee('Bob Byte');
    const asked = await ask(ada, '  Will the slides be shared?  ');
    expect(asked).toMatchObject({ content: 'Will the slides be shared?', status: 'ASKED', initiator: { name: 'Ada Lovelace' }, mine: true, myUpvote: false });
    expect(studioQna()).toEqual([{ type: 'add', question: expect.objectContaining({ id: asked.id, status: 'ASKED', initiator: { name: 'Ada Lovelace' } }) }]);
    expect(ada.qna()).toEqual([{ type: 'add', question: expect.objectContaining({ id: asked.id, mine: true }) }]);
    // Another attendee never hears of a waiting question, nor of the simulated audience's.
    expect(bob.qna()).toEqual([]);
    expect(await listed(bob)).toEqual(['sim-published']);
    expect(await listed(ada)).toEqual(['sim-published', asked.id]);
  });

  it('anonymous: “Anonymous” in the studio and on every page; the name is sent nowhere', async () => {
    start();
    const ada = await attendee('Ada Lovelace');
    const bob = await attendee('Bob Byte');
    const asked = await ask(ada, 'Is there a free tier?', true);
    expect(asked.initiator).toEqual({ name: 'Anonymous' });
    expect(studioQna()[0]).toMatchObject({ question: { anonymous: true, initiator: { name: 'Anonymous' } } });
    await moderate(qna.publish(asked.id));
    expect(bob.qna()).toEqual([{ type: 'update', question: expect.objectContaining({ id: asked.id, initiator: { name: 'Anonymous' } }) }]);
    expect(JSON.stringify([studioQna(), ada.qna(), bob.qna()])).not.toContain('Ada Lovelace');
  });

  it('with qnaAutoApprove the question is published at once: every page has it, only the asker as theirs', async () => {
    start(true);
    const ada = await attendee('Ada Lovelace');
    const bob = await attendee('Bob Byte');
    const asked = await ask(ada, 'When does it ship?');
    expect(asked.status).toBe('ACTIVE');
    expect(studioQna()).toEqual([{ type: 'add', question: expect.objectContaining({ status: 'ACTIVE' }) }]);
    expect(bob.qna()).toEqual([{ type: 'add', question: expect.not.objectContaining({ mine: true }) }]);
    expect(ada.qna()).toEqual([{ type: 'add', question: expect.objectContaining({ mine: true }) }]);
  });

  it('the server’s refusals: an empty question, and past the rate a wait with its seconds', async () => {
    start();
    const ada = await attendee('Ada Lovelace');
    expect((await result(ada.client.ask(' \n ', false))).error).toMatchObject({ status: 400, message: QUESTION_TEXTS.empty });
    for (let i = 0; i < QUESTION_RATE.capacity; i++) await ask(ada, `Question ${i}`);
    expect((await result(ada.client.ask('One more', false))).error).toMatchObject({ status: 429, message: QUESTION_TEXTS.tooFast(20), retryAfter: 20 });
  });
});

describe('the moderator in the studio', () => {
  it('publish: every page gets the question; answer: the answer follows, by name only', async () => {
    start();
    const ada = await attendee('Ada Lovelace');
    const bob = await attendee('Bob Byte');
    const asked = await ask(ada, 'Will the slides be shared?');
    await moderate(qna.publish(asked.id));
    expect(bob.qna()).toEqual([{ type: 'update', question: expect.objectContaining({ id: asked.id, status: 'ACTIVE' }) }]);
    expect(bob.qna()[0]).not.toHaveProperty('question.mine');
    expect(ada.qna().at(-1)).toEqual({ type: 'update', question: expect.objectContaining({ status: 'ACTIVE', mine: true }) });
    expect(await listed(bob)).toEqual(['sim-published', asked.id]);

    await moderate(qna.answer(asked.id, 'Yes, after the event.'));
    const answered = { type: 'answer', id: asked.id, answer: { content: 'Yes, after the event.', anonymous: false, answerBy: { name: 'Alex Morgan' }, timestamp: expect.any(Number) }, answerCount: 1, replyCount: 1 };
    expect(ada.qna().at(-1)).toEqual(answered);
    expect(bob.qna().at(-1)).toEqual(answered);
  });

  it('decline of a published question: it leaves the other pages, the asker sees it declined; a delete of a waiting one tells only the asker', async () => {
    start();
    const ada = await attendee('Ada Lovelace');
    const bob = await attendee('Bob Byte');
    const asked = await ask(ada, 'First');
    await moderate(qna.publish(asked.id));
    await moderate(qna.decline(asked.id));
    expect(bob.qna().at(-1)).toEqual({ type: 'delete', id: asked.id });
    expect(ada.qna().at(-1)).toEqual({ type: 'update', question: expect.objectContaining({ status: 'DECLINED', mine: true }) });
    expect(ada.qna().map((e) => e.type)).not.toContain('delete');

    const waiting = await ask(ada, 'Second');
    const before = bob.qna().length;
    await moderate(qna.delete(waiting.id));
    expect(ada.qna().at(-1)).toEqual({ type: 'delete', id: waiting.id });
    expect(bob.qna()).toHaveLength(before);
  });
});

describe('upvotes and the simulated audience', () => {
  it('one upvote per attendee: the studio and the pages follow the count; a second is refused; a waiting question is nobody else’s', async () => {
    start();
    const ada = await attendee('Ada Lovelace');
    const bob = await attendee('Bob Byte');
    const up = await result(bob.client.upvote('sim-published'));
    expect(up.value?.question).toMatchObject({ id: 'sim-published', upvoteCount: 3, myUpvote: true, mine: false });
    expect(studioQna()).toEqual([{ type: 'upvote', id: 'sim-published', upvoteCount: 3 }]);
    expect(ada.qna()).toEqual([{ type: 'upvote', id: 'sim-published', upvoteCount: 3 }]);
    expect((await result(bob.client.upvote('sim-published'))).error).toMatchObject({ status: 409, message: QUESTION_TEXTS.upvotedAlready });
    expect(server.questionList().find((q) => q.id === 'sim-published')?.upvoteCount).toBe(3);
    // Ada's own upvote counts too, once.
    expect((await result(ada.client.upvote('sim-published'))).value?.question.upvoteCount).toBe(4);

    const waiting = await ask(ada, 'Mine, not yet published');
    expect((await result(bob.client.upvote(waiting.id))).error).toMatchObject({ status: 404, message: QUESTION_TEXTS.notFound });
    expect((await result(ada.client.upvote(waiting.id))).error).toMatchObject({ status: 409, message: QUESTION_TEXTS.notPublished });
    expect((await result(bob.client.upvote('sim-waiting'))).error).toMatchObject({ status: 404 });
  });

  it('the simulated audience: its published questions and upvotes reach the pages; its waiting ones do not, until published', async () => {
    start();
    const bob = await attendee('Bob Byte');
    const emit = server.audience(host.through).emit;
    emit({ type: 'Event_QnA', qna: { type: 'add', question: seed('sim-new', 'ACTIVE', 'Mia') } });
    emit({ type: 'Event_QnA', qna: { type: 'add', question: seed('sim-new-waiting', 'ASKED', 'Leo') } });
    emit({ type: 'Event_QnA', qna: { type: 'upvote', id: 'sim-new-waiting', upvoteCount: 3 } });
    emit({ type: 'Event_QnA', qna: { type: 'upvote', id: 'sim-new', upvoteCount: 3 } });
    await vi.advanceTimersByTimeAsync(1);
    expect(bob.qna()).toEqual([
      { type: 'add', question: expect.objectContaining({ id: 'sim-new', initiator: { name: 'Mia' } }) },
      { type: 'upvote', id: 'sim-new', upvoteCount: 3 },
    ]);
    expect(studioQna().map((e) => e.type)).toEqual(['add', 'add', 'upvote', 'upvote']);
    await moderate(qna.publish('sim-new-waiting'));
    expect(bob.qna().at(-1)).toEqual({ type: 'update', question: expect.objectContaining({ id: 'sim-new-waiting', status: 'ACTIVE' }) });
  });
});
