/**
 * Going live's services (issue 23): the live session at studio start (info, status frames), the §8
 * destination error once per failure with TRY AGAIN retrying the failed destinations, the
 * destination and recording commands with their rollbacks, and backend mode's live service reading
 * the socket's frames.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startLive } from '../../src/services/live/liveSession';
import { addDestination, deleteDestination, loadDestinations, setDestinationEnabled } from '../../src/services/live/destinations';
import { deleteRecording, downloadRecording, loadRecordings } from '../../src/services/live/recordings';
import { createServerLive } from '../../src/services/remote/liveService';
import type { LiveClient } from '../../src/api/live';
import { initialLiveState, useLiveStore } from '../../src/state/live/store';
import { initialAlertsState, useAlertsStore } from '../../src/state/alertsStore';
import { ErrorDialogHost } from '../../src/features/dialogs/ErrorDialogHost';
import { TEXTS } from '../../src/lib/texts';
import { installFakeBackend } from './fakeBackend';
import { destination, fakeLive, INFO, liveStatus, output, recording } from './liveFixtures';
import { setJoined } from '../../src/services/remote/joined';
import { applyBroadcastEvent, startGoLiveCountdown } from '../../src/services/live/goLive';
import { createDemoSession } from '../../src/demo/demoSession';
import { createDemoChannel } from '../../src/demo/demoChannel';
import { useMeetingStore } from '../../src/state/meetingStore';
import { useBroadcastStore } from '../../src/state/live/broadcastStore';
import { DEFAULT_SETTINGS, useSettingsStore } from '../../src/state/settingsStore';

let stop: () => void = () => undefined;
beforeEach(() => {
  useLiveStore.setState(initialLiveState());
  useAlertsStore.setState(initialAlertsState());
});
afterEach(() => stop());

const flush = () => act(async () => void (await Promise.resolve()));

describe('the live session at studio start', () => {
  it('reads the info and the status now, then follows the frames', async () => {
    const { service, emit } = fakeLive({ status: liveStatus([output('a', 'live')]) });
    installFakeBackend({ live: service });
    stop = startLive();
    await flush();
    expect(useLiveStore.getState().info).toEqual(INFO);
    expect(useLiveStore.getState().status?.job?.outputs[0]?.state).toBe('live');
    act(() => emit({ job: null }));
    expect(useLiveStore.getState().status).toEqual({ job: null });
  });

  it('a quality nobody chose becomes what the server carries; a chosen one stays (issue 33)', async () => {
    useSettingsStore.setState({ settings: { ...DEFAULT_SETTINGS } });
    installFakeBackend({ live: fakeLive({}).service });
    stop = startLive();
    await flush();
    expect(useSettingsStore.getState().settings.broadcastQuality).toBe(INFO.recommendedQuality);
    stop();
    useSettingsStore.getState().chooseQuality('1080p');
    stop = startLive();
    await flush();
    expect(useSettingsStore.getState().settings.broadcastQuality).toBe('1080p');
    useSettingsStore.setState({ settings: { ...DEFAULT_SETTINGS } });
  });

  it('a frame that came before the answer is not replaced by it', async () => {
    const { service, emit } = fakeLive({ status: liveStatus([output('a', 'connecting')]) });
    installFakeBackend({ live: service });
    stop = startLive();
    emit(liveStatus([output('a', 'live')]));
    await flush();
    expect(useLiveStore.getState().status?.job?.outputs[0]?.state).toBe('live');
  });

  it('does nothing in the demo (no live service), and leaving forgets the event', async () => {
    installFakeBackend({});
    expect(() => startLive()()).not.toThrow();
    const { service, emit } = fakeLive();
    installFakeBackend({ live: service });
    const leave = startLive();
    await flush();
    expect(useLiveStore.getState().info).not.toBeNull();
    leave();
    emit(liveStatus([output('a', 'failed')]));
    expect(useLiveStore.getState().info).toBeNull();
    expect(useLiveStore.getState().status).toBeNull();
  });
});

describe('§8 destination error', () => {
  it('shows the SPEC text once per failure; TRY AGAIN retries the failed destinations', async () => {
    const { service, emit } = fakeLive();
    installFakeBackend({ live: service });
    stop = startLive();
    await flush();
    render(<ErrorDialogHost />);
    act(() => emit(liveStatus([output('a', 'live'), output('b', 'live')])));
    expect(screen.queryByTestId('error-dialog')).toBeNull();

    act(() => emit(liveStatus([output('a', 'failed', { error: 'Connection refused' }), output('b', 'live')])));
    const dialog = screen.getByTestId('error-dialog');
    expect(dialog).toHaveTextContent(TEXTS.destinationError);
    expect(dialog).toHaveTextContent('Dest a: Connection refused');
    expect(screen.getByRole('button', { name: 'CANCEL' })).toBeInTheDocument();

    // Two seconds later it is the same failure: no second dialog once this one is closed.
    await userEvent.click(screen.getByRole('button', { name: 'CANCEL' }));
    act(() => emit(liveStatus([output('a', 'failed'), output('b', 'live')])));
    expect(screen.queryByTestId('error-dialog')).toBeNull();

    // b fails too: a new failure, and TRY AGAIN retries both.
    act(() => emit(liveStatus([output('a', 'failed'), output('b', 'failed')])));
    await userEvent.click(screen.getByRole('button', { name: 'TRY AGAIN' }));
    expect(screen.queryByTestId('error-dialog')).toBeNull();
    expect(service.retryDestination.mock.calls.map((c) => c[0]).sort()).toEqual(['a', 'b']);
  });

  it('a broadcast that fails as a whole says why, once', async () => {
    const { service, emit } = fakeLive({ status: liveStatus([output('a', 'live')]) });
    installFakeBackend({ live: service });
    stop = startLive();
    await flush();
    act(() => emit(liveStatus([], { state: 'failed', error: 'The capture browser exited' })));
    expect(useAlertsStore.getState().error).toMatchObject({ code: 'UNKNOWN', details: TEXTS.broadcastFailed('The capture browser exited') });
    act(() => useAlertsStore.setState({ error: null }));
    act(() => emit(liveStatus([], { state: 'failed', error: 'The capture browser exited' })));
    expect(useAlertsStore.getState().error).toBeNull();
  });

  it('the watch page or the recording failing is not a destination error', async () => {
    const { service, emit } = fakeLive();
    installFakeBackend({ live: service });
    stop = startLive();
    await flush();
    act(() => emit(liveStatus([output('hls', 'failed', { kind: 'hls' }), output('recording', 'failed', { kind: 'recording' })])));
    expect(useAlertsStore.getState().error).toBeNull();
  });
});

describe('going live with a capture worker', () => {
  it('the broadcast state is the server’s: a state it sent before the go-live answer stays', async () => {
    vi.useFakeTimers();
    const { service } = fakeLive();
    const session = { ...createDemoSession(createDemoChannel()), capabilities: { goLive: true, joinFailureDialog: true }, goLive: vi.fn(async () => applyBroadcastEvent({ source: 'studio-server', state: 'CONTAINER_SELECTION' })) };
    installFakeBackend({ live: service, session });
    useMeetingStore.setState({ channel: { uuid: 'c1', name: 'c', eventStatus: 'NEW' } });
    startGoLiveCountdown(session);
    await act(async () => void (await vi.advanceTimersByTimeAsync(10_000)));
    expect(session.goLive).toHaveBeenCalled();
    expect(useBroadcastStore.getState().broadcastState).toBe('CONTAINER_SELECTION');
    applyBroadcastEvent({ source: 'studio-server', state: 'LIVE' });
    expect(useBroadcastStore.getState().broadcastState).toBe('LIVE');
    vi.useRealTimers();
  });
});

describe('the broadcast’s one push', () => {
  it('a studio that joins a running broadcast shows it live at once: the job’s state is the broadcast state, and the channel is live', async () => {
    const { service, emit } = fakeLive({ status: { job: null } });
    installFakeBackend({ live: service });
    useMeetingStore.setState({ channel: { uuid: 'c1', name: 'c', eventStatus: 'NEW' } });
    useBroadcastStore.setState({ broadcastState: 'NONE' });
    stop = startLive();
    await flush();
    act(() => emit(liveStatus([output('a', 'live')])));
    expect(useBroadcastStore.getState().broadcastState).toBe('LIVE');
    expect(useMeetingStore.getState().channel?.eventStatus).toBe('LIVE');
    act(() => emit(liveStatus([output('a', 'live')], { state: 'stopping' })));
    expect(useBroadcastStore.getState().broadcastState).toBe('CONTAINER_LIVE_ENDING');
    act(() => emit(liveStatus([], { state: 'stopped' })));
    expect(useBroadcastStore.getState().broadcastState).toBe('TERMINATED');
    expect(useMeetingStore.getState().channel?.eventStatus).toBe('NEW');
  });
});

describe('destination commands', () => {
  it('a refused add answers the server’s reason and keeps nothing', async () => {
    const { service } = fakeLive();
    service.addDestination.mockRejectedValueOnce({ type: 'unknown', code: 'BAD_REQUEST', message: 'At most 10 destinations per event', status: 400 });
    installFakeBackend({ live: service });
    await expect(addDestination({ name: 'YT', serverUrl: 'rtmp://x/live', streamKey: 'key-1234' })).resolves.toEqual({ ok: false, reason: 'At most 10 destinations per event' });
    expect(useLiveStore.getState().destinations).toEqual([]);
  });

  it('a draft the form should not send is refused before any call', async () => {
    const { service } = fakeLive();
    installFakeBackend({ live: service });
    await expect(addDestination({ name: 'YT', serverUrl: 'http://x/live', streamKey: 'k' })).resolves.toEqual({ ok: false, problem: 'scheme' });
    expect(service.addDestination).not.toHaveBeenCalled();
  });

  it('an added destination is kept as the server answered it: never its key', async () => {
    const { service } = fakeLive();
    installFakeBackend({ live: service });
    await expect(addDestination({ name: ' YT ', serverUrl: ' rtmp://x/live ', streamKey: 'secret-key-1234' })).resolves.toEqual({ ok: true });
    expect(service.addDestination).toHaveBeenCalledWith({ name: 'YT', serverUrl: 'rtmp://x/live', streamKey: 'secret-key-1234' });
    expect(useLiveStore.getState().destinations.map((d) => d.keyLast4)).toEqual(['1234']);
    expect(JSON.stringify(useLiveStore.getState())).not.toContain('secret');
  });

  it('a switch that fails rolls back and says why', async () => {
    const { service } = fakeLive({ destinations: [destination('a')] });
    service.updateDestination.mockRejectedValueOnce(null);
    installFakeBackend({ live: service });
    await loadDestinations();
    await expect(setDestinationEnabled('a', false)).resolves.toBe(false);
    expect(service.updateDestination).toHaveBeenCalledWith('a', { enabled: false });
    expect(useLiveStore.getState().destinations[0]!.enabled).toBe(true);
    expect(useLiveStore.getState().failure).toBe('No connection to the server');
  });

  it('a delete that fails puts the destination back', async () => {
    const { service } = fakeLive({ destinations: [destination('a'), destination('b')] });
    service.deleteDestination.mockRejectedValueOnce({ type: 'unknown', code: 'NOT_FOUND', message: 'No such destination', status: 404 });
    installFakeBackend({ live: service });
    await loadDestinations();
    await deleteDestination('a');
    expect(useLiveStore.getState().destinations.map((d) => d.id)).toEqual(['a', 'b']);
  });
});

describe('recording commands', () => {
  it('a download is saved as a file under the server’s name; its URL is let go later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const { service } = fakeLive({ recordings: [recording('r1')] });
    installFakeBackend({ live: service });
    const create = vi.fn(() => 'blob:studio/1');
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const progress: (number | null)[] = [];
    await expect(downloadRecording('r1', (f) => progress.push(f))).resolves.toBe(true);
    expect(progress).toEqual([0.5, 1]);
    expect(clicked[0]?.download).toBe('recording.mp4');
    expect(clicked[0]?.href).toBe('blob:studio/1');
    expect(revoke).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revoke).toHaveBeenCalledWith('blob:studio/1');
    vi.useRealTimers();
  });

  it('a delete that fails puts the recording back', async () => {
    const { service } = fakeLive({ recordings: [recording('r1')] });
    service.deleteRecording.mockRejectedValueOnce(null);
    installFakeBackend({ live: service });
    await loadRecordings();
    await deleteRecording('r1');
    expect(useLiveStore.getState().recordings.map((r) => r.id)).toEqual(['r1']);
  });
});

describe('backend mode’s live service', () => {
  it('reads each frame; one that does not fit never reaches the studio', () => {
    const live = createServerLive({} as LiveClient);
    const seen = vi.fn();
    live.onStatus(seen);
    live.receiveStatus({ job: { state: 'live', quality: '720p', outputs: [{ id: 'a', kind: 'rtmp', state: 'bogus' }] } });
    live.receiveStatus('garbage');
    expect(seen).not.toHaveBeenCalled();
    live.receiveStatus({ job: null });
    expect(seen).toHaveBeenCalledWith({ job: null });
  });

  it('reads the status again after the socket reconnects (a stop while it was down was pushed to nobody)', async () => {
    setJoined('/ev/', { eventId: 'ev-1', sharingUrl: 's', instanceId: 'i', user: { id: 'u', username: 'u', firstName: '', lastName: '', emailId: '', profilePicture: '' }, channelUuid: 'c' });
    const client = { info: vi.fn(async () => ({ ...INFO, status: { job: null } })) } as unknown as LiveClient;
    const live = createServerLive(client);
    live.resync(); // nobody follows the status yet: nothing to read
    expect(client.info).not.toHaveBeenCalled();
    const seen = vi.fn();
    live.onStatus(seen);
    live.resync();
    await vi.waitFor(() => expect(seen).toHaveBeenCalledWith({ job: null }));
    expect(client.info).toHaveBeenCalledWith('ev-1');
    setJoined('', null);
  });

  it('calls for the joined event, and drops rows it cannot read', async () => {
    const client = { destinations: vi.fn(async () => [destination('a'), { id: 'broken' }]) } as unknown as LiveClient;
    setJoined('/ev/', { eventId: 'ev-1', sharingUrl: 's', instanceId: 'i', user: { id: 'u', username: 'u', firstName: '', lastName: '', emailId: '', profilePicture: '' }, channelUuid: 'c' });
    const live = createServerLive(client);
    await expect(live.destinations()).resolves.toEqual([destination('a')]);
    expect(client.destinations).toHaveBeenCalledWith('ev-1');
    setJoined('', null);
  });
});
