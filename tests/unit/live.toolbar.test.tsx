/**
 * The toolbar and settings while going live in backend mode (issue 23): REC lit from the worker's
 * status, one health chip per output, the fps alarm, Destinations only in backend mode, and the
 * broadcast quality's hint. The demo's toolbar is unchanged.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TopToolbar } from '../../src/features/studio/TopToolbar';
import { GeneralSettings } from '../../src/features/settings/GeneralSettings';
import { LIVE_TEXTS, qualityHint } from '../../src/features/live/texts';
import { initialLiveState, useLiveStore } from '../../src/state/live/store';
import { initialScreenState, useScreenStore } from '../../src/state/screenStore';
import { initialMeetingState, useMeetingStore } from '../../src/state/meetingStore';
import { installBackend } from '../../src/state/backend';
import { createDemoBackend } from '../../src/demo/demoBackend';
import type { StudioSession } from '../../src/state/session';
import type { LiveStatus } from '../../src/state/live/types';
import { useSettingsStore } from '../../src/state/settingsStore';
import { installFakeBackend } from './fakeBackend';
import { fakeLive, INFO, liveStatus, output } from './liveFixtures';

const serverSession = { capabilities: { goLive: true, joinFailureDialog: true } } as StudioSession;

beforeEach(() => {
  useLiveStore.setState(initialLiveState());
  useMeetingStore.setState(initialMeetingState());
  useScreenStore.setState({ ...initialScreenState(), view: 'event', eventName: 'Product Launch' });
});

function backendToolbar() {
  installFakeBackend({ session: serverSession, live: fakeLive().service });
  render(<TopToolbar />);
}

const rec = () => screen.getByTestId('rec-indicator');
const status = (s: LiveStatus) => act(() => void useLiveStore.getState().applyStatus(s));

describe('REC (§2) in backend mode', () => {
  it('is lit while the running broadcast is recorded, and only then', () => {
    backendToolbar();
    expect(rec()).not.toHaveClass('recording');
    status(liveStatus([], { recording: true }));
    expect(rec()).toHaveClass('recording');
    expect(rec()).toHaveAccessibleName(`REC ${LIVE_TEXTS.recordingStates.recording}`);
    status(liveStatus([], { recording: false }));
    expect(rec()).not.toHaveClass('recording');
    status(liveStatus([], { recording: true, state: 'stopped' }));
    expect(rec()).not.toHaveClass('recording');
  });

  it('follows the worker, not the GO LIVE flag', () => {
    backendToolbar();
    act(() => useMeetingStore.setState((s) => ({ channel: { ...(s.channel ?? { uuid: 'c1', name: 'testing' }), eventStatus: 'LIVE' } })));
    expect(rec()).not.toHaveClass('recording');
  });

  it('opens the recordings', async () => {
    backendToolbar();
    await userEvent.click(rec());
    expect(useLiveStore.getState().dialog).toEqual({ open: true, tab: 'recordings' });
    expect(await screen.findByTestId('destinations-dialog')).toBeInTheDocument();
    expect(screen.getByTestId('recordings-tab')).toHaveAttribute('aria-selected', 'true');
  });
});

describe('output health while live', () => {
  it('one chip per output: its state, bitrate and frame rate, or its state in words when not flowing', () => {
    backendToolbar();
    expect(screen.queryAllByTestId('output-health')).toHaveLength(0);
    status(
      liveStatus([
        output('a', 'live', { name: 'YouTube', bitrateKbps: 4500, fps: 30 }),
        output('b', 'retrying', { name: 'Twitch', retryInSec: 5 }),
        output('hls', 'live', { kind: 'hls', name: 'Watch page', bitrateKbps: 3000, fps: 29.97 }),
        output('recording', 'failed', { kind: 'recording', name: 'Recording' }),
      ]),
    );
    const chips = screen.getAllByTestId('output-health');
    expect(chips.map((c) => c.dataset.state)).toEqual(['live', 'retrying', 'live', 'failed']);
    expect(chips[0]).toHaveTextContent('YouTube');
    expect(chips[0]).toHaveTextContent('4.5 Mb/s · 30 fps');
    expect(chips[1]).toHaveTextContent('Twitch');
    expect(chips[1]).toHaveTextContent(LIVE_TEXTS.outputStates.retrying);
    expect(chips[2]).toHaveTextContent('3.0 Mb/s · 30 fps');
    expect(chips[3]).toHaveTextContent(LIVE_TEXTS.outputStates.failed);
    expect(within(screen.getByRole('group', { name: LIVE_TEXTS.healthLabel })).getAllByRole('button')).toHaveLength(4);
  });

  it('a chip’s tooltip adds the dropped frames', async () => {
    backendToolbar();
    status(liveStatus([output('a', 'live', { name: 'YouTube', droppedFrames: 12 })]));
    await userEvent.hover(screen.getByTestId('output-health'));
    expect(await screen.findByRole('tooltip', {}, { timeout: 3000 })).toHaveTextContent('YouTube: Live · 4.5 Mb/s · 30 fps · 12 dropped frames');
  });

  it('the chips go when the broadcast stops', () => {
    backendToolbar();
    status(liveStatus([output('a', 'live')]));
    expect(screen.getAllByTestId('output-health')).toHaveLength(1);
    status(liveStatus([output('a', 'stopped')], { state: 'stopped' }));
    expect(screen.queryAllByTestId('output-health')).toHaveLength(0);
  });

  it('the fps alarm says the program has stalled, as an alert', () => {
    backendToolbar();
    status(liveStatus([output('a', 'live')], { fpsAlarm: false }));
    expect(screen.queryByRole('alert')).toBeNull();
    status(liveStatus([output('a', 'live')], { fpsAlarm: true }));
    expect(screen.getByRole('alert')).toHaveTextContent('The program video has stalled (under 20 fps)');
  });
});

describe('backend mode only', () => {
  it('Destinations is in the backend toolbar', () => {
    backendToolbar();
    expect(screen.getByTestId('destinations-button')).toHaveAccessibleName(LIVE_TEXTS.destinationsButton);
  });

  it('the demo has no Destinations, no health, and REC still opens the registration pop-up', async () => {
    installBackend(createDemoBackend({ latencyMs: 0 }));
    useLiveStore.getState().applyStatus(liveStatus([output('a', 'live')]));
    render(<TopToolbar />);
    expect(screen.queryByTestId('destinations-button')).toBeNull();
    expect(screen.queryAllByTestId('output-health')).toHaveLength(0);
    expect(rec()).not.toHaveClass('recording');
    await userEvent.click(rec());
    expect(useScreenStore.getState().registerPopupVisible).toBe(true);
  });
});

describe('the broadcast quality’s hint (§9 settings)', () => {
  it('says what this server recommends; the default stays 1080p', () => {
    useLiveStore.setState({ info: INFO });
    render(<GeneralSettings />);
    expect(screen.getByTestId('quality-hint')).toHaveTextContent('720p is recommended on this server (2 cores): 1080p costs about twice the CPU per live channel.');
    expect(useSettingsStore.getState().settings.broadcastQuality).toBe('1080p');
  });

  it.each([
    ['1080p', 8, '720p', '1080p is recommended on this server (8 cores). With a vertical destination switched on, the broadcast renders a vertical program too: 720p then.'],
    ['560p', 1, '560p', '560p is recommended on this server (1 core): 720p costs about twice and 1080p about four times the CPU per live channel. With a vertical destination switched on, the broadcast renders a vertical program too: 560p then.'],
  ] as const)('%s on %i cores', (q, cores, both, text) => expect(qualityHint(q, cores, both)).toBe(text));

  it('is not shown without a server (the demo)', () => {
    render(<GeneralSettings />);
    expect(screen.queryByTestId('quality-hint')).toBeNull();
  });
});
