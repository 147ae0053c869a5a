/**
 * The chat store's shape (§3 Chat message, §4 Public chat message): state, actions, the initial
 * state, and the small rules about what is "on screen" (read at once) that the store applies.
 */
import { realClock, type Clock } from '../../lib/clock';
import type { Rollback } from '../remoteList';
import { conversationPartner } from './rules';
import type { ChatCommand, ChatFailure, ChatKind, ChatMessage, ChatMessageInput, ChatParticipant, ChatRole, ChatSendRequest, ChatTarget } from './types';

/** Time-based rules run on an injectable clock (DESIGN); tests install fake timers or their own. */
export interface ChatTiming {
  clock: Clock;
  now: () => number;
}
let timing: ChatTiming = { clock: realClock, now: () => Date.now() };
export function configureChatTiming(next: Partial<ChatTiming>): void {
  timing = { ...timing, ...next };
}
/** The timing in force (read at each use, so a test can swap it). */
export const chatTiming = (): ChatTiming => timing;

/**
 * What the panels have on screen: messages arriving there are read at once. `private` is the public
 * chat's PRIVATE tab, which shows the private messages of attendees.
 */
export interface ChatViewing extends Record<ChatKind, boolean> {
  /** The direct-message conversation open in the host chat, by endpointGuid. */
  conversation: string | null;
}

/** §2 Public chat PRIVATE tab: the private messages it shows are those with attendees. */
export const PRIVATE_TAB_SCOPE: ReadScope = { role: 'Attendee' };

export interface ChatState {
  messages: Record<ChatKind, ChatMessage[]>;
  unread: Record<ChatKind, number>;
  /** §4: only one message is on stream at a time (the chat overlay reads it). */
  onStreamMessageId: string | null;
  /** The signed-in moderator, as chat knows them (decides isSelf). */
  self: ChatParticipant | null;
  /** People who can be sent a direct message (presenters, moderators, and attendees known to chat). */
  contacts: ChatParticipant[];
  viewing: ChatViewing;
  /** §8 rate limit: seconds left before chat resumes; 0 when not limited. */
  retryAfter: number;
  /** Unsent composer text by composer (see draftKey), kept across tab switches and the rate limit. */
  drafts: Record<string, string>;
  /** The last failed command, for the panel's inline error (private failures use the global dialog). */
  failure: ChatFailure | null;
  /**
   * §2 Direct Messages: past the welcome screen; the open conversation; `revealPending` when a
   * conversation was opened from elsewhere (the People menu's "Chat with guest") and the host chat
   * should bring its Direct Message tab forward.
   */
  direct: { started: boolean; conversation: string | null; revealPending: boolean };
}

export interface ChatActions {
  setSelf(self: ChatParticipant | null): void;
  setContacts(contacts: readonly ChatParticipant[]): void;
  /** Merges history (scrollback, seed data); it arrives read unless `unread` says otherwise. */
  loadHistory(messages: readonly ChatMessageInput[], opts?: { unread?: boolean }): void;
  /** §7 chat.msg / chat new: adds a message (or updates one already known). */
  receive(message: ChatMessageInput): void;
  /** §7 msg Event_Chat DELETED / chat delete: flags the message, removes it after ~2 s (§4). */
  applyDeleted(messageId: string): void;
  /** §7 chat.rateLimited with a retry-after in seconds; §5: a value that is not a number is ignored (logged). */
  rateLimited(retryAfter: unknown): void;
  /**
   * A send starts (§5: the text filtered, cleaned and cut): the message shows at once, pending; null
   * when nothing is left to send or chat is rate limited.
   */
  beginSend(target: ChatTarget, text: string): PendingSend | null;
  /** The server stored the message (it takes the pending one's place), or null: the send failed and the pending one goes. */
  settleSend(pending: ChatMessage, saved: ChatMessageInput | null): void;
  /** §6: someone else's public message (not on stream) shows deleted at once; returns the rollback, or null when refused. */
  beginDelete(messageId: string): Rollback | null;
  /** §8: a private chat's failure goes to the global error handler; any other is the panel's inline error. */
  failed(command: ChatCommand, kind: ChatKind, detail: string): void;
  /** §4: shows a public message on stream, taking the previous one off. */
  showOnStream(messageId: string): boolean;
  hideFromStream(): void;
  /** Marks a kind read, or only one conversation (endpointGuid) or one role's messages of it. */
  markRead(kind: ChatKind, scope?: ReadScope): void;
  setViewing(kind: ChatKind, on: boolean): void;
  setViewingConversation(endpointGuid: string | null): void;
  setDraft(key: string, text: string): void;
  clearFailure(): void;
  startDirect(): void;
  openConversation(endpointGuid: string | null): void;
  /** Opens a direct conversation with someone (adding them to the contacts) and asks the host chat to show it. */
  openDirectWith(participant: ChatParticipant): void;
  /** The host chat has brought the Direct Message tab forward. */
  revealHandled(): void;
}

export type ChatStore = ChatState & ChatActions;

/** A send under way: the message shown pending, and the §7 request that stores it. */
export interface PendingSend {
  temp: ChatMessage;
  request: ChatSendRequest;
}

/** Part of a kind's messages: one private conversation, or the messages whose other person has a role. */
export interface ReadScope {
  endpointGuid?: string;
  role?: ChatRole;
}

export const inScope = (m: ChatMessage, scope: ReadScope | undefined): boolean => {
  if (!scope) return true;
  const partner = conversationPartner(m);
  return (scope.endpointGuid === undefined || partner.guid === scope.endpointGuid) && (scope.role === undefined || partner.role === scope.role);
};

export const emptyByKind = <T>(value: () => T): Record<ChatKind, T> => ({ public: value(), private: value(), backstage: value(), moderator: value() });

export const initialChatState = (): ChatState => ({
  messages: emptyByKind<ChatMessage[]>(() => []),
  unread: emptyByKind(() => 0),
  onStreamMessageId: null,
  self: null,
  contacts: [],
  viewing: { ...emptyByKind(() => false), conversation: null },
  retryAfter: 0,
  drafts: {},
  failure: null,
  direct: { started: false, conversation: null, revealPending: false },
});

/** The composer a draft belongs to: one per group chat, one per private conversation. */
export const draftKey = (target: ChatTarget): string => (target.kind === 'private' ? `private:${target.recipient.guid}` : target.kind);
