/**
 * Chat state (§3 Chat message, §4 Public chat message): the messages of each kind (public,
 * private, backstage = moderatorPresenterChat, moderator = moderatorChat), unread counters per kind,
 * the one message on stream, the rate-limit countdown and the composers' drafts. The real-time
 * dispatcher calls receive / applyDeleted / rateLimited. The moderator's commands are made by
 * src/services/audience/chat.ts: this store applies each at once (a pending message, a deleted
 * flag) and takes it back if the call fails (§8). Private chat history and send errors are logged
 * and raised to the global error handler (§8).
 */
import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import { log } from '../../log';
import { raiseError } from '../alertsStore';
import { CHAT_HISTORY_MAX, CHAT_TAGS, DELETED_MESSAGE_KEEP_MS, RATE_LIMIT_TICK_MS } from './limits';
import { canDeleteMessage, canShowOnStream, chatKindOf, conversationPartner, kindFlags, normalizeMessage } from './rules';
import { cleanChatText } from './text';
import { chatTiming, emptyByKind, initialChatState, inScope, PRIVATE_TAB_SCOPE, type ChatState, type ChatStore } from './chatState';
import type { ChatKind, ChatMessage, ChatMessageInput, ChatParticipant } from './types';

export { configureChatTiming, draftKey, initialChatState } from './chatState';
export type { ChatActions, ChatState, ChatStore, ChatTiming, ChatViewing, PendingSend, ReadScope } from './chatState';

/** Who the user is when the app has not said (sends still work; isSelf is set on them). */
const FALLBACK_SELF: ChatParticipant = { guid: '', name: 'You', role: 'Moderator' };
const LOCAL_PREFIX = 'local-chat-';
let localSeq = 0;

/** Timers owned by the store: deleted-message removals by id, and the rate-limit countdown. */
const removals = new Map<string, unknown>();
let countdown: unknown = null;

/** A socket value as the log shows it (never throws, whatever arrived). */
function describeValue(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`;
  try {
    return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
  } catch {
    return typeof value;
  }
}

/** Index of the first message later than `timestamp` (messages are kept oldest first). */
function insertionIndex(list: readonly ChatMessage[], timestamp: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.timestamp <= timestamp) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export const useChatStore = create<ChatStore>()(
  immer((set, get) => {
    const locate = (id: string): { kind: ChatKind; index: number; message: ChatMessage } | null => {
      const { messages } = get();
      for (const kind of Object.keys(messages) as ChatKind[]) {
        const index = messages[kind].findIndex((m) => m.id === id);
        if (index >= 0) return { kind, index, message: messages[kind][index]! };
      }
      return null;
    };

    const isViewing = (s: ChatState, m: ChatMessage) => {
      const kind = chatKindOf(m);
      if (kind !== 'private') return s.viewing[kind];
      return (s.viewing.private && inScope(m, PRIVATE_TAB_SCOPE)) || s.viewing.conversation === conversationPartner(m).guid;
    };

    const fail: ChatStore['failed'] = (command, kind, detail) => {
      log.warn('chat', `${command} ${kind} failed: ${detail}`);
      set((s) => void (s.failure = { command, kind, detail }));
    };

    /**
     * Replaces a kind's list with `next`, a plain array built from the current one (never by
     * iterating or splicing the Immer draft: with 10,000 messages every element would be proxied).
     * Keeps at most CHAT_HISTORY_MAX, dropping the oldest, and the unread counter and the message on
     * stream consistent with what is left.
     */
    const commit = (kind: ChatKind, next: ChatMessage[]) => {
      const kept = next.length > CHAT_HISTORY_MAX ? next.slice(next.length - CHAT_HISTORY_MAX) : next;
      let unreadCount = 0;
      for (const m of kept) if (m.isUnread) unreadCount += 1;
      const streamed = get().onStreamMessageId;
      const lostStream = kind === 'public' && streamed !== null && !kept.some((m) => m.id === streamed);
      set((s) => {
        s.messages[kind] = kept;
        s.unread[kind] = unreadCount;
        if (lostStream) s.onStreamMessageId = null;
      });
    };

    /** Inserts in time order (a message is almost always the newest, so it is appended). */
    const insert = (m: ChatMessage) => {
      const kind = chatKindOf(m);
      const list = get().messages[kind];
      const last = list[list.length - 1];
      if (!last || last.timestamp <= m.timestamp) commit(kind, [...list, m]);
      else {
        const at = insertionIndex(list, m.timestamp);
        commit(kind, [...list.slice(0, at), m, ...list.slice(at)]);
      }
    };

    const removeNow = (id: string) => {
      removals.delete(id);
      const found = locate(id);
      if (found) commit(found.kind, get().messages[found.kind].filter((m) => m.id !== id));
    };

    /**
     * §4: a deleted message shows 'Message has been deleted'; a deleted public message is then removed
     * after DELETED_MESSAGE_KEEP_MS (other kinds keep the notice in place).
     */
    const flagDeleted = (id: string) => {
      const found = locate(id);
      if (!found) return;
      set((s) => {
        const m = s.messages[found.kind][found.index]!;
        if (m.deleteDate === 0) m.deleteDate = chatTiming().now();
        if (m.onStreamDate > 0) m.onStreamDate = 0;
        if (s.onStreamMessageId === id) s.onStreamMessageId = null;
      });
      if (found.kind === 'public' && !removals.has(id)) removals.set(id, chatTiming().clock.setTimeout(() => removeNow(id), DELETED_MESSAGE_KEEP_MS));
    };

    /** The server answered a send: its message takes the optimistic one's place (or is dropped if a socket echo came first). */
    const replaceOrDrop = (tempId: string, saved: ChatMessage | null) => {
      const found = locate(tempId);
      if (!found) return;
      const list = get().messages[found.kind];
      const next = saved && !list.some((m) => m.id === saved.id) ? list.map((m) => (m.id === tempId ? saved : m)) : list.filter((m) => m.id !== tempId);
      commit(found.kind, next);
    };

    const tick = () => {
      countdown = null;
      const left = get().retryAfter - 1;
      set((s) => void (s.retryAfter = Math.max(0, left)));
      if (left > 0) countdown = chatTiming().clock.setTimeout(tick, RATE_LIMIT_TICK_MS);
    };

    return {
      ...initialChatState(),

      setSelf: (self) => set((s) => void (s.self = self)),

      setContacts: (contacts) => set((s) => void (s.contacts = contacts.map((c) => ({ ...c })))),

      loadHistory: (list, { unread = false } = {}) => {
        const selfGuid = get().self?.guid ?? null;
        const known = new Set<string>();
        for (const kind of Object.keys(get().messages) as ChatKind[]) for (const m of get().messages[kind]) known.add(m.id);
        const fresh: ChatMessageInput[] = [];
        for (const raw of list) {
          if (known.has(raw.id)) continue;
          known.add(raw.id);
          fresh.push(raw);
        }
        if (fresh.length === 0) return;
        const state = get();
        const byKind = emptyByKind<ChatMessage[]>(() => []);
        for (const raw of fresh) {
          const m = normalizeMessage({ ...raw, isUnread: false }, selfGuid);
          m.isUnread = unread && !m.isSelf && !isViewing(state, m);
          byKind[chatKindOf(m)].push(m);
        }
        for (const kind of Object.keys(byKind) as ChatKind[]) {
          // A stable sort keeps arrival order for equal times.
          if (byKind[kind].length > 0) commit(kind, [...state.messages[kind], ...byKind[kind]].sort((a, b) => a.timestamp - b.timestamp));
        }
      },

      receive: (raw) => {
        const selfGuid = get().self?.guid ?? null;
        const existing = locate(raw.id);
        if (existing) {
          const wasUnread = existing.message.isUnread;
          set((s) => void (s.messages[existing.kind][existing.index] = normalizeMessage({ ...raw, isUnread: wasUnread }, selfGuid, existing.message)));
          if ((raw.deleteDate ?? 0) > 0) flagDeleted(raw.id);
          return;
        }
        const m = normalizeMessage({ ...raw, isUnread: false, onStreamDate: 0 }, selfGuid);
        m.isUnread = !m.isSelf && !isViewing(get(), m);
        insert(m);
        if ((raw.deleteDate ?? 0) > 0) flagDeleted(raw.id);
      },

      applyDeleted: (id) => flagDeleted(id),

      rateLimited: (value) => {
        if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
          log.warn('chat', `rate limit ignored: retry-after ${describeValue(value)} is not a number of seconds`);
          return;
        }
        chatTiming().clock.clearTimeout(countdown);
        set((s) => void (s.retryAfter = Math.ceil(value)));
        countdown = chatTiming().clock.setTimeout(tick, RATE_LIMIT_TICK_MS);
      },

      beginSend: (target, raw) => {
        const text = cleanChatText(raw);
        const kind = target.kind;
        if (text === '' || get().retryAfter > 0) return null;
        const self = get().self ?? FALLBACK_SELF;
        const recipient = target.kind === 'private' ? target.recipient : undefined;
        const repliesTo = recipient && get().messages.private.some((m) => !m.isSelf && m.sender.guid === recipient.guid);
        // §6: a moderator's answer to someone who wrote to them privately is a reply (moderator_reply).
        const tag = target.kind === 'private' ? (repliesTo ? CHAT_TAGS.moderatorReply : CHAT_TAGS.private) : CHAT_TAGS[target.kind];
        const temp = normalizeMessage(
          { id: `${LOCAL_PREFIX}${++localSeq}`, body: text, timestamp: chatTiming().now(), tag, sender: self, receiver: recipient ?? null, ...kindFlags(kind), isSelf: true, isUnread: false, pending: true },
          self.guid,
        );
        set((s) => void (s.failure = null));
        insert(temp);
        return { temp, request: { text, channel: kind, tag, ...(recipient && { recipient: { guid: recipient.guid, name: recipient.name, role: recipient.role } }) } };
      },

      settleSend: (temp, saved) => {
        const merged = saved && normalizeMessage({ ...saved, ...kindFlags(chatKindOf(temp)), isSelf: true, isUnread: false, pending: false, onStreamDate: 0 }, temp.sender.guid, temp);
        replaceOrDrop(temp.id, merged);
      },

      beginDelete: (id) => {
        const found = locate(id);
        if (!found || !canDeleteMessage(found.message)) {
          fail('delete', found?.kind ?? 'public', 'This message cannot be deleted');
          return null;
        }
        const before = found.message;
        set((s) => void (s.failure = null));
        flagDeleted(id);
        return () => {
          chatTiming().clock.clearTimeout(removals.get(id));
          removals.delete(id);
          const still = locate(id);
          if (still) set((s) => void (s.messages[still.kind][still.index]!.deleteDate = 0));
          else insert(before);
        };
      },

      failed: (command, kind, detail) => {
        if (kind !== 'private') return fail(command, kind, detail);
        log.warn('chat', `${command} private failed: ${detail}`);
        raiseError('UNKNOWN', { details: detail });
      },

      showOnStream: (id) => {
        const found = locate(id);
        if (!found || !canShowOnStream(found.message)) return false;
        const previous = get().onStreamMessageId;
        const prev = previous && previous !== id ? locate(previous) : null;
        set((s) => {
          if (prev) s.messages[prev.kind][prev.index]!.onStreamDate = 0;
          const m = s.messages[found.kind][found.index]!;
          if (m.onStreamDate === 0) m.onStreamDate = chatTiming().now();
          s.onStreamMessageId = id;
        });
        return true;
      },

      hideFromStream: () => {
        const id = get().onStreamMessageId;
        const found = id ? locate(id) : null;
        set((s) => {
          if (found) s.messages[found.kind][found.index]!.onStreamDate = 0;
          s.onStreamMessageId = null;
        });
      },

      markRead: (kind, scope) => {
        const list = get().messages[kind];
        const indexes: number[] = [];
        let left = 0;
        list.forEach((m, i) => {
          if (!m.isUnread) return;
          if (inScope(m, scope)) indexes.push(i);
          else left += 1;
        });
        if (indexes.length === 0 && get().unread[kind] === left) return;
        set((s) => {
          for (const i of indexes) s.messages[kind][i]!.isUnread = false;
          s.unread[kind] = left;
        });
      },

      setViewing: (kind, on) => {
        if (get().viewing[kind] !== on) set((s) => void (s.viewing[kind] = on));
        if (on) get().markRead(kind, kind === 'private' ? PRIVATE_TAB_SCOPE : undefined);
      },

      setViewingConversation: (guid) => {
        if (get().viewing.conversation !== guid) set((s) => void (s.viewing.conversation = guid));
        if (guid) get().markRead('private', { endpointGuid: guid });
      },

      setDraft: (key, text) =>
        set((s) => {
          if (text === '') delete s.drafts[key];
          else s.drafts[key] = text;
        }),

      clearFailure: () => set((s) => void (s.failure = null)),

      startDirect: () => set((s) => void (s.direct.started = true)),

      openConversation: (guid) => set((s) => void (s.direct.conversation = guid)),

      openDirectWith: (participant) =>
        set((s) => {
          if (!s.contacts.some((c) => c.guid === participant.guid)) s.contacts.push({ ...participant });
          s.direct.started = true;
          s.direct.conversation = participant.guid;
          s.direct.revealPending = true;
        }),

      revealHandled: () => set((s) => void (s.direct.revealPending = false)),
    };
  }),
);

/** Back to the initial state, with every pending timer cancelled (tests, leaving the event). */
export function resetChatStore(): void {
  for (const handle of removals.values()) chatTiming().clock.clearTimeout(handle);
  removals.clear();
  chatTiming().clock.clearTimeout(countdown);
  countdown = null;
  useChatStore.setState(initialChatState());
}
