/** The chat calls (src/services/audience/chat.ts) on the demo chat server: optimistic send and delete, rollback, §8 routing of failures, the rate limit. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteChatMessage, loadChatContacts, loadChatScrollback, sendChat } from '../../src/services/audience/chat';
import { configureChatTiming, resetChatStore, useChatStore } from '../../src/state/chat/chatStore';
import { CHAT_MAX, DELETED_MESSAGE_KEEP_MS } from '../../src/state/chat/limits';
import { installBackend } from '../../src/state/backend';
import { installFakeBackend } from './fakeBackend';
import type { ChatMessageInput } from '../../src/state/chat/types';
import { CHAT_NOW, EMILY, LUKAS, SELF } from './audienceFixtures';
import { initialAlertsState, useAlertsStore } from '../../src/state/alertsStore';
import { createDemoChatService, DEMO_CHAT_LATENCY_MS, type DemoChatCall } from '../../src/demo/audience/chatService';
import { log } from '../../src/log';

const NOW = CHAT_NOW;

let seq = 0;
const msg = (extra: Partial<ChatMessageInput> = {}): ChatMessageInput => ({ id: `m${++seq}`, body: `hello ${seq}`, timestamp: NOW + seq, sender: EMILY, ...extra });
const store = () => useChatStore.getState();
const settle = () => vi.advanceTimersByTimeAsync(DEMO_CHAT_LATENCY_MS);

let failing: DemoChatCall[] = [];
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  failing = [];
  seq = 0;
  resetChatStore();
  configureChatTiming({ now: () => Date.now() });
  useAlertsStore.setState(initialAlertsState());
  store().setSelf(SELF);
  installFakeBackend({ chat: createDemoChatService({ self: SELF, fail: (call) => failing.includes(call), onRateLimited: (s) => store().rateLimited(s) }) });
});
afterEach(() => {
  resetChatStore();
  installBackend(null);
  vi.useRealTimers();
});

describe('send (§5, §7)', () => {
  it('sends cleaned text, cut to 500 characters, optimistically', async () => {
    const sent = sendChat({ kind: 'public' }, `  <b>${'x'.repeat(600)}</b>  `);
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
    expect(await sendChat({ kind: 'public' }, '  <i></i> ')).toBe(false);
    expect(store().messages.public).toHaveLength(0);
  });

  it('a failed group send is rolled back with an inline failure', async () => {
    failing = ['chat.send'];
    const sent = sendChat({ kind: 'backstage' }, 'Can you hear me?');
    expect(store().messages.backstage).toHaveLength(1);
    await settle();
    expect(await sent).toBe(false);
    expect(store().messages.backstage).toHaveLength(0);
    expect(store().failure).toMatchObject({ command: 'send', kind: 'backstage' });
    expect(useAlertsStore.getState().error).toBeNull();
  });

  it('a failed private send is logged and raised to the global error handler (§8)', async () => {
    failing = ['chat.send'];
    const sent = sendChat({ kind: 'private', recipient: EMILY }, 'Hi Emily');
    await settle();
    expect(await sent).toBe(false);
    expect(store().messages.private).toHaveLength(0);
    expect(useAlertsStore.getState().error).toEqual({ code: 'UNKNOWN', details: 'The server could not complete chat.send' });
    expect(log.entries().some((e) => e.scope === 'chat' && e.message.includes('send private failed'))).toBe(true);
  });

  it('§6: a reply to someone who wrote privately is tagged moderator_reply', async () => {
    store().receive(msg({ privateChat: true, receiver: SELF }));
    const reply = sendChat({ kind: 'private', recipient: EMILY }, 'Sure!');
    const first = sendChat({ kind: 'private', recipient: LUKAS }, 'Hi Lukas');
    await settle();
    await Promise.all([reply, first]);
    const mine = store().messages.private.filter((m) => m.isSelf);
    expect(mine.find((m) => m.receiver?.guid === 'emily')!.tag).toBe('moderator_reply');
    expect(mine.find((m) => m.receiver?.guid === 'lukas')!.tag).toBe('private');
  });

  it('the demo server limits a burst of sends; a send it refuses is only logged (the countdown says why)', async () => {
    for (let i = 0; i < 7; i++) {
      void sendChat({ kind: 'public' }, `message ${i}`);
      await settle();
    }
    expect(store().retryAfter).toBeGreaterThan(0);
    expect(store().messages.public.filter((m) => !m.pending)).toHaveLength(6);
    expect(store().failure).toBeNull();
    expect(log.entries().at(-1)).toMatchObject({ level: 'info', scope: 'chat' });
    expect(log.entries().at(-1)!.message).toContain('send public refused while rate limited');
  });
});

describe('history and contacts', () => {
  it('loads a kind’s scrollback as that kind, and the contacts', async () => {
    installFakeBackend({ chat: createDemoChatService({ self: SELF, history: (kind) => (kind === 'backstage' ? [msg({ sender: LUKAS })] : []), contacts: () => [LUKAS] }) });
    const loaded = Promise.all([loadChatScrollback('backstage'), loadChatContacts()]);
    await settle();
    expect(await loaded).toEqual([true, true]);
    expect(store().messages.backstage).toMatchObject([{ sender: LUKAS, moderatorPresenterChat: true, privateChat: false }]);
    expect(store().contacts).toEqual([LUKAS]);
  });

  it('a failed private history load is logged and raised to the global error handler (§8)', async () => {
    failing = ['chat.loadScrollback'];
    const loaded = loadChatScrollback('private');
    await settle();
    expect(await loaded).toBe(false);
    expect(useAlertsStore.getState().error).toMatchObject({ code: 'UNKNOWN' });
  });

  it('a failed public history load is an inline failure, not a dialog', async () => {
    failing = ['chat.loadScrollback'];
    const loaded = loadChatScrollback('public');
    await settle();
    expect(await loaded).toBe(false);
    expect(useAlertsStore.getState().error).toBeNull();
    expect(store().failure).toMatchObject({ command: 'load', kind: 'public' });
  });

  it('failed contacts are logged and leave the list as it is', async () => {
    failing = ['chat.contacts'];
    store().setContacts([LUKAS]);
    const loaded = loadChatContacts();
    await settle();
    expect(await loaded).toBe(false);
    expect(store().contacts).toEqual([LUKAS]);
    expect(log.entries().at(-1)!.message).toContain('loading contacts failed');
  });
});

describe('delete (§4, §6, §9 deleted message kept 2000 ms)', () => {
  it('flags the message, then removes it after 2 s', async () => {
    store().receive(msg({ id: 'spam' }));
    const deleted = deleteChatMessage('spam');
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
    const deleted = deleteChatMessage('keep');
    await settle();
    expect(await deleted).toBe(false);
    vi.advanceTimersByTime(DELETED_MESSAGE_KEEP_MS * 2);
    expect(store().messages.public[0]).toMatchObject({ id: 'keep', deleteDate: 0 });
    expect(store().failure).toMatchObject({ command: 'delete', kind: 'public' });
  });

  it('a message that cannot be deleted makes no call', async () => {
    const chat = createDemoChatService({ self: SELF });
    const remove = vi.spyOn(chat, 'delete');
    installFakeBackend({ chat });
    store().receive(msg({ id: 'mine', sender: SELF }));
    expect(await deleteChatMessage('mine')).toBe(false);
    expect(remove).not.toHaveBeenCalled();
  });
});
