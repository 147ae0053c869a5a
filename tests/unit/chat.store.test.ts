/**
 * Chat state (§3 Chat message, §4 Public chat message, §6 chat rights, §8 rate limit and private
 * errors), pure: no backend is installed. The calls are tests/unit/chat.service.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureChatTiming, resetChatStore, useChatStore } from '../../src/state/chat/chatStore';
import { CHAT_HISTORY_MAX, CHAT_MAX, DELETED_MESSAGE_KEEP_MS } from '../../src/state/chat/limits';
import { buildConversations, searchConversations } from '../../src/state/chat/rules';
import { selectHostChatUnread, selectOnStreamMessage } from '../../src/state/chat/selectors';
import { installBackend } from '../../src/state/backend';
import type { ChatMessageInput } from '../../src/state/chat/types';
import { CHAT_NOW, EMILY, LUKAS, SELF, SIOBHAN } from './audienceFixtures';
import { initialAlertsState, useAlertsStore } from '../../src/state/alertsStore';
import { log } from '../../src/log';

const NOW = CHAT_NOW;

let seq = 0;
const msg = (extra: Partial<ChatMessageInput> = {}): ChatMessageInput => ({ id: `m${++seq}`, body: `hello ${seq}`, timestamp: NOW + seq, sender: EMILY, ...extra });
const store = () => useChatStore.getState();
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  seq = 0;
  resetChatStore();
  configureChatTiming({ now: () => Date.now() });
  useAlertsStore.setState(initialAlertsState());
  store().setSelf(SELF);
  installBackend(null);
});
afterEach(() => {
  resetChatStore();
  installBackend(null);
  vi.useRealTimers();
});

describe('messages by kind and unread counters (§3, §4)', () => {
  it('files messages by their flags and counts the unread per kind', () => {
    store().receive(msg());
    store().receive(msg({ privateChat: true, receiver: SELF }));
    store().receive(msg({ sender: LUKAS, moderatorPresenterChat: true }));
    store().receive(msg({ sender: LUKAS, moderatorPresenterChat: true }));
    store().receive(msg({ sender: SIOBHAN, moderatorChat: true }));
    const s = store();
    expect(s.messages.public).toHaveLength(1);
    expect(s.messages.private).toHaveLength(1);
    expect(s.messages.backstage).toHaveLength(2);
    expect(s.messages.moderator).toHaveLength(1);
    expect(s.unread).toEqual({ public: 1, private: 1, backstage: 2, moderator: 1 });
    expect(s.messages.backstage.every((m) => m.isUnread)).toBe(true);
  });

  it('hostChatUnread is backstage plus moderator unread (§2)', () => {
    store().receive(msg());
    store().receive(msg({ sender: LUKAS, moderatorPresenterChat: true }));
    store().receive(msg({ sender: SIOBHAN, moderatorChat: true }));
    store().receive(msg({ sender: SIOBHAN, moderatorChat: true }));
    expect(selectHostChatUnread(store())).toBe(3);
    store().markRead('moderator');
    expect(selectHostChatUnread(store())).toBe(1);
  });

  it('messages that arrive in a chat on screen, or sent by the user, are not unread', () => {
    store().setViewing('backstage', true);
    store().receive(msg({ sender: LUKAS, moderatorPresenterChat: true }));
    store().receive(msg({ sender: SELF, moderatorChat: true }));
    expect(store().unread).toEqual({ public: 0, private: 0, backstage: 0, moderator: 0 });
    expect(store().messages.moderator[0]!.isSelf).toBe(true);
  });

  it('opening a chat marks it read; a conversation marks only its own messages', () => {
    store().receive(msg());
    store().receive(msg({ privateChat: true, receiver: SELF }));
    store().receive(msg({ sender: LUKAS, privateChat: true, receiver: SELF }));
    store().setViewing('public', true);
    expect(store().unread.public).toBe(0);
    store().setViewingConversation('lukas');
    expect(store().unread.private).toBe(1);
    expect(store().messages.private.find((m) => m.sender.guid === 'emily')!.isUnread).toBe(true);
  });

  it('the PRIVATE tab reads the attendees’ private messages, not a presenter’s direct message', () => {
    store().receive(msg({ privateChat: true, receiver: SELF }));
    store().receive(msg({ sender: LUKAS, privateChat: true, receiver: SELF }));
    store().setViewing('private', true);
    expect(store().unread.private).toBe(1);
    store().receive(msg({ privateChat: true, receiver: SELF }));
    expect(store().unread.private).toBe(1);
  });

  it('keeps messages in time order and ignores a message it already has', () => {
    store().receive(msg({ id: 'b', timestamp: NOW + 20 }));
    store().receive(msg({ id: 'a', timestamp: NOW + 10 }));
    store().receive(msg({ id: 'b', timestamp: NOW + 20 }));
    expect(store().messages.public.map((m) => m.id)).toEqual(['a', 'b']);
    expect(store().unread.public).toBe(2);
  });

  it(`keeps at most ${CHAT_HISTORY_MAX} messages per kind, dropping the oldest`, () => {
    store().loadHistory(Array.from({ length: CHAT_HISTORY_MAX + 5 }, () => msg()));
    expect(store().messages.public).toHaveLength(CHAT_HISTORY_MAX);
    expect(store().messages.public[0]!.id).toBe('m6');
  });
});

describe('send (§5), applied at once', () => {
  it('shows cleaned text, cut to 500 characters, pending; the request carries it', () => {
    const pending = store().beginSend({ kind: 'public' }, `  <b>${'x'.repeat(600)}</b>  `)!;
    expect(pending.request).toEqual({ text: 'x'.repeat(CHAT_MAX), channel: 'public', tag: 'public' });
    expect(store().messages.public).toEqual([pending.temp]);
    expect(pending.temp).toMatchObject({ pending: true, isSelf: true, isUnread: false, tag: 'public', body: 'x'.repeat(CHAT_MAX) });
  });

  it('nothing left after cleaning, or a rate limit, sends nothing', () => {
    expect(store().beginSend({ kind: 'public' }, '  <i></i> ')).toBeNull();
    store().rateLimited(3);
    expect(store().beginSend({ kind: 'public' }, 'hello')).toBeNull();
    expect(store().messages.public).toHaveLength(0);
  });

  it('the stored message takes the pending one’s place; a failed one just goes', () => {
    const pending = store().beginSend({ kind: 'backstage' }, 'Mic check')!;
    store().settleSend(pending.temp, { id: 'server-1', body: 'Mic check', timestamp: NOW, sender: SELF });
    expect(store().messages.backstage).toMatchObject([{ id: 'server-1', isSelf: true, moderatorPresenterChat: true }]);
    expect(store().messages.backstage[0]!.pending).toBeUndefined();
    const failed = store().beginSend({ kind: 'backstage' }, 'Again?')!;
    store().settleSend(failed.temp, null);
    expect(store().messages.backstage.map((m) => m.id)).toEqual(['server-1']);
  });

  it('a stored message whose socket echo came first is not shown twice', () => {
    const pending = store().beginSend({ kind: 'public' }, 'Hello')!;
    store().receive({ id: 'server-1', body: 'Hello', timestamp: NOW, sender: SELF });
    store().settleSend(pending.temp, { id: 'server-1', body: 'Hello', timestamp: NOW, sender: SELF });
    expect(store().messages.public.map((m) => m.id)).toEqual(['server-1']);
  });

  it('§6: a private message to someone who wrote first is a moderator_reply, with the recipient', () => {
    store().receive(msg({ privateChat: true, receiver: SELF }));
    expect(store().beginSend({ kind: 'private', recipient: EMILY }, 'Sure!')!.request).toEqual({ text: 'Sure!', channel: 'private', tag: 'moderator_reply', recipient: { guid: 'emily', name: 'Emily Carter', role: 'Attendee' } });
    expect(store().beginSend({ kind: 'private', recipient: LUKAS }, 'Hi')!.request.tag).toBe('private');
  });

  it('§8: a private failure goes to the global error handler, any other is inline', () => {
    store().failed('send', 'backstage', 'Server says no');
    expect(store().failure).toEqual({ command: 'send', kind: 'backstage', detail: 'Server says no' });
    expect(useAlertsStore.getState().error).toBeNull();
    store().clearFailure();
    store().failed('load', 'private', 'Server says no');
    expect(store().failure).toBeNull();
    expect(useAlertsStore.getState().error).toEqual({ code: 'UNKNOWN', details: 'Server says no' });
    expect(log.entries().some((e) => e.scope === 'chat' && e.message.includes('load private failed'))).toBe(true);
  });
});

describe('delete (§4, §6, §9 deleted message kept 2000 ms)', () => {
  it('flags the message at once, then removes it after 2 s', () => {
    store().receive(msg({ id: 'spam' }));
    expect(store().beginDelete('spam')).toBeTypeOf('function');
    expect(store().messages.public[0]!.deleteDate).toBe(NOW);
    vi.advanceTimersByTime(DELETED_MESSAGE_KEEP_MS - 1);
    expect(store().messages.public).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store().messages.public).toHaveLength(0);
  });

  it('the rollback puts the message back, also after it was removed', () => {
    store().receive(msg({ id: 'keep' }));
    store().beginDelete('keep')!();
    vi.advanceTimersByTime(DELETED_MESSAGE_KEEP_MS * 2);
    expect(store().messages.public[0]).toMatchObject({ id: 'keep', deleteDate: 0 });
    const rollback = store().beginDelete('keep')!;
    vi.advanceTimersByTime(DELETED_MESSAGE_KEEP_MS);
    expect(store().messages.public).toHaveLength(0);
    rollback();
    expect(store().messages.public[0]).toMatchObject({ id: 'keep', deleteDate: 0 });
  });

  it('refuses a message on stream and the user’s own message, and says so', () => {
    store().receive(msg({ id: 'shown' }));
    store().receive(msg({ id: 'mine', sender: SELF }));
    store().showOnStream('shown');
    expect(store().beginDelete('shown')).toBeNull();
    expect(store().beginDelete('mine')).toBeNull();
    expect(store().messages.public.every((m) => m.deleteDate === 0)).toBe(true);
    expect(store().failure).toEqual({ command: 'delete', kind: 'public', detail: 'This message cannot be deleted' });
  });

  it('a socket delete of the message on stream takes it off stream', () => {
    store().receive(msg({ id: 'shown' }));
    store().showOnStream('shown');
    store().applyDeleted('shown');
    expect(store().onStreamMessageId).toBeNull();
    vi.advanceTimersByTime(DELETED_MESSAGE_KEEP_MS);
    expect(store().messages.public).toHaveLength(0);
  });

  it('a deleted backstage message keeps its place with the notice', () => {
    store().receive(msg({ id: 'b', sender: LUKAS, moderatorPresenterChat: true }));
    store().applyDeleted('b');
    vi.advanceTimersByTime(DELETED_MESSAGE_KEEP_MS * 2);
    expect(store().messages.backstage[0]!.deleteDate).toBeGreaterThan(0);
  });
});

describe('on stream (§4: only one message at a time)', () => {
  it('showing another message takes the first off stream', () => {
    store().receive(msg({ id: 'a' }));
    store().receive(msg({ id: 'b' }));
    expect(store().showOnStream('a')).toBe(true);
    expect(selectOnStreamMessage(store())!.id).toBe('a');
    store().showOnStream('b');
    const onStream = store().messages.public.filter((m) => m.onStreamDate > 0);
    expect(onStream.map((m) => m.id)).toEqual(['b']);
    expect(store().onStreamMessageId).toBe('b');
    store().hideFromStream();
    expect(store().onStreamMessageId).toBeNull();
    expect(store().messages.public.every((m) => m.onStreamDate === 0)).toBe(true);
  });

  it('only public messages go on stream', () => {
    store().receive(msg({ id: 'p', privateChat: true, receiver: SELF }));
    expect(store().showOnStream('p')).toBe(false);
    expect(store().onStreamMessageId).toBeNull();
  });
});

describe('rate limit (§5, §8)', () => {
  it('counts the retry-after seconds down, and refuses to send meanwhile', () => {
    store().rateLimited(3);
    expect(store().retryAfter).toBe(3);
    expect(store().beginSend({ kind: 'public' }, 'hello')).toBeNull();
    vi.advanceTimersByTime(1000);
    expect(store().retryAfter).toBe(2);
    vi.advanceTimersByTime(2000);
    expect(store().retryAfter).toBe(0);
    vi.advanceTimersByTime(5000);
    expect(store().retryAfter).toBe(0);
  });

  it.each([['5'], [null], [undefined], [Number.NaN], [{ seconds: 5 }], [-2]])('ignores %j and logs it', (value) => {
    store().rateLimited(value);
    expect(store().retryAfter).toBe(0);
    expect(log.entries().at(-1)).toMatchObject({ level: 'warn', scope: 'chat' });
    expect(log.entries().at(-1)!.message).toContain('rate limit ignored');
  });

  it('a new limit restarts the countdown', () => {
    store().rateLimited(10);
    vi.advanceTimersByTime(4000);
    store().rateLimited(2);
    vi.advanceTimersByTime(1000);
    expect(store().retryAfter).toBe(1);
  });

});

describe('conversations (§3 Conversation summary, §6 one2OneModChat)', () => {
  it('lists contacts and people who wrote, newest first; attendees only with one2OneModChat', () => {
    store().setContacts([LUKAS, SIOBHAN, EMILY]);
    store().receive(msg({ sender: LUKAS, privateChat: true, receiver: SELF, timestamp: NOW + 100 }));
    store().receive(msg({ sender: EMILY, privateChat: true, receiver: SELF, timestamp: NOW + 200, body: 'Hi there' }));
    const { messages, contacts } = store();
    const withAttendees = buildConversations(messages.private, contacts, { one2OneModChat: true, selfGuid: 'me' });
    expect(withAttendees.map((c) => c.name)).toEqual(['Emily Carter', 'Lukas Becker', 'Siobhan Walsh']);
    expect(withAttendees[0]).toMatchObject({ endpointGuid: 'emily', unread: 1, lastMessage: expect.objectContaining({ body: 'Hi there' }) });
    const without = buildConversations(messages.private, contacts, { one2OneModChat: false, selfGuid: 'me' });
    expect(without.map((c) => c.name)).toEqual(['Lukas Becker', 'Siobhan Walsh']);
  });

  it('search is case-insensitive on the name', () => {
    const list = buildConversations([], [LUKAS, SIOBHAN, EMILY], { one2OneModChat: true, selfGuid: 'me' });
    expect(searchConversations(list, 'WAL').map((c) => c.name)).toEqual(['Siobhan Walsh']);
    expect(searchConversations(list, '  ')).toHaveLength(3);
  });
});
