import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { broadcastStatus, goLiveStatus, GO_LIVE_TIPS, GO_LIVE_TIP_MS, nextBroadcastState, stopLiveStatus, tipAt } from '../../src/state/live/broadcastRules';
import { ERROR_CATALOGUE, type ErrorCode } from '../../src/state/errorCatalogue';
import { initialAlertsState, useAlertsStore } from '../../src/state/alertsStore';
import { initialScreenState, useScreenStore } from '../../src/state/screenStore';
import { useSettingsStore } from '../../src/state/settingsStore';
import { initialMeetingState, useMeetingStore } from '../../src/state/meetingStore';
import { initialBroadcastFlowState, useBroadcastStore } from '../../src/state/live/broadcastStore';
import { tourActions, useTourStore } from '../../src/state/tourStore';
import { closeError, info, showError, watchLiveStreamBanner, watchNetwork } from '../../src/services/show/alerts';
import { cancelEndStream, confirmEndStream, openEndStreamConfirm, startGoLiveCountdown } from '../../src/services/live/goLive';
import { sounds } from '../../src/services/show/sounds';
import { createDemoSession } from '../../src/demo/demoSession';
import { createDemoChannel } from '../../src/demo/demoChannel';
import { ErrorDialogHost } from '../../src/features/dialogs/ErrorDialogHost';
import { GoLiveOverlay } from '../../src/features/live/GoLiveOverlay';
import { computePosition } from '@floating-ui/react-dom';
import { coachmarkMiddleware, type Placement } from '../../src/features/tour/coachmarkPosition';
import { TEXTS } from '../../src/lib/texts';
import { BANNER_MS, COACHMARK_MIN_LEFT_PX, COACHMARK_OFFSET_PX, INFO_MESSAGE_HIDE_MS, TOP_TOOLBAR_HEIGHT_PX } from '../../src/lib/limits';
import type { StudioSession } from '../../src/state/session';

beforeEach(() => {
  useAlertsStore.setState(initialAlertsState());
  useScreenStore.setState(initialScreenState());
  useMeetingStore.setState(initialMeetingState());
  useBroadcastStore.setState(initialBroadcastFlowState());
});
afterEach(() => vi.useRealTimers());

describe('channel eventStatus (§4) and its errors (§8)', () => {
  it.each([
    [{ uuid: 'u', eventStatus: 'NEW' as const }, 'LIVE'],
    [{ uuid: 'u', eventStatus: null }, 'LIVE'],
    [{ uuid: 'u', eventStatus: 'TERMINATED' as const }, 'LIVE'],
  ])('go live from %j', (channel, next) => expect(goLiveStatus(channel)).toBe(next));

  it('refuses go live from LIVE, without a channel or uuid, naming the reason', () => {
    expect(() => goLiveStatus({ uuid: 'u', eventStatus: 'LIVE' })).toThrow('Cannot go Live: the channel is LIVE');
    expect(() => goLiveStatus(null)).toThrow(/^Cannot go Live: /);
    expect(() => goLiveStatus({ uuid: '', eventStatus: 'NEW' })).toThrow(/^Cannot go Live: /);
  });

  it('only LIVE allows stop live, which returns to NEW', () => {
    expect(stopLiveStatus({ uuid: 'u', eventStatus: 'LIVE' })).toBe('NEW');
    expect(() => stopLiveStatus({ uuid: 'u', eventStatus: 'NEW' })).toThrow('Cannot stop Live: the channel is NEW');
    expect(() => stopLiveStatus({ uuid: 'u', eventStatus: 'TERMINATED' })).toThrow('Cannot stop Live: the channel is TERMINATED');
  });

  it('broadcast states follow each server only for the states it owns', () => {
    expect(nextBroadcastState('NONE', { source: 'event-platform', state: 'STREAMING_REQUESTED' })).toBe('STREAMING_REQUESTED');
    expect(nextBroadcastState('NONE', { source: 'event-platform', state: 'LIVE' })).toBe('NONE');
    expect(nextBroadcastState('STREAMING_REQUESTED', { source: 'studio-server', state: 'CONTAINER_UDP_SYNC' })).toBe('CONTAINER_UDP_SYNC');
    expect(nextBroadcastState('LIVE', { source: 'studio-server', state: 'PAUSE_EVENT' })).toBe('LIVE');
    expect(broadcastStatus('CONTAINER_MEETING_SYNC')).toBe('syncing');
    expect(broadcastStatus('PAUSE_EVENT')).toBe('paused');
    expect(broadcastStatus('IN_EVENT')).toBe('live');
  });
});

describe('go-live countdown and tips (§2)', () => {
  it('ten tips that repeat', () => {
    expect(GO_LIVE_TIPS).toHaveLength(10);
    expect(tipAt(0)).toBe(GO_LIVE_TIPS[0]);
    expect(tipAt(GO_LIVE_TIP_MS)).toBe(GO_LIVE_TIPS[1]);
    expect(tipAt(GO_LIVE_TIP_MS * 10)).toBe(GO_LIVE_TIPS[0]);
  });

  function backend(): StudioSession & { goLive: ReturnType<typeof vi.fn>; stopLive: ReturnType<typeof vi.fn> } {
    return { ...createDemoSession(createDemoChannel()), capabilities: { goLive: true, joinFailureDialog: true }, goLive: vi.fn(async () => undefined), stopLive: vi.fn(async () => undefined) };
  }

  it('counts down from 10 with the overlay text, then goes LIVE with the go-live sound', async () => {
    vi.useFakeTimers();
    const play = vi.spyOn(sounds, 'play');
    useMeetingStore.setState({ channel: { uuid: 'c1', name: 'testing', eventStatus: 'NEW' } });
    const s = backend();
    render(<GoLiveOverlay />);
    act(() => startGoLiveCountdown(s));
    expect(screen.getByText(TEXTS.eventStartingIn)).toBeInTheDocument();
    expect(screen.getByText('10')).toBeInTheDocument();
    await act(async () => void (await vi.advanceTimersByTimeAsync(9000)));
    expect(screen.getByText('1')).toBeInTheDocument();
    expect(s.goLive).not.toHaveBeenCalled();
    await act(async () => void (await vi.advanceTimersByTimeAsync(1000)));
    expect(s.goLive).toHaveBeenCalledWith('c1', { quality: useSettingsStore.getState().settings.broadcastQuality });
    expect(useMeetingStore.getState().channel?.eventStatus).toBe('LIVE');
    expect(play).toHaveBeenCalledWith('goLive');
    expect(screen.queryByTestId('go-live-overlay')).toBeNull();
  });

  it('goes live at the §9 broadcast quality of the settings', async () => {
    vi.useFakeTimers();
    useSettingsStore.getState().update({ broadcastQuality: '560p' });
    useMeetingStore.setState({ channel: { uuid: 'c1', name: 'testing', eventStatus: 'NEW' } });
    const s = backend();
    act(() => startGoLiveCountdown(s));
    await act(async () => void (await vi.advanceTimersByTimeAsync(10_000)));
    expect(s.goLive).toHaveBeenCalledWith('c1', { quality: '560p' });
    useSettingsStore.getState().update({ broadcastQuality: '1080p' });
  });

  it('END STREAM: cancelling changes nothing; confirming ends the live state with the end sound', async () => {
    const play = vi.spyOn(sounds, 'play');
    useMeetingStore.setState({ channel: { uuid: 'c1', name: 'testing', eventStatus: 'LIVE' } });
    const s = backend();
    openEndStreamConfirm();
    cancelEndStream();
    expect(useMeetingStore.getState().channel?.eventStatus).toBe('LIVE');
    expect(s.stopLive).not.toHaveBeenCalled();
    openEndStreamConfirm();
    await confirmEndStream(s);
    expect(s.stopLive).toHaveBeenCalledWith('c1');
    expect(useMeetingStore.getState().channel?.eventStatus).toBe('NEW');
    expect(useBroadcastStore.getState()).toMatchObject({ countdown: null, endConfirmOpen: false });
    expect(play).toHaveBeenCalledWith('endStream');
  });

  it('a refused go live shows the error and starts no countdown', () => {
    useMeetingStore.setState({ channel: { uuid: 'c1', name: 'testing', eventStatus: 'LIVE' } });
    startGoLiveCountdown(backend());
    expect(useBroadcastStore.getState().countdown).toBeNull();
    expect(useAlertsStore.getState().error).toMatchObject({ code: 'UNKNOWN', details: 'Cannot go Live: the channel is LIVE' });
  });
});

describe('live-stream banner (§4: 2 / -2, neutral after 10 s)', () => {
  it('shows started and stopped for 10 s each', () => {
    vi.useFakeTimers();
    useMeetingStore.setState((s) => ({ channel: { ...(s.channel ?? { uuid: 'c1', name: 'testing' }), eventStatus: 'NEW' } }));
    const stop = watchLiveStreamBanner();
    useMeetingStore.setState((s) => ({ channel: { ...(s.channel ?? { uuid: 'c1', name: 'testing' }), eventStatus: 'LIVE' } }));
    expect(useAlertsStore.getState().banner).toBe(2);
    vi.advanceTimersByTime(BANNER_MS - 1);
    expect(useAlertsStore.getState().banner).toBe(2);
    vi.advanceTimersByTime(1);
    expect(useAlertsStore.getState().banner).toBe(0);
    useMeetingStore.setState((s) => ({ channel: { ...(s.channel ?? { uuid: 'c1', name: 'testing' }), eventStatus: 'NEW' } }));
    expect(useAlertsStore.getState().banner).toBe(-2);
    vi.advanceTimersByTime(BANNER_MS);
    expect(useAlertsStore.getState().banner).toBe(0);
    stop();
  });
});

describe('error dialogs (§2, §8)', () => {
  const cases: [ErrorCode, string, string[]][] = [
    ['UNKNOWN', TEXTS.unknownError, ['OKAY']],
    ['NETWORK_LOST', 'Your intern connection was lost! Try checking your wifi or mobile data connection.', ['RETRY']],
    ['POOR_NETWORK', 'Poor Network Connection - Try to find a better signal to continue using Studio', []],
    ['DESTINATION_ERROR', TEXTS.destinationError, ['CANCEL', 'TRY AGAIN']],
    ['NO_PT_SEQUIN_FEATURE', TEXTS.noPtSequinFeature, ['QUIT']],
    ['UNABLE_TO_JOIN_MEETING', 'Unable to join the Event Meeting!', ['QUIT']],
    ['CAM_IN_USE', 'Camera is invalid', ['CANCEL', 'RESELECT DEVICES']],
    ['CAM_MIC_DENIED', TEXTS.deviceErrorText, ['CANCEL', 'RESELECT DEVICES']],
  ];
  it.each(cases)('%s shows its text and buttons, with a sound', (code, text, buttons) => {
    const play = vi.spyOn(sounds, 'play');
    render(<ErrorDialogHost />);
    act(() => showError(code, { details: 'trace-42' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText(text)).toBeInTheDocument();
    expect(within(dialog).queryAllByRole('button').map((b) => b.textContent)).toEqual(buttons);
    expect(play).toHaveBeenCalledWith(code.startsWith('CAM_') ? 'popup' : 'error');
    expect(ERROR_CATALOGUE[code].fatal).toBe(buttons.includes('QUIT'));
  });

  it('a fatal dialog is not replaced by a later error', () => {
    showError('NO_PT_SEQUIN_FEATURE');
    showError('UNKNOWN');
    expect(useAlertsStore.getState().error?.code).toBe('NO_PT_SEQUIN_FEATURE');
  });

  it('TRY AGAIN closes the dialog and re-runs the action', async () => {
    const retry = vi.fn();
    render(<ErrorDialogHost />);
    act(() => showError('DESTINATION_ERROR', { retry }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'TRY AGAIN' }));
    expect(retry).toHaveBeenCalledOnce();
    expect(useAlertsStore.getState().error).toBeNull();
  });

  it('browser offline opens the lost-network dialog and online closes it', () => {
    const target = new EventTarget();
    const stop = watchNetwork(target as unknown as Window);
    target.dispatchEvent(new Event('offline'));
    expect(useAlertsStore.getState().error?.code).toBe('NETWORK_LOST');
    target.dispatchEvent(new Event('online'));
    expect(useAlertsStore.getState().error).toBeNull();
    showError('UNKNOWN');
    target.dispatchEvent(new Event('online'));
    expect(useAlertsStore.getState().error?.code).toBe('UNKNOWN');
    closeError();
    stop();
  });

  it('info messages hide after 5 s', () => {
    vi.useFakeTimers();
    info('Link copied');
    expect(useAlertsStore.getState().infos.map((m) => m.text)).toEqual(['Link copied']);
    vi.advanceTimersByTime(INFO_MESSAGE_HIDE_MS - 1);
    expect(useAlertsStore.getState().infos).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useAlertsStore.getState().infos).toHaveLength(0);
  });
});

describe('welcome and tour (§4)', () => {
  it('welcome only when the tutorial is not completed; NEXT, markers, START A TOUR', () => {
    localStorage.setItem('tutorialCompleted', 'true');
    tourActions.openWelcomeIfNew();
    expect(useTourStore.getState().welcomeStep).toBeNull();
    localStorage.removeItem('tutorialCompleted');
    tourActions.openWelcomeIfNew();
    expect(useTourStore.getState().welcomeStep).toBe(0);
    tourActions.welcomeNext();
    tourActions.welcomeNext();
    tourActions.welcomeNext();
    expect(useTourStore.getState().welcomeStep).toBe(2);
    tourActions.welcomeGoTo(0);
    expect(useTourStore.getState().welcomeStep).toBe(0);
    tourActions.startTour();
    expect(useTourStore.getState()).toEqual({ welcomeStep: null, tourStep: 0 });
  });

  it('tour steps move within 1..4; DONE marks completion, the close icon does not', () => {
    tourActions.startTour();
    tourActions.tourPrevious();
    expect(useTourStore.getState().tourStep).toBe(0);
    for (let i = 0; i < 6; i++) tourActions.tourNext();
    expect(useTourStore.getState().tourStep).toBe(3);
    tourActions.tourClose();
    expect(localStorage.getItem('tutorialCompleted')).toBeNull();
    tourActions.startTour();
    tourActions.tourDone();
    expect(localStorage.getItem('tutorialCompleted')).toBe('true');
    expect(useTourStore.getState().tourStep).toBeNull();
  });

  it('MAYBE LATER closes the welcome and does nothing further', () => {
    tourActions.openWelcomeIfNew();
    tourActions.maybeLater();
    expect(useTourStore.getState()).toEqual({ welcomeStep: null, tourStep: null });
    expect(localStorage.getItem('tutorialCompleted')).toBeNull();
  });
});

describe('coachmark position (§9: 20 px offset, minimum left 10 px)', () => {
  const viewport = { width: 1366, height: 768 };
  // jsdom does not lay out: the window and the coachmark get their sizes by hand; the target is a rectangle.
  beforeEach(() => {
    vi.spyOn(document.documentElement, 'clientWidth', 'get').mockReturnValue(viewport.width);
    vi.spyOn(document.documentElement, 'clientHeight', 'get').mockReturnValue(viewport.height);
    vi.stubGlobal('innerWidth', viewport.width);
    vi.stubGlobal('innerHeight', viewport.height);
  });
  afterEach(() => vi.unstubAllGlobals());
  const place = (target: { left: number; top: number; width: number; height: number }, size: { width: number; height: number }, placement: Placement) => {
    const box = document.body.appendChild(document.createElement('div'));
    box.style.cssText = `position: fixed; width: ${size.width}px; height: ${size.height}px`;
    Object.defineProperties(box, { offsetWidth: { value: size.width }, offsetHeight: { value: size.height } });
    const reference = { getBoundingClientRect: () => DOMRect.fromRect({ x: target.left, y: target.top, width: target.width, height: target.height }) };
    return computePosition(reference, box, { strategy: 'fixed', placement, middleware: coachmarkMiddleware() });
  };

  it('sits 20 px beside its target', async () => {
    const p = await place({ left: 600, top: 500, width: 200, height: 40 }, { width: 380, height: 300 }, 'top');
    expect(p).toMatchObject({ placement: 'top', y: 500 - COACHMARK_OFFSET_PX - 300, x: 700 - 190 });
  });
  it('flips when the preferred side has no room, and stays inside the window', async () => {
    const p = await place({ left: 1200, top: 10, width: 100, height: 36 }, { width: 380, height: 400 }, 'top');
    expect(p.placement).toBe('bottom');
    expect(p.y).toBe(10 + 36 + COACHMARK_OFFSET_PX);
    expect(p.x).toBe(viewport.width - COACHMARK_MIN_LEFT_PX - 380);
  });
  it('never goes left of 10 px', async () => {
    const p = await place({ left: 0, top: 500, width: 40, height: 40 }, { width: 380, height: 300 }, 'top');
    expect(p.x).toBe(COACHMARK_MIN_LEFT_PX);
    const wide = await place({ left: 0, top: 300, width: 40, height: 40 }, { width: 733, height: 320 }, 'left');
    expect(wide).toMatchObject({ placement: 'right', x: 40 + COACHMARK_OFFSET_PX });
  });
  it('stays below the top toolbar, clear of GO LIVE (the Graphics step beside the side nav)', async () => {
    const p = await place({ left: viewport.width - 70, top: 60, width: 70, height: 60 }, { width: 380, height: 440 }, 'left');
    expect(p.placement).toBe('left');
    expect(p.y).toBe(TOP_TOOLBAR_HEIGHT_PX + COACHMARK_MIN_LEFT_PX);
  });
});

describe('broadcast status shown to the moderator (§4)', () => {
  it('follows events from both servers: requested → syncing → live → ending → paused', async () => {
    const { applyBroadcastEvent } = await import('../../src/services/live/goLive');
    const { BroadcastStatus } = await import('../../src/features/live/BroadcastStatus');
    render(<BroadcastStatus />);
    expect(screen.queryByRole('status')).toBeNull();
    const steps: [('event-platform' | 'studio-server'), string, string][] = [
      ['event-platform', 'STREAMING_REQUESTED', 'Starting…'],
      ['studio-server', 'CONTAINER_MEETING_SYNC', 'Syncing…'],
      ['studio-server', 'LIVE', 'Live'],
      ['event-platform', 'PAUSE_REQUESTED', 'Ending…'],
      ['event-platform', 'PAUSE_EVENT', 'Paused'],
    ];
    for (const [source, state, label] of steps) {
      act(() => applyBroadcastEvent({ source, state }));
      expect(screen.getByRole('status')).toHaveTextContent(label);
    }
    act(() => applyBroadcastEvent({ source: 'event-platform', state: 'LIVE' })); // not the platform's to say
    expect(screen.getByRole('status')).toHaveTextContent('Paused');
  });

  it('a broadcast the studio server ended (TERMINATED) ends here too: no END STREAM for a stream that is gone', async () => {
    const { applyBroadcastEvent } = await import('../../src/services/live/goLive');
    const { useMeetingStore } = await import('../../src/state/meetingStore');
    const channel = useMeetingStore.getState().channel;
    useMeetingStore.setState({ channel: { ...(channel ?? ({} as NonNullable<typeof channel>)), eventStatus: 'LIVE' } });
    act(() => applyBroadcastEvent({ source: 'event-platform', state: 'PAUSE_EVENT' }));
    expect(useMeetingStore.getState().channel?.eventStatus).toBe('LIVE');
    act(() => applyBroadcastEvent({ source: 'studio-server', state: 'TERMINATED' }));
    expect(useMeetingStore.getState().channel?.eventStatus).toBe('NEW');
  });

  it('a broadcast another producer started is live here too: END STREAM is offered, not GO LIVE', async () => {
    const { applyBroadcastEvent } = await import('../../src/services/live/goLive');
    const { useMeetingStore } = await import('../../src/state/meetingStore');
    useMeetingStore.setState({ channel: { uuid: 'c1', name: 'testing', eventStatus: 'NEW' } });
    act(() => applyBroadcastEvent({ source: 'studio-server', state: 'CONTAINER_LIVE_ENDING' }));
    expect(useMeetingStore.getState().channel?.eventStatus).toBe('NEW');
    act(() => applyBroadcastEvent({ source: 'event-platform', state: 'LIVE' })); // not the event platform's to say
    expect(useMeetingStore.getState().channel?.eventStatus).toBe('NEW');
    act(() => applyBroadcastEvent({ source: 'studio-server', state: 'CONTAINER_SELECTION' }));
    expect(useMeetingStore.getState().channel?.eventStatus).toBe('LIVE');
  });
});
