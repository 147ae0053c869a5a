import { useSettingsStore } from '../../state/settingsStore';
import { labelOf } from '../../services/media/devices';
import type { DeviceKind, DeviceOption } from '../../lib/devices';
import { DeviceSelect } from '../../ui/DeviceSelect';

/** Picks the studio's device of a kind; the choice is remembered (§3 last-used devices). */
export function DevicePicker({ kind, list }: { kind: DeviceKind; list: DeviceOption[] }) {
  const chosen = useSettingsStore((s) => s.lastUsedDevices[kind]?.deviceId ?? '');
  const value = list.some((d) => d.deviceId === chosen) ? chosen : (list[0]?.deviceId ?? null);
  return (
    <DeviceSelect
      kind={kind}
      list={list}
      value={value}
      idPrefix="settings"
      onChange={(id) => useSettingsStore.getState().rememberDevices({ [kind]: { deviceId: id, name: labelOf(list, id) } })}
    />
  );
}
