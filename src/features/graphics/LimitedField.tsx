/**
 * A text field of a graphic (§5: lower third 120 characters each, ticker 500): it counts what is typed,
 * and text pasted past the limit is cut there with the reason shown (never silently lost).
 */
import { useId, useState } from 'react';
import { limitDraft, textLength } from '../../lib/text';
import { CutReason } from '../../ui/CutReason';

export interface LimitedFieldProps {
  label: string;
  value: string;
  max: number;
  onChange(next: string): void;
  multiline?: boolean;
  /** The counter's words (§2 tickers: 'n/500 max characters'); 'n/max' by default. */
  counter?: (n: number, max: number) => string;
  placeholder?: string;
  autoFocus?: boolean;
}

export function LimitedField({ label, value, max, onChange, multiline, counter = (n, m) => `${n}/${m}`, placeholder, autoFocus }: LimitedFieldProps) {
  const id = useId();
  const [cut, setCut] = useState(false);
  const change = (raw: string) => {
    const next = limitDraft(raw, { max, multiline });
    setCut(next.cut);
    onChange(next.text);
  };
  const props = {
    id,
    value,
    placeholder,
    autoFocus,
    'aria-describedby': `${id}-count ${id}-cut`,
    onChange: (e: { target: { value: string } }) => change(e.target.value),
  };
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {multiline ? <textarea {...props} rows={3} className="textarea" /> : <input {...props} className="input" />}
      <div className="field-footer">
        <CutReason id={`${id}-cut`} max={max} cut={cut} />
        <span id={`${id}-count`} className="field-hint field-counter">
          {counter(textLength(value), max)}
        </span>
      </div>
    </div>
  );
}
