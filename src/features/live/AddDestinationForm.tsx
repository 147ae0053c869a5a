/**
 * Add destination (issue 23): name, server URL and stream key (a password field). What the form or
 * the server refuses is said next to it and nothing typed is lost; after a save the fields clear and
 * the key is never shown again (the list has its last four characters only).
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { Plus } from 'lucide-react';
import { COPY_CONFIRMATION_MS } from '../../lib/limits';
import { addDestination } from '../../services/live/destinations';
import { DESTINATIONS_MAX } from '../../state/live/limits';
import { draftProblem } from '../../state/live/rules';
import { useLiveStore } from '../../state/live/store';
import type { DestinationDraft } from '../../state/live/types';
import { useTimedValue } from '../poll/useTimedValue';
import { LIVE_TEXTS } from './texts';
import { FRAME_SHAPES, LANDSCAPE, type FrameShape } from '../../../compositor/model/frame';

const EMPTY: DestinationDraft = { name: '', serverUrl: '', streamKey: '', shape: LANDSCAPE };

/** Which program the destination receives (issue 34): 16:9, or the vertical one for the platforms that take it. */
function ShapeField({ value, onChange }: { value: FrameShape; onChange(shape: FrameShape): void }) {
  const id = useId();
  return (
    <div className="field destination-shape">
      <label className="field-label" htmlFor={id}>
        {LIVE_TEXTS.shape}
      </label>
      <select id={id} className="select" value={value} onChange={(e) => onChange(e.target.value as FrameShape)} aria-describedby={`${id}-hint`} data-testid="destination-shape">
        {FRAME_SHAPES.map((shape) => (
          <option key={shape} value={shape}>
            {LIVE_TEXTS.shapes[shape]}
          </option>
        ))}
      </select>
      <span className="field-hint" id={`${id}-hint`}>
        {LIVE_TEXTS.shapeHint}
      </span>
    </div>
  );
}

function Field({ label, hint, ...input }: { label: string; hint?: string } & React.ComponentProps<'input'>) {
  const id = useId();
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <input className="input" aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
      {hint && (
        <span className="field-hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
    </label>
  );
}

export function AddDestinationForm() {
  const count = useLiveStore((s) => s.destinations.length);
  const [draft, setDraft] = useState<DestinationDraft>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const [added, showAdded] = useTimedValue<string>(COPY_CONFIRMATION_MS);
  const atLimit = count >= DESTINATIONS_MAX;
  const change = (field: keyof DestinationDraft) => (e: React.ChangeEvent<HTMLInputElement>) => setDraft((d) => ({ ...d, [field]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (saving) return;
    const problem = draftProblem(draft, count);
    if (problem) return setError(LIVE_TEXTS.problems[problem]);
    setSaving(true);
    setError(null);
    const result = await addDestination(draft);
    setSaving(false);
    if (result.ok) {
      showAdded(draft.name.trim());
      setDraft(EMPTY);
      // Ready for the next one; focus never falls out of the dialog (Escape still closes it).
      nameInput.current?.focus();
    } else setError('problem' in result ? LIVE_TEXTS.problems[result.problem] : result.reason);
  }

  return (
    <form className="add-destination" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="add-destination-heading" data-testid="add-destination-form">
      <h3 id="add-destination-heading" className="live-heading">
        {LIVE_TEXTS.addHeading}
      </h3>
      <div className="add-destination-fields">
        <Field ref={nameInput} label={LIVE_TEXTS.name} value={draft.name} onChange={change('name')} placeholder={LIVE_TEXTS.namePlaceholder} autoComplete="off" aria-required />
        <Field label={LIVE_TEXTS.serverUrl} value={draft.serverUrl} onChange={change('serverUrl')} placeholder={LIVE_TEXTS.serverUrlPlaceholder} autoComplete="off" inputMode="url" spellCheck={false} aria-required />
        <Field label={LIVE_TEXTS.streamKey} hint={LIVE_TEXTS.streamKeyHint} type="password" value={draft.streamKey} onChange={change('streamKey')} autoComplete="off" spellCheck={false} aria-required />
      </div>
      <ShapeField value={draft.shape ?? LANDSCAPE} onChange={(shape) => setDraft((d) => ({ ...d, shape }))} />
      {(error || atLimit) && (
        <p className="inline-error" role="alert" data-testid="add-destination-error">
          {error ?? LIVE_TEXTS.problems.limit}
        </p>
      )}
      <div className="add-destination-actions">
        {added && (
          <span className="field-hint" role="status">
            {LIVE_TEXTS.added(added)}
          </span>
        )}
        {/* Not disabled while saving: a disabled button loses focus, and the dialog's keys with it. */}
        <button type="submit" className="btn btn-primary btn-small" disabled={atLimit} aria-disabled={saving || undefined}>
          <Plus size={14} aria-hidden /> {saving ? LIVE_TEXTS.saving : LIVE_TEXTS.save}
        </button>
      </div>
    </form>
  );
}
