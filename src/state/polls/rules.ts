/** §4 Poll states and transitions as pure functions of the poll list. */
import { wholePercents } from '../../lib/percents';
import type { Poll, PollListStatus, PollResult, PollStatus } from './types';

export const isDraft = (poll: Poll): boolean => poll.status === undefined;
export const activePoll = (polls: readonly Poll[]): Poll | undefined => polls.find((p) => p.status === 'ACTIVE');

/** A created poll (no status) can be edited and deleted. */
export const canEditPoll = (poll: Poll): boolean => isDraft(poll);
export const canDeletePoll = (poll: Poll): boolean => isDraft(poll);
/** Start is allowed only when no poll is ACTIVE (and only from the created state). */
export const canStartPoll = (polls: readonly Poll[], poll: Poll): boolean => isDraft(poll) && activePoll(polls) === undefined;
/** END makes an ACTIVE poll DONE. */
export const canEndPoll = (poll: Poll): boolean => poll.status === 'ACTIVE';

/** List fetches use AVAILABLE, ACTIVE, COMPLETED (§3); the panel's model uses absent, ACTIVE, DONE. */
export function normalizeStatus(status: unknown): PollStatus | undefined {
  if (status === 'ACTIVE') return 'ACTIVE';
  if (status === 'DONE' || status === 'COMPLETED') return 'DONE';
  return undefined;
}

export const LIST_STATUSES: readonly PollListStatus[] = ['ACTIVE', 'AVAILABLE', 'COMPLETED'];

/** One result row per option, in option order, keeping any votes already counted for that option. */
export function alignResults(poll: Pick<Poll, 'options' | 'results'>): PollResult[] {
  return poll.options.map((o, i) => {
    const same = poll.results[i]?.option === o.option ? poll.results[i] : poll.results.find((r) => r.option === o.option);
    return { option: o.option, votes: same?.votes ?? 0 };
  });
}

export interface TallyRow {
  optionNumber: number;
  option: string;
  votes: number;
  /** Whole percent of all votes (the rows add up to exactly 100); 0 while nobody voted. */
  percent: number;
}

/** Live results (§2 Poll): votes and percentages per option, in option order. */
export function tallyPoll(poll: Pick<Poll, 'options' | 'results'>): { rows: TallyRow[]; total: number } {
  const results = alignResults(poll);
  const total = results.reduce((sum, r) => sum + r.votes, 0);
  const votes = poll.options.map((_, i) => results[i]?.votes ?? 0);
  const percents = wholePercents(votes);
  const rows = poll.options.map((o, i) => ({ optionNumber: o.optionNumber, option: o.option, votes: votes[i]!, percent: percents[i]! }));
  return { rows, total };
}

/** §2 Poll tabs. */
export type PollTab = 'ACTIVE' | 'COMPLETED';
export const POLL_TABS: readonly PollTab[] = ['ACTIVE', 'COMPLETED'];

/** Active lists the live poll first, then the created ones (not started yet); Completed the DONE ones. */
export function pollsInTab(polls: readonly Poll[], tab: PollTab): Poll[] {
  if (tab === 'COMPLETED') return polls.filter((p) => p.status === 'DONE');
  return [...polls.filter((p) => p.status === 'ACTIVE'), ...polls.filter(isDraft)];
}
