/** The three device kinds of the device check and settings (§2 haircheck, §3 last-used devices). */
export type DeviceKind = 'camera' | 'microphone' | 'speaker';
export const DEVICE_KINDS: readonly DeviceKind[] = ['camera', 'microphone', 'speaker'];

export interface DeviceOption {
  deviceId: string;
  label: string;
}
