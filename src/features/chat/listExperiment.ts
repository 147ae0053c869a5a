/**
 * EXPERIMENT (branch chat-virtualizer, removed before merge): which windowing the chat lists use,
 * so the chat benchmark can measure both in one page. 'ours' is useWindowedList, 'tanstack' is
 * useVirtualList on @tanstack/react-virtual. Read when a list mounts.
 */
export type ChatListImpl = 'ours' | 'tanstack';

let impl: ChatListImpl = 'ours';

export const chatListImpl = (): ChatListImpl => impl;
export function setChatListImpl(next: ChatListImpl) {
  impl = next;
}
