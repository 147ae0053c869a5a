/**
 * A labelled on/off switch on React Aria's Switch: a native checkbox input with role="switch" (so its
 * state is announced as on/off), named by its label and hint, toggled by click, Space or the label.
 */
import { Switch as AriaSwitch } from 'react-aria-components';

export function Switch({ label, hint, checked, onChange, disabled }: { label: string; hint?: string; checked: boolean; onChange(v: boolean): void; disabled?: boolean }) {
  return (
    <AriaSwitch className="switch-row" isSelected={checked} onChange={onChange} isDisabled={disabled}>
      {({ isSelected }) => (
        <>
          <span className="switch-label">
            <span>{label}</span>
            {hint && <span className="field-hint">{hint}</span>}
          </span>
          <span className={`toggle${isSelected ? ' on' : ''}`} aria-hidden>
            <span className="toggle-knob" />
          </span>
        </>
      )}
    </AriaSwitch>
  );
}
