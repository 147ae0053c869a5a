/** Issue 11: the polite live region's announcements: on air, go-live countdown, incoming chat (throttled). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, act } from '@testing-library/react';
import { throttledAnnouncer, useAnnouncerStore } from '../../src/state/announcer';
import { announcementTexts, watchAnnouncements } from '../../src/services/show/announcements';
import { useChannelStore } from '../../src/state/channel/store';
import { useBroadcastStore, initialBroadcastFlowState } from '../../src/state/live/broadcastStore';
import { initialMeetingState, useMeetingStore } from '../../src/state/meetingStore';
import { configureChatTiming, resetChatStore, useChatStore } from '../../src/state/chat/chatStore';
import { producerCard } from '../../compositor/model/producerCard';
import { emptyChannel } from '../../compositor/model/channel';
import { CHAT_ANNOUNCE_INTERVAL_MS, ANNOUNCED_CHAT_TEXT_MAX } from '../../src/lib/limits';
import { LiveAnnouncer } from '../../src/features/dialogs/LiveAnnouncer';
import type { ChatMessageInput, ChatParticipant } from '../../src/state/chat/types';

const NOW = 1_700_000_000_000;
const SELF: ChatParticipant = { guid: 'me', name: 'Alex Morgan', role: 'Moderator' };
const EMILY: ChatParticipant = { guid: 'emily', name: 'Emily Carter', role: 'Attendee' };
let seq = 0;
const msg = (extra: Partial<ChatMessageInput> = {}): ChatMessageInput => ({ id: `m${++seq}`, body: `hello ${seq}`, timestamp: Date.now() + seq, sender: EMILY, ...extra });
const said: string[] = [];
let stop: () => void = () => undefined;
let listen: () => void = () => undefined;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  said.length = 0;
  seq = 0;
  resetChatStore();
  configureChatTiming({ now: () => Date.now() });
  useChatStore.getState().setSelf(SELF);
  useBroadcastStore.setState(initialBroadcastFlowState());
  useMeetingStore.setState(initialMeetingState());
  useChannelStore.setState({ doc: { ...emptyChannel(), producers: [producerCard({ id: 'a', name: 'Maria Garcia' }), producerCard({ id: 'b', name: 'Rajesh Iyer', isLive: true })] } });
  useAnnouncerStore.setState({ message: '', seq: 0 });
  listen = useAnnouncerStore.subscribe((s) => said.push(s.message));
  stop = watchAnnouncements(undefined, () => Date.now());
});
afterEach(() => {
  stop();
  listen();
  resetChatStore();
  vi.useRealTimers();
});

describe('announcements', () => {
  it('says who goes on and off air, and nothing when nothing about air changed', () => {
    const [a, b] = useChannelStore.getState().doc.producers;
    useChannelStore.setState((s) => ({ doc: { ...s.doc, producers: [{ ...a!, isLive: true }, { ...b!, isLive: false }] } }));
    useChannelStore.setState((s) => ({ doc: { ...s.doc, producers: s.doc.producers.map((p) => ({ ...p, name: p.name })) } }));
    expect(said).toEqual(['Maria Garcia is on air', 'Rajesh Iyer is off air']);
  });

  it('counts down going live once per second value, then says the stream is live and when it ended', () => {
    for (const n of [10, 9, 9, 1]) useBroadcastStore.setState({ countdown: n });
    useBroadcastStore.setState({ countdown: null });
    useMeetingStore.setState((s) => ({ channel: { ...(s.channel ?? { uuid: 'c1', name: 'testing' }), eventStatus: 'NEW' } }));
    useMeetingStore.setState((s) => ({ channel: { ...(s.channel ?? { uuid: 'c1', name: 'testing' }), eventStatus: 'LIVE' } }));
    useMeetingStore.setState((s) => ({ channel: { ...(s.channel ?? { uuid: 'c1', name: 'testing' }), eventStatus: 'NEW' } }));
    expect(said).toEqual(['Going live in 10', 'Going live in 9', 'Going live in 1', 'You are live', 'The live stream has ended']);
  });

  it('says nothing when the studio joins a channel that is already live', () => {
    useMeetingStore.setState({ channel: null });
    useMeetingStore.setState({ channel: { uuid: 'c2', name: 'other', eventStatus: 'LIVE' } });
    expect(said).toEqual([]);
  });

  it('says the first incoming chat message at once, sums up the next ones after the interval, never our own', () => {
    useChatStore.getState().receive(msg({ body: 'Hi all' }));
    useChatStore.getState().receive(msg());
    useChatStore.getState().receive(msg({ sender: SELF }));
    useChatStore.getState().receive(msg({ privateChat: true, receiver: SELF }));
    expect(said).toEqual(['Chat, Emily Carter: Hi all']);
    vi.advanceTimersByTime(CHAT_ANNOUNCE_INTERVAL_MS - 1);
    expect(said).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(said).toEqual(['Chat, Emily Carter: Hi all', '2 new chat messages']);
    // A quiet interval passes: the next one is said at once, with its place.
    vi.advanceTimersByTime(CHAT_ANNOUNCE_INTERVAL_MS);
    useChatStore.getState().receive(msg({ body: 'Backstage!', moderatorPresenterChat: true }));
    expect(said.at(-1)).toBe('Backstage chat, Emily Carter: Backstage!');
  });

  it('does not announce older messages (a scrollback) and cuts a long one', () => {
    useChatStore.getState().receive(msg({ timestamp: NOW - 60_000, body: 'old' }));
    expect(said).toEqual([]);
    const long = 'x'.repeat(ANNOUNCED_CHAT_TEXT_MAX + 10);
    useChatStore.getState().receive(msg({ body: long }));
    expect(said).toEqual([`Chat, Emily Carter: ${'x'.repeat(ANNOUNCED_CHAT_TEXT_MAX)}…`]);
  });

  it('the live region is polite and shows the latest words', () => {
    render(<LiveAnnouncer />);
    act(() => useChannelStore.setState((s) => ({ doc: { ...s.doc, producers: s.doc.producers.map((p) => ({ ...p, isLive: true })) } })));
    const region = screen.getByTestId('live-announcer');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent('Maria Garcia is on air');
    expect(announcementTexts.chats(3)).toBe('3 new chat messages');
  });
});

describe('throttledAnnouncer', () => {
  it('after a quiet interval the window closes: nothing more is said until the next item', () => {
    const out: string[] = [];
    const t = throttledAnnouncer<number>({ clock: { setTimeout: (f, ms) => setTimeout(f, ms), clearTimeout: (h) => clearTimeout(h as number) }, intervalMs: 100, one: (n) => `one ${n}`, many: (c) => `${c} more`, say: (s) => out.push(s) });
    t.push(1);
    vi.advanceTimersByTime(500);
    t.push(2);
    t.push(3);
    t.stop();
    vi.advanceTimersByTime(500);
    expect(out).toEqual(['one 1', 'one 2']);
  });
});
