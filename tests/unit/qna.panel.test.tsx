/** The Q&A tool (§2 Q&A, §4 Question, §5, §8): tabs, actions, masks, sort, replies, announcements. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QnaPanel } from '../../src/features/qna/QnaPanel';
import { QNA_TEXTS as T } from '../../src/features/qna/texts';
import { fromNow } from '../../src/lib/fromNow';
import { initialQnaState, unseenQuestionCount, useQnaStore } from '../../src/state/qna/qnaStore';
import type { QnaService } from '../../src/state/qna/service';
import { installBackend } from '../../src/state/backend';
import { audienceOnStores, installFakeBackend } from './fakeBackend';
import { QNA_MASK_HIDE_MS } from '../../src/state/qna/limits';
import type { Question } from '../../src/state/qna/types';
import { createDemoPollsQnaService, DEMO_CALL_LATENCY_MS, type DemoCall } from '../../src/demo/audience/pollsQnaService';
import { startPollsQnaSimulation } from '../../src/demo/audience/pollsQnaSimulator';

const NOW = 1_700_000_000_000;
const MINUTE = 60_000;
const clock = () => NOW;
const question = (id: string, extra: Partial<Question> = {}): Question => ({
  id,
  content: `Question ${id}?`,
  status: 'ASKED',
  anonymous: false,
  initiator: { name: `Person ${id}` },
  timestamp: NOW - MINUTE,
  upvoteCount: 0,
  answerCount: 0,
  replyCount: 0,
  answers: [],
  ...extra,
});

let failing: DemoCall[] = [];
let service: QnaService;

function setup(autoApprove = false) {
  const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
  render(<QnaPanel autoApprove={autoApprove} clock={clock} />);
  return user;
}
const settle = () => act(() => vi.advanceTimersByTimeAsync(DEMO_CALL_LATENCY_MS));
const tab = (label: string) => screen.getByRole('tab', { name: new RegExp(`^${label}`) });
const card = (content: string) => screen.getByRole('article', { name: content });

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  failing = [];
  useQnaStore.setState(initialQnaState());
  service = createDemoPollsQnaService({ now: clock, fail: (call) => failing.includes(call) }).qna;
  installFakeBackend({ qna: service });
});
afterEach(() => {
  installBackend(null);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('tabs (§2) and empty state (§8)', () => {
  it("shows 'There are no question yet!' when a tab is empty", () => {
    setup();
    expect(screen.getByText('There are no question yet!')).toBeInTheDocument();
  });

  it('offers Incoming, Published, Answered, Unanswered; Incoming is hidden with auto-approve', () => {
    setup();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Incoming', 'Published', 'Answered', 'Unanswered']);
  });

  it('hides Incoming with auto-approve', () => {
    setup(true);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Published', 'Answered', 'Unanswered']);
    expect(tab('Published')).toHaveAttribute('aria-selected', 'true');
  });

  it('files questions by state and remembers the tab', async () => {
    useQnaStore.getState().setQuestions([
      question('a'),
      question('b', { status: 'DECLINED' }),
      question('c', { status: 'ACTIVE', answerCount: 1 }),
      question('d', { status: 'ACTIVE' }),
    ]);
    const user = setup();
    const shown = () => screen.queryAllByRole('article').map((a) => a.getAttribute('aria-labelledby'));
    expect(shown()).toEqual(['question-a', 'question-b']);
    await user.click(tab('Published'));
    expect(shown()).toEqual(['question-c', 'question-d']);
    await user.click(tab('Answered'));
    expect(shown()).toEqual(['question-c']);
    await user.click(tab('Unanswered'));
    expect(shown()).toEqual(['question-d']);
    expect(JSON.parse(localStorage.getItem('selectedTabs') ?? '{}')).toEqual({ qna: 'UNANSWERED' });
  });

  it('marks the questions it shows as seen', async () => {
    useQnaStore.getState().setQuestions([question('a'), question('b', { status: 'ACTIVE' })]);
    const user = setup();
    expect(unseenQuestionCount(useQnaStore.getState())).toBe(1);
    await user.click(tab('Published'));
    expect(unseenQuestionCount(useQnaStore.getState())).toBe(0);
  });
});

describe('actions (§4) and success masks', () => {
  it('Publish shows the published mask for 5 s and moves the question to Published', async () => {
    useQnaStore.getState().setQuestions([question('a')]);
    const user = setup();
    await user.click(within(card('Question a?')).getByRole('button', { name: T.publish }));
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('Yay! Question is successfully published!');
    expect(useQnaStore.getState().questions[0]?.status).toBe('ACTIVE');
    await act(() => vi.advanceTimersByTimeAsync(QNA_MASK_HIDE_MS - 1));
    expect(screen.getByText('Yay! Question is successfully published!')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText('Yay! Question is successfully published!')).toBeNull();
  });

  it('Decline shows the not-published mask for 5 s; the declined question offers Publish and Delete', async () => {
    useQnaStore.getState().setQuestions([question('a')]);
    const user = setup();
    await user.click(within(card('Question a?')).getByRole('button', { name: T.decline }));
    await settle();
    expect(screen.getByText('Question is not published!')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(QNA_MASK_HIDE_MS));
    expect(screen.queryByText('Question is not published!')).toBeNull();
    const declined = card('Question a?');
    expect(within(declined).getByText(T.declined)).toBeInTheDocument();
    expect(within(declined).getAllByRole('button').map((b) => b.textContent)).toEqual([T.publish, T.delete]);
  });

  it('a failed publish changes nothing, shows no mask and an inline error', async () => {
    failing = ['qna.publish'];
    useQnaStore.getState().setQuestions([question('a')]);
    const user = setup();
    await user.click(within(card('Question a?')).getByRole('button', { name: T.publish }));
    await settle();
    expect(screen.queryByText('Yay! Question is successfully published!')).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('Publishing the question failed: The server could not complete qna.publish');
    expect(useQnaStore.getState().questions[0]?.status).toBe('ASKED');
  });

  it('Delete asks for confirmation', async () => {
    useQnaStore.getState().setQuestions([question('a', { status: 'ACTIVE' })]);
    const user = setup();
    await user.click(tab('Published'));
    await user.click(within(card('Question a?')).getByRole('button', { name: T.delete }));
    await user.click(within(screen.getByRole('alertdialog', { name: T.deleteTitle })).getByRole('button', { name: T.confirmCancel }));
    expect(card('Question a?')).toBeInTheDocument();
    await user.click(within(card('Question a?')).getByRole('button', { name: T.delete }));
    await user.click(screen.getByRole('button', { name: T.confirmDelete }));
    await settle();
    expect(screen.getByText(T.noQuestions)).toBeInTheDocument();
  });

  it('Reply sends only non-empty sanitized text; the answer shows and the question becomes Answered', async () => {
    useQnaStore.getState().setQuestions([question('a', { status: 'ACTIVE' })]);
    const user = setup();
    await user.click(tab('Unanswered'));
    await user.click(within(card('Question a?')).getByRole('button', { name: T.reply }));
    const box = screen.getByRole('textbox', { name: T.replyLabel });
    const send = screen.getByRole('button', { name: T.sendReply });
    expect(send).toBeDisabled();
    await user.type(box, '   ');
    expect(send).toBeDisabled();
    await user.clear(box);
    await user.type(box, '<i></i>');
    expect(send).toBeDisabled();
    await user.clear(box);
    await user.type(box, 'Yes, <b>next week</b>!');
    expect(send).toBeEnabled();
    const answer = vi.spyOn(service, 'answer');
    await user.click(send);
    await settle();
    expect(answer).toHaveBeenCalledWith('a', 'Yes, next week!');
    expect(useQnaStore.getState().questions[0]).toMatchObject({ answerCount: 1, replyCount: 1 });
    expect(screen.getByText(T.noQuestions)).toBeInTheDocument();
    await user.click(tab('Answered'));
    expect(within(card('Question a?')).getByText('Yes, next week!')).toBeInTheDocument();
    expect(within(card('Question a?')).getByText('1 answer')).toBeInTheDocument();
  });
});

describe('sort and times', () => {
  it('Latest First by default, Latest Last on request', async () => {
    useQnaStore.getState().setQuestions([
      question('old', { timestamp: NOW - 30 * MINUTE }),
      question('new', { timestamp: NOW - 2 * MINUTE }),
      question('mid', { timestamp: NOW - 10 * MINUTE }),
    ]);
    const user = setup();
    const order = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'));
    expect(screen.getByRole('combobox', { name: T.sortLabel })).toHaveValue('LATEST_FIRST');
    expect(order()).toEqual(['question-new', 'question-mid', 'question-old']);
    await user.selectOptions(screen.getByRole('combobox', { name: T.sortLabel }), T.sorts.LATEST_LAST);
    expect(order()).toEqual(['question-old', 'question-mid', 'question-new']);
    expect(within(card('Question new?')).getByText('2 min ago')).toBeInTheDocument();
  });

  it.each([
    [10_000, 'just now'],
    [3 * MINUTE, '3 min ago'],
    [5 * 60 * MINUTE, '5 h ago'],
    [26 * 60 * MINUTE, 'yesterday'],
    [3 * 24 * 60 * MINUTE, '3 days ago'],
    [-5000, 'just now'],
  ])('%i ms ago reads %s', (age, text) => {
    expect(fromNow(NOW - age, NOW)).toBe(text);
  });

  it('shows Anonymous for anonymous askers', () => {
    useQnaStore.getState().setQuestions([question('a', { anonymous: true, initiator: { name: 'Hidden Name' } })]);
    setup();
    expect(within(card('Question a?')).getByText(T.anonymous)).toBeInTheDocument();
    expect(screen.queryByText('Hidden Name')).toBeNull();
  });
});

describe('announcement form (§2, §5, §7 banner)', () => {
  it('presets pre-fill the message; Send is enabled only when it is non-empty; a confirmation shows for 5 s', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: T.announcement }));
    const presets = screen.getByRole('radiogroup', { name: T.presetLabel });
    expect(within(presets).getAllByRole('radio').map((r) => r.parentElement?.textContent)).toEqual(['Q&A', 'Interact live', 'Free text']);
    const message = screen.getByRole('textbox', { name: T.message });
    const send = screen.getByRole('button', { name: T.send });
    expect(message).toHaveValue(T.presetMessages.QNA);
    expect(send).toBeEnabled();
    await user.click(within(presets).getByRole('radio', { name: 'Interact live' }));
    expect(message).toHaveValue(T.presetMessages.INTERACT);
    await user.click(within(presets).getByRole('radio', { name: 'Free text' }));
    expect(message).toHaveValue('');
    expect(send).toBeDisabled();
    await user.type(message, '  ');
    expect(send).toBeDisabled();
    await user.type(message, 'We start again in 5 minutes');
    expect(send).toBeEnabled();

    const banner = vi.spyOn(service, 'sendBanner');
    await user.click(send);
    await settle();
    expect(banner).toHaveBeenCalledWith('We start again in 5 minutes');
    expect(screen.getByText(T.sent)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(QNA_MASK_HIDE_MS));
    expect(screen.queryByText(T.sent)).toBeNull();
  });

  it('a failed announcement keeps the message and shows why', async () => {
    failing = ['qna.sendBanner'];
    const user = setup();
    await user.click(screen.getByRole('button', { name: T.announcement }));
    await user.click(screen.getByRole('button', { name: T.send }));
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Sending the announcement failed');
    expect(screen.getByRole('textbox', { name: T.message })).toHaveValue(T.presetMessages.QNA);
    expect(screen.queryByText(T.sent)).toBeNull();
  });
});

describe('with the simulated audience', () => {
  it('new questions arrive in Incoming while the panel is open', async () => {
    setup();
    const stop = startPollsQnaSimulation({ seed: 4, now: clock, audience: audienceOnStores() });
    await act(() => vi.advanceTimersByTimeAsync(2 * 60_000));
    stop();
    const count = useQnaStore.getState().questions.length;
    expect(count).toBeGreaterThanOrEqual(3);
    expect(screen.getAllByRole('article')).toHaveLength(count);
    expect(unseenQuestionCount(useQnaStore.getState())).toBe(0);
  });
});
