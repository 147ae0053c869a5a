/**
 * Poll state (§3 Poll, §4 Poll): the event's polls and the pollGuids the moderator has seen.
 * Socket notifications patch it directly (votes arrive as POLL updates carrying the results); the
 * moderator's commands go through the backend's polls service with an optimistic update that is
 * rolled back if the call fails (§8: state stays consistent, the panel shows an inline error).
 */
import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import { log } from '../../log';
import { describeFailure } from './failure';
import { activePoll, alignResults, canDeletePoll, canEditPoll, canEndPoll, canStartPoll, LIST_STATUSES, normalizeStatus } from './rules';
import { backend } from '../backend';
import type { Poll, PollCommand, PollDraft, PollFailure, PollSocketNotification } from './types';
import { pollValidationMessages } from './validation';

export interface PollState {
  polls: Poll[];
  seenPollGuids: string[];
  /** pollGuids with a call in flight (their buttons wait). */
  busy: string[];
  /** The last failed command, for the panel's inline error; cleared by the next command. */
  failure: PollFailure | null;
}

export interface PollActions {
  /** Replaces the list (a fetch result or seed data). */
  setPolls(polls: readonly Poll[]): void;
  /** §4: a notification of type DELETE removes the poll; any other type updates or adds it. */
  applySocket(notification: PollSocketNotification): void;
  markSeen(pollGuids: readonly string[]): void;
  clearFailure(): void;
  /** Commands: each resolves to whether the call succeeded. */
  createPoll(draft: PollDraft): Promise<Poll | null>;
  editPoll(pollGuid: string, draft: PollDraft): Promise<boolean>;
  deletePoll(pollGuid: string): Promise<boolean>;
  startPoll(pollGuid: string): Promise<boolean>;
  endPoll(pollGuid: string): Promise<boolean>;
  /** §4: fetch ACTIVE, AVAILABLE and COMPLETED in parallel and merge them. */
  loadPolls(): Promise<boolean>;
}

export type PollStore = PollState & PollActions;

export const initialPollState = (): PollState => ({ polls: [], seenPollGuids: [], busy: [], failure: null });

/** §4: the unseen count is polls not in the seen list. */
export const unseenPollCount = (s: Pick<PollState, 'polls' | 'seenPollGuids'>): number =>
  s.polls.filter((p) => !s.seenPollGuids.includes(p.pollGuid)).length;

let localSeq = 0;
const LOCAL_PREFIX = 'local-poll-';

function normalizePoll(raw: Partial<Poll> & { pollGuid: string }, base?: Poll): Poll {
  const merged = { ...base, ...raw };
  const poll: Poll = {
    pollGuid: raw.pollGuid,
    question: merged.question ?? '',
    options: merged.options ?? [],
    results: merged.results ?? [],
  };
  const status = normalizeStatus(merged.status);
  if (status) poll.status = status;
  return poll;
}

export const usePollStore = create<PollStore>()(
  immer((set, get) => {
    const find = (pollGuid: string) => get().polls.find((p) => p.pollGuid === pollGuid);
    const replace = (pollGuid: string, next: Poll) =>
      set((s) => {
        const i = s.polls.findIndex((p) => p.pollGuid === pollGuid);
        if (i >= 0) s.polls[i] = next;
      });

    /** Runs one service call: busy while in flight; on failure roll back and record why. */
    async function attempt<T>(command: PollCommand, pollGuid: string | undefined, call: () => Promise<T>, rollback: () => void): Promise<{ value: T } | null> {
      set((s) => {
        s.failure = null;
        if (pollGuid) s.busy.push(pollGuid);
      });
      try {
        return { value: await call() };
      } catch (e) {
        rollback();
        const detail = describeFailure(e);
        log.warn('polls', `${command} failed: ${detail}`);
        set((s) => void (s.failure = pollGuid ? { command, pollGuid, detail } : { command, detail }));
        return null;
      } finally {
        if (pollGuid) set((s) => void (s.busy = s.busy.filter((g) => g !== pollGuid)));
      }
    }

    const refuse = (command: PollCommand, pollGuid: string | undefined, detail: string) => {
      log.warn('polls', `${command} refused: ${detail}`);
      set((s) => void (s.failure = pollGuid ? { command, pollGuid, detail } : { command, detail }));
      return false;
    };

    /** Optimistically replaces a poll; the returned function puts the old one back if it still exists. */
    const patchPoll = (before: Poll, next: Poll) => {
      replace(before.pollGuid, next);
      return () => replace(before.pollGuid, before);
    };

    return {
      ...initialPollState(),

      setPolls: (polls) => set((s) => void (s.polls = polls.map((p) => normalizePoll(p)))),

      applySocket: ({ notificationType, pollData }) =>
        set((s) => {
          const i = s.polls.findIndex((p) => p.pollGuid === pollData.pollGuid);
          if (notificationType === 'DELETE') {
            if (i >= 0) s.polls.splice(i, 1);
          } else if (i >= 0) {
            s.polls[i] = normalizePoll(pollData, s.polls[i]);
          } else {
            s.polls.push(normalizePoll(pollData));
          }
        }),

      markSeen: (pollGuids) => {
        const fresh = pollGuids.filter((g) => !get().seenPollGuids.includes(g));
        if (fresh.length === 0) return;
        set((s) => void s.seenPollGuids.push(...fresh));
        Promise.resolve()
          .then(() => backend().polls.markSeen(fresh))
          .catch((e: unknown) => log.info('polls', `seen marking failed: ${describeFailure(e)}`));
      },

      clearFailure: () => set((s) => void (s.failure = null)),

      createPoll: async (draft) => {
        const messages = pollValidationMessages(draft);
        if (messages.length > 0) {
          refuse('create', undefined, messages.join(', '));
          return null;
        }
        const temp: Poll = { pollGuid: `${LOCAL_PREFIX}${++localSeq}`, question: draft.question, options: draft.options, results: [] };
        const dropTemp = () =>
          set((s) => {
            s.polls = s.polls.filter((p) => p.pollGuid !== temp.pollGuid);
            s.seenPollGuids = s.seenPollGuids.filter((g) => g !== temp.pollGuid);
            s.busy = s.busy.filter((g) => g !== temp.pollGuid);
          });
        set((s) => {
          s.polls.push(temp);
          s.seenPollGuids.push(temp.pollGuid);
          s.busy.push(temp.pollGuid);
        });
        const result = await attempt('create', undefined, () => backend().polls.create(draft), dropTemp);
        if (!result) return null;
        const created = normalizePoll(result.value);
        set((s) => {
          const i = s.polls.findIndex((p) => p.pollGuid === temp.pollGuid);
          if (i >= 0 && !s.polls.some((p) => p.pollGuid === created.pollGuid)) s.polls.splice(i, 1, created);
          else if (i < 0 && !s.polls.some((p) => p.pollGuid === created.pollGuid)) s.polls.push(created);
          // The moderator's own poll is not news to them.
          if (!s.seenPollGuids.includes(created.pollGuid)) s.seenPollGuids.push(created.pollGuid);
        });
        dropTemp();
        return created;
      },

      editPoll: async (pollGuid, draft) => {
        const before = find(pollGuid);
        if (!before || !canEditPoll(before)) return refuse('update', pollGuid, 'Only a poll that has not started can be edited');
        const messages = pollValidationMessages(draft);
        if (messages.length > 0) return refuse('update', pollGuid, messages.join(', '));
        const rollback = patchPoll(before, { ...before, question: draft.question, options: draft.options, results: [] });
        const result = await attempt('update', pollGuid, () => backend().polls.update(pollGuid, draft), rollback);
        if (result && find(pollGuid)) replace(pollGuid, normalizePoll({ ...result.value, pollGuid }));
        return result !== null;
      },

      deletePoll: async (pollGuid) => {
        const index = get().polls.findIndex((p) => p.pollGuid === pollGuid);
        const before = get().polls[index];
        if (!before || !canDeletePoll(before)) return refuse('delete', pollGuid, 'Only a poll that has not started can be deleted');
        set((s) => void s.polls.splice(index, 1));
        const rollback = () =>
          set((s) => {
            if (!s.polls.some((p) => p.pollGuid === pollGuid)) s.polls.splice(Math.min(index, s.polls.length), 0, before);
          });
        return (await attempt('delete', pollGuid, () => backend().polls.delete(pollGuid), rollback)) !== null;
      },

      startPoll: async (pollGuid) => {
        const before = find(pollGuid);
        if (!before || !canStartPoll(get().polls, before)) {
          const live = activePoll(get().polls);
          return refuse('start', pollGuid, live ? 'Another poll is live: end it first' : 'This poll cannot be started');
        }
        const rollback = patchPoll(before, { ...before, status: 'ACTIVE', results: alignResults(before) });
        return (await attempt('start', pollGuid, () => backend().polls.manage(pollGuid, 'START'), rollback)) !== null;
      },

      endPoll: async (pollGuid) => {
        const before = find(pollGuid);
        if (!before || !canEndPoll(before)) return refuse('end', pollGuid, 'Only a live poll can be ended');
        replace(pollGuid, { ...before, status: 'DONE' });
        const rollback = () => {
          const now = find(pollGuid);
          if (now) replace(pollGuid, { ...now, status: before.status });
        };
        return (await attempt('end', pollGuid, () => backend().polls.manage(pollGuid, 'END'), rollback)) !== null;
      },

      loadPolls: async () => {
        try {
          const lists = await Promise.all(LIST_STATUSES.map((status) => backend().polls.list(status)));
          set((s) => {
            for (const raw of lists.flat()) {
              const i = s.polls.findIndex((p) => p.pollGuid === raw.pollGuid);
              if (i >= 0) s.polls[i] = normalizePoll(raw, s.polls[i]);
              else s.polls.push(normalizePoll(raw));
            }
          });
          return true;
        } catch (e) {
          log.warn('polls', `loading polls failed: ${describeFailure(e)}`);
          return false;
        }
      },
    };
  }),
);
