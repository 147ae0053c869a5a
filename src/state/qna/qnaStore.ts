/**
 * Q&A state (§3 Question, §4 Question): the questions, their answers and the ids the moderator
 * has seen. Socket events patch it directly. The moderator's commands are made by
 * src/services/audience/qna.ts: where the outcome is known (publish, decline, delete) this store
 * checks §4, applies it at once and hands back its rollback (§8), so a failing call leaves the
 * store as it was.
 */
import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import { initialRemoteList, remoteListActions, unseenCount, upsert, type RemoteListActions, type RemoteListState, type Rollback } from '../remoteList';
import { canDo, type QuestionAction } from './rules';
import type { Answer, QnaCommand, QnaEvent, Question, QuestionStatus } from './types';

export interface QnaState extends RemoteListState<QnaCommand> {
  questions: Question[];
}

export interface QnaActions extends RemoteListActions<QnaCommand> {
  setQuestions(questions: readonly Question[]): void;
  /** §4: add/update, delete, upvote (upvoteCount), answer (answerCount and replyCount). */
  applyEvent(event: QnaEvent): void;
  /** Optimistic commands: each checks §4, applies the outcome at once and returns its rollback; null when refused. */
  beginPublish(id: string): Rollback | null;
  beginDecline(id: string): Rollback | null;
  beginDelete(id: string): Rollback | null;
}

export type QnaStore = QnaState & QnaActions;

export const initialQnaState = (): QnaState => ({ questions: [], ...initialRemoteList<QnaCommand>() });

/** Questions not in the seen list (the side navigation's Q&A counter). */
export const unseenQuestionCount = (s: Pick<QnaState, 'questions' | 'seen'>): number => unseenCount(s.questions, (q) => q.id, s.seen);

const STATUSES: readonly QuestionStatus[] = ['ASKED', 'ACTIVE', 'DECLINED'];

export function normalizeQuestion(raw: Partial<Question> & { id: string }, base?: Question): Question {
  const q = { ...base, ...raw };
  return {
    id: raw.id,
    content: q.content ?? '',
    status: q.status && STATUSES.includes(q.status) ? q.status : 'ASKED',
    anonymous: q.anonymous ?? false,
    initiator: { name: q.initiator?.name ?? '' },
    timestamp: q.timestamp ?? 0,
    upvoteCount: q.upvoteCount ?? 0,
    answerCount: q.answerCount ?? 0,
    replyCount: q.replyCount ?? 0,
    answers: q.answers ?? [],
  };
}

const sameAnswer = (a: Answer, b: Answer) => a.timestamp === b.timestamp && a.content === b.content && a.answerBy.endpointGuid === b.answerBy.endpointGuid;

export const useQnaStore = create<QnaStore>()(
  immer((set, get) => {
    const list = remoteListActions<QnaCommand, Question, QnaStore>({ scope: 'qna', set, get, items: (s) => s.questions, idOf: (q) => q.id });
    const find = (id: string) => get().questions.find((q) => q.id === id);
    const setStatus = (id: string, status: QuestionStatus) =>
      set((s) => {
        const q = s.questions.find((x) => x.id === id);
        if (q) q.status = status;
      });

    /** Whether §4 allows the action now; a refusal is recorded as the command's failure. */
    const allowed = (command: QnaCommand, action: QuestionAction, id: string): Question | null => {
      const before = find(id);
      if (before && canDo(before.status, action)) return before;
      list.refused(command, id, `Not allowed for a ${before?.status ?? 'missing'} question`);
      return null;
    };

    /** A status change allowed by §4, applied at once. */
    const transition = (command: QnaCommand, action: QuestionAction, id: string, to: QuestionStatus): Rollback | null => {
      const before = allowed(command, action, id);
      if (!before) return null;
      setStatus(id, to);
      return () => setStatus(id, before.status);
    };

    return {
      ...initialQnaState(),
      ...list,

      setQuestions: (questions) => set((s) => void (s.questions = questions.map((q) => normalizeQuestion(q)))),

      applyEvent: (event) =>
        set((s) => {
          switch (event.type) {
            case 'add':
            case 'update':
              upsert(s.questions, (q) => q.id, event.question.id, (base) => normalizeQuestion(event.question, base));
              return;
            case 'delete':
              s.questions = s.questions.filter((q) => q.id !== event.id);
              return;
            case 'upvote': {
              const q = s.questions.find((x) => x.id === event.id);
              if (q) q.upvoteCount = event.upvoteCount ?? q.upvoteCount + 1;
              return;
            }
            case 'answer': {
              const q = s.questions.find((x) => x.id === event.id);
              if (!q) return;
              const duplicate = q.answers.some((a) => sameAnswer(a, event.answer));
              if (!duplicate) q.answers.push(event.answer);
              q.answerCount = event.answerCount ?? (duplicate ? q.answerCount : q.answerCount + 1);
              q.replyCount = event.replyCount ?? (duplicate ? q.replyCount : q.replyCount + 1);
            }
          }
        }),

      beginPublish: (id) => transition('publish', 'PUBLISH', id, 'ACTIVE'),

      beginDecline: (id) => transition('decline', 'DECLINE', id, 'DECLINED'),

      beginDelete: (id) => (allowed('delete', 'DELETE', id) ? list.takeOut(id) : null),
    };
  }),
);
