/**
 * The demo's poll and Q&A services (§1: no backend). Each call answers after a short delay, like a
 * server would; `fail` makes chosen calls reject (with the §8 backend error shape) so the panels'
 * rollback and inline errors can be seen and tested.
 */
import { DEMO_USER } from '../demoData';
import { normalizeStatus } from '../../state/polls/rules';
import type { PollService } from '../../state/polls/service';
import type { Poll, PollListStatus } from '../../state/polls/types';
import type { QnaService } from '../../state/qna/service';
import { DEMO_POLLS } from './pollsQnaData';
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
}

/** §8: backend failures appear as an error of type unknown, code API_BACKEND_ERROR, with the message. */
export const demoBackendError = (call: DemoCall) => ({ type: 'unknown', code: 'API_BACKEND_ERROR', message: `The server could not complete ${call}` });

const LIST_MATCH: Record<PollListStatus, (p: Poll) => boolean> = {
  ACTIVE: (p) => normalizeStatus(p.status) === 'ACTIVE',
  AVAILABLE: (p) => normalizeStatus(p.status) === undefined,
  COMPLETED: (p) => normalizeStatus(p.status) === 'DONE',
};

export function createDemoPollsQnaService({ latencyMs = DEMO_CALL_LATENCY_MS, schedule = realTimer, now = Date.now, fail = () => false }: DemoServiceOptions = {}): {
  polls: PollService;
  qna: QnaService;
} {
  let pollSeq = 0;
  const respond = <T>(call: DemoCall, value: () => T): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      schedule.setTimeout(() => (fail(call) ? reject(demoBackendError(call)) : resolve(value())), latencyMs);
    });

  const polls: PollService = {
    create: (draft) => respond('polls.create', () => ({ pollGuid: `demo-poll-${++pollSeq}`, question: draft.question, options: draft.options, results: [] })),
    update: (pollGuid, draft) => respond('polls.update', () => ({ pollGuid, question: draft.question, options: draft.options, results: [] })),
    delete: () => respond('polls.delete', () => undefined),
    manage: () => respond('polls.manage', () => undefined),
    list: (status) => respond('polls.list', () => DEMO_POLLS.filter(LIST_MATCH[status])),
    markSeen: () => respond('polls.markSeen', () => undefined),
  };

  const moderator = { name: `${DEMO_USER.firstName} ${DEMO_USER.lastName}`, endpointGuid: DEMO_USER.id };
  const qna: QnaService = {
    publish: () => respond('qna.publish', () => undefined),
    decline: () => respond('qna.decline', () => undefined),
    delete: () => respond('qna.delete', () => undefined),
    answer: (_id, content) => respond('qna.answer', () => ({ content, anonymous: false, answerBy: moderator, timestamp: now() })),
    sendBanner: () => respond('qna.sendBanner', () => undefined),
    // §7: the Q&A list fetch is a stub returning nothing.
    list: () => respond('qna.list', () => []),
    markSeen: () => respond('qna.markSeen', () => undefined),
  };

  return { polls, qna };
}
