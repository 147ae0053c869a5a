/**
 * A virtualised, bottom-following list of chat messages (see useWindowedList): only the visible
 * window plus overscan is in the DOM, so 5,000+ messages stay smooth. Scrolled up, or with the
 * pointer resting on it or the keyboard in it, new messages do not move the list; a "new messages"
 * pill brings the reader down.
 */
import { ArrowDown } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ChatMessage } from '../../state/chat/types';
import { MessageRow } from './MessageRow';
import { CHAT_TEXTS as T } from './texts';
import { useWindowedList } from './useWindowedList';
import { estimateRowHeight } from './windowing';
import { TooltipScope } from '../../ui/TooltipScope';

export interface MessageListProps {
  messages: readonly ChatMessage[];
  /** Accessible name of the list. */
  label: string;
  now: number;
  emptyText: string;
  showRole?: boolean;
  renderActions?(message: ChatMessage): ReactNode;
  renderContext?(message: ChatMessage): ReactNode;
}

const keyOf = (m: ChatMessage) => m.id;
const estimate = (m: ChatMessage) => estimateRowHeight(m.body);
/** The user's own new message brings the list to the bottom even when scrolled up. */
const isOwnNew = (m: ChatMessage) => m.isSelf;

export function MessageList({ messages, label, now, emptyText, showRole, renderActions, renderContext }: MessageListProps) {
  const list = useWindowedList({ items: messages, getKey: keyOf, estimateSize: estimate, forceFollow: isOwnNew });
  return (
    <TooltipScope className="chat-list-wrap">
      <div className="chat-list-hold" {...list.holdProps}>
        <div ref={list.scrollerRef} className="chat-scroller" onScroll={list.onScroll} tabIndex={0} role="region" aria-label={label}>
          {messages.length === 0 ? (
            <p className="chat-empty">{emptyText}</p>
          ) : (
            <>
              <div className="chat-spacer" style={{ height: list.padTop }} aria-hidden />
              <ul className="chat-rows" aria-label={label}>
                {list.rows.map(({ item, index, key }) => (
                  <li key={key} data-row-key={key} className="chat-row" aria-setsize={messages.length} aria-posinset={index + 1}>
                    <MessageRow message={item} now={now} showRole={showRole} context={renderContext?.(item)} actions={renderActions?.(item)} />
                  </li>
                ))}
              </ul>
              <div className="chat-spacer" style={{ height: list.padBottom }} aria-hidden />
            </>
          )}
        </div>
        {list.unseen > 0 && (
          <button type="button" className="chat-new-pill" onClick={list.scrollToBottom}>
            <ArrowDown size={14} aria-hidden />
            {T.newMessages(list.unseen)}
          </button>
        )}
      </div>
    </TooltipScope>
  );
}
