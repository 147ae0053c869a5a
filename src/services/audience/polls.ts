/**
 * The moderator's poll commands (§4 Poll, §7 Polls): the poll store applies each at once, the call
 * goes through the backend's polls service, and a failure rolls it back (§8).
 */
import { log } from '../../log';
import { backend } from '../../state/backend';
import { usePollStore } from '../../state/polls/pollStore';
import { LIST_STATUSES } from '../../state/polls/rules';
import type { Poll, PollDraft } from '../../state/polls/types';
import { attempt, attemptAllowed, reportSeen } from './attempt';
import { describeFailure } from './failure';

const polls = () => usePollStore.getState();

/** Resolves to the poll the server created, or null. */
export async function createPoll(draft: PollDraft): Promise<Poll | null> {
  const pending = polls().beginCreate(draft);
  if (!pending) return null;
  const result = await attempt(polls(), 'create', undefined, () => backend().polls.create(draft), pending.rollback);
  return result && polls().created(pending.tempGuid, result.value);
}

export async function editPoll(pollGuid: string, draft: PollDraft): Promise<boolean> {
  const rollback = polls().beginEdit(pollGuid, draft);
  if (!rollback) return false;
  const result = await attempt(polls(), 'update', pollGuid, () => backend().polls.update(pollGuid, draft), rollback);
  if (result) polls().edited(pollGuid, result.value);
  return result !== null;
}

export const deletePoll = (pollGuid: string): Promise<boolean> => attemptAllowed(polls(), 'delete', pollGuid, polls().beginDelete(pollGuid), () => backend().polls.delete(pollGuid));

export const startPoll = (pollGuid: string): Promise<boolean> => attemptAllowed(polls(), 'start', pollGuid, polls().beginStart(pollGuid), () => backend().polls.manage(pollGuid, 'START'));

export const endPoll = (pollGuid: string): Promise<boolean> => attemptAllowed(polls(), 'end', pollGuid, polls().beginEnd(pollGuid), () => backend().polls.manage(pollGuid, 'END'));

/** §4: polls on screen are seen; the server is told about the new ones. */
export function markPollsSeen(pollGuids: readonly string[]): void {
  reportSeen('polls', polls().markSeen(pollGuids), (fresh) => backend().polls.markSeen(fresh));
}

/** §4: fetch ACTIVE, AVAILABLE and COMPLETED in parallel and merge them; a failure is logged. */
export async function loadPolls(): Promise<boolean> {
  try {
    const lists = await Promise.all(LIST_STATUSES.map((status) => backend().polls.list(status)));
    polls().mergeListed(lists.flat());
    return true;
  } catch (e) {
    log.warn('polls', `loading polls failed: ${describeFailure(e)}`);
    return false;
  }
}
