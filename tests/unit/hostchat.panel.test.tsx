/** The Host Chat tool (§2 Host chat, §5 search debounce, §6 one2OneModChat, §8 'Waiting for the Meeting to be connected.'). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HostChatPanel } from '../../src/features/hostchat/HostChatPanel';
import { HOST_CHAT_TEXTS as T } from '../../src/features/hostchat/texts';
import { CHAT_TEXTS } from '../../src/features/chat/texts';
import { resetChatStore, useChatStore } from '../../src/state/chat/chatStore';
import { SEARCH_DEBOUNCE_MS } from '../../src/state/chat/limits';
import { installBackend } from '../../src/state/backend';
import { installFakeBackend } from './fakeBackend';
import type { ChatMessageInput, ChatParticipant } from '../../src/state/chat/types';
import { createDemoChatService, DEMO_CHAT_LATENCY_MS } from '../../src/demo/audience/chatService';

const NOW = 1_700_000_000_000;
const clock = () => NOW;
const SELF: ChatParticipant = { guid: 'me', name: 'Alex Morgan', role: 'Moderator' };
const LUKAS: ChatParticipant = { guid: 'lukas', name: 'Lukas Becker', role: 'Panelist' };
const SIOBHAN: ChatParticipant = { guid: 'siobhan', name: 'Siobhan Walsh', role: 'Moderator' };
const AMARA: ChatParticipant = { guid: 'amara', name: 'Amara Okafor', role: 'Panelist' };
const EMILY: ChatParticipant = { guid: 'emily', name: 'Emily Carter', role: 'Attendee' };

let seq = 0;
const msg = (extra: Partial<ChatMessageInput> = {}): ChatMessageInput => ({ id: `h${++seq}`, body: `note ${seq}`, timestamp: NOW - 60_000 + seq, sender: LUKAS, ...extra });
const store = () => useChatStore.getState();

function setup(props: { connected?: boolean; one2OneModChat?: boolean } = {}) {
  const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
  const view = render(<HostChatPanel connected={props.connected ?? true} one2OneModChat={props.one2OneModChat ?? false} clock={clock} />);
  return { user, ...view };
}
const tab = (label: string) => screen.getByRole('tab', { name: new RegExp(`^${label}`) });
const names = () => within(screen.getByRole('list', { name: T.conversations })).getAllByRole('button').map((b) => b.querySelector('.dm-item-name')?.textContent);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  seq = 0;
  resetChatStore();
  store().setSelf(SELF);
  store().setContacts([LUKAS, SIOBHAN, AMARA, EMILY]);
  installFakeBackend({ chat: createDemoChatService({ self: SELF }) });
});
afterEach(() => {
  resetChatStore();
  installBackend(null);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('before the meeting connects (§2, §8)', () => {
  it("shows only 'Waiting for the Meeting to be connected.'", () => {
    const { rerender } = setup({ connected: false });
    expect(screen.getByText('Waiting for the Meeting to be connected.')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).toBeNull();
    rerender(<HostChatPanel connected one2OneModChat={false} clock={clock} />);
    expect(screen.queryByText('Waiting for the Meeting to be connected.')).toBeNull();
    expect(screen.getByRole('tablist', { name: T.tabsLabel })).toBeInTheDocument();
  });
});

describe('tabs (§2)', () => {
  it('offers Backstage, Moderator Group and Direct Message, and remembers the selected one', async () => {
    const { user, unmount } = setup();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Backstage', 'Moderator Group', 'Direct Message']);
    expect(tab('Backstage')).toHaveAttribute('aria-selected', 'true');
    await user.click(tab('Moderator Group'));
    expect(JSON.parse(localStorage.getItem('selectedTabs') ?? '{}')).toEqual({ hostchat: 'MODERATOR' });
    unmount();
    setup();
    expect(tab('Moderator Group')).toHaveAttribute('aria-selected', 'true');
  });

  it('counts unread per tab; the open tab reads its messages', async () => {
    store().receive(msg({ moderatorPresenterChat: true }));
    store().receive(msg({ sender: SIOBHAN, moderatorChat: true }));
    store().receive(msg({ sender: SIOBHAN, moderatorChat: true }));
    const { user } = setup();
    expect(store().unread.backstage).toBe(0);
    expect(tab('Moderator Group')).toHaveTextContent('Moderator Group2');
    act(() => store().receive(msg({ moderatorPresenterChat: true, body: 'Slides are up' })));
    expect(store().unread.backstage).toBe(0);
    expect(screen.getByRole('article', { name: /Slides are up/ })).toBeInTheDocument();
    await user.click(tab('Moderator Group'));
    expect(store().unread.moderator).toBe(0);
  });

  it('sends in the backstage chat, with roles shown', async () => {
    store().receive(msg({ moderatorPresenterChat: true, body: 'Mic check' }));
    const { user } = setup();
    expect(within(screen.getByRole('article', { name: /Mic check/ })).getByText(CHAT_TEXTS.roles.Panelist)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: CHAT_TEXTS.messageLabel }), 'Loud and clear 👍{Enter}');
    await act(() => vi.advanceTimersByTimeAsync(DEMO_CHAT_LATENCY_MS));
    expect(store().messages.backstage.at(-1)).toMatchObject({ body: 'Loud and clear 👍', isSelf: true, moderatorPresenterChat: true, tag: 'backstage' });
  });
});

describe('Direct Messages (§2, §5, §6)', () => {
  async function openDirect(one2OneModChat: boolean) {
    const view = setup({ one2OneModChat });
    await view.user.click(tab('Direct Message'));
    return view;
  }

  it('starts with a welcome screen and a START button, then lists conversations', async () => {
    const { user } = await openDirect(false);
    expect(screen.queryByRole('list', { name: T.conversations })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'START' }));
    expect(names()).toEqual(['Amara Okafor', 'Lukas Becker', 'Siobhan Walsh']);
  });

  it('includes attendees only when one2OneModChat is on', async () => {
    store().receive(msg({ sender: EMILY, privateChat: true, receiver: SELF, body: 'Hi from Emily' }));
    const { user, rerender } = await openDirect(false);
    await user.click(screen.getByRole('button', { name: 'START' }));
    expect(names()).not.toContain('Emily Carter');
    rerender(<HostChatPanel connected one2OneModChat clock={clock} />);
    expect(names()).toEqual(['Emily Carter', 'Amara Okafor', 'Lukas Becker', 'Siobhan Walsh']);
  });

  it('searches case-insensitively after a 500 ms pause in typing', async () => {
    const { user } = await openDirect(true);
    await user.click(screen.getByRole('button', { name: 'START' }));
    await user.type(screen.getByRole('searchbox', { name: T.search }), 'oKa');
    expect(names()).toHaveLength(4);
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(names()).toHaveLength(4);
    act(() => vi.advanceTimersByTime(1));
    expect(names()).toEqual(['Amara Okafor']);
    await user.clear(screen.getByRole('searchbox', { name: T.search }));
    await user.type(screen.getByRole('searchbox', { name: T.search }), 'nobody');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(screen.getByText(T.noMatch('nobody'))).toBeInTheDocument();
  });

  it('opens a conversation, sends in it, and goes back', async () => {
    store().receive(msg({ sender: SIOBHAN, privateChat: true, receiver: SELF, body: 'Got a minute?' }));
    const { user } = await openDirect(false);
    expect(tab('Direct Message')).toHaveTextContent('Direct Message1');
    await user.click(screen.getByRole('button', { name: 'START' }));
    await user.click(screen.getByRole('button', { name: /Siobhan Walsh/ }));
    expect(screen.getByRole('heading', { name: 'Siobhan Walsh' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: /Got a minute\?/ })).toBeInTheDocument();
    expect(store().unread.private).toBe(0);
    await user.type(screen.getByRole('textbox', { name: CHAT_TEXTS.messageLabel }), 'Sure{Enter}');
    await act(() => vi.advanceTimersByTimeAsync(DEMO_CHAT_LATENCY_MS));
    expect(store().messages.private.at(-1)).toMatchObject({ body: 'Sure', tag: 'moderator_reply', receiver: expect.objectContaining({ guid: 'siobhan' }) });
    await user.click(screen.getByRole('button', { name: T.back }));
    expect(screen.getByRole('list', { name: T.conversations })).toBeInTheDocument();
    expect(names()[0]).toBe('Siobhan Walsh');
    expect(screen.getByText(`${CHAT_TEXTS.you}: Sure`)).toBeInTheDocument();
  });
});

describe('opening a direct message from elsewhere (People: "Chat with guest")', () => {
  it('shows the Direct Message tab with that conversation, past the welcome screen', async () => {
    const ZOE: ChatParticipant = { guid: 'zoe', name: 'Zoe Fischer', role: 'Attendee' };
    store().openDirectWith(ZOE);
    setup({ one2OneModChat: true });
    expect(tab('Direct Message')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Zoe Fischer' })).toBeInTheDocument();
    expect(store().direct.revealPending).toBe(false);
    expect(store().contacts.some((c) => c.guid === 'zoe')).toBe(true);
  });
});
