/**
 * The device check's media: asks for camera and microphone, lists every device, keeps the chosen
 * ones open for the preview, follows devices being plugged in or out, and reports permission
 * errors (§8 device dialog). Only choices the moderator makes are remembered (§3).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage, log } from '../../log';
import { sounds } from '../../services/show/sounds';
import { useSettingsStore } from '../../state/settingsStore';
import type { LastUsedDevices } from '../../state/storage';
import { deviceErrorCode, groupDevices, labelOf, reconcileSelection, type DeviceErrorCode, type DeviceLists, type DeviceSelection } from '../../services/media/devices';
import type { DeviceKind } from '../../lib/devices';

export type DeviceCheckStatus = 'requesting' | 'ready' | 'error' | 'unavailable';

const EMPTY_LISTS: DeviceLists = { camera: [], microphone: [], speaker: [] };
const NO_SELECTION: DeviceSelection = { camera: null, microphone: null, speaker: null };

const stopStream = (s: MediaStream | null) => s?.getTracks().forEach((t) => t.stop());

/** A chosen device is required exactly; before any choice the remembered one is preferred. */
function deviceConstraint(chosen: string | null, remembered: string | undefined): ConstrainDOMString | undefined {
  if (chosen) return { exact: chosen };
  return remembered ? { ideal: remembered } : undefined;
}

function constraintsFor(selection: DeviceSelection, remembered: LastUsedDevices): MediaStreamConstraints {
  return {
    video: { deviceId: deviceConstraint(selection.camera, remembered.camera?.deviceId), width: { ideal: 1280 }, height: { ideal: 720 } },
    audio: { deviceId: deviceConstraint(selection.microphone, remembered.microphone?.deviceId) },
  };
}

const trackDevice = (track: MediaStreamTrack | undefined) => track?.getSettings().deviceId ?? null;

export function useDeviceCheck() {
  const [lists, setLists] = useState<DeviceLists>(EMPTY_LISTS);
  const [selection, setSelection] = useState<DeviceSelection>(NO_SELECTION);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [status, setStatus] = useState<DeviceCheckStatus>('requesting');
  const [errorCode, setErrorCode] = useState<DeviceErrorCode | null>(null);
  const [attempt, setAttempt] = useState(0);
  const listsRef = useRef(lists);
  listsRef.current = lists;

  /** Re-lists devices; `reconcile` also re-picks a selection whose device went away. */
  const refreshDevices = useCallback(async (reconcile = true) => {
    const next = groupDevices(await navigator.mediaDevices.enumerateDevices());
    setLists(next);
    if (reconcile) setSelection((current) => reconcileSelection(next, current, useSettingsStore.getState().lastUsedDevices));
  }, []);

  // What is open now, so a selection that already matches it does not reopen the devices.
  const open = useRef<{ stream: MediaStream | null; camera: string | null; microphone: string | null; attempt: number }>({
    stream: null,
    camera: null,
    microphone: null,
    attempt: -1,
  });

  // Open the chosen camera and microphone (again after RESELECT DEVICES).
  useEffect(() => {
    const media = navigator.mediaDevices;
    if (!media?.getUserMedia) {
      setStatus('unavailable');
      return;
    }
    const current = open.current;
    if (current.stream && current.attempt === attempt && current.camera === selection.camera && current.microphone === selection.microphone) return;
    let cancelled = false;
    setStatus('requesting');
    media
      .getUserMedia(constraintsFor(selection, useSettingsStore.getState().lastUsedDevices))
      .then(async (s) => {
        if (cancelled) return stopStream(s);
        stopStream(open.current.stream);
        const camera = trackDevice(s.getVideoTracks()[0]) ?? selection.camera;
        const microphone = trackDevice(s.getAudioTracks()[0]) ?? selection.microphone;
        open.current = { stream: s, camera, microphone, attempt };
        setStream(s);
        setErrorCode(null);
        setStatus('ready');
        // What actually opened becomes the selection, so listing devices does not reopen them.
        setSelection((cur) => ({ ...cur, camera, microphone }));
        await refreshDevices();
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        log.warn('devices', `getUserMedia failed: ${errorMessage(error)}`);
        stopStream(open.current.stream);
        open.current = { stream: null, camera: null, microphone: null, attempt };
        setStream(null);
        setErrorCode(deviceErrorCode(error));
        setStatus('error');
        sounds.play('popup');
        // List devices so the moderator can pick another one, but do not retry on our own:
        // only RESELECT DEVICES or a new choice opens them again.
        refreshDevices(false).catch(() => undefined);
      });
    return () => {
      cancelled = true;
    };
  }, [selection.camera, selection.microphone, attempt, refreshDevices]); // eslint-disable-line react-hooks/exhaustive-deps

  // Leaving the device check releases camera and microphone.
  useEffect(
    () => () => {
      stopStream(open.current.stream);
      open.current = { stream: null, camera: null, microphone: null, attempt: -1 };
    },
    [],
  );

  // Devices plugged in or out while the check is open.
  useEffect(() => {
    const media = navigator.mediaDevices;
    if (!media?.addEventListener) return;
    const onChange = () => void refreshDevices(true).catch((e: unknown) => log.warn('devices', errorMessage(e)));
    media.addEventListener('devicechange', onChange);
    return () => media.removeEventListener('devicechange', onChange);
  }, [refreshDevices]);

  const choose = useCallback((kind: DeviceKind, deviceId: string) => {
    setSelection((s) => ({ ...s, [kind]: deviceId }));
    useSettingsStore.getState().rememberDevices({ [kind]: { deviceId, name: labelOf(listsRef.current[kind], deviceId) } });
  }, []);

  const reselect = useCallback(() => {
    setErrorCode(null);
    setAttempt((a) => a + 1);
  }, []);

  const dismissError = useCallback(() => setErrorCode(null), []);

  /** Remembers the devices the moderator joins with. */
  const rememberAll = useCallback(() => {
    const patch: Record<string, { deviceId: string; name: string }> = {};
    for (const kind of ['camera', 'microphone', 'speaker'] as const) {
      const id = selection[kind];
      if (id) patch[kind] = { deviceId: id, name: labelOf(lists[kind], id) };
    }
    useSettingsStore.getState().rememberDevices(patch);
  }, [lists, selection]);

  return { lists, selection, stream, status, errorCode, choose, reselect, dismissError, rememberAll };
}
