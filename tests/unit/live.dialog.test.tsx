/**
 * The Destinations dialog (backend mode, issue 23): opening and closing with the focus back, the
 * destinations (only the key's last four characters), Add (a refusal keeps what was typed and says
 * why; a save clears the key), the switch, delete after a confirmation, health while live, the watch
 * link, and the recordings.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DestinationsButton } from '../../src/features/live/DestinationsButton';
import { LIVE_TEXTS } from '../../src/features/live/texts';
import { initialLiveState, useLiveStore } from '../../src/state/live/store';
import { installFakeBackend } from './fakeBackend';
import { destination, fakeLive, INFO, liveStatus, output, recording } from './liveFixtures';

beforeEach(() => useLiveStore.setState({ ...initialLiveState(), info: INFO }));

function setup(opts: Parameters<typeof fakeLive>[0] = {}) {
  const live = fakeLive(opts);
  installFakeBackend({ live: live.service });
  const user = userEvent.setup();
  render(<DestinationsButton />);
  return { ...live, user };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByTestId('destinations-button'));
  return screen.findByTestId('destinations-dialog');
}

const form = () => within(screen.getByTestId('add-destination-form'));
const field = (name: string) => form().getByLabelText(name, { exact: false }) as HTMLInputElement;

async function fill(user: ReturnType<typeof userEvent.setup>, values: { name: string; serverUrl: string; streamKey: string }) {
  await user.type(field(LIVE_TEXTS.name), values.name);
  await user.type(field(LIVE_TEXTS.serverUrl), values.serverUrl);
  await user.type(field(LIVE_TEXTS.streamKey), values.streamKey);
}

describe('the dialog', () => {
  it('opens from the toolbar with two tabs; Escape closes it and the focus goes back to the button', async () => {
    const { user } = setup();
    const dialog = await openDialog(user);
    expect(dialog).toHaveAttribute('role', 'dialog');
    expect(within(dialog).getByRole('heading', { name: LIVE_TEXTS.dialogTitle })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('tab').map((t) => t.textContent)).toEqual([LIVE_TEXTS.tabDestinations, LIVE_TEXTS.tabRecordings]);
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('destinations-dialog')).toBeNull();
    await vi.waitFor(() => expect(screen.getByTestId('destinations-button')).toHaveFocus());
  });

  it('says so when the event has no destinations', async () => {
    const { user } = setup();
    await openDialog(user);
    expect(await screen.findByText(LIVE_TEXTS.noDestinations)).toBeInTheDocument();
  });
});

describe('the destinations', () => {
  it('list each name, server URL and only the key’s last four characters', async () => {
    const { user } = setup({ destinations: [destination('a', { name: 'YouTube', serverUrl: 'rtmp://a.rtmp.youtube.com/live2', keyLast4: 'wxyz' }), destination('b')] });
    await openDialog(user);
    const rows = await screen.findAllByTestId('destination-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('YouTube');
    expect(rows[0]).toHaveTextContent('rtmp://a.rtmp.youtube.com/live2');
    expect(rows[0]).toHaveTextContent('••••wxyz');
  });

  it('a refused add keeps everything typed and says the server’s reason next to the form', async () => {
    const { user, service } = setup();
    service.addDestination.mockRejectedValueOnce({ type: 'unknown', code: 'BAD_REQUEST', message: 'This server URL is not allowed', status: 400 });
    await openDialog(user);
    await fill(user, { name: 'YouTube', serverUrl: 'rtmp://a.rtmp.youtube.com/live2', streamKey: 'abcd-efgh-1234' });
    await user.click(form().getByRole('button', { name: LIVE_TEXTS.save }));
    expect(await form().findByRole('alert')).toHaveTextContent('This server URL is not allowed');
    expect(field(LIVE_TEXTS.name).value).toBe('YouTube');
    expect(field(LIVE_TEXTS.serverUrl).value).toBe('rtmp://a.rtmp.youtube.com/live2');
    expect(field(LIVE_TEXTS.streamKey).value).toBe('abcd-efgh-1234');
    expect(screen.queryAllByTestId('destination-row')).toHaveLength(0);
  });

  it('a draft the server would refuse is said before any call, nothing lost', async () => {
    const { user, service } = setup();
    await openDialog(user);
    await fill(user, { name: 'Site', serverUrl: 'https://example.com/live', streamKey: 'k' });
    await user.click(form().getByRole('button', { name: LIVE_TEXTS.save }));
    expect(form().getByRole('alert')).toHaveTextContent(LIVE_TEXTS.problems.scheme);
    expect(field(LIVE_TEXTS.serverUrl).value).toBe('https://example.com/live');
    expect(service.addDestination).not.toHaveBeenCalled();
  });

  it('a saved destination clears the form: the key is never shown again, only its last four characters', async () => {
    const { user, service } = setup();
    await openDialog(user);
    expect(field(LIVE_TEXTS.streamKey)).toHaveAttribute('type', 'password');
    await fill(user, { name: 'YouTube', serverUrl: 'rtmp://a.rtmp.youtube.com/live2', streamKey: 'secret-stream-key-9876' });
    await user.click(form().getByRole('button', { name: LIVE_TEXTS.save }));
    const row = await screen.findByTestId('destination-row');
    expect(service.addDestination).toHaveBeenCalledWith({ name: 'YouTube', serverUrl: 'rtmp://a.rtmp.youtube.com/live2', streamKey: 'secret-stream-key-9876', shape: '16:9' });
    expect(row).toHaveTextContent('••••9876');
    expect(field(LIVE_TEXTS.streamKey).value).toBe('');
    expect(field(LIVE_TEXTS.name).value).toBe('');
    expect(document.body.innerHTML).not.toContain('secret-stream-key');
    expect(screen.getByRole('status')).toHaveTextContent(LIVE_TEXTS.added('YouTube'));
    // The focus stays in the dialog, on the next name: Escape still closes it.
    expect(field(LIVE_TEXTS.name)).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('destinations-dialog')).toBeNull());
  });

  it('a vertical destination (issue 34): the shape chosen is sent, the row says Vertical, the form is back to 16:9', async () => {
    const { user, service } = setup();
    service.addDestination.mockImplementation(async (d: { name: string; serverUrl: string; streamKey: string; shape?: '16:9' | '9:16' }) => destination('new', { name: d.name, serverUrl: d.serverUrl, keyLast4: d.streamKey.slice(-4), shape: d.shape ?? '16:9' }));
    await openDialog(user);
    const shape = form().getByRole('combobox', { name: LIVE_TEXTS.shape });
    expect(shape).toHaveValue('16:9');
    expect(shape).toHaveAccessibleDescription(LIVE_TEXTS.shapeHint);
    await fill(user, { name: 'Shorts', serverUrl: 'rtmp://a.rtmp.youtube.com/live2', streamKey: 'shorts-key-1234' });
    await user.selectOptions(shape, LIVE_TEXTS.shapes['9:16']);
    await user.click(form().getByRole('button', { name: LIVE_TEXTS.save }));
    const row = await screen.findByTestId('destination-row');
    expect(service.addDestination).toHaveBeenCalledWith(expect.objectContaining({ name: 'Shorts', shape: '9:16' }));
    expect(within(row).getByTestId('vertical-badge')).toHaveTextContent(LIVE_TEXTS.vertical);
    expect(shape).toHaveValue('16:9');
  });

  it('the switch turns a destination off with a PATCH of enabled', async () => {
    const { user, service } = setup({ destinations: [destination('a', { name: 'YouTube' })] });
    await openDialog(user);
    const toggle = await screen.findByRole('switch', { name: LIVE_TEXTS.streamTo('YouTube') });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(service.updateDestination).toHaveBeenCalledWith('a', { enabled: false });
    await waitFor(() => expect(screen.getByRole('switch', { name: LIVE_TEXTS.streamTo('YouTube') })).not.toBeChecked());
  });

  it('delete asks first; CANCEL keeps it, DELETE removes it', async () => {
    const { user, service } = setup({ destinations: [destination('a', { name: 'YouTube' })] });
    await openDialog(user);
    await user.click(await screen.findByRole('button', { name: LIVE_TEXTS.deleteDestination('YouTube') }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'CANCEL' }));
    expect(service.deleteDestination).not.toHaveBeenCalled();
    expect(screen.getByTestId('destination-row')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: LIVE_TEXTS.deleteDestination('YouTube') }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: LIVE_TEXTS.delete }));
    expect(service.deleteDestination).toHaveBeenCalledWith('a');
    await waitFor(() => expect(screen.queryByTestId('destination-row')).toBeNull());
    expect(screen.getByTestId('destinations-dialog')).toBeInTheDocument();
  });

  it('while live each row says its health; a failed one can be tried again', async () => {
    const { user, service } = setup({ destinations: [destination('a', { name: 'YouTube' }), destination('b', { name: 'Twitch' })] });
    act(() => void useLiveStore.getState().applyStatus(liveStatus([output('a', 'live', { bitrateKbps: 4500, fps: 30, droppedFrames: 3 }), output('b', 'failed', { error: 'Connection refused' })])));
    await openDialog(user);
    const [youtube, twitch] = await screen.findAllByTestId('destination-row');
    expect(within(youtube!).getByTestId('destination-health')).toHaveTextContent('Live · 4.5 Mb/s · 30 fps · 3 dropped frames');
    expect(within(twitch!).getByTestId('destination-health')).toHaveTextContent('Failed · 4.5 Mb/s · 30 fps · 2 dropped frames · Connection refused');
    await user.click(within(twitch!).getByRole('button', { name: LIVE_TEXTS.retryDestination('Twitch') }));
    expect(service.retryDestination).toHaveBeenCalledWith('b');
  });

  it('links the watch page in a new tab and copies its address', async () => {
    const { user } = setup();
    await openDialog(user);
    const link = screen.getByTestId('watch-link');
    expect(link).toHaveAttribute('href', `${location.origin}${INFO.watchPath}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    await user.click(screen.getByRole('button', { name: LIVE_TEXTS.copyWatchLink }));
    expect(await navigator.clipboard.readText()).toBe(`${location.origin}${INFO.watchPath}`);
    expect(screen.getByTestId('copy-watch-link')).toHaveTextContent(LIVE_TEXTS.copied);
  });
});

describe('the recordings', () => {
  it('list date and time, duration, size and state; Download only when ready', async () => {
    const { user, service } = setup({ recordings: [recording('r1'), recording('r2', { state: 'recording', durationSec: null, sizeBytes: null, startedAt: Date.UTC(2025, 0, 3) })] });
    await openDialog(user);
    await user.click(screen.getByTestId('recordings-tab'));
    const rows = await screen.findAllByTestId('recording-row');
    const ready = rows.find((r) => r.dataset.id === 'r1')!;
    const writing = rows.find((r) => r.dataset.id === 'r2')!;
    const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(recording('r1').startedAt);
    expect(ready).toHaveTextContent(date);
    expect(ready).toHaveTextContent('1:02:05');
    expect(ready).toHaveTextContent('5.0 MB');
    expect(ready).toHaveTextContent(LIVE_TEXTS.recordingStates.ready);
    expect(writing).toHaveTextContent(LIVE_TEXTS.recordingStates.recording);
    expect(within(writing).queryByRole('button', { name: /Download/ })).toBeNull();
    expect(rows[0]).toBe(writing); // newest first

    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(within(ready).getByRole('button', { name: LIVE_TEXTS.downloadOf(date) }));
    expect(service.downloadRecording).toHaveBeenCalledWith('r1', expect.any(Function));
  });

  it('delete asks first', async () => {
    const { user, service } = setup({ recordings: [recording('r1')] });
    await openDialog(user);
    await user.click(screen.getByTestId('recordings-tab'));
    const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(recording('r1').startedAt);
    await user.click(await screen.findByRole('button', { name: LIVE_TEXTS.deleteRecording(date) }));
    expect(service.deleteRecording).not.toHaveBeenCalled();
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: LIVE_TEXTS.delete }));
    expect(service.deleteRecording).toHaveBeenCalledWith('r1');
    await waitFor(() => expect(screen.queryByTestId('recording-row')).toBeNull());
    expect(screen.getByText(LIVE_TEXTS.noRecordings)).toBeInTheDocument();
  });
});
