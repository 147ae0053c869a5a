/**
 * The calls the poll store makes (§7 Polls), as an interface with a demo implementation
 * (src/demo/audience/pollsQnaService.ts) and, later, a backend one. The store only knows this
 * interface; the app installs one implementation at boot (like the studio session).
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

let current: PollService | null = null;

export function installPollService(service: PollService | null): void {
  current = service;
}

/** The installed service; calling without one fails like any other call (inline error, no change). */
export function pollService(): PollService {
  if (!current) throw new Error('No poll service installed');
  return current;
}
