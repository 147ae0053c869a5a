/**
 * The demo audience host's Q&A (issue 32): the attendee pages' questions, ask and upvote answered as
 * the server's (src/server/audience/questions.ts) with its texts and limits (src/lib/audienceQna.ts).
 * The questions themselves are the demo Q&A server's (pollsQnaService.ts), which the studio's panel
 * reads and moderates; here is only what the server would keep beside them: who asked which question
 * and who upvoted it. Who sees what follows the server: a published question, every page; an
 * unpublished one, only who asked it (the simulated audience's, nobody).
 */
import type { AudienceQnaEvent, AudienceQuestion } from '../../lib/audienceContract';
import { ANONYMOUS, answerForAudience, audienceQuestion, QUESTION_RATE, QUESTION_TEXTS, readAudienceQuestion } from '../../lib/audienceQna';
import type { QnaService } from '../../state/qna/service';
import type { QnaEvent, Question } from '../../state/qna/types';
import type { RealtimeEvent } from '../../state/realtimeEvent';
import { roomError, type DemoIdentity } from './attendeeRoom';

export interface QnaHostStudio {
  /** The event's Q&A is on (the page's qnaEnabled). */
  enabled: boolean;
  /** The event's qnaAutoApprove: an attendee's question is published at once. */
  autoApprove: boolean;
  /** The demo Q&A server's questions. */
  questions(): readonly Question[];
  /** Records a Q&A event at the demo Q&A server, then passes it to the studio through the host (so the pages hear of it). */
  record(event: RealtimeEvent & { type: 'Event_QnA' }): void;
}

/** A `qna` frame to every page (to null) but `except`, or to one attendee. */
export type QnaPush = (qna: AudienceQnaEvent, to: string | null, except?: string) => void;

export interface QnaHost {
  questions(me: DemoIdentity): { questions: AudienceQuestion[] };
  ask(me: DemoIdentity, content: unknown, anonymous: unknown): { question: AudienceQuestion };
  upvote(me: DemoIdentity, id: unknown): { question: AudienceQuestion };
  /** A Q&A event on its way to the studio (the simulated audience's, or an attendee's recorded): the pages that may see it hear. */
  through(event: QnaEvent): void;
  /** The moderator published, declined, deleted or answered a question: `after` is undefined once deleted. */
  moderated(before: Question, after: Question | undefined): void;
}

export function createQnaHost({ studio, push, now }: { studio: QnaHostStudio; push: QnaPush; now: () => number }): QnaHost {
  const askers = new Map<string, string>();
  const upvoters = new Map<string, Set<string>>();
  const buckets = new Map<string, { tokens: number; at: number }>();
  let seq = 0;

  const find = (id: unknown) => studio.questions().find((q) => q.id === id);
  const forAttendee = (q: Question, id: string): AudienceQuestion => ({ ...audienceQuestion(q), mine: askers.get(q.id) === id, myUpvote: upvoters.get(q.id)?.has(id) ?? false });

  /** To whoever may see the question now (the server's pushToViewers). */
  function toViewers(q: Pick<Question, 'id' | 'status'>, qna: AudienceQnaEvent): void {
    const asker = askers.get(q.id);
    if (q.status === 'ACTIVE') push(qna, null);
    else if (asker) push(qna, asker);
  }

  /** Asked or moderated (the server's pushQuestion): a published one to everyone, the asker told it is theirs; one taken back leaves the others' pages. */
  function pushQuestion(q: Question, kind: 'add' | 'update', wasPublished: boolean): void {
    const question = audienceQuestion(q);
    const asker = askers.get(q.id);
    if (q.status === 'ACTIVE') push({ type: kind, question }, null, asker);
    else if (wasPublished) push({ type: 'delete', id: q.id }, null, asker);
    // Whose it is goes to the asker alone (so their page never counts their own question as new).
    if (asker) push({ type: kind, question: { ...question, mine: true } }, asker);
  }

  /** The server's token bucket (QUESTION_RATE): 0, or the whole seconds until the attendee may ask again. */
  function take(id: string): number {
    const perMs = QUESTION_RATE.capacity / QUESTION_RATE.windowMs;
    const at = now();
    const bucket = buckets.get(id) ?? { tokens: QUESTION_RATE.capacity, at };
    const tokens = Math.min(QUESTION_RATE.capacity, bucket.tokens + Math.max(0, at - bucket.at) * perMs);
    if (tokens < 1) return Math.max(1, Math.ceil((1 - tokens) / perMs / 1000));
    buckets.set(id, { tokens: tokens - 1, at });
    return 0;
  }

  const requireOn = () => {
    if (!studio.enabled) throw roomError(403, QUESTION_TEXTS.off);
  };

  return {
    questions(me) {
      if (!studio.enabled) return { questions: [] };
      const visible = studio.questions().filter((q) => q.status === 'ACTIVE' || askers.get(q.id) === me.id);
      const oldestFirst = [...visible].sort((a, b) => a.timestamp - b.timestamp || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      return { questions: oldestFirst.map((q) => forAttendee(q, me.id)) };
    },
    ask(me, content, anonymous) {
      requireOn();
      const read = readAudienceQuestion({ content, anonymous });
      if ('refused' in read) throw roomError(400, read.refused);
      const retryAfter = take(me.id);
      if (retryAfter > 0) throw roomError(429, QUESTION_TEXTS.tooFast(retryAfter), { retryAfter });
      const question: Question = {
        id: `demo-question-${now()}-${++seq}`,
        content: read.content,
        status: studio.autoApprove ? 'ACTIVE' : 'ASKED',
        anonymous: read.anonymous,
        // As the server's toQuestion: the moderators too see an anonymous question's initiator as Anonymous.
        initiator: { name: read.anonymous ? ANONYMOUS : me.name },
        timestamp: now(),
        upvoteCount: 0,
        answerCount: 0,
        replyCount: 0,
        answers: [],
      };
      askers.set(question.id, me.id);
      studio.record({ type: 'Event_QnA', qna: { type: 'add', question } });
      return { question: { ...audienceQuestion(question), mine: true, myUpvote: false } };
    },
    upvote(me, id) {
      requireOn();
      const q = find(id);
      // Someone else's unpublished question is none of theirs.
      if (!q || (q.status !== 'ACTIVE' && askers.get(q.id) !== me.id)) throw roomError(404, QUESTION_TEXTS.notFound);
      if (q.status !== 'ACTIVE') throw roomError(409, QUESTION_TEXTS.notPublished);
      const mine = upvoters.get(q.id) ?? new Set<string>();
      if (mine.has(me.id)) throw roomError(409, QUESTION_TEXTS.upvotedAlready);
      upvoters.set(q.id, mine.add(me.id));
      studio.record({ type: 'Event_QnA', qna: { type: 'upvote', id: q.id, upvoteCount: q.upvoteCount + 1 } });
      return { question: forAttendee(find(q.id) ?? q, me.id) };
    },
    through(event) {
      if (event.type === 'add') {
        const q = find(event.question.id);
        if (q) pushQuestion(q, 'add', false);
      } else if (event.type === 'upvote') {
        const q = find(event.id);
        if (q) toViewers(q, { type: 'upvote', id: q.id, upvoteCount: q.upvoteCount });
      }
    },
    moderated(before, after) {
      if (!after) return toViewers(before, { type: 'delete', id: before.id });
      if (after.status !== before.status) pushQuestion(after, 'update', before.status === 'ACTIVE');
      for (const answer of after.answers.slice(before.answers.length))
        toViewers(after, { type: 'answer', id: after.id, answer: answerForAudience(answer), answerCount: after.answers.length, replyCount: after.answers.length });
    },
  };
}

/**
 * The demo Q&A server's moderator commands, each followed by `changed` with the question as it was
 * and as it is (undefined once deleted): the way the demo backend tells the audience host, as the
 * server's moderator routes push to the attendees.
 */
export function moderatedQna(qna: QnaService, questions: () => readonly Question[], changed: (before: Question, after: Question | undefined) => void): QnaService {
  // The server changes its questions in place: `before` is a copy.
  const question = (id: string) => structuredClone(questions().find((q) => q.id === id));
  const told = async <T>(id: string, command: () => Promise<T>): Promise<T> => {
    const before = question(id);
    const value = await command();
    if (before) changed(before, question(id));
    return value;
  };
  return {
    ...qna,
    publish: (id) => told(id, () => qna.publish(id)),
    decline: (id) => told(id, () => qna.decline(id)),
    delete: (id) => told(id, () => qna.delete(id)),
    answer: (id, content) => told(id, () => qna.answer(id, content)),
  };
}
