/**
 * The moderator's chat calls (§4 Public chat message, §7 Chat): a send or a delete shows at once
 * and is taken back if the call fails (§8); history and contacts are loaded into the chat store.
 */
import { log } from '../../log';
import { backend } from '../../state/backend';
import { useChatStore } from '../../state/chat/chatStore';
import { kindFlags } from '../../state/chat/rules';
import type { ChatKind, ChatTarget } from '../../state/chat/types';
import { describeFailure } from './failure';

const chat = () => useChatStore.getState();

/** Sends filtered, cleaned, truncated text (§5); resolves to whether it was sent. */
export async function sendChat(target: ChatTarget, text: string): Promise<boolean> {
  const pending = chat().beginSend(target, text);
  if (!pending) return false;
  try {
    chat().settleSend(pending.temp, await backend().chat.send(pending.request));
    return true;
  } catch (e) {
    chat().settleSend(pending.temp, null);
    const detail = describeFailure(e);
    // Refused by the rate limit: the countdown notice already says why (§8).
    if (chat().retryAfter > 0) log.info('chat', `send ${target.kind} refused while rate limited: ${detail}`);
    else chat().failed('send', target.kind, detail);
    return false;
  }
}

/** §6: deletes someone else's public message (not on stream). */
export async function deleteChatMessage(messageId: string): Promise<boolean> {
  const rollback = chat().beginDelete(messageId);
  if (!rollback) return false;
  try {
    await backend().chat.delete(messageId);
    return true;
  } catch (e) {
    rollback();
    // Only public messages can be deleted (§6).
    chat().failed('delete', 'public', describeFailure(e));
    return false;
  }
}

/** One kind's history, merged into what is there. */
export async function loadChatScrollback(kind: ChatKind): Promise<boolean> {
  try {
    const list = await backend().chat.loadScrollback(kind);
    chat().loadHistory(list.map((m) => ({ ...m, ...kindFlags(kind) })));
    return true;
  } catch (e) {
    chat().failed('load', kind, describeFailure(e));
    return false;
  }
}

/** Who can be sent a direct message; a failure is logged and leaves the list as it is. */
export async function loadChatContacts(): Promise<boolean> {
  try {
    chat().setContacts(await backend().chat.contacts());
    return true;
  } catch (e) {
    log.warn('chat', `loading contacts failed: ${describeFailure(e)}`);
    return false;
  }
}
