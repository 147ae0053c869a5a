/** Never a broadcast the server cannot carry (issue 33): GO LIVE's quality question and the default quality. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { checkGoLiveQuality, qualityOverLimit } from '../../src/state/live/qualityRules';
import { useQualityOverLimit } from '../../src/state/live/quality';
import { initialBroadcastFlowState, useBroadcastStore } from '../../src/state/live/broadcastStore';
import { initialLiveState, useLiveStore } from '../../src/state/live/store';
import { initialMeetingState, useMeetingStore } from '../../src/state/meetingStore';
import { DEFAULT_SETTINGS, useSettingsStore, type BroadcastQuality } from '../../src/state/settingsStore';
import { answerQualityQuestion, startGoLiveCountdown } from '../../src/services/live/goLive';
import { QualityDialog } from '../../src/features/live/QualityDialog';
import { installBackend } from '../../src/state/backend';
import { createDemoBackend } from '../../src/demo/demoBackend';
import { destination, INFO } from './liveFixtures';

const session = () => createDemoBackend({ latencyMs: 0 }).session;

beforeEach(() => {
  localStorage.clear();
  useSettingsStore.setState({ settings: { ...DEFAULT_SETTINGS } });
  useBroadcastStore.setState(initialBroadcastFlowState());
  useLiveStore.setState(initialLiveState());
  useMeetingStore.setState({ ...initialMeetingState(), channel: { uuid: 'c1', name: 'testing', eventStatus: 'NEW' } });
});
afterEach(() => vi.useRealTimers());

describe('the rule: a quality above what the server recommends asks; at or below goes', () => {
  it.each<[BroadcastQuality, BroadcastQuality, 'ask' | 'go']>([
    ['1080p', '720p', 'ask'],
    ['720p', '560p', 'ask'],
    ['1080p', '560p', 'ask'],
    ['720p', '720p', 'go'],
    ['560p', '720p', 'go'],
    ['1080p', '1080p', 'go'],
  ])('%s on a server recommending %s → %s', (chosen, recommended, kind) => {
    expect(checkGoLiveQuality(chosen, { ...INFO, recommendedQuality: recommended }).kind).toBe(kind);
  });

  it('goes when the server says nothing (the demo, or no answer yet)', () => {
    expect(checkGoLiveQuality('1080p', null)).toEqual({ kind: 'go' });
    expect(qualityOverLimit('1080p', null)).toBeNull();
  });

  it('says which limit is hit', () => expect(qualityOverLimit('1080p', INFO)).toEqual({ chosen: '1080p', recommended: '720p', cores: 2, bothShapes: false }));
  it('with both programs the server carries less (issue 34)', () => expect(checkGoLiveQuality('720p', INFO, true)).toEqual({ kind: 'ask', chosen: '720p', recommended: '560p', cores: 2, bothShapes: true }));
});

describe('GO LIVE before the countdown', () => {
  it('at the §9 default 1080p on a 2-core server: asks, and no countdown starts', () => {
    useLiveStore.setState({ info: INFO });
    startGoLiveCountdown(session());
    expect(useBroadcastStore.getState()).toMatchObject({ countdown: null, qualityQuestion: { chosen: '1080p', recommended: '720p', cores: 2 } });
  });

  it('at the recommended quality: counts down without asking', () => {
    vi.useFakeTimers();
    useLiveStore.setState({ info: INFO });
    useSettingsStore.getState().chooseQuality('720p');
    startGoLiveCountdown(session());
    expect(useBroadcastStore.getState()).toMatchObject({ countdown: 10, qualityQuestion: null });
  });

  it.each([
    ['recommended', '720p', 10],
    ['anyway', '1080p', 10],
    ['cancel', '1080p', null],
  ] as const)('answered %s: quality %s, countdown %s', (answer, quality, countdown) => {
    vi.useFakeTimers();
    useLiveStore.setState({ info: INFO });
    startGoLiveCountdown(session());
    answerQualityQuestion(answer, session());
    expect(useSettingsStore.getState().settings.broadcastQuality).toBe(quality);
    expect(useBroadcastStore.getState()).toMatchObject({ countdown, qualityQuestion: null });
  });
});

describe('a new event’s quality follows what the server carries', () => {
  it('unless the moderator chose one', () => {
    useSettingsStore.getState().followServerQuality('720p');
    expect(useSettingsStore.getState().settings.broadcastQuality).toBe('720p');
    useSettingsStore.getState().chooseQuality('1080p');
    useSettingsStore.getState().followServerQuality('720p');
    expect(useSettingsStore.getState().settings.broadcastQuality).toBe('1080p');
    expect(JSON.parse(localStorage.getItem('settings')!)).toMatchObject({ broadcastQuality: '1080p', broadcastQualityChosen: true });
  });

  it('the Stats panel’s selector: over the limit before going live, then by the running job’s quality', () => {
    useLiveStore.setState({ info: INFO });
    const { result } = renderHook(() => useQualityOverLimit());
    expect(result.current).toEqual({ chosen: '1080p', recommended: '720p', cores: 2, bothShapes: false });
    act(() => useLiveStore.setState({ status: { job: { state: 'live', quality: '720p', startedAt: 1, recording: true, fpsAlarm: false, shapes: ['16:9'], error: null, outputs: [] } } }));
    expect(result.current).toBeNull();
  });

  it('with a vertical destination switched on, the limit is what the server carries for both programs (issue 34)', () => {
    useSettingsStore.getState().chooseQuality('720p');
    useLiveStore.setState({ info: INFO, status: null, destinations: [destination('d1', { shape: '9:16' })] });
    const { result } = renderHook(() => useQualityOverLimit());
    expect(result.current).toEqual({ chosen: '720p', recommended: '560p', cores: 2, bothShapes: true });
    act(() => useLiveStore.setState({ destinations: [destination('d1', { shape: '9:16', enabled: false })] }));
    expect(result.current).toBeNull();
    // While live, the running job's programs count.
    act(() => useLiveStore.setState({ status: { job: { state: 'live', quality: '720p', startedAt: 1, recording: true, fpsAlarm: false, shapes: ['16:9', '9:16'], error: null, outputs: [] } } }));
    expect(result.current).toMatchObject({ recommended: '560p', bothShapes: true });
  });
});

describe('the quality dialog', () => {
  beforeEach(() => installBackend(createDemoBackend({ latencyMs: 0 })));

  it('offers the recommended quality first (focused), going on anyway, and CANCEL', async () => {
    useBroadcastStore.setState({ qualityQuestion: { chosen: '1080p', recommended: '720p', cores: 2, bothShapes: false } });
    render(<QualityDialog />);
    const dialog = screen.getByRole('alertdialog', { name: 'This server cannot stream 1080p smoothly' });
    expect(dialog).toHaveTextContent('This server has 2 cores: it carries 720p. At 1080p every destination would get a stalled video of a few frames per second.');
    expect(screen.getByRole('button', { name: 'Stream at 720p (recommended)' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Go live at 1080p anyway' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CANCEL' })).toBeInTheDocument();
  });

  it('Enter streams at the recommended quality and starts the countdown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    useLiveStore.setState({ info: INFO });
    startGoLiveCountdown(session());
    const { rerender } = render(<QualityDialog />);
    await userEvent.keyboard('{Enter}');
    rerender(<QualityDialog />);
    expect(useSettingsStore.getState().settings.broadcastQuality).toBe('720p');
    expect(useBroadcastStore.getState().countdown).toBe(10);
    expect(screen.queryByTestId('quality-dialog')).toBeNull();
  });

  it('Escape goes nowhere', async () => {
    useLiveStore.setState({ info: INFO });
    startGoLiveCountdown(session());
    render(<QualityDialog />);
    await userEvent.keyboard('{Escape}');
    expect(useBroadcastStore.getState()).toMatchObject({ countdown: null, qualityQuestion: null });
    expect(useSettingsStore.getState().settings.broadcastQuality).toBe('1080p');
  });
});
