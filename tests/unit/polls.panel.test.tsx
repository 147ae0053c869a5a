/** The Poll tool (§2 Poll, §4, §5, §8): form messages, Save enablement, the poll's life with a simulated audience. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PollPanel } from '../../src/features/poll/PollPanel';
import { POLL_TEXTS as T } from '../../src/features/poll/texts';
import { TEXTS } from '../../src/lib/texts';
import { initialPollState, unseenPollCount, usePollStore } from '../../src/state/polls/pollStore';
import { installBackend } from '../../src/state/backend';
import { audienceOnStores, installFakeBackend } from './fakeBackend';
import { COPY_CONFIRMATION_MS, SHARE_BUBBLE_SIZE } from '../../src/state/polls/limits';
import type { Poll } from '../../src/state/polls/types';
import { createDemoPollsQnaService, DEMO_CALL_LATENCY_MS } from '../../src/demo/audience/pollsQnaService';
import { startPollsQnaSimulation } from '../../src/demo/audience/pollsQnaSimulator';
import { DEMO_POLLS } from '../../src/demo/audience/pollsQnaData';

const M = T.validation;
const SHORT_URL = 'https://example.com/p/demo';
const opts = (...texts: string[]) => texts.map((option, i) => ({ optionNumber: i + 1, option }));

let failCalls = false;
function setup() {
  const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
  render(<PollPanel shortUrl={SHORT_URL} />);
  return user;
}
/** Lets the demo service answer. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(DEMO_CALL_LATENCY_MS));

beforeEach(() => {
  vi.useFakeTimers();
  // Testing Library waits one timer tick after each user-event call; it only advances fake timers it recognises as jest's.
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  failCalls = false;
  usePollStore.setState(initialPollState());
  installFakeBackend({ polls: createDemoPollsQnaService({ fail: (call) => failCalls && call !== 'polls.markSeen' }).polls });
});
afterEach(() => {
  installBackend(null);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const question = () => screen.getByRole('textbox', { name: 'Question' });
const option = (n: number) => screen.getByRole('textbox', { name: T.option(n) });
const completedTab = () => screen.getByRole('tab', { name: new RegExp(`^${T.tabCompleted}`) });
const save = () => screen.getByRole('button', { name: T.save });

describe('empty states (§8)', () => {
  it("shows 'There is no active poll' and 'There is no completed poll'", async () => {
    const user = setup();
    expect(screen.getByText('There is no active poll')).toBeInTheDocument();
    await user.click(completedTab());
    expect(screen.getByText('There is no completed poll')).toBeInTheDocument();
  });

  it('remembers the selected tab', async () => {
    const user = setup();
    await user.click(completedTab());
    expect(JSON.parse(localStorage.getItem('selectedTabs') ?? '{}')).toEqual({ poll: 'COMPLETED' });
  });
});

describe('create form (§5)', () => {
  it('shows every message next to its field and never loses what was typed', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: T.createPoll }));
    expect(save()).toBeDisabled();

    // Empty question, once touched.
    await user.type(question(), 'x');
    await user.clear(question());
    expect(screen.getByText(M.questionEmpty)).toBeInTheDocument();
    expect(question()).toHaveAttribute('aria-invalid', 'true');

    // Empty options, once touched.
    await user.click(option(1));
    await user.tab();
    expect(screen.getByText(M.optionTextNotSet)).toBeInTheDocument();

    // Too long question and option: allowed to type, counter shows it, Save says why.
    const longQuestion = 'Q'.repeat(151);
    await user.click(question());
    await user.paste(longQuestion);
    expect(screen.getByText(M.questionTooLong)).toBeInTheDocument();
    expect(screen.getByText('151/150')).toBeInTheDocument();
    await user.click(option(1));
    await user.paste('o'.repeat(151));
    expect(screen.getByText(M.optionTextTooLong)).toBeInTheDocument();
    await user.click(option(2));
    await user.paste('Fine');
    expect(save()).toBeEnabled();
    await user.click(save());
    expect(usePollStore.getState().polls).toEqual([]);
    expect(question()).toHaveValue(longQuestion);
    expect(option(1)).toHaveValue('o'.repeat(151));
    expect(question()).toHaveFocus();

    // Fixing the texts clears the messages.
    await user.clear(question());
    await user.type(question(), 'Ready?');
    await user.clear(option(1));
    await user.type(option(1), 'Yes');
    expect(screen.queryByText(M.questionTooLong)).toBeNull();
    expect(screen.queryByText(M.optionTextTooLong)).toBeNull();
    expect(screen.queryByText(M.optionTextNotSet)).toBeNull();
  });

  it('enables Save only with a question and at least 2 options, all non-empty', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: T.createPoll }));
    await user.type(question(), 'Pick one');
    expect(save()).toBeDisabled();
    await user.type(option(1), 'A');
    expect(save()).toBeDisabled();
    await user.type(option(2), 'B');
    expect(save()).toBeEnabled();
    await user.click(screen.getByRole('button', { name: T.addOption }));
    expect(save()).toBeDisabled();
    await user.type(option(3), 'C');
    expect(save()).toBeEnabled();
    await user.clear(question());
    await user.type(question(), '   ');
    expect(save()).toBeDisabled();
  });

  it('lets options beyond the first two be deleted, and renumbers', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: T.createPoll }));
    expect(screen.queryByRole('button', { name: /Delete option/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: T.addOption }));
    await user.click(screen.getByRole('button', { name: T.addOption }));
    await user.type(option(3), 'Third');
    await user.type(option(4), 'Fourth');
    expect(screen.queryByRole('button', { name: T.deleteOption(1) })).toBeNull();
    expect(screen.queryByRole('button', { name: T.deleteOption(2) })).toBeNull();
    await user.click(screen.getByRole('button', { name: T.deleteOption(3) }));
    expect(option(3)).toHaveValue('Fourth');
    expect(screen.queryByRole('textbox', { name: T.option(4) })).toBeNull();
  });

  it("shows 'Poll has a too few options' for a poll that arrived with one option", async () => {
    usePollStore.getState().setPolls([{ pollGuid: 'one', question: 'Lonely?', options: opts('Only'), results: [] }]);
    const user = setup();
    await user.click(screen.getByRole('button', { name: T.edit }));
    expect(screen.getByText(M.tooFewOptions)).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: T.addOption }));
    await user.type(option(2), 'Another');
    expect(screen.queryByText(M.tooFewOptions)).toBeNull();
  });

  it('Enter in an option goes on to the next one, adding it after the last; it never saves the poll', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: T.createPoll }));
    await user.type(question(), 'Coffee or tea?');
    await user.type(option(1), 'Coffee{Enter}');
    expect(option(2)).toHaveFocus();
    await user.keyboard('Tea{Enter}');
    expect(option(3)).toHaveFocus();
    expect(option(3)).toHaveValue('');
    // An empty last option is not followed by another one.
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('textbox', { name: T.option(4) })).toBeNull();
    await user.keyboard('Water');
    await settle();
    expect(usePollStore.getState().polls).toEqual([]);
    expect(screen.getByRole('form')).toBeInTheDocument();
  });

  it('Ctrl+Enter (Cmd+Enter on a Mac) saves from any field, and Save says so', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: T.createPoll }));
    expect(save()).toHaveAttribute('aria-keyshortcuts', 'Control+Enter Meta+Enter');
    expect(save()).toHaveAccessibleDescription(T.formKeys('Ctrl+Enter'));
    await user.type(question(), 'Coffee or tea?');
    await user.type(option(1), 'Coffee');
    await user.type(option(2), 'Tea{Control>}{Enter}{/Control}');
    await settle();
    expect(usePollStore.getState().polls.map((p) => p.options.map((o) => o.option))).toEqual([['Coffee', 'Tea']]);
  });

  it('strips markup from what is saved', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: T.createPoll }));
    await user.type(question(), '<b>Tom & Jerry</b>?');
    await user.type(option(1), 'Tom');
    await user.type(option(2), 'Jerry');
    await user.click(save());
    await settle();
    expect(usePollStore.getState().polls[0]?.question).toBe('Tom & Jerry?');
  });

  it('a failed save keeps the form and the draft, with an inline error (§8)', async () => {
    failCalls = true;
    const user = setup();
    await user.click(screen.getByRole('button', { name: T.createPoll }));
    await user.type(question(), 'Keep me');
    await user.type(option(1), 'A');
    await user.type(option(2), 'B');
    await user.click(save());
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent(/Creating the poll failed/);
    expect(question()).toHaveValue('Keep me');
    expect(usePollStore.getState().polls).toEqual([]);
  });
});

describe("a poll's life (§4)", () => {
  it('created → Start poll → Live with votes from the simulated audience → End poll → Completed', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: T.createPoll }));
    await user.type(question(), 'Best session so far?');
    await user.type(option(1), 'Keynote');
    await user.type(option(2), 'Demo');
    await user.click(save());
    await settle();

    const card = screen.getByRole('article', { name: 'Best session so far?' });
    expect(within(card).getByRole('button', { name: T.edit })).toBeEnabled();
    expect(within(card).getByRole('button', { name: T.delete })).toBeEnabled();
    await user.click(within(card).getByRole('button', { name: T.startPoll }));
    await settle();
    expect(within(card).getByText('Live')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: T.edit })).toBeNull();
    const bubble = within(card).getByRole('region', { name: T.shareTitle });
    expect(within(bubble).getByRole('textbox')).toHaveValue(SHORT_URL);
    expect(bubble).toHaveStyle({ width: `${SHARE_BUBBLE_SIZE.width}px`, height: `${SHARE_BUBBLE_SIZE.height}px` });
    expect(within(card).getByTestId('poll-total')).toHaveTextContent('0 votes');

    const stop = startPollsQnaSimulation({ seed: 7, audience: audienceOnStores() });
    await act(() => vi.advanceTimersByTimeAsync(5000));
    const votes = () => Number(/(\d+)/.exec(within(card).getByTestId('poll-total').textContent ?? '')?.[1]);
    const afterFive = votes();
    expect(afterFive).toBeGreaterThanOrEqual(5);
    const items = within(card).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveAccessibleName(/^Keynote: \d+ votes?, \d+%$/);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(votes()).toBeGreaterThan(afterFive);

    await user.click(within(card).getByRole('button', { name: T.endPoll }));
    await settle();
    const final = votes();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    stop();
    expect(screen.getByText('There is no active poll')).toBeInTheDocument();
    await user.click(completedTab());
    const done = screen.getByRole('article', { name: 'Best session so far?' });
    expect(within(done).getByTestId('poll-total')).toHaveTextContent(`${final} votes`);
    expect(within(done).queryByRole('button')).toBeNull();
  });

  it('offers Start poll only while no poll is live', () => {
    usePollStore.getState().setPolls([
      { pollGuid: 'live', question: 'Live one', options: opts('a', 'b'), status: 'ACTIVE', results: [] },
      { pollGuid: 'next', question: 'Next one', options: opts('a', 'b'), results: [] },
    ]);
    setup();
    const next = screen.getByRole('article', { name: 'Next one' });
    expect(within(next).getByRole('button', { name: T.startPoll })).toBeDisabled();
    expect(within(next).getByText(T.startBlocked)).toBeInTheDocument();
  });

  it('copies the share link; the confirmation lasts 3 s (§9)', async () => {
    usePollStore.getState().setPolls([{ pollGuid: 'live', question: 'Live one', options: opts('a', 'b'), status: 'ACTIVE', results: [] }]);
    const user = setup();
    const write = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: T.copyLink }));
    expect(write).toHaveBeenCalledWith(SHORT_URL);
    await act(() => vi.advanceTimersByTimeAsync(0)); // the clipboard answers asynchronously
    expect(screen.getByRole('button', { name: T.copied })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(COPY_CONFIRMATION_MS - 1));
    expect(screen.getByRole('button', { name: T.copied })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('button', { name: T.copyLink })).toBeInTheDocument();
  });

  it('deletes a created poll after confirmation', async () => {
    usePollStore.getState().setPolls([{ pollGuid: 'd', question: 'Drop me', options: opts('a', 'b'), results: [] }]);
    const user = setup();
    await user.click(screen.getByRole('button', { name: T.delete }));
    const dialog = screen.getByRole('alertdialog', { name: T.deleteTitle });
    await user.click(within(dialog).getByRole('button', { name: T.confirmCancel }));
    expect(screen.getByRole('article', { name: 'Drop me' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.delete }));
    await user.click(screen.getByRole('button', { name: T.confirmDelete }));
    await settle();
    expect(screen.getByText('There is no active poll')).toBeInTheDocument();
  });

  it('a failed start rolls back and shows an inline error', async () => {
    usePollStore.getState().setPolls([{ pollGuid: 'd', question: 'Start me', options: opts('a', 'b'), results: [] }]);
    failCalls = true;
    const user = setup();
    await user.click(screen.getByRole('button', { name: T.startPoll }));
    expect(screen.getByText('Live')).toBeInTheDocument();
    await settle();
    expect(screen.queryByText('Live')).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('Starting the poll failed: The server could not complete polls.manage');
    await user.click(screen.getByRole('button', { name: TEXTS.dismiss }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('marks the polls it shows as seen', async () => {
    usePollStore.getState().setPolls(DEMO_POLLS as Poll[]);
    expect(unseenPollCount(usePollStore.getState())).toBe(2);
    const user = setup();
    expect(unseenPollCount(usePollStore.getState())).toBe(1);
    await user.click(completedTab());
    expect(unseenPollCount(usePollStore.getState())).toBe(0);
  });
});
