/**
 * The attendee page's other ways to take part (issue 32), on a mocked backend and a fake socket: a
 * raised hand and the invitation on stage ("Join backstage", "Not now"), the moderators' banner and
 * the attendee count, and an invited-only event (told without a personal link; the link's name
 * starts the form).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADA, calls, fake, installAttendeeFakes, msg, open, PAGE, socket } from './attendeePage.harness';

vi.mock('hls.js/light', () => ({ default: class {} }));

installAttendeeFakes();

const joinedPage = (extra: Record<string, unknown> = {}) => ({ ...PAGE, attendee: ADA, hand: { raised: false, stageInvite: null }, raiseHandEnabled: true, banner: null, attendeeCount: null, invitedOnly: false, invite: null, ...extra });
const basics = (method: string, path: string) => {
  if (method === 'GET' && (path === '/chat' || path === '/qna')) return { status: 200, body: path === '/chat' ? [] : { questions: [] } };
  if (path === '/poll') return { status: 200, body: { poll: null } };
  return null;
};

afterEach(() => history.replaceState(null, '', '/'));

describe('a raised hand', () => {
  it('Raise hand is a toggle the server confirms; an invitation on stage offers Join backstage (the attendee’s own invite) and Not now lowers the hand', async () => {
    let refuse = false;
    fake.route = (method, path, body) => {
      if (method === 'GET' && path === '') return { status: 200, body: joinedPage() };
      if (method === 'POST' && path === '/hand') {
        if (refuse) return { status: 429, body: { type: 'client', code: 'TOO_MANY', message: 'Too often' } };
        return { status: 200, body: { raised: (body as { raised: boolean }).raised, stageInvite: null } };
      }
      return basics(method, path) ?? { status: 404, body: {} };
    };
    const assign = vi.fn();
    vi.stubGlobal('location', { ...location, assign, search: '' });
    open();
    const s = await socket();
    const panel = await screen.findByRole('region', { name: 'Audience' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Raise hand' }));
    expect(await within(panel).findByRole('button', { name: 'Lower hand' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(panel).getByRole('status')).toHaveTextContent('Your hand is raised. The hosts can see it.');
    expect(calls.filter((c) => c.path === '/hand').map((c) => c.body)).toEqual([{ raised: true }]);

    // A moderator invites them on stage: the socket brings their own invite.
    s.deliver({ type: 'hand', raised: true, stageInvite: 'own-invite' });
    const invitation = within(panel).getByRole('alert');
    expect(invitation).toHaveTextContent('The hosts invite you on stage.');
    fireEvent.click(within(invitation).getByRole('button', { name: 'Join backstage' }));
    expect(assign).toHaveBeenCalledWith(expect.stringMatching(/guest\/own-invite$/));

    fireEvent.click(within(invitation).getByRole('button', { name: 'Not now' }));
    expect(await within(panel).findByRole('button', { name: 'Raise hand' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect(calls.filter((c) => c.path === '/hand').at(-1)!.body).toEqual({ raised: false });

    // A refusal keeps the hand as it was and says so.
    refuse = true;
    fireEvent.click(within(panel).getByRole('button', { name: 'Raise hand' }));
    expect(await within(panel).findByText('Your hand could not be changed. Try again.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Raise hand' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('no hand button while the event does not allow hands; a moderator lowering it is shown at once', async () => {
    fake.route = (method, path) => (method === 'GET' && path === '' ? { status: 200, body: joinedPage({ raiseHandEnabled: false }) } : (basics(method, path) ?? { status: 404, body: {} }));
    open();
    const s = await socket();
    const panel = await screen.findByRole('region', { name: 'Audience' });
    expect(within(panel).queryByRole('button', { name: 'Raise hand' })).toBeNull();
    s.deliver({ type: 'settings', raiseHandEnabled: true, banner: null, attendeeCount: null });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Raise hand' }));
    s.deliver({ type: 'hand', raised: false, stageInvite: null });
    expect(within(panel).getByRole('button', { name: 'Raise hand' })).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('what the moderators show', () => {
  it('a banner over the page (closed by the attendee until a new one), taken down by an empty one; the count when shown', async () => {
    fake.route = (method, path) => (method === 'GET' && path === '' ? { status: 200, body: joinedPage({ banner: 'Welcome!' }) } : (basics(method, path) ?? { status: 404, body: {} }));
    open();
    const s = await socket();
    const banner = await screen.findByRole('status', { name: 'Announcement from the hosts' });
    expect(banner).toHaveTextContent('Welcome!');
    fireEvent.click(within(banner).getByRole('button', { name: 'Close the announcement' }));
    expect(screen.queryByRole('status', { name: 'Announcement from the hosts' })).toBeNull();
    s.deliver({ type: 'banner', message: 'Q&A is open' });
    expect(screen.getByRole('status', { name: 'Announcement from the hosts' })).toHaveTextContent('Q&A is open');
    s.deliver({ type: 'banner', message: null });
    expect(screen.queryByRole('status', { name: 'Announcement from the hosts' })).toBeNull();

    expect(screen.queryByTestId('attendee-count')).toBeNull();
    s.deliver({ type: 'settings', raiseHandEnabled: true, banner: null, attendeeCount: 1 });
    expect(screen.getByTestId('attendee-count')).toHaveTextContent('1 attendee');
    s.deliver({ type: 'count', attendeeCount: 1204 });
    expect(screen.getByTestId('attendee-count')).toHaveTextContent('1204 attendees');
    s.deliver({ type: 'settings', raiseHandEnabled: true, banner: null, attendeeCount: null });
    expect(screen.queryByTestId('attendee-count')).toBeNull();
  });
});

describe('the message on stream', () => {
  it('is marked in the chat, whether it was loaded before or arrives after; taken off, the mark goes', async () => {
    fake.route = (method, path) => {
      if (method === 'GET' && path === '') return { status: 200, body: joinedPage({ onStreamMessageId: 'm1' }) };
      if (method === 'GET' && path === '/chat') return { status: 200, body: [msg('m1', 'First!'), msg('m2', 'Second')] };
      return basics(method, path) ?? { status: 404, body: {} };
    };
    open();
    const s = await socket();
    const panel = await screen.findByRole('region', { name: 'Audience' });
    expect(await within(panel).findByRole('article', { name: 'Priya Patel: First!' })).toHaveTextContent('On stream');
    s.deliver({ type: 'chat.onStream', id: 'm3' });
    expect(within(panel).getByRole('article', { name: 'Priya Patel: First!' })).not.toHaveTextContent('On stream');
    s.deliver({ type: 'chat.msg', message: msg('m3', 'Third') });
    expect(within(panel).getByRole('article', { name: 'Priya Patel: Third' })).toHaveTextContent('On stream');
    s.deliver({ type: 'chat.onStream', id: null });
    expect(within(panel).getByRole('article', { name: 'Priya Patel: Third' })).not.toHaveTextContent('On stream');
  });
});

describe('the event’s brand colour', () => {
  it('colours the page’s accents, with text that reads on it', async () => {
    fake.route = (method, path) => (method === 'GET' && path === '' ? { status: 200, body: joinedPage({ brandColor: '#FFD166', banner: 'Hello' }) } : (basics(method, path) ?? { status: 404, body: {} }));
    open();
    await socket();
    await screen.findByRole('status', { name: 'Announcement from the hosts' });
    const page = screen.getByTestId('watch-page');
    expect(page.style.getPropertyValue('--event-brand')).toBe('#FFD166');
    expect(page.style.getPropertyValue('--on-event-brand')).toBe('#0B0D12'); // dark text on a light brand
  });
});

describe('an invited-only event', () => {
  it('tells anyone without a personal link why there is no form; a personal link starts the form with its name and joins with it', async () => {
    const page = { ...PAGE, invitedOnly: true, invite: null };
    fake.route = (method, path) => (method === 'GET' && path === '' ? { status: 200, body: page } : { status: 404, body: {} });
    const { unmount } = open();
    expect(await screen.findByText('This event is for invited attendees only. Open the personal link the hosts sent you.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Join the event' })).toBeNull();
    unmount();

    history.replaceState(null, '', '/watch/product-launch?invite=abc123');
    fake.route = (method, path) => {
      if (method === 'GET' && path === '') return { status: 200, body: { ...page, invite: { name: 'Dana Guest' } } };
      if (path === '/join') return { status: 200, body: { attendee: { id: 'attendee-9', name: 'Dana Guest' } } };
      return basics(method, path) ?? { status: 404, body: {} };
    };
    open();
    const form = await screen.findByRole('form', { name: 'Join the event' });
    expect(screen.getByText('You were invited as Dana Guest.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Your name')).toHaveValue('Dana Guest');
    fireEvent.click(within(form).getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/join')?.body).toEqual({ name: 'Dana Guest', invite: 'abc123' }));
  });
});
