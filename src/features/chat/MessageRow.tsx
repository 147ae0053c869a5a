/**
 * One chat message: avatar (initials on a colour by name hash, §9), name and role, relative time
 * (§3 fromNow), the text, and a slot for the actions the list offers. A deleted message shows
 * 'Message has been deleted' (§4). Text is rendered as text, never as HTML.
 */
import { Radio } from 'lucide-react';
import type { ReactNode } from 'react';
import { isDeleted, isOnStream } from '../../state/chat/rules';
import type { ChatMessage } from '../../state/chat/types';
import { Avatar } from '../../ui/Avatar';
import { fromNow, messageDate } from '../../lib/fromNow';
import { CHAT_TEXTS as T } from './texts';

export interface MessageRowProps {
  message: ChatMessage;
  now: number;
  /** Show the sender's role (host chats, where presenters and moderators talk). */
  showRole?: boolean;
  /** A line above the text (e.g. "Reply to Emily Carter"). */
  context?: ReactNode;
  actions?: ReactNode;
}

export function MessageRow({ message: m, now, showRole = false, context, actions }: MessageRowProps) {
  const deleted = isDeleted(m);
  const onStream = isOnStream(m);
  const name = m.sender.name || T.roles[m.sender.role];
  const classes = ['chat-msg', m.isSelf && 'self', onStream && 'on-stream', deleted && 'deleted', m.pending && 'pending', m.isUnread && 'unread'].filter(Boolean).join(' ');
  return (
    <article className={classes} aria-label={`${m.isSelf ? T.you : name}: ${deleted ? T.deleted : m.body}`}>
      <Avatar name={name} />
      <div className="chat-msg-main">
        <header className="chat-msg-head">
          <span className="chat-msg-name">{m.isSelf ? T.you : name}</span>
          {showRole && m.sender.role !== 'Attendee' && <span className={`chat-role chat-role-${m.sender.role.toLowerCase()}`}>{T.roles[m.sender.role]}</span>}
          <time className="chat-msg-time" dateTime={Number.isFinite(m.timestamp) ? new Date(m.timestamp).toISOString() : undefined} title={messageDate(m.timestamp)}>
            {m.pending ? T.sending : fromNow(m.timestamp, now)}
          </time>
          {onStream && (
            <span className="chat-on-stream-badge">
              <Radio size={12} aria-hidden />
              {T.onStream}
            </span>
          )}
        </header>
        {context && <div className="chat-msg-context">{context}</div>}
        <p className="chat-msg-body">{deleted ? T.deleted : m.body}</p>
      </div>
      {actions && !deleted && <div className="chat-msg-actions">{actions}</div>}
    </article>
  );
}
