/**
 * The direct-message conversation list (§2, §3 Conversation summary): searchable by name (§5:
 * debounced 500 ms, case-insensitive); attendees appear only when one2OneModChat is on (§6).
 */
import { Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useChatStore } from '../../state/chat/chatStore';
import { SEARCH_DEBOUNCE_MS } from '../../state/chat/limits';
import { buildConversations, searchConversations } from '../../state/chat/rules';
import type { ConversationSummary } from '../../state/chat/types';
import { Avatar } from '../../ui/Avatar';
import { fromNow } from '../../lib/fromNow';
import { CHAT_TEXTS } from '../chat/texts';
import { HOST_CHAT_TEXTS as T } from './texts';
import { useDebounced } from '../../ui/useDebounced';

export interface ConversationListProps {
  one2OneModChat: boolean;
  now: number;
  onOpen(endpointGuid: string): void;
}

export function ConversationList({ one2OneModChat, now, onOpen }: ConversationListProps) {
  const id = useId();
  const { privateMessages, contacts, selfGuid } = useChatStore(
    useShallow((s) => ({ privateMessages: s.messages.private, contacts: s.contacts, selfGuid: s.self?.guid ?? null })),
  );
  const [query, setQuery] = useState('');
  const settled = useDebounced(query, SEARCH_DEBOUNCE_MS);
  const all = useMemo(() => buildConversations(privateMessages, contacts, { one2OneModChat, selfGuid }), [privateMessages, contacts, one2OneModChat, selfGuid]);
  const shown = useMemo(() => searchConversations(all, settled), [all, settled]);

  return (
    <div className="dm-list-pane">
      <div className="dm-search">
        <Search size={16} aria-hidden className="dm-search-icon" />
        <label className="visually-hidden" htmlFor={`${id}-search`}>
          {T.search}
        </label>
        <input id={`${id}-search`} className="input" type="search" placeholder={T.search} value={query} onChange={(e) => setQuery(e.target.value)} />
      </div>
      {shown.length === 0 ? (
        <p className="chat-empty">{settled.trim() ? T.noMatch(settled.trim()) : T.noConversations}</p>
      ) : (
        <ul className="dm-list" aria-label={T.conversations}>
          {shown.map((c) => (
            <li key={c.endpointGuid}>
              <ConversationItem conversation={c} now={now} onOpen={() => onOpen(c.endpointGuid)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ConversationItem({ conversation: c, now, onOpen }: { conversation: ConversationSummary; now: number; onOpen(): void }) {
  const last = c.lastMessage;
  const preview = last ? `${last.isSelf ? `${CHAT_TEXTS.you}: ` : ''}${last.deleteDate > 0 ? CHAT_TEXTS.deleted : last.body}` : T.noMessagesYet;
  return (
    <button type="button" className={`dm-item${c.unread > 0 ? ' unread' : ''}`} onClick={onOpen}>
      <Avatar name={c.name} />
      <span className="dm-item-main">
        <span className="dm-item-head">
          <span className="dm-item-name">{c.name}</span>
          <span className={`chat-role chat-role-${c.role.toLowerCase()}`}>{CHAT_TEXTS.roles[c.role]}</span>
          {last && <span className="dm-item-time">{fromNow(last.timestamp, now)}</span>}
        </span>
        <span className="dm-item-preview">{preview}</span>
      </span>
      {c.unread > 0 && (
        <span className="dm-unread" aria-label={T.unread(c.unread)}>
          {c.unread}
        </span>
      )}
    </button>
  );
}
