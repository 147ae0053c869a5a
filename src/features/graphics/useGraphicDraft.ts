/**
 * The editor state of a lower third or ticker (§4 edit on a clone): the draft being edited (null when
 * the editor is closed) and the reason the last save or delete was refused, kept until the next edit.
 */
import { useState } from 'react';
import type { Outcome } from '../../state/graphics/graphicsActions';

export function useGraphicDraft<D>(saveDraft: (draft: D) => Outcome) {
  const [draft, setDraft] = useState<D | null>(null);
  const [error, setError] = useState<string | null>(null);
  const edit = (next: D | null) => {
    setDraft(next);
    setError(null);
  };
  return {
    draft,
    error,
    /** Opens the editor on `next` (a clone), or closes it (null); drops a shown refusal. */
    edit,
    /** Changes the open draft. */
    change: (next: D) => setDraft(next),
    save() {
      if (!draft) return;
      const outcome = saveDraft(draft);
      if (outcome.ok) edit(null);
      else setError(outcome.reason);
    },
    /** Shows why an action on the list was refused (or clears it when it went through). */
    report: (outcome: Outcome) => setError(outcome.ok ? null : outcome.reason),
  };
}
