/**
 * The poll calls (§7 Polls) that src/services/audience/polls.ts makes, as the `polls` member of the
 * Backend port (src/state/backend.ts), with a demo implementation (src/demo/audience/pollsQnaService.ts).
 */
import type { Poll, PollDraft, PollListStatus, PollManageAction } from './types';

export interface PollService {
  /** POST polling/v1/events/{eventId}/polls: resolves to the poll the server created. */
  create(draft: PollDraft): Promise<Poll>;
  /** PUT .../polls/{pollId}. */
  update(pollGuid: string, draft: PollDraft): Promise<Poll>;
  /** DELETE .../polls/{pollId}. */
  delete(pollGuid: string): Promise<void>;
  /** POST .../instances/{instanceId}/polls/{pollId}/manage with action START|END. */
  manage(pollGuid: string, action: PollManageAction): Promise<void>;
  /** §4: the polls of one status (fetched for ACTIVE, AVAILABLE, COMPLETED in parallel). */
  list(status: PollListStatus): Promise<Poll[]>;
  /** §7: poll-seen marking by pollGuid list. */
  markSeen(pollGuids: string[]): Promise<void>;
}
