/**
 * The calls the chat store makes (§7 Chat), as an interface with a demo implementation
 * (src/demo/audience/chatService.ts) and, later, a backend one. The store only knows this
 * interface; the app installs one implementation at boot.
 */
import type { ChatKind, ChatMessageInput, ChatSendRequest } from './types';

export interface ChatService {
  /** §7 Send chat message (text, channel, recipient for private): resolves to the stored message. */
  send(request: ChatSendRequest): Promise<ChatMessageInput>;
  /** DELETE chat/v1/events/{eventId}/chat/{messageId}. */
  delete(messageId: string): Promise<void>;
  /**
   * The history of one kind: moderator group (.../moderatorchat/scrollback), backstage
   * (.../moderator/presenter/chat/scrollback), public (.../chat/scrollback/moderator/{instanceId})
   * and private (the same with ?private=true).
   */
  loadScrollback(kind: ChatKind): Promise<ChatMessageInput[]>;
}

let current: ChatService | null = null;

export function installChatService(service: ChatService | null): void {
  current = service;
}

/** The installed service; calling without one fails like any other call (inline error, no change). */
export function chatService(): ChatService {
  if (!current) throw new Error('No chat service installed');
  return current;
}
