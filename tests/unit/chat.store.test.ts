/** Chat state (§3 Chat message, §4 Public chat message, §6 chat rights, §8 rate limit and private errors). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureChatTiming, resetChatStore, useChatStore } from '../../src/state/chat/chatStore';
import { CHAT_HISTORY_MAX, CHAT_MAX, DELETED_MESSAGE_KEEP_MS } from '../../src/state/chat/limits';
import { buildConversations, searchConversations } from '../../src/state/chat/rules';
import { selectHostChatUnread, selectOnStreamMessage } from '../../src/state/chat/selectors';
import { installBackend } from '../../src/state/backend';
import { installFakeBackend } from './fakeBackend';
import type { ChatMessageInput, ChatParticipant } from '../../src/state/chat/types';
import { initialShowState, useShowStore } from '../../src/state/showStore';
import { createDemoChatService, DEMO_CHAT_LATENCY_MS, type DemoChatCall } from '../../src/demo/audience/chatService';
import { log } from '../../src/log';

const NOW = 1_700_000_000_000;
const SELF: ChatParticipant = { guid: 'me', name: 'Alex Morgan', role: 'Moderator' };
const EMILY: ChatParticipant = { guid: 'emily', name: 'Emily Carter', role: 'Attendee' };
const LUKAS: ChatParticipant = { guid: 'lukas', name: 'Lukas Becker', role: 'Panelist' };
const SIOBHAN: ChatParticipant = { guid: 'siobhan', name: 'Siobhan Walsh', role: 'Moderator' };

let seq = 0;
const msg = (extra: Partial<ChatMessageInput> = {}): ChatMessageInput => ({ id: `m${++seq}`, body: `hello ${seq}`, timestamp: NOW + seq, sender: EMILY, ...extra });
const store = () => useChatStore.getState();
const settle = () => vi.advanceTimersByTimeAsync(DEMO_CHAT_LATENCY_MS);

let failing: DemoChatCall[] = [];
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  failing = [];
  seq = 0;
  resetChatStore();
  configureChatTiming({ now: () => Date.now() });
  useShowStore.setState(initialShowState());
  store().setSelf(SELF);
  installFakeBackend({ chat: createDemoChatService({ self: SELF, fail: (call) => failing.includes(call), onRateLimited: (s) => store().rateLimited(s) }) });
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

describe('send (§5, §7)', () => {
  it('sends cleaned text, cut to 500 characters, optimistically', async () => {
    const sent = store().send({ kind: 'public' }, `  <b>${'x'.repeat(600)}</b>  `);
    expect(store().messages.public).toHaveLength(1);
    expect(store().messages.public[0]).toMatchObject({ pending: true, isSelf: true, isUnread: false, tag: 'public' });
    expect(store().messages.public[0]!.body).toBe('x'.repeat(CHAT_MAX));
    await settle();
    expect(await sent).toBe(true);
    const m = store().messages.public[0]!;
    expect(m.pending).toBeUndefined();
    expect(m.id).toMatch(/^demo-chat-sent-/);
    expect(m.sender).toMatchObject(SELF);
  });

  it('sends nothing when nothing is left after cleaning', async () => {
    expect(await store().send({ kind: 'public' }, '  <i></i> ')).toBe(false);
    expect(store().messages.public).toHaveLength(0);
  });

  it('a failed group send is rolled back with an inline failure', async () => {
    failing = ['chat.send'];
    const sent = store().send({ kind: 'backstage' }, 'Can you hear me?');
    expect(store().messages.backstage).toHaveLength(1);
    await settle();
    expect(await sent).toBe(false);
    expect(store().messages.backstage).toHaveLength(0);
    expect(store().failure).toMatchObject({ command: 'send', kind: 'backstage' });
    expect(useShowStore.getState().error).toBeNull();
  });

  it('a failed private send is logged and raised to the global error handler (§8)', async () => {
    failing = ['chat.send'];
    const sent = store().send({ kind: 'private', recipient: EMILY }, 'Hi Emily');
    await settle();
    expect(await sent).toBe(false);
    expect(store().messages.private).toHaveLength(0);
    expect(useShowStore.getState().error).toEqual({ code: 'UNKNOWN', details: 'The server could not complete chat.send' });
    expect(log.entries().some((e) => e.scope === 'chat' && e.message.includes('send private failed'))).toBe(true);
  });

  it('a failed private history load is logged and raised to the global error handler (§8)', async () => {
    failing = ['chat.loadScrollback'];
    const loaded = store().loadScrollback('private');
    await settle();
    expect(await loaded).toBe(false);
    expect(useShowStore.getState().error).toMatchObject({ code: 'UNKNOWN' });
  });

  it('a failed public history load is an inline failure, not a dialog', async () => {
    failing = ['chat.loadScrollback'];
    const loaded = store().loadScrollback('public');
    await settle();
    expect(await loaded).toBe(false);
    expect(useShowStore.getState().error).toBeNull();
    expect(store().failure).toMatchObject({ command: 'load', kind: 'public' });
  });

  it('§6: a reply to someone who wrote privately is tagged moderator_reply', async () => {
    store().receive(msg({ privateChat: true, receiver: SELF }));
    const reply = store().send({ kind: 'private', recipient: EMILY }, 'Sure!');
    const first = store().send({ kind: 'private', recipient: LUKAS }, 'Hi Lukas');
    await settle();
    await Promise.all([reply, first]);
    const mine = store().messages.private.filter((m) => m.isSelf);
    expect(mine.find((m) => m.receiver?.guid === 'emily')!.tag).toBe('moderator_reply');
    expect(mine.find((m) => m.receiver?.guid === 'lukas')!.tag).toBe('private');
  });
});

describe('delete (§4, §6, §9 deleted message kept 2000 ms)', () => {
  it('flags the message, then removes it after 2 s', async () => {
    store().receive(msg({ id: 'spam' }));
    const deleted = store().deleteMessage('spam');
    expect(store().messages.public[0]!.deleteDate).toBe(NOW);
    await settle();
    expect(await deleted).toBe(true);
    vi.advanceTimersByTime(DELETED_MESSAGE_KEEP_MS - DEMO_CHAT_LATENCY_MS - 1);
    expect(store().messages.public).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store().messages.public).toHaveLength(0);
  });

  it('a failed delete puts the message back and says why', async () => {
    failing = ['chat.delete'];
    store().receive(msg({ id: 'keep' }));
    const deleted = store().deleteMessage('keep');
    await settle();
    expect(await deleted).toBe(false);
    vi.advanceTimersByTime(DELETED_MESSAGE_KEEP_MS * 2);
    expect(store().messages.public[0]).toMatchObject({ id: 'keep', deleteDate: 0 });
    expect(store().failure).toMatchObject({ command: 'delete', kind: 'public' });
  });

  it('refuses a message on stream and the user’s own message', async () => {
    store().receive(msg({ id: 'shown' }));
    store().receive(msg({ id: 'mine', sender: SELF }));
    store().showOnStream('shown');
    expect(await store().deleteMessage('shown')).toBe(false);
    expect(await store().deleteMessage('mine')).toBe(false);
    expect(store().messages.public.every((m) => m.deleteDate === 0)).toBe(true);
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
  it('counts the retry-after seconds down, and refuses to send meanwhile', async () => {
    store().rateLimited(3);
    expect(store().retryAfter).toBe(3);
    expect(await store().send({ kind: 'public' }, 'hello')).toBe(false);
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

  it('the demo server limits a burst of sends', async () => {
    for (let i = 0; i < 7; i++) {
      void store().send({ kind: 'public' }, `message ${i}`);
      await settle();
    }
    expect(store().retryAfter).toBeGreaterThan(0);
    expect(store().messages.public.filter((m) => !m.pending)).toHaveLength(6);
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
