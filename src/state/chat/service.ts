/**
 * The chat calls (§7 Chat) that src/services/audience/chat.ts makes, as the `chat` member of the
 * Backend port (src/state/backend.ts), with a demo implementation (src/demo/audience/chatService.ts).
 */
import type { ChatKind, ChatMessageInput, ChatParticipant, ChatSendRequest } from './types';

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
  /**
   * Who the moderator can write to directly. §7 lists GET chat/v1/events/{eventId}/chat/moderator/
   * {instanceId} without its answer; we read it as the moderator's conversations (§3 Conversation summary).
   */
  contacts(): Promise<ChatParticipant[]>;
}
