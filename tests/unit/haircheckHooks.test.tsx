import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useAutoProceed } from '../../src/features/haircheck/useAutoProceed';
import { useSpeakerTest } from '../../src/features/haircheck/useSpeakerTest';
import { useDeviceCheck } from '../../src/features/haircheck/useDeviceCheck';
import { SPEAKER_TEST_MS, HAIRCHECK_AUTO_PROCEED_MS } from '../../src/lib/limits';
import { useSettingsStore } from '../../src/state/settingsStore';

describe('auto proceed (§2: moves on once every kind of device exists)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('proceeds after the countdown when ready', () => {
    const proceed = vi.fn();
    const { result } = renderHook(() => useAutoProceed(true, proceed));
    expect(result.current.running).toBe(true);
    act(() => void vi.advanceTimersByTime(HAIRCHECK_AUTO_PROCEED_MS - 1000));
    expect(proceed).not.toHaveBeenCalled();
    expect(result.current.secondsLeft).toBe(1);
    act(() => void vi.advanceTimersByTime(1000));
    expect(proceed).toHaveBeenCalledOnce();
  });

  it('does not run while devices are missing', () => {
    const proceed = vi.fn();
    const { result } = renderHook(() => useAutoProceed(false, proceed));
    act(() => void vi.advanceTimersByTime(HAIRCHECK_AUTO_PROCEED_MS * 2));
    expect(result.current.running).toBe(false);
    expect(proceed).not.toHaveBeenCalled();
  });

  it('stops for good when the moderator says so', () => {
    const proceed = vi.fn();
    const { result } = renderHook(() => useAutoProceed(true, proceed));
    act(() => void vi.advanceTimersByTime(2000));
    act(() => result.current.stop());
    act(() => void vi.advanceTimersByTime(HAIRCHECK_AUTO_PROCEED_MS * 2));
    expect(proceed).not.toHaveBeenCalled();
  });
});

describe('speaker test (§4, §9: 4 s or until clicked again)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is 4 seconds', () => expect(SPEAKER_TEST_MS).toBe(4000));

  it('plays on the chosen speaker and stops by itself after 4 s', async () => {
    const setSinkId = vi.fn(() => Promise.resolve());
    Object.defineProperty(HTMLMediaElement.prototype, 'setSinkId', { configurable: true, value: setSinkId });
    const { result } = renderHook(() => useSpeakerTest('spk-2'));
    await act(async () => result.current.toggle());
    expect(setSinkId).toHaveBeenCalledWith('spk-2');
    expect(result.current.playing).toBe(true);
    act(() => void vi.advanceTimersByTime(SPEAKER_TEST_MS - 1));
    expect(result.current.playing).toBe(true);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current.playing).toBe(false);
  });

  it('clicking again stops it early', async () => {
    const { result } = renderHook(() => useSpeakerTest(null));
    await act(async () => result.current.toggle());
    expect(result.current.playing).toBe(true);
    act(() => result.current.toggle());
    expect(result.current.playing).toBe(false);
  });
});

/** A fake navigator.mediaDevices whose device list and permission can change under the test. */
function fakeMediaDevices(initial: MediaDeviceInfo[]) {
  let devices = initial;
  const listeners = new Set<() => void>();
  const track = (kind: string, deviceId: string) => ({ kind, stop: vi.fn(), getSettings: () => ({ deviceId }) });
  const media = {
    enumerateDevices: vi.fn(async () => devices),
    getUserMedia: vi.fn(async (c: MediaStreamConstraints) => {
      const want = (x: unknown, kind: MediaDeviceKind) => {
        const exact = (x as { deviceId?: { exact?: string } })?.deviceId?.exact;
        return exact ?? devices.find((d) => d.kind === kind)?.deviceId ?? '';
      };
      const video = track('video', want(c.video, 'videoinput'));
      const audio = track('audio', want(c.audio, 'audioinput'));
      return { getTracks: () => [video, audio], getVideoTracks: () => [video], getAudioTracks: () => [audio] } as unknown as MediaStream;
    }),
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
    setDevices(next: MediaDeviceInfo[]) {
      devices = next;
      listeners.forEach((l) => l());
    },
  };
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: media });
  return media;
}

const dev = (kind: MediaDeviceKind, deviceId: string) => ({ kind, deviceId, label: deviceId, groupId: '', toJSON: () => ({}) }) as MediaDeviceInfo;

describe('device check hook', () => {
  beforeEach(() => useSettingsStore.getState().hydrate());

  it('lists devices after permission and opens the first of each', async () => {
    fakeMediaDevices([dev('videoinput', 'cam1'), dev('audioinput', 'mic1'), dev('audiooutput', 'spk1')]);
    const { result } = renderHook(() => useDeviceCheck());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await waitFor(() => expect(result.current.lists.speaker).toHaveLength(1));
    expect(result.current.selection).toEqual({ camera: 'cam1', microphone: 'mic1', speaker: 'spk1' });
  });

  it('follows a camera being unplugged and reopens with the remaining one', async () => {
    const media = fakeMediaDevices([dev('videoinput', 'cam1'), dev('videoinput', 'cam2'), dev('audioinput', 'mic1'), dev('audiooutput', 'spk1')]);
    const { result } = renderHook(() => useDeviceCheck());
    await waitFor(() => expect(result.current.lists.camera).toHaveLength(2));
    act(() => result.current.choose('camera', 'cam2'));
    await waitFor(() => expect(media.getUserMedia).toHaveBeenLastCalledWith(expect.objectContaining({ video: expect.objectContaining({ deviceId: { exact: 'cam2' } }) })));
    expect(useSettingsStore.getState().lastUsedDevices.camera).toEqual({ deviceId: 'cam2', name: 'cam2' });

    act(() => media.setDevices([dev('videoinput', 'cam1'), dev('audioinput', 'mic1'), dev('audiooutput', 'spk1')]));
    await waitFor(() => expect(result.current.selection.camera).toBe('cam1'));
    await waitFor(() => expect(media.getUserMedia).toHaveBeenLastCalledWith(expect.objectContaining({ video: expect.objectContaining({ deviceId: { exact: 'cam1' } }) })));
  });

  it('a denied permission reports CAM_MIC_DENIED; RESELECT asks again', async () => {
    const media = fakeMediaDevices([dev('videoinput', 'cam1'), dev('audioinput', 'mic1'), dev('audiooutput', 'spk1')]);
    media.getUserMedia.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    const { result } = renderHook(() => useDeviceCheck());
    await waitFor(() => expect(result.current.errorCode).toBe('CAM_MIC_DENIED'));
    expect(result.current.status).toBe('error');
    act(() => result.current.reselect());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.errorCode).toBeNull();
    expect(media.getUserMedia).toHaveBeenCalledTimes(2);
  });
});
