/**
 * Texts of the Poll tool. SPEC texts are verbatim (typos included) with their section; the rest
 * are ours and marked so.
 */
import { POLL_VALIDATION_MESSAGES } from '../../state/polls/messages';
import type { PollCommand } from '../../state/polls/types';

/** ours: how a failed command is named in its inline error. */
const FAILURE_VERBS: Record<PollCommand, string> = {
  create: 'Creating the poll',
  update: 'Saving the poll',
  delete: 'Deleting the poll',
  start: 'Starting the poll',
  end: 'Ending the poll',
};

export const POLL_TEXTS = {
  // §5 Poll validation (kept with the rule in src/state/polls/messages.ts)
  validation: POLL_VALIDATION_MESSAGES,
  // §8 Empty states: 'There is no {active|completed} poll'
  noActivePoll: 'There is no active poll',
  noCompletedPoll: 'There is no completed poll',
  // §2 Poll tabs
  tabActive: 'Active',
  tabCompleted: 'Completed',
  // §4 Poll: created (edit, delete, Start poll), ACTIVE (Live, share link, End poll), DONE (Completed)
  startPoll: 'Start poll',
  endPoll: 'End poll',
  live: 'Live',
  completed: 'Completed',
  // ours
  panelLabel: 'Polls',
  tabsLabel: 'Poll lists',
  createPoll: 'Create poll',
  newPollTitle: 'New poll',
  editPollTitle: 'Edit poll',
  question: 'Question',
  questionPlaceholder: 'Ask your audience something…',
  options: 'Options',
  option: (n: number) => `Option ${n}`,
  addOption: 'Add option',
  formKeys: (saveKeys: string) => `Enter goes to the next option. ${saveKeys} saves.`,
  deleteOption: (n: number) => `Delete option ${n}`,
  save: 'Save',
  cancel: 'Cancel',
  edit: 'Edit',
  delete: 'Delete',
  draft: 'Draft',
  counter: (length: number, max: number) => `${length}/${max}`,
  deleteTitle: 'Delete this poll?',
  deleteBody: 'The poll and its options will be removed. This cannot be undone.',
  confirmDelete: 'DELETE',
  confirmCancel: 'CANCEL',
  startBlocked: 'End the live poll before starting another one',
  votes: (n: number) => (n === 1 ? '1 vote' : `${n} votes`),
  result: (option: string, votes: number, percent: number) => `${option}: ${votes === 1 ? '1 vote' : `${votes} votes`}, ${percent}%`,
  resultsLabel: 'Results',
  shareTitle: 'Share this poll',
  shareHint: 'Attendees can vote with this link',
  copyLink: 'Copy link',
  copied: 'Copied!',
  copyFailed: 'Copy failed: select the link and copy it',
  failure: (command: PollCommand, detail: string) => `${FAILURE_VERBS[command]} failed: ${detail}`,
} as const;
