/**
 * Texts of the Q&A tool. SPEC texts are verbatim (typos included) with their section; the rest are
 * ours and marked so.
 */
import type { QnaCommand, QnaSort, QnaTab } from '../../state/qna/types';

export type AnnouncementPreset = 'QNA' | 'INTERACT' | 'FREE';

/** ours: how a failed command is named in its inline error. */
const FAILURE_VERBS: Record<QnaCommand, string> = {
  publish: 'Publishing the question',
  decline: 'Declining the question',
  delete: 'Deleting the question',
  reply: 'Sending the reply',
  announce: 'Sending the announcement',
};

export const QNA_TEXTS = {
  // §4 Question: success masks after publish or decline
  publishedMask: 'Yay! Question is successfully published!',
  declinedMask: 'Question is not published!',
  // §8 Empty states
  noQuestions: 'There are no question yet!',
  // §2 Q&A tabs and sort
  tabs: { INCOMING: 'Incoming', PUBLISHED: 'Published', ANSWERED: 'Answered', UNANSWERED: 'Unanswered' } satisfies Record<QnaTab, string>,
  sorts: { LATEST_FIRST: 'Latest First', LATEST_LAST: 'Latest Last' } satisfies Record<QnaSort, string>,
  // §2 Q&A announcement presets (labels verbatim; the messages they pre-fill are ours)
  presets: { QNA: 'Q&A', INTERACT: 'Interact live', FREE: 'Free text' } satisfies Record<AnnouncementPreset, string>,
  presetMessages: {
    QNA: 'Got a question? Ask it in the Q&A now and we will answer as many as we can live.',
    INTERACT: 'Join in live! Vote in the poll, chat with us and send your questions.',
    FREE: '',
  } satisfies Record<AnnouncementPreset, string>,
  // ours
  tabsLabel: 'Question lists',
  sortLabel: 'Sort',
  announcement: 'Announcement',
  announcementTitle: 'Send an announcement',
  announcementHint: 'Shown to every attendee as a banner',
  presetLabel: 'Preset',
  message: 'Message',
  messagePlaceholder: 'Write your announcement…',
  send: 'Send',
  sent: 'Announcement sent to your audience',
  close: 'Close',
  publish: 'Publish',
  decline: 'Decline',
  reply: 'Reply',
  delete: 'Delete',
  cancel: 'Cancel',
  declined: 'Declined',
  anonymous: 'Anonymous',
  replyLabel: 'Your reply',
  replyPlaceholder: 'Type your answer…',
  sendReply: 'Send reply',
  answers: 'Answers',
  upvotes: (n: number) => (n === 1 ? '1 upvote' : `${n} upvotes`),
  answerCount: (n: number) => (n === 1 ? '1 answer' : `${n} answers`),
  deleteTitle: 'Delete this question?',
  deleteBody: 'It will be removed for everyone. This cannot be undone.',
  confirmDelete: 'DELETE',
  confirmCancel: 'CANCEL',
  failure: (command: QnaCommand, detail: string) => `${FAILURE_VERBS[command]} failed: ${detail}`,
  // ours: relative times
} as const;
