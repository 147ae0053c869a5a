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
}

export function InlineRename({ value, label, onSave, allowEmpty = false, showSaved = true, maxLength = NAME_MAX, className }: InlineRenameProps) {
  const [editing, setEditing] = useState(false);
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [cut, setCut] = useState(false);
  const [saved, setSaved] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (editing) input.current?.select();
  }, [editing]);

  const finish = (commit: boolean) => {
    setEditing(false);
    setCut(false);
    if (!commit) return;
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
          type="button"
          className="inline-rename-value"
          title={`${value} (click to rename)`}
          aria-label={`${label}: ${value}. Rename`}
          onClick={() => {
            setDraft(value);
            setEditing(true);
          }}
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
        value={draft}
        onChange={(e) => {
          const next = limitDraft(e.target.value, { max: maxLength });
          setDraft(next.text);
          setCut(next.cut);
        }}
        onBlur={() => finish(true)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') finish(true);
          if (e.key === 'Escape') {
            e.stopPropagation();
            finish(false);
          }
        }}
      />
      <CutReason id={`${id}-cut`} max={maxLength} cut={cut} />
    </>
  );
}
