/**
 * The side navigation reads its counters from the audience-counters store (§2: Host Chat counter =
 * backstage unread plus moderator unread). This mirrors the chat store's unread counters into it;
 * the app (or startChatDemo) calls it once and keeps the returned stop.
 */
import { useAudienceCounters } from '../audienceCounters';
import { useChatStore, type ChatState } from './chatStore';

export function syncChatCounters(): () => void {
  const push = (s: ChatState) => useAudienceCounters.setState({ unread: { ...s.unread } });
  push(useChatStore.getState());
  return useChatStore.subscribe((s, prev) => {
    if (s.unread !== prev.unread) push(s);
  });
}
