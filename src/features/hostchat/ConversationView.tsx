/** One direct-message conversation (§2 Direct Messages) with a back control; open, it is read. */
import { ArrowLeft } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useChatStore } from '../../state/chat/chatStore';
import { conversationMessages, conversationPartner } from '../../state/chat/rules';
import type { ChatParticipant } from '../../state/chat/types';
import { Avatar } from '../../ui/Avatar';
import { Composer } from '../chat/Composer';
import { MessageList } from '../chat/MessageList';
import { CHAT_TEXTS } from '../chat/texts';
import { HOST_CHAT_TEXTS as T } from './texts';
import { Tooltip } from '../../ui/Tooltip';

export interface ConversationViewProps {
  endpointGuid: string;
  now: number;
  onBack(): void;
}

export function ConversationView({ endpointGuid, now, onBack }: ConversationViewProps) {
  const { privateMessages, contacts } = useChatStore(useShallow((s) => ({ privateMessages: s.messages.private, contacts: s.contacts })));
  const messages = useMemo(() => conversationMessages(privateMessages, endpointGuid), [privateMessages, endpointGuid]);
  const partner: ChatParticipant = useMemo(
    () =>
      contacts.find((c) => c.guid === endpointGuid) ??
      (messages[0] ? conversationPartner(messages[0]) : { guid: endpointGuid, name: endpointGuid, role: 'Attendee' }),
    [contacts, messages, endpointGuid],
  );
  const target = useMemo(() => ({ kind: 'private', recipient: partner }) as const, [partner]);

  useEffect(() => {
    useChatStore.getState().setViewingConversation(endpointGuid);
    return () => useChatStore.getState().setViewingConversation(null);
  }, [endpointGuid]);

  return (
    <div className="chat-pane">
      <header className="dm-head">
        <Tooltip label={T.back}>
          <button type="button" className="icon-button" aria-label={T.back} onClick={onBack}>
            <ArrowLeft size={18} aria-hidden />
          </button>
        </Tooltip>
        <Avatar name={partner.name} size="sm" />
        <h3 className="dm-head-name">{partner.name}</h3>
        <span className={`chat-role chat-role-${partner.role.toLowerCase()}`}>{CHAT_TEXTS.roles[partner.role]}</span>
      </header>
      <MessageList messages={messages} label={T.conversationLabel(partner.name)} now={now} emptyText={T.noConversationMessages(partner.name)} />
      <Composer target={target} placeholder={CHAT_TEXTS.placeholder.private} autoFocus />
    </div>
  );
}
