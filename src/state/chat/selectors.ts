/**
 * Read-only views of the chat store for panels, the side navigation and the chat overlay. A
 * selector that builds a new array is meant for useMemo over the raw slices, or useShallow, never a
 * bare useChatStore(selector).
 */
import type { ChatState } from './chatStore';
import type { ChatMessage } from './types';

/** §4: the one public message on stream, or null. */
export function selectOnStreamMessage(s: Pick<ChatState, 'messages' | 'onStreamMessageId'>): ChatMessage | null {
  const id = s.onStreamMessageId;
  if (!id) return null;
  return s.messages.public.find((m) => m.id === id) ?? null;
}

/** §2: the Host Chat counter is backstage unread plus moderator unread. */
export const selectHostChatUnread = (s: Pick<ChatState, 'unread'>): number => s.unread.backstage + s.unread.moderator;

/** Unread private messages from attendees (the PRIVATE tab's count). */
export const selectAttendeePrivateUnread = (s: Pick<ChatState, 'messages'>): number =>
  s.messages.private.reduce((n, m) => n + (m.isUnread && m.sender.role === 'Attendee' ? 1 : 0), 0);
