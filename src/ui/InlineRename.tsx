/**
 * §5 inline rename: Enter or clicking outside saves, Escape discards, empty text reverts (unless
 * allowed), input is sanitised, and 'Saved!' shows for 2 s when the saving indicator is on. Input
 * goes through the shared text rule: text past the limit is cut with the reason shown (never the
 * browser's silent maxLength), and text with nothing visible left counts as empty.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { NAME_MAX, SAVED_HINT_MS } from '../lib/limits';
import { cleanText, limitDraft } from '../lib/text';
import { CutReason } from './CutReason';

export interface InlineRenameProps {
  value: string;
  label: string;
  onSave(next: string): void;
  allowEmpty?: boolean;
  showSaved?: boolean;
  /** Characters (the shared text rule's count); names by default. */
  maxLength?: number;
  className?: string;
  /** Controlled editing (F2 on a producer card): when given, the owner opens and closes the field. */
  editing?: boolean;
  onEditingChange?(editing: boolean): void;
}

export function InlineRename({ value, label, onSave, allowEmpty = false, showSaved = true, maxLength = NAME_MAX, className, editing: controlled, onEditingChange }: InlineRenameProps) {
  const [own, setOwn] = useState(false);
  const editing = controlled ?? own;
  const setEditing = (next: boolean) => {
    setOwn(next);
    onEditingChange?.(next);
  };
  const button = useRef<HTMLButtonElement>(null);
  /** Enter and Escape give focus back to the name; a click elsewhere keeps it where it went. */
  const refocus = useRef(false);
  const id = useId();
  /** What the user typed since the field opened; null shows the current value. */
  const [draft, setDraft] = useState<string | null>(null);
  const [cut, setCut] = useState(false);
  const [saved, setSaved] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (editing) {
      input.current?.focus();
      input.current?.select();
    }
    else if (refocus.current) {
      refocus.current = false;
      button.current?.focus();
    }
  }, [editing]);

  const finish = (commit: boolean) => {
    setEditing(false);
    setCut(false);
    setDraft(null);
    if (!commit || draft === null) return;
    const clean = cleanText(draft, { max: maxLength }).text;
    if (!clean && !allowEmpty) return; // reverts
    if (clean === value) return;
    onSave(clean);
    if (showSaved) {
      setSaved(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setSaved(false), SAVED_HINT_MS);
    }
  };

  if (!editing) {
    return (
      <span className={`inline-rename ${className ?? ''}`}>
        <button
          ref={button}
          type="button"
          className="inline-rename-value"
          title={`${value} (click to rename)`}
          aria-label={`${label}: ${value}. Rename`}
          onClick={() => setEditing(true)}
        >
          {value}
        </button>
        {saved && (
          <span className="saved-hint" role="status">
            Saved!
          </span>
        )}
      </span>
    );
  }
  return (
    <>
      <input
        ref={input}
        className={`inline-rename-input ${className ?? ''}`}
        aria-label={label}
        aria-describedby={cut ? `${id}-cut` : undefined}
        value={draft ?? value}
        onChange={(e) => {
          const next = limitDraft(e.target.value, { max: maxLength });
          setDraft(next.text);
          setCut(next.cut);
        }}
        onBlur={() => finish(true)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            // No keypress follows, so the name button that gets the focus back is not clicked by it.
            e.preventDefault();
            refocus.current = true;
            finish(true);
          }
          if (e.key === 'Escape') {
            e.stopPropagation();
            refocus.current = true;
            finish(false);
          }
        }}
      />
      <CutReason id={`${id}-cut`} max={maxLength} cut={cut} />
    </>
  );
}
