/**
 * Poll state (§3 Poll, §4 Poll): the event's polls and the pollGuids the moderator has seen.
 * Socket notifications patch it directly (votes arrive as POLL updates carrying the results). The
 * moderator's commands are made by src/services/audience/polls.ts: this store checks §4 and §5,
 * applies the expected outcome at once and hands back its rollback (§8: state stays consistent,
 * the panel shows an inline error).
 */
import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import { initialRemoteList, remoteListActions, unseenCount, upsert, type RemoteListActions, type RemoteListState, type Rollback } from '../remoteList';
import { activePoll, alignResults, canDeletePoll, canEditPoll, canEndPoll, canStartPoll, normalizeStatus } from './rules';
import type { Poll, PollCommand, PollDraft, PollSocketNotification } from './types';
import { pollValidationMessages } from './validation';

export interface PollState extends RemoteListState<PollCommand> {
  polls: Poll[];
}

export interface PollActions extends RemoteListActions<PollCommand> {
  /** Replaces the list (seed data). */
  setPolls(polls: readonly Poll[]): void;
  /** §4: a notification of type DELETE removes the poll; any other type updates or adds it. */
  applySocket(notification: PollSocketNotification): void;
  /** §4: the polls fetched by status, merged into the list. */
  mergeListed(polls: readonly Poll[]): void;
  /**
   * Optimistic commands: each checks the §4 state (and §5 for drafts), applies the outcome at once
   * and returns its rollback; null when refused (the refusal is the failure, no call is made).
   */
  beginCreate(draft: PollDraft): { tempGuid: string; rollback: Rollback } | null;
  beginEdit(pollGuid: string, draft: PollDraft): Rollback | null;
  beginDelete(pollGuid: string): Rollback | null;
  beginStart(pollGuid: string): Rollback | null;
  beginEnd(pollGuid: string): Rollback | null;
  /** The server created the poll: it takes the temporary one's place; returns it. */
  created(tempGuid: string, poll: Poll): Poll;
  /** The server's answer to an edit. */
  edited(pollGuid: string, poll: Poll): void;
}

export type PollStore = PollState & PollActions;

export const initialPollState = (): PollState => ({ polls: [], ...initialRemoteList<PollCommand>() });

/** §4: the unseen count is polls not in the seen list. */
export const unseenPollCount = (s: Pick<PollState, 'polls' | 'seen'>): number => unseenCount(s.polls, (p) => p.pollGuid, s.seen);

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
    const list = remoteListActions<PollCommand, Poll, PollStore>({ scope: 'polls', set, get, items: (s) => s.polls, idOf: (p) => p.pollGuid });
    const find = (pollGuid: string) => get().polls.find((p) => p.pollGuid === pollGuid);
    const replace = (pollGuid: string, next: Poll) =>
      set((s) => {
        const i = s.polls.findIndex((p) => p.pollGuid === pollGuid);
        if (i >= 0) s.polls[i] = next;
      });
    const refuse = (command: PollCommand, pollGuid: string | undefined, detail: string): null => {
      list.refused(command, pollGuid, detail);
      return null;
    };

    /** Optimistically replaces a poll; the rollback puts the old one back if it still exists. */
    const patchPoll = (before: Poll, next: Poll): Rollback => {
      replace(before.pollGuid, next);
      return () => replace(before.pollGuid, before);
    };

    const dropTemp = (tempGuid: string) =>
      set((s) => {
        s.polls = s.polls.filter((p) => p.pollGuid !== tempGuid);
        s.seen = s.seen.filter((g) => g !== tempGuid);
        s.busy = s.busy.filter((g) => g !== tempGuid);
      });

    return {
      ...initialPollState(),
      ...list,

      setPolls: (polls) => set((s) => void (s.polls = polls.map((p) => normalizePoll(p)))),

      applySocket: ({ notificationType, pollData }) =>
        set((s) => {
          const i = s.polls.findIndex((p) => p.pollGuid === pollData.pollGuid);
          if (notificationType === 'DELETE') {
            if (i >= 0) s.polls.splice(i, 1);
          } else upsert(s.polls, (p) => p.pollGuid, pollData.pollGuid, (base) => normalizePoll(pollData, base));
        }),

      mergeListed: (polls) =>
        set((s) => {
          for (const raw of polls) upsert(s.polls, (p) => p.pollGuid, raw.pollGuid, (base) => normalizePoll(raw, base));
        }),

      beginCreate: (draft) => {
        const messages = pollValidationMessages(draft);
        if (messages.length > 0) return refuse('create', undefined, messages.join(', '));
        const temp: Poll = { pollGuid: `${LOCAL_PREFIX}${++localSeq}`, question: draft.question, options: draft.options, results: [] };
        set((s) => {
          s.polls.push(temp);
          s.seen.push(temp.pollGuid);
          s.busy.push(temp.pollGuid);
        });
        return { tempGuid: temp.pollGuid, rollback: () => dropTemp(temp.pollGuid) };
      },

      created: (tempGuid, poll) => {
        const created = normalizePoll(poll);
        set((s) => {
          const i = s.polls.findIndex((p) => p.pollGuid === tempGuid);
          if (i >= 0 && !s.polls.some((p) => p.pollGuid === created.pollGuid)) s.polls.splice(i, 1, created);
          else if (i < 0 && !s.polls.some((p) => p.pollGuid === created.pollGuid)) s.polls.push(created);
          // The moderator's own poll is not news to them.
          if (!s.seen.includes(created.pollGuid)) s.seen.push(created.pollGuid);
        });
        dropTemp(tempGuid);
        return created;
      },

      beginEdit: (pollGuid, draft) => {
        const before = find(pollGuid);
        if (!before || !canEditPoll(before)) return refuse('update', pollGuid, 'Only a poll that has not started can be edited');
        const messages = pollValidationMessages(draft);
        if (messages.length > 0) return refuse('update', pollGuid, messages.join(', '));
        return patchPoll(before, { ...before, question: draft.question, options: draft.options, results: [] });
      },

      edited: (pollGuid, poll) => {
        if (find(pollGuid)) replace(pollGuid, normalizePoll({ ...poll, pollGuid }));
      },

      beginDelete: (pollGuid) => {
        const before = find(pollGuid);
        if (!before || !canDeletePoll(before)) return refuse('delete', pollGuid, 'Only a poll that has not started can be deleted');
        return list.takeOut(pollGuid);
      },

      beginStart: (pollGuid) => {
        const before = find(pollGuid);
        if (!before || !canStartPoll(get().polls, before)) return refuse('start', pollGuid, activePoll(get().polls) ? 'Another poll is live: end it first' : 'This poll cannot be started');
        return patchPoll(before, { ...before, status: 'ACTIVE', results: alignResults(before) });
      },

      beginEnd: (pollGuid) => {
        const before = find(pollGuid);
        if (!before || !canEndPoll(before)) return refuse('end', pollGuid, 'Only a live poll can be ended');
        replace(pollGuid, { ...before, status: 'DONE' });
        return () => {
          const now = find(pollGuid);
          if (now) replace(pollGuid, { ...now, status: before.status });
        };
      },
    };
  }),
);
