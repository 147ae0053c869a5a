/**
 * Pure device logic of the device check (§2 haircheck, §3 last-used devices): grouping what
 * enumerateDevices returns, choosing a device (remembered id, then remembered name, then the
 * system default, then the first), and keeping a selection valid when devices come and go.
 */
import type { LastUsedDevices, RememberedDevice } from '../../state/storage';

import { DEVICE_KINDS, type DeviceKind, type DeviceOption } from '../../lib/devices';
export type DeviceLists = Record<DeviceKind, DeviceOption[]>;
export type DeviceSelection = Record<DeviceKind, string | null>;

const MEDIA_KIND: Record<MediaDeviceKind, DeviceKind> = { videoinput: 'camera', audioinput: 'microphone', audiooutput: 'speaker' };
const FALLBACK_LABEL: Record<DeviceKind, string> = { camera: 'Camera', microphone: 'Microphone', speaker: 'Speaker' };

export function groupDevices(devices: readonly Pick<MediaDeviceInfo, 'deviceId' | 'kind' | 'label'>[]): DeviceLists {
  const lists: DeviceLists = { camera: [], microphone: [], speaker: [] };
  for (const d of devices) {
    const kind = MEDIA_KIND[d.kind];
    // Before permission is granted the browser lists devices with empty ids: they cannot be chosen.
    if (!kind || !d.deviceId) continue;
    // 'communications' duplicates another entry on Windows; listing it twice only confuses.
    if (d.deviceId === 'communications') continue;
    const list = lists[kind];
    list.push({ deviceId: d.deviceId, label: d.label || `${FALLBACK_LABEL[kind]} ${list.length + 1}` });
  }
  return lists;
}

export function pickDevice(list: readonly DeviceOption[], remembered?: RememberedDevice, current?: string | null): string | null {
  if (current && list.some((d) => d.deviceId === current)) return current;
  if (remembered) {
    const byId = list.find((d) => d.deviceId === remembered.deviceId);
    if (byId) return byId.deviceId;
    // Device ids can change between sessions (cleared site data); the label usually does not.
    const byName = list.find((d) => d.label === remembered.name);
    if (byName) return byName.deviceId;
  }
  return (list.find((d) => d.deviceId === 'default') ?? list[0])?.deviceId ?? null;
}

/** The selection after the device lists changed: kept where still present, re-picked otherwise. */
export function reconcileSelection(lists: DeviceLists, current: DeviceSelection, remembered: LastUsedDevices): DeviceSelection {
  return {
    camera: pickDevice(lists.camera, remembered.camera, current.camera),
    microphone: pickDevice(lists.microphone, remembered.microphone, current.microphone),
    speaker: pickDevice(lists.speaker, remembered.speaker, current.speaker),
  };
}

/** §2: the device check can move on once at least one camera, microphone and speaker exist. */
export function hasEveryKind(lists: DeviceLists): boolean {
  return DEVICE_KINDS.every((k) => lists[k].length > 0);
}

export function labelOf(list: readonly DeviceOption[], id: string | null): string {
  return list.find((d) => d.deviceId === id)?.label ?? '';
}

/** §8: device errors the studio recognises, from getUserMedia's DOMException names. */
export type DeviceErrorCode = 'CAM_IN_USE' | 'CAM_MIC_DENIED';
export function deviceErrorCode(error: unknown): DeviceErrorCode {
  const name = error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error) ? String((error as { name: unknown }).name) : '';
  return name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError' ? 'CAM_IN_USE' : 'CAM_MIC_DENIED';
}
