/** The editor frame of a lower third or ticker (§4 edit on a clone, Save / Cancel), as a small form. */
import type { FormEvent, ReactNode } from 'react';

export function GraphicEditor({ title, error, canSave, onSave, onCancel, children }: { title: string; error: string | null; canSave: boolean; onSave(): void; onCancel(): void; children: ReactNode }) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (canSave) onSave();
  };
  return (
    <form className="graphic-editor" aria-label={title} onSubmit={submit} onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), onCancel())}>
      <h4 className="graphic-editor-title">{title}</h4>
      {children}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="graphic-editor-actions">
        <button type="button" className="btn btn-ghost btn-small" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary btn-small" disabled={!canSave}>
          Save
        </button>
      </div>
    </form>
  );
}
