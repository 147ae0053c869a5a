/** A labelled device picker (camera, microphone or speaker) with a clear empty state. */
import { Camera, Mic, Volume2 } from 'lucide-react';
import type { DeviceKind, DeviceOption } from '../lib/devices';

const ICONS = { camera: Camera, microphone: Mic, speaker: Volume2 } as const;
const LABELS = { camera: 'Camera', microphone: 'Microphone', speaker: 'Speaker' } as const;

export function DeviceSelect({ kind, list, value, onChange, idPrefix = 'device' }: { kind: DeviceKind; list: readonly DeviceOption[]; value: string | null; onChange(id: string): void; idPrefix?: string }) {
  const Icon = ICONS[kind];
  const id = `${idPrefix}-${kind}`;
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        <Icon size={16} aria-hidden /> {LABELS[kind]}
      </label>
      <select id={id} className="select" value={value ?? ''} disabled={list.length === 0} onChange={(e) => onChange(e.target.value)}>
        {list.length === 0 && <option value="">No {LABELS[kind].toLowerCase()} found</option>}
        {list.map((d) => (
          <option key={d.deviceId} value={d.deviceId}>
            {d.label}
          </option>
        ))}
      </select>
    </div>
  );
}
