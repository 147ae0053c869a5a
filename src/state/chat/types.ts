/**
 * §3 Chat message and Conversation summary, and the shapes around them (§7 Chat calls, §7 socket
 * events chat.msg, chat delete, chat.rateLimited).
 */
/** §3 Chat: unread counters exist per chat kind. */
export type ChatKind = 'public' | 'private' | 'backstage' | 'moderator';

/** §3 Participant roles (roster roles of §6). */
export type ChatRole = 'Attendee' | 'Panelist' | 'Moderator';

/** Who a message is from or to: §3 sender {guid, name, firstname, lastname, role, userId}. */
export interface ChatParticipant {
  guid: string;
  name: string;
  role: ChatRole;
  firstname?: string;
  lastname?: string;
  userId?: string;
}

/** §3 Chat message. `date` and `fromNow` are derived where shown (features/chat/fromNow.ts). */
export interface ChatMessage {
  id: string;
  body: string;
  /** Epoch ms. */
  timestamp: number;
  /** §3: public, moderator_reply and others (see CHAT_TAGS). */
  tag: string;
  sender: ChatParticipant;
  /** The recipient of a private message; null otherwise. */
  receiver: ChatParticipant | null;
  eventGuid: string;
  privateChat: boolean;
  /** Backstage: moderators and presenters. */
  moderatorPresenterChat: boolean;
  /** The moderator group. */
  moderatorChat: boolean;
  isSelf: boolean;
  isUnread: boolean;
  /** Epoch ms it went on stream; 0 when not on stream. */
  onStreamDate: number;
  /** Epoch ms it was deleted; 0 when not deleted (a deleted public message is kept ~2 s, §4). */
  deleteDate: number;
  /** Ours: an optimistic message the server has not confirmed yet. */
  pending?: boolean;
}

/** A message as a socket or a scrollback call delivers it: only id is required, the rest defaults. */
export type ChatMessageInput = Partial<Omit<ChatMessage, 'sender' | 'receiver'>> & {
  id: string;
  sender?: Partial<ChatParticipant>;
  receiver?: Partial<ChatParticipant> | null;
};

/** §3 Conversation summary, with what the direct-message list shows beside it (ours: role, unread). */
export interface ConversationSummary {
  name: string;
  endpointGuid: string;
  lastMessage: ChatMessage | null;
  role: ChatRole;
  unread: number;
}

/** §7 Send chat message: text, channel, and for private a recipient {guid, name, role}. */
export interface ChatSendRequest {
  text: string;
  channel: ChatKind;
  tag: string;
  recipient?: Pick<ChatParticipant, 'guid' | 'name' | 'role'>;
}

/** Where a composer sends: a group chat, or one person (private). */
export type ChatTarget = { kind: Exclude<ChatKind, 'private'> } | { kind: 'private'; recipient: ChatParticipant };

/** The moderator's chat calls (src/services/audience/chat.ts); a failure is reported under this name. */
export type ChatCommand = 'send' | 'delete' | 'load';

export interface ChatFailure {
  command: ChatCommand;
  kind: ChatKind;
  /** The reason the call gave (§8: the error body's message). */
  detail: string;
}
