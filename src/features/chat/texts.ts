/**
 * Texts of the chat tools (public chat and host chat share the message list and composer). SPEC
 * texts are verbatim with their section; the rest are ours and marked so.
 */
import type { ChatCommand, ChatKind, ChatRole } from '../../state/chat/types';

/** ours: how a failed command is named in its inline error. */
const FAILURE_VERBS: Record<ChatCommand, string> = {
  send: 'Sending the message',
  delete: 'Deleting the message',
  load: 'Loading the chat history',
};

export const CHAT_TEXTS = {
  // §4 Public chat message
  deleted: 'Message has been deleted',
  // §8 Rate limit (retry-after seconds)
  rateLimited: (seconds: number) => `Too many messages being sent right now. Chat will resume in ${seconds}s ...`,
  // §2 Public chat panels
  tabPublic: 'PUBLIC',
  tabPrivate: 'PRIVATE',
  // ours
  tabsLabel: 'Chat panels',
  publicListLabel: 'Public chat messages',
  privateListLabel: 'Private messages from attendees',
  showOnStream: 'Show on stream',
  hideFromStream: 'Hide from stream',
  onStream: 'On stream',
  onStreamBar: 'On stream now',
  delete: 'Delete',
  deleteFor: (name: string) => `Delete message from ${name}`,
  confirmDeleteQuestion: 'Delete for everyone?',
  confirmDelete: 'Delete',
  cancel: 'Cancel',
  reply: 'Reply',
  replyTo: (name: string) => `Reply to ${name}`,
  replyingTo: (name: string) => `Replying privately to ${name}`,
  repliedTo: (name: string) => `Reply to ${name}`,
  stopReplying: 'Stop replying',
  you: 'You',
  sending: 'Sending…',
  messageLabel: 'Message',
  placeholder: {
    public: 'Message everyone…',
    private: 'Write a private message…',
    backstage: 'Message presenters and moderators…',
    moderator: 'Message the moderator group…',
  } satisfies Record<ChatKind, string>,
  send: 'Send',
  counter: (length: number, max: number) => `${length}/${max}`,
  counterLabel: (length: number, max: number) => `${length} of ${max} characters`,
  nothingToSend: 'Nothing left to send: markup is removed from chat messages.',
  newMessages: (n: number) => (n === 1 ? '1 new message' : `${n} new messages`),
  noPublicMessages: 'No messages yet. Say hello to your audience!',
  noPrivateMessages: 'No private messages from attendees yet.',
  roles: { Attendee: 'Attendee', Panelist: 'Presenter', Moderator: 'Moderator' } satisfies Record<ChatRole, string>,
  failure: (command: ChatCommand, detail: string) => `${FAILURE_VERBS[command]} failed: ${detail}`,
  // ours: emoji picker
  emoji: {
    open: 'Insert emoji',
    dialog: 'Emoji',
    search: 'Search emoji',
    list: 'Emoji by category',
    loading: 'Loading emoji…',
    none: 'No emoji found',
    hint: 'Pick an emoji',
    skinTone: 'Change skin tone',
    failed: 'Emoji could not be loaded.',
    retry: 'Try again',
  },
} as const;
