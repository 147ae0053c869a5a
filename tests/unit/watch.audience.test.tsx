/**
 * The attendee's side of the event page (issue 32), on a mocked backend and a fake socket: joining
 * (a blank name cannot be sent; the server's reason is shown and the name kept), the chat (the
 * scrollback, a sent message, one from the socket, a deletion, unread counts per tab, the §9 rate
 * limit), polls, Q&A (asking, waiting, the rate limit, upvotes, answers), a removal, and "Leave event".
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADA, calls, fake, installAttendeeFakes, msg, open, PAGE, socket } from './attendeePage.harness';
import { useAttendeeStore } from '../../src/state/attendee/attendeeStore';

vi.mock('hls.js/light', () => ({ default: class {} }));

installAttendeeFakes();

describe('joining', () => {
  it('a blank name cannot be sent; the server’s reason is shown and the name kept; then the attendee is in', async () => {
    let refuse = true;
    fake.route = (method, path) => {
      if (method === 'GET' && path === '') return { status: 200, body: PAGE };
      if (path === '/join') return refuse ? { status: 400, body: { type: 'client', code: 'BAD_REQUEST', message: 'Please enter your name.' } } : { status: 200, body: { attendee: ADA } };
      if (path === '/chat') return { status: 200, body: [msg('m1', 'Welcome, everyone')] };
      if (path === '/poll') return { status: 200, body: { poll: null } };
      return { status: 404, body: {} };
    };
    open();
    const form = await screen.findByRole('form', { name: 'Join the event' });
    const name = within(form).getByLabelText('Your name');
    fireEvent.change(name, { target: { value: '   ' } });
    expect(within(form).getByRole('button', { name: 'Join' })).toBeDisabled();
    fireEvent.change(name, { target: { value: 'Ada' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter your name.');
    expect(within(screen.getByRole('form', { name: 'Join the event' })).getByLabelText('Your name')).toHaveValue('Ada');

    refuse = false;
    fireEvent.click(within(screen.getByRole('form', { name: 'Join the event' })).getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('You are Ada')).toBeInTheDocument();
    await socket();
    expect(await screen.findByRole('article', { name: 'Priya Patel: Welcome, everyone' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/join')!.body).toEqual({ name: 'Ada' });
  });

  it('an event that asks for an e-mail shows the field; a removed browser is told so and offered no form', async () => {
    fake.route = (method, path) => (method === 'GET' && path === '' ? { status: 200, body: { ...PAGE, requireEmail: true } } : { status: 404, body: {} });
    const { unmount } = open();
    expect(await screen.findByLabelText('E-mail address')).toBeInTheDocument();
    unmount();
    fake.route = (method, path) => (method === 'GET' && path === '' ? { status: 200, body: { ...PAGE, removed: true } } : { status: 404, body: {} });
    open();
    expect(await screen.findByText('You were removed from this event by a moderator.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Join the event' })).toBeNull();
  });
});

describe('taking part', () => {
  beforeEach(() => {
    let sent = 0;
    fake.route = (method, path, body) => {
      if (method === 'GET' && path === '') return { status: 200, body: { ...PAGE, attendee: ADA } };
      if (method === 'GET' && path === '/chat') return { status: 200, body: [] };
      if (method === 'POST' && path === '/chat') {
        sent += 1;
        const b = body as { text: string; to: string };
        return sent > 2 ? { status: 429, body: { type: 'client', code: 'TOO_MANY', message: 'Too many messages' } } : { status: 200, body: msg(`s${sent}`, b.text, { guid: ADA.id, name: 'Ada', role: 'Attendee' }, b.to === 'moderators') };
      }
      if (path === '/leave') return { status: 200, body: {} };
      if (path === '/poll') return { status: 200, body: { poll: null } };
      return { status: 404, body: {} };
    };
  });

  it('sends, receives, loses a deleted message, counts unread on the other tab, and waits out the rate limit with the text kept', async () => {
    open();
    const s = await socket();
    const chat = await screen.findByRole('region', { name: 'Audience' });
    const input = within(chat).getByPlaceholderText('Message everyone');
    fireEvent.change(input, { target: { value: 'Hello from Ada' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await within(chat).findByRole('article', { name: 'You: Hello from Ada' })).toBeInTheDocument();

    s.deliver({ type: 'chat.msg', message: msg('m2', 'Hi Ada') });
    expect(within(chat).getByRole('article', { name: 'Priya Patel: Hi Ada' })).toBeInTheDocument();
    s.deliver({ type: 'chat.deleted', id: 'm2' });
    expect(within(chat).queryByRole('article', { name: 'Priya Patel: Hi Ada' })).toBeNull();

    // A reply from the moderators while the public chat is shown: the other tab counts it.
    s.deliver({ type: 'chat.msg', message: msg('m3', 'Answer for you', { guid: 'producer-1', name: 'Priya Patel', role: 'Moderator' }, true) });
    expect(within(chat).getByRole('tab', { name: /Moderators/ })).toHaveTextContent('1');
    fireEvent.click(within(chat).getByRole('tab', { name: /Moderators/ }));
    expect(await within(chat).findByRole('article', { name: 'Priya Patel: Answer for you' })).toBeInTheDocument();
    expect(within(chat).getByRole('tab', { name: /Moderators/ })).not.toHaveTextContent('1');

    const privateInput = within(chat).getByPlaceholderText('Message the moderators');
    fireEvent.change(privateInput, { target: { value: 'Thanks!' } });
    fireEvent.keyDown(privateInput, { key: 'Enter' });
    expect(await within(chat).findByRole('article', { name: 'You: Thanks!' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/chat' && c.method === 'POST').map((c) => c.body)).toEqual([
      { text: 'Hello from Ada', to: 'public' },
      { text: 'Thanks!', to: 'moderators' },
    ]);

    // The third is refused by the rate limit: the countdown shows, and the text is back in the draft.
    fireEvent.change(within(chat).getByPlaceholderText('Message the moderators'), { target: { value: 'One more' } });
    fireEvent.keyDown(within(chat).getByPlaceholderText('Message the moderators'), { key: 'Enter' });
    expect(await within(chat).findByRole('status')).toHaveTextContent('7');
    expect(useAttendeeStore.getState().drafts.moderators).toBe('One more');
  });

  it('a poll that starts counts unread on the Polls tab; one vote, then the results so far; the end shows the final results', async () => {
    const base = fake.route;
    let poll: Record<string, unknown> | null = null;
    const question = { pollGuid: 'p1', question: 'Tea or coffee?', options: [{ optionNumber: 1, option: 'Tea' }, { optionNumber: 2, option: 'Coffee' }], status: 'ACTIVE' };
    fake.route = (method, path, body) => {
      if (method === 'GET' && path === '/poll') return { status: 200, body: { poll } };
      if (method === 'POST' && path === '/poll/p1/vote') {
        poll = { ...question, myVote: (body as { optionNumber: number }).optionNumber, results: [{ option: 'Tea', votes: 3 }, { option: 'Coffee', votes: 1 }] };
        return { status: 200, body: { poll } };
      }
      return base(method, path, body);
    };
    open();
    const s = await socket();
    const chat = await screen.findByRole('region', { name: 'Audience' });
    poll = { ...question, myVote: null, results: null };
    s.deliver({ type: 'poll', notificationType: 'START', poll });
    await waitFor(() => expect(within(chat).getByRole('tab', { name: /Polls/ })).toHaveTextContent('1'));
    fireEvent.click(within(chat).getByRole('tab', { name: /Polls/ }));
    const options = await within(chat).findByRole('radiogroup', { name: 'Tea or coffee?' });
    expect(within(chat).getByRole('button', { name: 'Vote' })).toBeDisabled();
    fireEvent.click(within(options).getByRole('radio', { name: 'Tea' }));
    fireEvent.click(within(chat).getByRole('button', { name: 'Vote' }));
    expect(await within(chat).findByText('Thanks for voting. Results so far:')).toBeInTheDocument();
    expect(within(chat).getByText(/Tea: 3 votes, 75 %/)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/poll/p1/vote')!.body).toEqual({ optionNumber: 1 });

    poll = { ...poll!, status: 'DONE' } as Record<string, unknown>;
    s.deliver({ type: 'poll', notificationType: 'END', poll });
    expect(await within(chat).findByText('This poll has ended.')).toBeInTheDocument();
  });

  it('Q&A, between Moderators and Polls: a refusal keeps the text with its reason; a question waits for a moderator; the rate limit counts down; a published one counts unread, is upvoted once and shows its answer', async () => {
    const base = fake.route;
    const q = (id: string, content: string, extra: Record<string, unknown> = {}) => ({ id, content, status: 'ACTIVE', anonymous: false, initiator: { name: 'Ben' }, timestamp: Date.now(), upvoteCount: 0, answerCount: 0, replyCount: 0, answers: [], ...extra });
    let asks = 0;
    fake.route = (method, path, body) => {
      if (method === 'GET' && path === '/qna') return { status: 200, body: { questions: [] } };
      if (method === 'POST' && path === '/qna') {
        asks += 1;
        const b = body as { content: string; anonymous: boolean };
        if (asks === 1) return { status: 400, body: { type: 'client', code: 'BAD_REQUEST', message: 'Please write your question.' } };
        if (asks === 2) return { status: 200, body: { question: q('q1', b.content, { status: 'ASKED', anonymous: true, initiator: { name: 'Anonymous' }, mine: true, myUpvote: false }) } };
        return { status: 429, body: { type: 'client', code: 'TOO_MANY', message: 'You are asking too fast.' } };
      }
      if (method === 'POST' && path === '/qna/q2/upvote') return { status: 200, body: { question: q('q2', 'Is it open source?', { upvoteCount: 1, myUpvote: true }) } };
      return base(method, path, body);
    };
    open();
    const s = await socket();
    const panel = await screen.findByRole('region', { name: 'Audience' });
    expect(within(panel).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Chat', 'Moderators', 'Q&A', 'Polls']);
    // Someone else's question is published while the chat is shown: the Q&A tab counts it.
    s.deliver({ type: 'qna', qna: { type: 'update', question: q('q2', 'Is it open source?') } });
    expect(within(panel).getByRole('tab', { name: /Q&A/ })).toHaveTextContent('1');
    fireEvent.click(within(panel).getByRole('tab', { name: /Q&A/ }));
    expect(await within(panel).findByRole('article', { name: 'Is it open source?' })).toBeInTheDocument();
    expect(within(panel).getByRole('tab', { name: /Q&A/ })).not.toHaveTextContent('1');

    const form = within(panel).getByRole('form', { name: 'Ask a question' });
    const box = within(form).getByLabelText('Your question');
    fireEvent.change(box, { target: { value: 'When is the launch?' } });
    fireEvent.click(within(form).getByLabelText('Ask anonymously'));
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await within(form).findByRole('alert')).toHaveTextContent('Please write your question.');
    expect(box).toHaveValue('When is the launch?');
    fireEvent.click(within(form).getByRole('button', { name: 'Ask' }));
    const mine = await within(panel).findByRole('article', { name: 'When is the launch?' });
    expect(mine).toHaveTextContent('Anonymous (you)');
    expect(mine).toHaveTextContent('Waiting for a moderator to publish it');
    expect(box).toHaveValue('');
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/qna').at(-1)!.body).toEqual({ content: 'When is the launch?', anonymous: true });

    // Past the rate limit: the countdown, the text kept, Ask off until it runs out.
    fireEvent.change(box, { target: { value: 'And the price?' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Ask' }));
    expect(await within(form).findByText('You can ask again in 7s.')).toBeInTheDocument();
    expect(box).toHaveValue('And the price?');
    expect(within(form).getByRole('button', { name: 'Ask' })).toBeDisabled();

    fireEvent.click(within(panel).getByRole('button', { name: 'Upvote, 0 upvotes' }));
    const upvoted = await within(panel).findByRole('button', { name: 'Upvoted, 1 upvote' });
    expect(upvoted).toHaveAttribute('aria-pressed', 'true');
    expect(upvoted).toBeDisabled();

    // A moderator publishes and answers the attendee's question.
    s.deliver({ type: 'qna', qna: { type: 'update', question: q('q1', 'When is the launch?', { anonymous: true, initiator: { name: 'Anonymous' } }) } });
    s.deliver({ type: 'qna', qna: { type: 'answer', id: 'q1', answer: { content: 'On the 1st.', anonymous: false, answerBy: { name: 'Priya Patel' }, timestamp: Date.now() }, answerCount: 1, replyCount: 1 } });
    const published = within(panel).getByRole('article', { name: 'When is the launch?' });
    expect(published).not.toHaveTextContent('Waiting for a moderator');
    expect(published).toHaveTextContent('Anonymous (you)');
    expect(published).toHaveTextContent('1 answer');
    expect(within(published).getByRole('list', { name: 'Answers' })).toHaveTextContent('Priya Patel');
    expect(within(published).getByRole('list', { name: 'Answers' })).toHaveTextContent('On the 1st.');
  });

  it('a removal pushed on the socket ends the chat at once; "Leave event" offers joining again', async () => {
    const { unmount } = open();
    const s = await socket();
    s.deliver({ type: 'attendee.removed' });
    expect(await screen.findByText('You were removed from this event by a moderator.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Audience' })).toBeNull();
    unmount();

    open();
    await socket();
    fireEvent.click(await screen.findByRole('button', { name: 'Leave event' }));
    expect(await screen.findByText(/You left the event/)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Join the event' })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/leave' && c.method === 'POST')).toBe(true);
  });
});
