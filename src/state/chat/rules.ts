/** §4 Public chat message and §6 chat rights as pure functions of messages. */
import { CHAT_TAGS } from './limits';
import type { ChatKind, ChatMessage, ChatMessageInput, ChatParticipant, ChatRole, ConversationSummary } from './types';

export const CHAT_KINDS: readonly ChatKind[] = ['public', 'private', 'backstage', 'moderator'];
const ROLES: readonly ChatRole[] = ['Attendee', 'Panelist', 'Moderator'];

/** §3: privateChat, moderatorPresenterChat (backstage) and moderatorChat flags name the kind; none is public. */
export function chatKindOf(m: Pick<ChatMessageInput, 'privateChat' | 'moderatorPresenterChat' | 'moderatorChat'>): ChatKind {
  if (m.privateChat) return 'private';
  if (m.moderatorPresenterChat) return 'backstage';
  if (m.moderatorChat) return 'moderator';
  return 'public';
}

/** The §3 flags for a kind. */
export const kindFlags = (kind: ChatKind) => ({
  privateChat: kind === 'private',
  moderatorPresenterChat: kind === 'backstage',
  moderatorChat: kind === 'moderator',
});

export const normalizeRole = (role: unknown): ChatRole => (ROLES.includes(role as ChatRole) ? (role as ChatRole) : 'Attendee');

export function normalizeParticipant(p: Partial<ChatParticipant> | null | undefined): ChatParticipant {
  const out: ChatParticipant = { guid: p?.guid ?? '', name: p?.name ?? '', role: normalizeRole(p?.role) };
  if (p?.firstname) out.firstname = p.firstname;
  if (p?.lastname) out.lastname = p.lastname;
  if (p?.userId) out.userId = p.userId;
  if (!out.name && (out.firstname || out.lastname)) out.name = [out.firstname, out.lastname].filter(Boolean).join(' ');
  return out;
}

/**
 * A delivered message with every §3 field set; `selfGuid` decides isSelf when the message does not
 * say: the sender's guid, or its user id (a server names a sender by its connection's guid, which
 * changes with every reconnect, and by the user id, which does not).
 */
export function normalizeMessage(raw: ChatMessageInput, selfGuid: string | null, base?: ChatMessage): ChatMessage {
  const m = { ...base, ...raw };
  const kind = chatKindOf(m);
  const sender = normalizeParticipant(raw.sender ?? base?.sender);
  const receiverRaw = raw.receiver === undefined ? base?.receiver : raw.receiver;
  const isSelf = m.isSelf ?? (selfGuid !== null && (sender.guid === selfGuid || sender.userId === selfGuid));
  const message: ChatMessage = {
    id: raw.id,
    body: m.body ?? '',
    timestamp: Number.isFinite(m.timestamp) ? (m.timestamp as number) : 0,
    tag: m.tag ?? (kind === 'public' ? CHAT_TAGS.public : CHAT_TAGS[kind]),
    sender,
    receiver: receiverRaw ? normalizeParticipant(receiverRaw) : null,
    eventGuid: m.eventGuid ?? '',
    ...kindFlags(kind),
    isSelf,
    isUnread: m.isUnread ?? false,
    onStreamDate: m.onStreamDate ?? 0,
    deleteDate: m.deleteDate ?? 0,
  };
  if (m.pending) message.pending = true;
  return message;
}

export const isDeleted = (m: Pick<ChatMessage, 'deleteDate'>): boolean => m.deleteDate > 0;
export const isOnStream = (m: Pick<ChatMessage, 'onStreamDate'>): boolean => m.onStreamDate > 0;

/**
 * §4 / §6: a moderator deletes others' public messages; the delete control is hidden for a message
 * on stream or sent by the user (and for one already deleted or not yet confirmed by the server).
 */
export const canDeleteMessage = (m: ChatMessage): boolean =>
  chatKindOf(m) === 'public' && !m.isSelf && !isOnStream(m) && !isDeleted(m) && !m.pending;

/** §6: public messages can be shown on stream (a deleted or unconfirmed one cannot). */
export const canShowOnStream = (m: ChatMessage): boolean => chatKindOf(m) === 'public' && !isDeleted(m) && !m.pending;

/** The other person of a private message: the receiver of one the user sent, else the sender. */
export const conversationPartner = (m: ChatMessage): ChatParticipant => (m.isSelf && m.receiver ? m.receiver : m.sender);

/**
 * §3 Conversation summaries: one per person the user has a private conversation with, plus the
 * contacts who can be messaged; §6: attendees only when one2OneModChat is on. Newest conversation
 * first, then people without messages by name.
 */
export function buildConversations(
  privateMessages: readonly ChatMessage[],
  contacts: readonly ChatParticipant[],
  opts: { one2OneModChat: boolean; selfGuid: string | null },
): ConversationSummary[] {
  const byGuid = new Map<string, ConversationSummary>();
  const touch = (p: ChatParticipant) => {
    if (!p.guid || p.guid === opts.selfGuid) return undefined;
    let c = byGuid.get(p.guid);
    if (!c) {
      c = { name: p.name, endpointGuid: p.guid, lastMessage: null, role: p.role, unread: 0 };
      byGuid.set(p.guid, c);
    }
    return c;
  };
  for (const p of contacts) touch(p);
  for (const m of privateMessages) {
    const c = touch(conversationPartner(m));
    if (!c) continue;
    if (!c.lastMessage || m.timestamp >= c.lastMessage.timestamp) c.lastMessage = m;
    if (m.isUnread) c.unread += 1;
  }
  return [...byGuid.values()]
    .filter((c) => opts.one2OneModChat || c.role !== 'Attendee')
    .sort((a, b) => (b.lastMessage?.timestamp ?? -1) - (a.lastMessage?.timestamp ?? -1) || a.name.localeCompare(b.name));
}

/** §5 Search: case-insensitive, on the name. */
export function searchConversations(list: readonly ConversationSummary[], query: string): ConversationSummary[] {
  const q = query.trim().toLocaleLowerCase();
  return q === '' ? [...list] : list.filter((c) => c.name.toLocaleLowerCase().includes(q));
}

/** The private messages of one conversation, oldest first. */
export const conversationMessages = (privateMessages: readonly ChatMessage[], endpointGuid: string): ChatMessage[] =>
  privateMessages.filter((m) => conversationPartner(m).guid === endpointGuid);

/** §2 Public chat PRIVATE tab: private messages from attendees, and the moderator's replies to them. */
export const attendeePrivateMessages = (privateMessages: readonly ChatMessage[]): ChatMessage[] =>
  privateMessages.filter((m) => conversationPartner(m).role === 'Attendee');
