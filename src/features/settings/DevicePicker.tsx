import { useSettingsStore } from '../../state/settingsStore';
import { labelOf, type DeviceKind, type DeviceOption } from '../haircheck/devices';

const LABELS = { camera: 'Camera', microphone: 'Microphone', speaker: 'Speaker' } as const;

/** Picks the studio's device of a kind; the choice is remembered (§3 last-used devices). */
export function DevicePicker({ kind, list }: { kind: DeviceKind; list: DeviceOption[] }) {
  const chosen = useSettingsStore((s) => s.lastUsedDevices[kind]?.deviceId ?? '');
  const value = list.some((d) => d.deviceId === chosen) ? chosen : (list[0]?.deviceId ?? '');
  return (
    <div className="field">
      <label className="field-label" htmlFor={`settings-${kind}`}>
        {LABELS[kind]}
      </label>
      <select id={`settings-${kind}`} className="select" value={value} disabled={!list.length} onChange={(e) => useSettingsStore.getState().rememberDevices({ [kind]: { deviceId: e.target.value, name: labelOf(list, e.target.value) } })}>
        {!list.length && <option value="">No {LABELS[kind].toLowerCase()} found</option>}
        {list.map((d) => (
          <option key={d.deviceId} value={d.deviceId}>
            {d.label}
          </option>
        ))}
      </select>
    </div>
  );
}
