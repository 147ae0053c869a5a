/**
 * §2 Direct Messages: a welcome screen with a START button, then a searchable conversation list,
 * then a single conversation view with a back control. Where the moderator is (past the welcome,
 * which conversation) is kept in the chat store for the session, so switching tabs keeps it.
 */
import { MessagesSquare } from 'lucide-react';
import { useChatStore } from '../../state/chat/chatStore';
import { ConversationList } from './ConversationList';
import { ConversationView } from './ConversationView';
import { HOST_CHAT_TEXTS as T } from './texts';

export function DirectMessages({ one2OneModChat, now }: { one2OneModChat: boolean; now: number }) {
  const started = useChatStore((s) => s.direct.started);
  const open = useChatStore((s) => s.direct.conversation);
  const store = useChatStore.getState;

  if (!started)
    return (
      <div className="dm-welcome">
        <MessagesSquare size={44} aria-hidden className="dm-welcome-icon" />
        <h3 className="dm-welcome-title">{T.welcomeTitle}</h3>
        <p className="dm-welcome-body">{one2OneModChat ? T.welcomeBodyAttendees : T.welcomeBody}</p>
        <button type="button" className="btn btn-primary" onClick={() => store().startDirect()}>
          {T.start}
        </button>
      </div>
    );
  if (open) return <ConversationView endpointGuid={open} now={now} onBack={() => store().openConversation(null)} />;
  return <ConversationList one2OneModChat={one2OneModChat} now={now} onOpen={(guid) => store().openConversation(guid)} />;
}
