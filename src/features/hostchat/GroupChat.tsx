/** A host group chat (§2 Host chat: Backstage, Moderator Group): its messages, with roles, and a composer. */
import { useEffect } from 'react';
import { useChatStore } from '../../state/chat/chatStore';
import { ChatFailureNotice } from '../chat/ChatFailureNotice';
import { Composer } from '../chat/Composer';
import { MessageList } from '../chat/MessageList';
import { CHAT_TEXTS } from '../chat/texts';

export interface GroupChatProps {
  kind: 'backstage' | 'moderator';
  label: string;
  emptyText: string;
  now: number;
}

export function GroupChat({ kind, label, emptyText, now }: GroupChatProps) {
  const messages = useChatStore((s) => s.messages[kind]);
  useEffect(() => {
    useChatStore.getState().setViewing(kind, true);
    return () => useChatStore.getState().setViewing(kind, false);
  }, [kind]);
  return (
    <div className="chat-pane">
      <ChatFailureNotice kind={kind} />
      <MessageList messages={messages} label={label} now={now} emptyText={emptyText} showRole />
      <Composer target={kind === 'backstage' ? BACKSTAGE : MODERATOR} placeholder={CHAT_TEXTS.placeholder[kind]} />
    </div>
  );
}

const BACKSTAGE = { kind: 'backstage' } as const;
const MODERATOR = { kind: 'moderator' } as const;
