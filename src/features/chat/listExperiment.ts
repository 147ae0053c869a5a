/**
 * EXPERIMENT (branch chat-virtualizer, removed before merge): which windowing the chat lists use,
 * so the chat benchmark can measure them in one page. 'ours' is useWindowedList, 'tanstack' is
 * useVirtualList on @tanstack/react-virtual; '+memo' renders each row through a memoised component
 * (a list re-render then re-renders only the rows whose props changed). Read when a list mounts.
 */
export const CHAT_LIST_VARIANTS = ['ours', 'ours+memo', 'tanstack', 'tanstack+memo'] as const;
export type ChatListImpl = (typeof CHAT_LIST_VARIANTS)[number];

let impl: ChatListImpl = 'ours';

export const chatListImpl = (): ChatListImpl => impl;
export function setChatListImpl(next: ChatListImpl) {
  impl = next;
}
