/** The inline error of a failed chat command (§8: a failing call never freezes the UI; state rolled back). */
import { useChatStore } from '../../state/chat/chatStore';
import type { ChatKind } from '../../state/chat/types';
import { FailureNotice } from '../../ui/FailureNotice';
import { CHAT_TEXTS as T } from './texts';

export function ChatFailureNotice({ kind }: { kind: ChatKind }) {
  const failure = useChatStore((s) => (s.failure?.kind === kind ? s.failure : null));
  if (!failure) return null;
  return <FailureNotice className="chat-failure" message={T.failure(failure.command, failure.detail)} onDismiss={() => useChatStore.getState().clearFailure()} />;
}
