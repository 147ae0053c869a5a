import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StudioScreen } from '../../src/features/studio/StudioScreen';
import { initialScreenState, useScreenStore } from '../../src/state/screenStore';
import { initialMeetingState, useMeetingStore } from '../../src/state/meetingStore';
import { initialPollState, usePollStore } from '../../src/state/polls/pollStore';
import { initialQnaState, useQnaStore } from '../../src/state/qna/qnaStore';
import { resetChatStore, useChatStore } from '../../src/state/chat/chatStore';
import { DEMO_CHANNEL, DEMO_EVENT_INFORMATION, DEMO_USER } from '../../src/demo/demoData';
import { TEXTS } from '../../src/lib/texts';
import { installBackend } from '../../src/state/backend';
import { createDemoBackend } from '../../src/demo/demoBackend';

function connect(info = DEMO_EVENT_INFORMATION) {
  useMeetingStore.getState().applyConnection({ user: DEMO_USER, eventInformation: info, channel: DEMO_CHANNEL });
}

beforeEach(() => {
  installBackend(createDemoBackend({ latencyMs: 0 }));
  useScreenStore.setState({ ...initialScreenState(), view: 'event', eventName: 'My Event' });
  useMeetingStore.setState(initialMeetingState());
  usePollStore.setState(initialPollState());
  useQnaStore.setState(initialQnaState());
  resetChatStore();
  connect();
});

const nav = () => screen.getByRole('navigation', { name: 'Studio tools' });

describe('side navigation (§2)', () => {
  it('lists every tool when chat and Q&A are enabled', () => {
    render(<StudioScreen />);
    const names = within(nav()).getAllByRole('button').map((b) => b.textContent);
    expect(names).toEqual(['Graphics', 'Rundown', 'Chat', 'Poll', 'Q&A', 'Host Chat', 'People', 'Settings']);
  });

  it('hides Chat and Q&A when the event disables them', () => {
    connect({ ...DEMO_EVENT_INFORMATION, chatEnabled: false, qnaEnabled: false });
    render(<StudioScreen />);
    const names = within(nav()).getAllByRole('button').map((b) => b.textContent);
    expect(names).toEqual(['Graphics', 'Rundown', 'Poll', 'Host Chat', 'People', 'Settings']);
  });

  it('shows the unseen and unread counters', () => {
    const poll = (pollGuid: string) => ({ pollGuid, question: pollGuid, options: [], results: [] });
    usePollStore.setState({ polls: ['p1', 'p2', 'p3'].map(poll), seen: ['p1'] });
    const q = { id: 'q1', content: 'q', status: 'ASKED' as const, anonymous: false, initiator: { name: 'A' }, timestamp: 0, upvoteCount: 0, answerCount: 0, replyCount: 0, answers: [] };
    useQnaStore.setState({ questions: [q], seen: [] });
    useChatStore.setState({ unread: { public: 4, private: 0, backstage: 2, moderator: 3 } });
    render(<StudioScreen />);
    expect(within(nav()).getByRole('button', { name: 'Poll 2 new' })).toBeInTheDocument();
    expect(within(nav()).getByRole('button', { name: 'Q&A 1 new' })).toBeInTheDocument();
    expect(within(nav()).getByRole('button', { name: 'Host Chat 5 new' })).toBeInTheDocument();
  });

  it('opens a tool panel with a title bar; clicking the tool again or the close button closes it', async () => {
    const user = userEvent.setup();
    render(<StudioScreen />);
    expect(screen.queryByTestId('tool-panel')).toBeNull();
    expect(screen.getByTestId('studio')).not.toHaveClass('tool-open');

    await user.click(within(nav()).getByRole('button', { name: 'People' }));
    expect(screen.getByRole('heading', { name: 'People' })).toBeInTheDocument();
    expect(screen.getByTestId('studio')).toHaveClass('tool-open');
    expect(within(nav()).getByRole('button', { name: 'People' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(nav()).getByRole('button', { name: 'People' }));
    expect(screen.queryByTestId('tool-panel')).toBeNull();

    await user.click(within(nav()).getByRole('button', { name: 'Settings' }));
    await user.click(screen.getByRole('button', { name: 'Close Settings' }));
    expect(useScreenStore.getState().selectedTool).toBe('NONE');
  });

  it('Host Chat waits for the meeting before it connects', async () => {
    useMeetingStore.getState().setConnexionState('CONNECTING');
    useScreenStore.setState({ selectedTool: 'HOST CHAT' });
    render(<StudioScreen />);
    expect(screen.getByText(TEXTS.waitingForMeeting)).toBeInTheDocument();
  });

  it('arrow keys move focus between tools', async () => {
    const user = userEvent.setup();
    render(<StudioScreen />);
    within(nav()).getByRole('button', { name: 'Graphics' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(within(nav()).getByRole('button', { name: 'Rundown' }));
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toBe(within(nav()).getByRole('button', { name: 'Settings' }));
  });
});

describe('exit dialog (§2)', () => {
  it('asks the plain question when not live, with CANCEL and YES, EXIT STUDIO', async () => {
    const user = userEvent.setup();
    render(<StudioScreen />);
    await user.click(screen.getByRole('button', { name: 'Exit studio' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText(TEXTS.exitQuestion)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'CANCEL' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('warns that the broadcast ends and is not recorded while live', async () => {
    useMeetingStore.setState((s) => ({ channel: { ...(s.channel ?? { uuid: 'c1', name: 'testing' }), eventStatus: 'LIVE' } }));
    const user = userEvent.setup();
    render(<StudioScreen />);
    await user.click(screen.getByRole('button', { name: 'Exit studio' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText(TEXTS.exitWhileLive)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'YES, EXIT STUDIO' })).toBeInTheDocument();
  });

  it('Escape cancels the dialog', async () => {
    const user = userEvent.setup();
    render(<StudioScreen />);
    await user.click(screen.getByRole('button', { name: 'Exit studio' }));
    await user.keyboard('{Escape}');
    expect(useScreenStore.getState().exitDialogOpen).toBe(false);
  });
});

describe('registration pop-up (§2 demo)', () => {
  it.each([['GO LIVE'], ['REC'], ['Invite Guest']])('%s opens it; closing hides it', async (name) => {
    const user = userEvent.setup();
    render(<StudioScreen />);
    await user.click(screen.getAllByRole('button', { name })[0]!);
    const popup = screen.getByTestId('register-popup');
    expect(within(popup).getByText(/14-day free trial/)).toBeInTheDocument();
    expect(within(popup).getByRole('link', { name: 'TRY FREE FOR 14 DAYS' })).toBeInTheDocument();
    expect(within(popup).getByRole('link', { name: 'BUY NOW' })).toBeInTheDocument();
    await user.click(within(popup).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('register-popup')).toBeNull();
  });
});
