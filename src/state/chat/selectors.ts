/**
 * Read-only views of the chat store for panels, the side navigation and the chat overlay (built
 * by another issue: it reads selectOnStreamMessage). Selectors that build new arrays are meant for
 * useMemo over the raw slices, or useShallow, never a bare useChatStore(selector).
 */
import type { ChatState } from './chatStore';
import { attendeePrivateMessages, buildConversations, conversationMessages } from './rules';
import type { ChatKind, ChatMessage, ConversationSummary } from './types';

/** §4: the one public message on stream, or null. */
export function selectOnStreamMessage(s: Pick<ChatState, 'messages' | 'onStreamMessageId'>): ChatMessage | null {
  const id = s.onStreamMessageId;
  if (!id) return null;
  return s.messages.public.find((m) => m.id === id) ?? null;
}

/** §4: unread counters exist per chat kind. */
export const selectUnread = (s: Pick<ChatState, 'unread'>, kind: ChatKind): number => s.unread[kind];

/** §2: the Host Chat counter is backstage unread plus moderator unread. */
export const selectHostChatUnread = (s: Pick<ChatState, 'unread'>): number => s.unread.backstage + s.unread.moderator;

/** §3 Conversation summaries for the direct-message list (§6: attendees only with one2OneModChat). */
export const selectConversations = (s: Pick<ChatState, 'messages' | 'contacts' | 'self'>, one2OneModChat: boolean): ConversationSummary[] =>
  buildConversations(s.messages.private, s.contacts, { one2OneModChat, selfGuid: s.self?.guid ?? null });

export const selectConversationMessages = (s: Pick<ChatState, 'messages'>, endpointGuid: string): ChatMessage[] =>
  conversationMessages(s.messages.private, endpointGuid);

/** §2 Public chat PRIVATE tab: private messages from attendees, with the moderator's replies. */
export const selectAttendeePrivateMessages = (s: Pick<ChatState, 'messages'>): ChatMessage[] => attendeePrivateMessages(s.messages.private);

/** Unread private messages from attendees (the PRIVATE tab's count). */
export const selectAttendeePrivateUnread = (s: Pick<ChatState, 'messages'>): number =>
  s.messages.private.reduce((n, m) => n + (m.isUnread && m.sender.role === 'Attendee' ? 1 : 0), 0);
