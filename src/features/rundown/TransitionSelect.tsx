/**
 * How the program goes to a scene (issue 25): Cut, or Fade with its length in ms; a scene's own
 * choice may also be the rundown's default. A length outside 100–5000 ms is brought within it.
 */
import { useId, useState } from 'react';
import { clampTransition, DEFAULT_FADE_MS, FADE_MAX_MS, FADE_MIN_MS, type Transition } from '../../../compositor/model/transition';
import { RUNDOWN_TEXTS as T } from './texts';

export const transitionLabel = (t: Transition): string => (t.kind === 'cut' ? T.cut : T.fade(t.durationMs));

export interface TransitionSelectProps {
  label: string;
  /** null: the rundown's default (only where `global` is given). */
  value: Transition | null;
  global?: Transition;
  onChange(next: Transition | null): void;
}

export function TransitionSelect({ label, value, global, onChange }: TransitionSelectProps) {
  const id = useId();
  const kind = value === null ? 'default' : value.kind;
  const [ms, setMs] = useState<string | null>(null);
  const fadeMs = value?.kind === 'fade' ? value.durationMs : DEFAULT_FADE_MS;
  const commitMs = () => {
    if (ms === null) return;
    const n = Number(ms);
    setMs(null);
    if (ms.trim() !== '' && Number.isFinite(n)) onChange(clampTransition({ kind: 'fade', durationMs: n }));
  };
  return (
    <div className="field transition-select">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="transition-inputs">
        <select
          id={id}
          className="input"
          value={kind}
          onChange={(e) => {
            const next = e.target.value;
            onChange(next === 'default' ? null : next === 'cut' ? { kind: 'cut' } : { kind: 'fade', durationMs: fadeMs });
          }}
        >
          {global && <option value="default">{T.defaultTransition(transitionLabel(global))}</option>}
          <option value="cut">{T.cut}</option>
          <option value="fade">Fade</option>
        </select>
        {value?.kind === 'fade' && (
          <input
            className="input transition-ms"
            type="number"
            aria-label={T.fadeLength}
            min={FADE_MIN_MS}
            max={FADE_MAX_MS}
            step={100}
            value={ms ?? String(value.durationMs)}
            onChange={(e) => setMs(e.target.value)}
            onBlur={commitMs}
            onKeyDown={(e) => e.key === 'Enter' && commitMs()}
          />
        )}
      </div>
    </div>
  );
}
