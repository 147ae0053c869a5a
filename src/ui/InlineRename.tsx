/**
 * §5 inline rename: Enter or clicking outside saves, Escape discards, empty text reverts (unless
 * allowed), input is sanitised, and 'Saved!' shows for 2 s when the saving indicator is on.
 */
import { useEffect, useRef, useState } from 'react';
import { SAVED_HINT_MS } from '../lib/limits';
import { sanitizeText } from '../lib/text';

export interface InlineRenameProps {
  value: string;
  label: string;
  onSave(next: string): void;
  allowEmpty?: boolean;
  showSaved?: boolean;
  maxLength?: number;
  className?: string;
}

export function InlineRename({ value, label, onSave, allowEmpty = false, showSaved = true, maxLength = 60, className }: InlineRenameProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [saved, setSaved] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (editing) input.current?.select();
  }, [editing]);

  const finish = (commit: boolean) => {
    setEditing(false);
    if (!commit) return;
    const clean = sanitizeText(draft, maxLength).trim();
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
    <input
      ref={input}
      className={`inline-rename-input ${className ?? ''}`}
      aria-label={label}
      value={draft}
      maxLength={maxLength}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={() => finish(true)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') finish(true);
        if (e.key === 'Escape') {
          e.stopPropagation();
          finish(false);
        }
      }}
    />
  );
}
