/**
 * The demo's poll and Q&A server (§1: no backend): it keeps the event's polls and questions, answers
 * each call after a short delay like a server would, and records what the simulated audience does
 * (votes, questions, upvotes) before broadcasting it. `fail` makes chosen calls reject (with the §8
 * backend error shape) so the panels' rollback and inline errors can be seen and tested.
 */
import { DEMO_USER } from '../demoData';
import { activePoll, alignResults, normalizeStatus } from '../../state/polls/rules';
import type { PollService } from '../../state/polls/service';
import type { Poll, PollListStatus } from '../../state/polls/types';
import type { QnaService } from '../../state/qna/service';
import type { Question } from '../../state/qna/types';
import type { Dispatch, RealtimeEvent } from '../../state/realtimeEvent';
import { DEMO_POLLS } from './pollsQnaData';
import type { PollsQnaAudience } from './pollsQnaSimulator';
import { realTimer, type DemoTimer } from './pollsQnaTimer';

/** How long a demo call takes. */
export const DEMO_CALL_LATENCY_MS = 300;

export type DemoCall = `polls.${keyof PollService}` | `qna.${keyof QnaService}`;

export interface DemoServiceOptions {
  latencyMs?: number;
  schedule?: DemoTimer;
  now?: () => number;
  /** Calls for which this returns true reject. */
  fail?: (call: DemoCall) => boolean;
  /** What the server holds at first. */
  polls?: readonly Poll[];
  questions?: readonly Question[];
}

/** §8: backend failures appear as an error of type unknown, code API_BACKEND_ERROR, with the message. */
export const demoBackendError = (call: DemoCall) => ({ type: 'unknown', code: 'API_BACKEND_ERROR', message: `The server could not complete ${call}` });

const LIST_MATCH: Record<PollListStatus, (p: Poll) => boolean> = {
  ACTIVE: (p) => normalizeStatus(p.status) === 'ACTIVE',
  AVAILABLE: (p) => normalizeStatus(p.status) === undefined,
  COMPLETED: (p) => normalizeStatus(p.status) === 'DONE',
};

// The stores freeze what they receive: the server keeps and hands out its own copies.
const copy = <T>(value: T): T => structuredClone(value);

export function createDemoPollsQnaService({ latencyMs = DEMO_CALL_LATENCY_MS, schedule = realTimer, now = Date.now, fail = () => false, polls: seedPolls = DEMO_POLLS, questions: seedQuestions = [] }: DemoServiceOptions = {}): {
  polls: PollService;
  qna: QnaService;
  /** The simulated audience's side of this server: what it sees, and its actions recorded then emitted. */
  audience(emit: Dispatch): PollsQnaAudience;
  /** The polls as the server holds them (the demo's attendee pages read the live or last one). */
  pollList(): readonly Poll[];
  /** The questions as the server holds them (the demo's attendee pages see the published ones and their own). */
  questionList(): readonly Question[];
} {
  let pollSeq = 0;
  let polls: Poll[] = copy([...seedPolls]);
  let questions: Question[] = copy([...seedQuestions]);
  const poll = (guid: string) => polls.find((p) => p.pollGuid === guid);
  const question = (id: string) => questions.find((q) => q.id === id);
  const respond = <T>(call: DemoCall, value: () => T): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      schedule.setTimeout(() => (fail(call) ? reject(demoBackendError(call)) : resolve(copy(value()))), latencyMs);
    });

  const pollService: PollService = {
    create: (draft) => respond('polls.create', () => polls[polls.push({ pollGuid: `demo-poll-${++pollSeq}`, question: draft.question, options: draft.options, results: [] }) - 1]!),
    update: (pollGuid, draft) =>
      respond('polls.update', () => {
        const updated = { pollGuid, question: draft.question, options: draft.options, results: [] };
        polls = polls.map((p) => (p.pollGuid === pollGuid ? updated : p));
        return updated;
      }),
    delete: (pollGuid) => respond('polls.delete', () => void (polls = polls.filter((p) => p.pollGuid !== pollGuid))),
    manage: (pollGuid, action) =>
      respond('polls.manage', () => {
        const p = poll(pollGuid);
        if (p && action === 'START') Object.assign(p, { status: 'ACTIVE', results: alignResults(p) });
        if (p && action === 'END') p.status = 'DONE';
      }),
    list: (status) => respond('polls.list', () => polls.filter(LIST_MATCH[status])),
    markSeen: () => respond('polls.markSeen', () => undefined),
  };

  const moderator = { name: `${DEMO_USER.firstName} ${DEMO_USER.lastName}`, endpointGuid: DEMO_USER.id };
  const setStatus = (id: string, status: Question['status']) => {
    const q = question(id);
    if (q) q.status = status;
  };
  const qna: QnaService = {
    publish: (id) => respond('qna.publish', () => setStatus(id, 'ACTIVE')),
    decline: (id) => respond('qna.decline', () => setStatus(id, 'DECLINED')),
    delete: (id) => respond('qna.delete', () => void (questions = questions.filter((q) => q.id !== id))),
    answer: (id, content) =>
      respond('qna.answer', () => {
        const answer = { content, anonymous: false, answerBy: moderator, timestamp: now() };
        question(id)?.answers.push(answer);
        return answer;
      }),
    sendBanner: () => respond('qna.sendBanner', () => undefined),
    // The backend's list is a stub (§7); the demo server hands out its questions.
    list: () => respond('qna.list', () => questions),
    markSeen: () => respond('qna.markSeen', () => undefined),
  };

  /** Keeps what the audience did (its events), as the server of record. */
  const record = (event: RealtimeEvent) => {
    if (event.type === 'POLL') {
      const p = poll(event.pollData.pollGuid);
      if (p) Object.assign(p, copy(event.pollData));
      return;
    }
    if (event.type !== 'Event_QnA') return;
    const e = event.qna;
    // The simulated audience asks whole questions.
    if (e.type === 'add') questions.push(copy(e.question as Question));
    else if (e.type === 'upvote') {
      const q = question(e.id);
      if (q) q.upvoteCount = e.upvoteCount ?? q.upvoteCount + 1;
    }
  };

  return {
    polls: pollService,
    qna,
    pollList: () => polls,
    questionList: () => questions,
    audience: (emit) => ({
      activePoll: () => activePoll(polls),
      questions: () => questions,
      emit: (event) => {
        record(event);
        emit(event);
      },
    }),
  };
}
