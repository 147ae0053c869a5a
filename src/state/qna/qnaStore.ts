/**
 * Q&A state (§3 Question, §4 Question): the questions, their answers and the ids the moderator
 * has seen. Socket events patch it directly; the moderator's commands go through the backend's
 * Q&A service, optimistically where the outcome is known (publish, decline, delete) and rolled
 * back if the call fails (§8), so a failing call leaves the store as it was.
 */
import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import { log } from '../../log';
import { cleanText } from '../../lib/text';
import { ANNOUNCEMENT_RULE, QNA_REPLY_RULE } from './limits';
import { describeFailure } from '../polls/failure';
import { canDo, type QuestionAction } from './rules';
import { backend } from '../backend';
import type { Answer, QnaCommand, QnaEvent, QnaFailure, Question, QuestionStatus } from './types';

export interface QnaState {
  questions: Question[];
  seenQuestionIds: string[];
  /** Question ids with a call in flight. */
  busy: string[];
  failure: QnaFailure | null;
}

export interface QnaActions {
  setQuestions(questions: readonly Question[]): void;
  /** §4: add/update, delete, upvote (upvoteCount), answer (answerCount and replyCount). */
  applyEvent(event: QnaEvent): void;
  markSeen(ids: readonly string[]): void;
  clearFailure(): void;
  /** Commands: each resolves to whether the call succeeded. */
  publish(id: string): Promise<boolean>;
  decline(id: string): Promise<boolean>;
  remove(id: string): Promise<boolean>;
  /** §5: a reply is sent only if non-empty (cleaned by the shared text rule, cut to its limit). */
  reply(id: string, content: string): Promise<boolean>;
  /** The announcement form (§2), sent as a banner (§7 manage/banner); only a non-empty message is sent. */
  announce(message: string): Promise<boolean>;
  loadQuestions(): Promise<boolean>;
}

export type QnaStore = QnaState & QnaActions;

export const initialQnaState = (): QnaState => ({ questions: [], seenQuestionIds: [], busy: [], failure: null });

/** Questions not in the seen list (the side navigation's Q&A counter). */
export const unseenQuestionCount = (s: Pick<QnaState, 'questions' | 'seenQuestionIds'>): number =>
  s.questions.filter((q) => !s.seenQuestionIds.includes(q.id)).length;

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
    const find = (id: string) => get().questions.find((q) => q.id === id);
    const setStatus = (id: string, status: QuestionStatus) =>
      set((s) => {
        const q = s.questions.find((x) => x.id === id);
        if (q) q.status = status;
      });

    const fail = (command: QnaCommand, questionId: string | undefined, detail: string) => {
      log.warn('qna', `${command} failed: ${detail}`);
      set((s) => void (s.failure = questionId ? { command, questionId, detail } : { command, detail }));
    };

    async function attempt(command: QnaCommand, id: string | undefined, call: () => Promise<void>, rollback: () => void): Promise<boolean> {
      set((s) => {
        s.failure = null;
        if (id) s.busy.push(id);
      });
      try {
        await call();
        return true;
      } catch (e) {
        rollback();
        fail(command, id, describeFailure(e));
        return false;
      } finally {
        if (id) set((s) => void (s.busy = s.busy.filter((x) => x !== id)));
      }
    }

    /** A status change allowed by §4, applied at once and undone if the call fails. */
    const transition = (command: QnaCommand, action: QuestionAction, id: string, to: QuestionStatus, call: () => Promise<void>) => {
      const before = find(id);
      if (!before || !canDo(before.status, action)) {
        fail(command, id, `Not allowed for a ${before?.status ?? 'missing'} question`);
        return Promise.resolve(false);
      }
      setStatus(id, to);
      return attempt(command, id, call, () => setStatus(id, before.status));
    };

    return {
      ...initialQnaState(),

      setQuestions: (questions) => set((s) => void (s.questions = questions.map((q) => normalizeQuestion(q)))),

      applyEvent: (event) =>
        set((s) => {
          switch (event.type) {
            case 'add':
            case 'update': {
              const i = s.questions.findIndex((q) => q.id === event.question.id);
              if (i >= 0) s.questions[i] = normalizeQuestion(event.question, s.questions[i]);
              else s.questions.push(normalizeQuestion(event.question));
              return;
            }
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

      markSeen: (ids) => {
        const fresh = ids.filter((id) => !get().seenQuestionIds.includes(id));
        if (fresh.length === 0) return;
        set((s) => void s.seenQuestionIds.push(...fresh));
        Promise.resolve()
          .then(() => backend().qna.markSeen(fresh))
          .catch((e: unknown) => log.info('qna', `seen marking failed: ${describeFailure(e)}`));
      },

      clearFailure: () => set((s) => void (s.failure = null)),

      publish: (id) => transition('publish', 'PUBLISH', id, 'ACTIVE', () => backend().qna.publish(id)),

      decline: (id) => transition('decline', 'DECLINE', id, 'DECLINED', () => backend().qna.decline(id)),

      remove: async (id) => {
        const index = get().questions.findIndex((q) => q.id === id);
        const before = get().questions[index];
        if (!before || !canDo(before.status, 'DELETE')) {
          fail('delete', id, `Not allowed for a ${before?.status ?? 'missing'} question`);
          return false;
        }
        set((s) => void s.questions.splice(index, 1));
        const rollback = () =>
          set((s) => {
            if (!s.questions.some((q) => q.id === id)) s.questions.splice(Math.min(index, s.questions.length), 0, before);
          });
        return attempt('delete', id, () => backend().qna.delete(id), rollback);
      },

      reply: async (id, content) => {
        const text = cleanText(content, QNA_REPLY_RULE).text;
        const question = find(id);
        if (text === '' || !question || !canDo(question.status, 'REPLY')) return false;
        return attempt(
          'reply',
          id,
          async () => {
            const answer = await backend().qna.answer(id, text);
            get().applyEvent({ type: 'answer', id, answer });
          },
          () => undefined,
        );
      },

      announce: async (message) => {
        const text = cleanText(message, ANNOUNCEMENT_RULE).text;
        if (text === '') return false;
        return attempt('announce', undefined, () => backend().qna.sendBanner(text), () => undefined);
      },

      loadQuestions: async () => {
        try {
          const list = await backend().qna.list();
          for (const question of list) get().applyEvent({ type: 'add', question });
          return true;
        } catch (e) {
          log.warn('qna', `loading questions failed: ${describeFailure(e)}`);
          return false;
        }
      },
    };
  }),
);
