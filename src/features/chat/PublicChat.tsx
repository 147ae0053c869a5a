/**
 * The PUBLIC panel of the chat tool (§2 Public chat, §4 Public chat message): the audience's
 * messages with Show on stream / Hide from stream and Delete, the message on stream pinned above
 * the list, and the composer.
 */
import { MonitorOff, Radio } from 'lucide-react';
import { useState } from 'react';
import { useChatStore } from '../../state/chat/chatStore';
import { deleteChatMessage } from '../../services/audience/chat';
import { selectOnStreamMessage } from '../../state/chat/selectors';
import { ChatFailureNotice } from './ChatFailureNotice';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { PublicMessageActions } from './PublicMessageActions';
import { CHAT_TEXTS as T } from './texts';
import { useChannelStore } from '../../state/channel/store';
import { VerticalChoice } from '../graphics/VerticalChoice';

const PUBLIC = { kind: 'public' } as const;

export function PublicChat({ now }: { now: number }) {
  const messages = useChatStore((s) => s.messages.public);
  const onStream = useChatStore(selectOnStreamMessage);
  const chatItem = useChannelStore((s) => s.doc.chatOnStream);
  const [confirming, setConfirming] = useState<string | null>(null);
  const store = useChatStore.getState;

  return (
    <div className="chat-pane">
      {onStream && (
        <div className="chat-on-stream-bar" role="status">
          <Radio size={14} aria-hidden className="chat-live-icon" />
          <div className="chat-on-stream-text">
            <span className="chat-on-stream-label">{T.onStreamBar}</span>
            <span className="chat-on-stream-body">
              <strong>{onStream.sender.name}</strong> {onStream.body}
            </span>
          </div>
          <button type="button" className="btn btn-ghost btn-small" onClick={() => store().hideFromStream()}>
            <MonitorOff size={14} aria-hidden />
            {T.hideFromStream}
          </button>
          {chatItem && <VerticalChoice item={chatItem} />}
        </div>
      )}
      <ChatFailureNotice kind="public" />
      <MessageList
        messages={messages}
        label={T.publicListLabel}
        now={now}
        emptyText={T.noPublicMessages}
        renderActions={(m) => (
          <PublicMessageActions
            message={m}
            confirming={confirming === m.id}
            onShow={() => store().showOnStream(m.id)}
            onHide={() => store().hideFromStream()}
            onAskDelete={() => setConfirming(m.id)}
            onCancelDelete={() => setConfirming(null)}
            onConfirmDelete={() => {
              setConfirming(null);
              void deleteChatMessage(m.id);
            }}
          />
        )}
      />
      <Composer target={PUBLIC} placeholder={T.placeholder.public} />
    </div>
  );
}
