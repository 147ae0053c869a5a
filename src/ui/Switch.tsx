/** A labelled on/off switch (role="switch"), keyboard operable like a checkbox. */
import { useId } from 'react';

export function Switch({ label, hint, checked, onChange, disabled }: { label: string; hint?: string; checked: boolean; onChange(v: boolean): void; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="switch-row">
      <label htmlFor={id} className="switch-label">
        <span>{label}</span>
        {hint && <span className="field-hint">{hint}</span>}
      </label>
      <button id={id} type="button" role="switch" aria-checked={checked} disabled={disabled} className={`toggle${checked ? ' on' : ''}`} onClick={() => onChange(!checked)}>
        <span className="toggle-knob" />
      </button>
    </div>
  );
}
