/**
 * A virtualised, bottom-following list of chat messages (see useWindowedList): only the visible
 * window plus overscan is in the DOM, so 5,000+ messages stay smooth. Scrolled up, new messages
 * do not move the list; a "new messages" pill brings the reader back down.
 */
import { ArrowDown } from 'lucide-react';
import { memo, useState, type ReactNode, type RefObject } from 'react';
import type { ChatMessage } from '../../state/chat/types';
import { chatListImpl } from './listExperiment';
import { MessageRow } from './MessageRow';
import { CHAT_TEXTS as T } from './texts';
import { useVirtualList } from './useVirtualList';
import { useWindowedList } from './useWindowedList';
import { estimateRowHeight } from './windowing';

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

export function MessageList(props: MessageListProps) {
  const [impl] = useState(chatListImpl);
  const memoRows = impl.endsWith('+memo');
  return impl.startsWith('tanstack') ? <VirtualMessageList {...props} memoRows={memoRows} /> : <WindowedMessageList {...props} memoRows={memoRows} />;
}

function WindowedMessageList(props: MessageListProps & { memoRows: boolean }) {
  const list = useWindowedList({ items: props.messages, getKey: keyOf, estimateSize: estimate, forceFollow: isOwnNew });
  return <MessageListView {...props} list={list} />;
}

function VirtualMessageList(props: MessageListProps & { memoRows: boolean }) {
  const list = useVirtualList({ items: props.messages, getKey: keyOf, estimateSize: estimate, forceFollow: isOwnNew });
  return <MessageListView {...props} list={list} virtual />;
}

interface ListState {
  scrollerRef: RefObject<HTMLDivElement | null>;
  onScroll(): void;
  rows: { item: ChatMessage; index: number; key: string; top?: number }[];
  measureRow?(element: HTMLElement | null): void;
  /** Spacers around the rows (ours) … */
  padTop?: number;
  padBottom?: number;
  /** … or rows placed in a list this tall (tanstack). */
  height?: number;
  unseen: number;
  scrollToBottom(): void;
}

function MessageListView({ messages, label, now, emptyText, showRole, renderActions, renderContext, list, virtual = false, memoRows }: MessageListProps & { list: ListState; virtual?: boolean; memoRows: boolean }) {
  const Row = memoRows ? MemoRow : ListRow;
  return (
    <div className="chat-list-wrap">
      <div ref={list.scrollerRef} className={virtual ? 'chat-scroller virtual' : 'chat-scroller'} onScroll={list.onScroll} tabIndex={0} role="region" aria-label={label}>
        {messages.length === 0 ? (
          <p className="chat-empty">{emptyText}</p>
        ) : (
          <>
            {!virtual && <div className="chat-spacer" style={{ height: list.padTop }} aria-hidden />}
            <ul className="chat-rows" aria-label={label} style={virtual ? { position: 'relative', height: list.height } : undefined}>
              {list.rows.map(({ item, index, key, top }) => (
                <Row key={key} message={item} index={index} top={top} setSize={messages.length} now={now} showRole={showRole} renderActions={renderActions} renderContext={renderContext} measureRow={list.measureRow} />
              ))}
            </ul>
            {!virtual && <div className="chat-spacer" style={{ height: list.padBottom }} aria-hidden />}
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
  );
}

interface ListRowProps extends Pick<MessageListProps, 'now' | 'showRole' | 'renderActions' | 'renderContext'> {
  message: ChatMessage;
  index: number;
  /** Placed at this offset in the list (absolute), or in the flow when undefined. */
  top?: number;
  setSize: number;
  measureRow?(element: HTMLElement | null): void;
}

function ListRow({ message, index, top, setSize, now, showRole, renderActions, renderContext, measureRow }: ListRowProps) {
  return (
    <li
      ref={measureRow}
      data-index={index}
      data-row-key={message.id}
      className="chat-row"
      style={top === undefined ? undefined : { position: 'absolute', top, left: 0, right: 0 }}
      aria-setsize={setSize}
      aria-posinset={index + 1}
    >
      <MessageRow message={message} now={now} showRole={showRole} context={renderContext?.(message)} actions={renderActions?.(message)} />
    </li>
  );
}

const MemoRow = memo(ListRow);
