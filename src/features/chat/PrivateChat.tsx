/**
 * The PRIVATE panel of the chat tool (§2): private messages from attendees, each with Reply. A reply
 * goes privately to that attendee, tagged moderator_reply (§6), and shows under "Reply to {name}".
 */
import { MessageSquareReply, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useChatStore } from '../../state/chat/chatStore';
import { attendeePrivateMessages } from '../../state/chat/rules';
import type { ChatParticipant } from '../../state/chat/types';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { CHAT_TEXTS as T } from './texts';
import { Tooltip } from '../../ui/Tooltip';

export function PrivateChat({ now }: { now: number }) {
  const privateMessages = useChatStore((s) => s.messages.private);
  const messages = useMemo(() => attendeePrivateMessages(privateMessages), [privateMessages]);
  const [replyTo, setReplyTo] = useState<ChatParticipant | null>(null);
  const target = useMemo(() => (replyTo ? ({ kind: 'private', recipient: replyTo } as const) : null), [replyTo]);

  return (
    <div className="chat-pane">
      <MessageList
        messages={messages}
        label={T.privateListLabel}
        now={now}
        emptyText={T.noPrivateMessages}
        renderContext={(m) => (m.isSelf && m.receiver ? T.repliedTo(m.receiver.name) : null)}
        renderActions={(m) =>
          m.isSelf ? null : (
            <button type="button" className="btn btn-ghost btn-small chat-reply" aria-label={T.replyTo(m.sender.name)} onClick={() => setReplyTo(m.sender)}>
              <MessageSquareReply size={14} aria-hidden />
              {T.reply}
            </button>
          )
        }
      />
      {target && replyTo && (
        <div className="chat-reply-box">
          <div className="chat-replying">
            <span>{T.replyingTo(replyTo.name)}</span>
            <Tooltip label={T.stopReplying} placement="left">
              <button type="button" className="icon-button" aria-label={T.stopReplying} onClick={() => setReplyTo(null)}>
                <X size={14} aria-hidden />
              </button>
            </Tooltip>
          </div>
          <Composer target={target} placeholder={T.placeholder.private} autoFocus />
        </div>
      )}
    </div>
  );
}
