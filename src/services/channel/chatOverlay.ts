/**
 * Shows the public chat message on stream (§2 Public chat, §4: one at a time) as the stage's chat
 * overlay, so the preview, the output and the channel all carry it. Text goes through the shared
 * text rule here, once, before it reaches the stage: the channel body carries exactly what is shown. Returns the stop.
 */
import { selectOnStreamMessage } from '../../state/chat/selectors';
import { useChatStore } from '../../state/chat/chatStore';
import { templateActions } from '../../state/channel/templateActions';
import { useChannelStore } from '../../state/channel/store';
import { CHAT_TEXT_RULE } from '../../state/chat/text';
import { NAME_MAX } from '../../lib/limits';
import { cleanText } from '../../lib/text';

export function syncChatOverlay(): () => void {
  const apply = () => {
    const message = selectOnStreamMessage(useChatStore.getState());
    const overlay = message && !message.deleteDate ? { id: message.id, name: cleanText(message.sender.name, { max: NAME_MAX }).text, text: cleanText(message.body, CHAT_TEXT_RULE).text } : null;
    const current = useChannelStore.getState().doc.chatOnStream;
    if (current?.id === overlay?.id && current?.primaryText === overlay?.text) return;
    templateActions.setChatOnStream(overlay);
  };
  apply();
  return useChatStore.subscribe(apply);
}
