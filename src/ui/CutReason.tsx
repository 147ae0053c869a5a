/**
 * Says, under a text field, that what was typed or pasted was cut to the field's limit (DESIGN:
 * rejected input gets a visible reason, never silent loss). A polite live region, shown only then.
 */
import { TEXTS } from '../lib/texts';

export function CutReason({ id, max, cut }: { id?: string; max: number; cut: boolean }) {
  if (!cut) return null;
  return (
    <span id={id} className="field-hint cut-reason" role="status">
      {TEXTS.cutTo(max)}
    </span>
  );
}
