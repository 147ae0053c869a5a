/** §3 Poll and the shapes around it (§4 states, §7 calls, socket notifications). */

/** §4 Poll: absent before start, ACTIVE after START, DONE after END. */
export type PollStatus = 'ACTIVE' | 'DONE';
/** §7: the manage call's action. */
export type PollManageAction = 'START' | 'END';
/** §4: polls are fetched by these statuses (in parallel) and merged. */
export type PollListStatus = 'ACTIVE' | 'AVAILABLE' | 'COMPLETED';

export interface PollOption {
  optionNumber: number;
  option: string;
}

/** One result row per option, in option order; `option` is the option's text (§3 results {option, votes}). */
export interface PollResult {
  option: string;
  votes: number;
}

export interface Poll {
  pollGuid: string;
  question: string;
  options: PollOption[];
  status?: PollStatus;
  results: PollResult[];
}

/** What the form edits and the create/update calls send. */
export interface PollDraft {
  question: string;
  options: PollOption[];
}

/** §7 Real-time: poll updates carry pollData and a notificationType; DELETE removes (§4). */
export interface PollSocketNotification {
  notificationType: string;
  pollData: Partial<Poll> & { pollGuid: string };
}

/** The moderator's poll commands (src/services/audience/polls.ts); a failure is reported under this name. */
export type PollCommand = 'create' | 'update' | 'delete' | 'start' | 'end';
