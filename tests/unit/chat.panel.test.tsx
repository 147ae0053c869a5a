/** The Chat tool (§2 Public chat, §4 Public chat message, §5 chat input, §8 rate limit): sending, moderating, windowing. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChatPanel } from '../../src/features/chat/ChatPanel';
import * as emojibaseData from '../../src/features/chat/emojibaseData';
import { loadEmojiData } from '../../src/features/chat/emojibaseData';
import { CHAT_TEXTS as T } from '../../src/features/chat/texts';
import { resetChatStore, useChatStore } from '../../src/state/chat/chatStore';
import { CHAT_MAX, DELETED_MESSAGE_KEEP_MS } from '../../src/state/chat/limits';
import { installBackend } from '../../src/state/backend';
import { installFakeBackend } from './fakeBackend';
import type { ChatMessageInput, ChatParticipant } from '../../src/state/chat/types';
import { createDemoChatService, DEMO_CHAT_LATENCY_MS } from '../../src/demo/audience/chatService';

const NOW = 1_700_000_000_000;
const clock = () => NOW;
const SELF: ChatParticipant = { guid: 'me', name: 'Alex Morgan', role: 'Moderator' };
const EMILY: ChatParticipant = { guid: 'emily', name: 'Emily Carter', role: 'Attendee' };
const DANIEL: ChatParticipant = { guid: 'daniel', name: 'Daniel Kim', role: 'Attendee' };

let seq = 0;
const msg = (extra: Partial<ChatMessageInput> = {}): ChatMessageInput => ({ id: `m${++seq}`, body: `hello ${seq}`, timestamp: NOW - 60_000 + seq, sender: EMILY, ...extra });
const store = () => useChatStore.getState();
const settle = () => act(() => vi.advanceTimersByTimeAsync(DEMO_CHAT_LATENCY_MS));

function setup() {
  const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
  render(<ChatPanel clock={clock} />);
  return user;
}
const input = () => screen.getByRole('textbox', { name: T.messageLabel });
const row = (text: string) => screen.getByRole('article', { name: new RegExp(text) });
const publicList = () => screen.getByRole('list', { name: T.publicListLabel });

/**
 * The emoji picker (frimousse) virtualises its list from measured sizes, and jsdom lays nothing out:
 * this ResizeObserver reports what chat.css gives the picker's viewport (216 px high), its rows
 * (36 px) and category headers (28 px), as a browser would after layout.
 */
class PickerLayoutObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    const height = target.hasAttribute('frimousse-viewport') ? 216 : target.hasAttribute('frimousse-row-sizer') ? 36 : target.hasAttribute('frimousse-category-header-sizer') ? 28 : null;
    if (height === null) return;
    const entry = { target, contentRect: { width: 300, height }, borderBoxSize: [{ inlineSize: 300, blockSize: height }] } as unknown as ResizeObserverEntry;
    queueMicrotask(() => this.callback([entry], this as unknown as ResizeObserver));
  }
  unobserve() {}
  disconnect() {}
}
const picker = () => screen.getByRole('dialog', { name: T.emoji.dialog });
const emoji = (name: string) => within(picker()).findByRole('gridcell', { name });
/**
 * frimousse applies a search on an idle callback and its state on the next animation frame, and each
 * step's effects schedule the next: let a few frames pass, one act() at a time.
 */
const pickerSettles = async () => {
  for (let frame = 0; frame < 6; frame++) await act(() => vi.advanceTimersByTimeAsync(20));
};

// The picker's data is a lazily loaded chunk; load it on real clocks, once, like a first opening would.
beforeAll(() => loadEmojiData());
// frimousse scrolls the keyboard's emoji into view; jsdom has no Element.scrollTo.
beforeAll(() => {
  Element.prototype.scrollTo ??= () => undefined;
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  // Testing Library waits one timer tick after each user-event call; it only advances fake timers it recognises as jest's.
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  seq = 0;
  resetChatStore();
  store().setSelf(SELF);
  installFakeBackend({ chat: createDemoChatService({ self: SELF, onRateLimited: (s) => store().rateLimited(s) }) });
  vi.stubGlobal('ResizeObserver', PickerLayoutObserver);
});
afterEach(() => {
  resetChatStore();
  installBackend(null);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('composer (§5)', () => {
  it('sends a message with an emoji from the picker; Enter sends, Shift+Enter makes a new line', async () => {
    const user = setup();
    await user.type(input(), 'Welcome everyone');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    await user.type(input(), 'Great to see you ');
    await user.click(screen.getByRole('button', { name: T.emoji.open }));
    expect(within(picker()).getByRole('searchbox', { name: T.emoji.search })).toHaveFocus();
    await user.keyboard('party');
    expect(await emoji('Partying face')).toBeInTheDocument();
    // `.emoji-cell` (what the browser test clicks) is only ever a real emoji, best match first.
    expect(picker().querySelector('.emoji-cell')).toHaveAccessibleName('Partying face');
    expect(within(picker()).queryByRole('gridcell', { name: 'Grinning face' })).toBeNull();
    for (const header of ['Smileys & emotion', 'Activities']) expect(within(picker()).getByText(header)).toBeInTheDocument();
    await user.click(await emoji('Party popper'));
    expect(screen.queryByRole('dialog', { name: T.emoji.dialog })).toBeNull();
    expect(input()).toHaveValue('Welcome everyone\nGreat to see you 🎉');
    expect(input()).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(input()).toHaveValue('');
    const sent = row('Great to see you 🎉');
    expect(within(sent).getByText(T.sending)).toBeInTheDocument();
    await settle();
    expect(within(row('Great to see you 🎉')).getByText(T.you)).toBeInTheDocument();
    expect(within(row('Great to see you 🎉')).getByText('just now')).toBeInTheDocument();
    expect(store().messages.public[0]!.body).toBe('Welcome everyone\nGreat to see you 🎉');
  });

  it('closes the picker with Escape and returns focus to its button', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: T.emoji.open }));
    expect(screen.getByRole('searchbox', { name: T.emoji.search })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: T.emoji.open })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: T.emoji.open }));
    expect(await emoji('Grinning face')).toBeInTheDocument();
    await user.click(input());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('picks with the keyboard from the search box; Enter there never sends the message; says when nothing matches', async () => {
    const user = setup();
    await user.type(input(), 'Hi ');
    await user.click(screen.getByRole('button', { name: T.emoji.open }));
    expect(within(picker()).getByText(T.emoji.loading)).toBeInTheDocument();
    await user.keyboard('zzqqxx');
    expect(await within(picker()).findByText(T.emoji.none)).toBeInTheDocument();
    expect(within(picker()).queryByRole('gridcell')).toBeNull();
    await user.keyboard('{Enter}');
    expect(store().messages.public).toHaveLength(0);
    expect(picker()).toBeInTheDocument();

    await user.clear(within(picker()).getByRole('searchbox', { name: T.emoji.search }));
    await user.keyboard('thumbs');
    await pickerSettles();
    const cells = within(picker()).getAllByRole('gridcell');
    expect(cells.map((cell) => cell.getAttribute('aria-label')).sort()).toEqual(['Thumbs down', 'Thumbs up']);
    expect(cells[0]).toHaveAttribute('aria-selected', 'true'); // typing makes the best match the keyboard's
    await user.keyboard('{ArrowRight}');
    await pickerSettles();
    expect(cells[0]).not.toHaveAttribute('aria-selected');
    expect(cells[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(input()).toHaveValue(`Hi ${cells[1]!.textContent}`);
    expect(store().messages.public).toHaveLength(0);
  });

  it('remembers the skin tone for the next opening', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: T.emoji.open }));
    await user.type(screen.getByRole('searchbox', { name: T.emoji.search }), 'waving hand');
    await pickerSettles();
    expect((await emoji('Waving hand')).textContent).toBe('👋');
    // frimousse names the button with the tone it changes to.
    await user.click(within(picker()).getByRole('button', { name: new RegExp(`^${T.emoji.skinTone}`) }));
    await pickerSettles();
    expect(localStorage.getItem('emojiSkinTone')).toBe('light');
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: T.emoji.open }));
    await user.type(screen.getByRole('searchbox', { name: T.emoji.search }), 'waving hand');
    await pickerSettles();
    expect((await emoji('Waving hand')).textContent).toBe('👋🏻');
  });

  it('says so when the emoji could not load, and loads them again on Try again', async () => {
    vi.spyOn(emojibaseData, 'loadEmojiData').mockRejectedValueOnce(new Error('chunk failed'));
    const user = setup();
    await user.click(screen.getByRole('button', { name: T.emoji.open }));
    await pickerSettles();
    const alert = within(picker()).getByRole('alert');
    expect(alert).toHaveTextContent(T.emoji.failed);
    await user.click(within(alert).getByRole('button', { name: T.emoji.retry }));
    await pickerSettles();
    expect(within(picker()).queryByRole('alert')).toBeNull();
    expect(await emoji('Grinning face')).toBeInTheDocument();
  });

  it('cuts typed text at 500 characters, says so, with a counter near the limit, and an emoji at the limit does not fit', async () => {
    const user = setup();
    await user.click(input());
    await user.paste('x'.repeat(390));
    expect(screen.queryByText(`390/${CHAT_MAX}`)).toBeNull();
    await user.paste('x'.repeat(20));
    expect(screen.getByText(`410/${CHAT_MAX}`)).toBeInTheDocument();
    expect(screen.queryByText('Cut to 500 characters')).toBeNull();
    await user.paste('y'.repeat(200));
    expect(input()).toHaveValue('x'.repeat(410) + 'y'.repeat(90));
    expect(screen.getByText(`${CHAT_MAX}/${CHAT_MAX}`)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Cut to 500 characters');
    await user.keyboard('{Backspace}');
    expect(screen.queryByText('Cut to 500 characters')).toBeNull();
    await user.type(input(), 'y');
    await user.click(screen.getByRole('button', { name: T.emoji.open }));
    await user.click(await emoji('Grinning face'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(input()).toHaveValue('x'.repeat(410) + 'y'.repeat(90));
    expect(screen.getByText('Cut to 500 characters')).toBeInTheDocument();
  });

  it('cleans a pasted flood before cutting: Z and 500 accents stays a letter, never an emptied draft', async () => {
    const user = setup();
    await user.click(input());
    await user.paste(`Z${'\u0301'.repeat(500)}`);
    expect(input()).toHaveValue(`Z${'\u0301'.repeat(3)}`);
    expect(screen.queryByText('Cut to 500 characters')).toBeNull();
    await user.keyboard('{Enter}');
    await settle();
    expect(store().messages.public.at(-1)?.body).toBe(`Z${'\u0301'.repeat(3)}`);
  });

  it('does not send text with nothing visible in it', async () => {
    const user = setup();
    await user.type(input(), '\u200B\u200B');
    expect(screen.getByRole('button', { name: T.send })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(store().messages.public).toHaveLength(0);
  });

  it('says why when nothing is left to send after cleaning, and keeps the text', async () => {
    const user = setup();
    await user.type(input(), '<b></b>');
    await user.keyboard('{Enter}');
    expect(screen.getByText(T.nothingToSend)).toBeInTheDocument();
    expect(input()).toHaveValue('<b></b>');
    expect(store().messages.public).toHaveLength(0);
  });
});

describe('rate limit (§8)', () => {
  it('replaces the input with the notice and a live countdown, then gives the draft back', async () => {
    const user = setup();
    await user.type(input(), 'half-written');
    act(() => store().rateLimited(5));
    expect(screen.queryByRole('textbox', { name: T.messageLabel })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Too many messages being sent right now. Chat will resume in 5s ...');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Too many messages being sent right now. Chat will resume in 4s ...')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.queryByText(/Too many messages/)).toBeNull();
    expect(input()).toHaveValue('half-written');
  });

  it('ignores a value that is not a number', () => {
    setup();
    act(() => store().rateLimited('5'));
    expect(screen.queryByText(/Too many messages/)).toBeNull();
    expect(input()).toBeInTheDocument();
  });
});

describe('moderating public messages (§4, §6)', () => {
  it('deletes after an inline confirmation: "Message has been deleted", then gone after 2 s', async () => {
    store().loadHistory([msg({ id: 'spam', body: 'Buy cheap followers!!!' }), msg({ body: 'Nice talk' })]);
    const user = setup();
    await user.click(within(row('Buy cheap followers')).getByRole('button', { name: T.deleteFor('Emily Carter') }));
    const confirm = within(row('Buy cheap followers')).getByRole('group', { name: T.deleteFor('Emily Carter') });
    expect(within(confirm).getByText(T.confirmDeleteQuestion)).toBeInTheDocument();
    expect(within(confirm).getByRole('button', { name: T.confirmDelete })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: T.confirmDelete }));
    expect(screen.getByText('Message has been deleted')).toBeInTheDocument();
    expect(screen.queryByText('Buy cheap followers!!!')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(DELETED_MESSAGE_KEEP_MS - 1));
    expect(screen.getByText('Message has been deleted')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText('Message has been deleted')).toBeNull();
    expect(within(publicList()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('cancelling the confirmation keeps the message', async () => {
    store().loadHistory([msg({ body: 'Keep me' })]);
    const user = setup();
    await user.click(within(row('Keep me')).getByRole('button', { name: T.deleteFor('Emily Carter') }));
    await user.keyboard('{Escape}');
    expect(within(row('Keep me')).getByRole('button', { name: T.deleteFor('Emily Carter') })).toBeInTheDocument();
    expect(store().messages.public[0]!.deleteDate).toBe(0);
  });

  it('shows one message on stream at a time, clearly marked; Delete is hidden for it and for own messages', async () => {
    store().loadHistory([msg({ body: 'First one' }), msg({ body: 'Second one', sender: DANIEL }), msg({ body: 'My own', sender: SELF })]);
    const user = setup();
    expect(within(row('My own')).queryByRole('button', { name: /Delete message/ })).toBeNull();
    expect(within(row('My own')).getByRole('button', { name: T.showOnStream })).toBeInTheDocument();

    await user.click(within(row('First one')).getByRole('button', { name: T.showOnStream }));
    expect(within(row('First one')).getByText(T.onStream)).toBeInTheDocument();
    expect(within(row('First one')).getByRole('button', { name: T.hideFromStream })).toBeInTheDocument();
    expect(within(row('First one')).queryByRole('button', { name: /Delete message/ })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(`${T.onStreamBar}Emily Carter First one`);

    await user.click(within(row('Second one')).getByRole('button', { name: T.showOnStream }));
    expect(within(row('First one')).queryByText(T.onStream)).toBeNull();
    expect(within(row('First one')).getByRole('button', { name: T.deleteFor('Emily Carter') })).toBeInTheDocument();
    expect(within(row('Second one')).getByText(T.onStream)).toBeInTheDocument();
    expect(store().onStreamMessageId).toBe(store().messages.public[1]!.id);

    await user.click(within(row('Second one')).getByRole('button', { name: T.hideFromStream }));
    expect(screen.queryByText(T.onStream)).toBeNull();
    expect(store().onStreamMessageId).toBeNull();
  });
});

describe('PRIVATE panel (§2, §6 replies tagged moderator_reply)', () => {
  it('lists private messages from attendees and replies to one', async () => {
    store().loadHistory([msg({ body: 'Can I get the slides?', privateChat: true, receiver: SELF })]);
    act(() => store().receive(msg({ body: 'Is there a recording?', sender: DANIEL, privateChat: true, receiver: SELF })));
    const user = setup();
    expect(screen.getByRole('tab', { name: `${T.tabPrivate} 1` })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: new RegExp(`^${T.tabPrivate}`) }));
    expect(store().unread.private).toBe(0);
    await user.click(screen.getByRole('button', { name: T.replyTo('Emily Carter') }));
    expect(screen.getByText(T.replyingTo('Emily Carter'))).toBeInTheDocument();
    await user.type(input(), 'Yes, after the session');
    await user.keyboard('{Enter}');
    await settle();
    const reply = store().messages.private.find((m) => m.isSelf)!;
    expect(reply).toMatchObject({ tag: 'moderator_reply', receiver: expect.objectContaining({ guid: 'emily' }), body: 'Yes, after the session' });
    expect(within(row('Yes, after the session')).getByText(T.repliedTo('Emily Carter'))).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('selectedTabs') ?? '{}')).toEqual({ chat: 'PRIVATE' });
  });
});

describe('virtualised list (5,000+ messages must stay smooth)', () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => msg({ id: `bulk-${i}`, body: `Message number ${i}`, sender: i % 2 ? EMILY : DANIEL }));

  it('renders only a window of rows, at the newest message', () => {
    store().loadHistory(many(5000));
    // Fake timers also fake the clocks: time the mount on real ones.
    vi.useRealTimers();
    const started = performance.now();
    render(<ChatPanel clock={clock} />);
    const mountMs = performance.now() - started;
    const rows = within(publicList()).getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(60);
    expect(rows.at(-1)).toHaveAttribute('aria-posinset', '5000');
    expect(rows.at(-1)).toHaveAttribute('aria-setsize', '5000');
    expect(screen.getByText('Message number 4999')).toBeInTheDocument();
    expect(screen.queryByText('Message number 0')).toBeNull();
    console.info(`[chat] mounting ChatPanel with 5,000 messages: ${mountMs.toFixed(1)} ms, ${rows.length} rows in the DOM`);
  });

  it('stays put when scrolled up, with a "new messages" pill that brings the reader down', async () => {
    store().loadHistory(many(500));
    const user = setup();
    const scroller = screen.getByRole('region', { name: T.publicListLabel });
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 400 });
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 40_000 });
    scroller.scrollTop = 1000;
    fireEvent.scroll(scroller);
    expect(within(publicList()).queryByText('Message number 499')).toBeNull();

    act(() => store().receive(msg({ body: 'Fresh one' })));
    act(() => store().receive(msg({ body: 'Fresh two' })));
    expect(screen.queryByText('Fresh two')).toBeNull();
    await user.click(screen.getByRole('button', { name: T.newMessages(2) }));
    expect(screen.queryByRole('button', { name: /new message/ })).toBeNull();
    expect(screen.getByText('Fresh two')).toBeInTheDocument();
  });

  /** The scroller as laid out at the newest message: rows of 50 px in a 400 px viewport, a settable scrollTop. */
  function atNewest(scroller: HTMLElement) {
    const position = { top: 0 };
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 400 });
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, get: () => store().messages.public.length * 50 });
    Object.defineProperty(scroller, 'scrollTop', { configurable: true, get: () => position.top, set: (v: number) => (position.top = v) });
    position.top = scroller.scrollHeight - scroller.clientHeight;
    fireEvent.scroll(scroller);
    return { get top() { return position.top; }, bottom: () => scroller.scrollHeight - scroller.clientHeight };
  }

  it('holds still under a resting pointer (new messages wait below the pill), and follows again once it leaves', async () => {
    store().loadHistory(many(500));
    const user = setup();
    const scroller = screen.getByRole('region', { name: T.publicListLabel });
    const view = atNewest(scroller);
    act(() => store().receive(msg({ body: 'Before the hover' })));
    expect(view.top).toBe(view.bottom()); // following while nobody points at it

    await user.hover(scroller);
    const resting = view.top;
    act(() => store().receive(msg({ body: 'Fresh one' })));
    act(() => store().receive(msg({ body: 'Fresh two' })));
    expect(view.top).toBe(resting);
    expect(screen.getByRole('button', { name: T.newMessages(2) })).toBeInTheDocument();

    await user.unhover(scroller);
    expect(view.top).toBe(view.bottom());
    expect(screen.queryByRole('button', { name: /new message/ })).toBeNull();
  });

  it('holds still while the keyboard is in the list, and follows again when it leaves', async () => {
    store().loadHistory(many(500));
    const user = setup();
    const scroller = screen.getByRole('region', { name: T.publicListLabel });
    const view = atNewest(scroller);
    act(() => scroller.focus());
    const resting = view.top;
    act(() => store().receive(msg({ body: 'Fresh one' })));
    expect(view.top).toBe(resting);
    expect(screen.getByRole('button', { name: T.newMessages(1) })).toBeInTheDocument();
    await user.click(input());
    expect(view.top).toBe(view.bottom());
  });

  it('the user’s own message brings the list down even when scrolled up', async () => {
    store().loadHistory(many(500));
    const user = setup();
    const scroller = screen.getByRole('region', { name: T.publicListLabel });
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 400 });
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 40_000 });
    scroller.scrollTop = 0;
    fireEvent.scroll(scroller);
    await user.type(input(), 'Thanks all!{Enter}');
    expect(screen.getByText('Thanks all!')).toBeInTheDocument();
    await settle();
  });
});
