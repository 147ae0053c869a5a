/** The inline error of a failed chat command (§8: a failing call never freezes the UI; state rolled back). */
import { X } from 'lucide-react';
import { useChatStore } from '../../state/chat/chatStore';
import type { ChatKind } from '../../state/chat/types';
import { CHAT_TEXTS as T } from './texts';
import { Tooltip } from '../../ui/Tooltip';

export function ChatFailureNotice({ kind }: { kind: ChatKind }) {
  const failure = useChatStore((s) => (s.failure?.kind === kind ? s.failure : null));
  if (!failure) return null;
  return (
    <div className="inline-error chat-failure" role="alert">
      <span>{T.failure(failure.command, failure.detail)}</span>
      <Tooltip label={T.dismiss} placement="left">
        <button type="button" className="icon-button" aria-label={T.dismiss} onClick={() => useChatStore.getState().clearFailure()}>
          <X size={14} aria-hidden />
        </button>
      </Tooltip>
    </div>
  );
}
