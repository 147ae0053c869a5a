/**
 * The create/edit poll form (§5). Every validation message shows next to its field as soon as the
 * field has been touched (or Save was tried); nothing typed is ever cut or thrown away, so text that
 * is too long stays, with its reason, until the moderator shortens it. Save is enabled only when the
 * question is non-empty and there are at least 2 options, all non-empty; options beyond the first
 * two can be deleted and the rest are renumbered. Enter in an option goes on to the next one (adding
 * it after the last), as in a list editor; Save, or Ctrl/Cmd+Enter anywhere in the form, saves.
 */
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { POLL_MIN_OPTIONS, POLL_TEXT_MAX } from '../../state/polls/limits';
import type { PollDraft } from '../../state/polls/types';
import { canSavePoll, renumberOptions, textLength, trimDraft, validatePoll, type PollIssue } from '../../state/polls/validation';
import { cleanText, type TextRule } from '../../lib/text';
import { keyLabel } from '../../state/commands/shortcuts';
import { POLL_TEXTS as T } from './texts';
import { Tooltip } from '../../ui/Tooltip';

export interface PollFormProps {
  title: string;
  initial?: PollDraft;
  /** A call is in flight: inputs stay, Save waits. */
  busy: boolean;
  /** Why the last save failed (§8 inline error); what was typed stays. */
  error: string | null;
  onSave(draft: PollDraft): void;
  onCancel(): void;
}

interface OptionRow {
  key: number;
  text: string;
}

type FieldKey = 'question' | 'options' | `option-${number}`;

/**
 * §5: too long text stays and Save says why ('Poll question is too long'), so the form cleans
 * without cutting; validation holds the 150 limit. The question is a text area, options are lines.
 */
const QUESTION_RULE: TextRule = { max: Number.POSITIVE_INFINITY, multiline: true };
const OPTION_RULE: TextRule = { max: Number.POSITIVE_INFINITY };

const fieldKey = (issue: PollIssue): FieldKey => (issue.field === 'option' ? `option-${issue.index}` : issue.field);

/** Saves the form from any of its fields (Enter alone adds an option, or a line to the question). */
const SAVE_KEYS = 'mod+enter';
const isSaveKey = (e: KeyboardEvent) => e.key === 'Enter' && (e.ctrlKey || e.metaKey);

export function PollForm({ title, initial, busy, error, onSave, onCancel }: PollFormProps) {
  const id = useId();
  const nextKey = useRef(0);
  const row = (text: string): OptionRow => ({ key: nextKey.current++, text });
  const [question, setQuestion] = useState(initial?.question ?? '');
  const [options, setOptions] = useState<OptionRow[]>(() => {
    const texts = initial ? initial.options.map((o) => o.option) : [];
    while (texts.length < POLL_MIN_OPTIONS && !initial) texts.push('');
    return texts.map(row);
  });
  const [touched, setTouched] = useState<ReadonlySet<FieldKey>>(new Set());
  // An existing poll shows its problems at once; a new one waits until its fields are touched.
  const [submitted, setSubmitted] = useState(initial !== undefined);
  /** The option row to focus once it is on the page (one just added, or the next one). */
  const [focusRow, setFocusRow] = useState<number | null>(null);

  const draft: PollDraft = useMemo(
    () => ({
      question: cleanText(question, QUESTION_RULE).text,
      options: renumberOptions(options.map((o) => ({ option: cleanText(o.text, OPTION_RULE).text }))),
    }),
    [question, options],
  );
  const issues = validatePoll(draft);
  const touch = (key: FieldKey) => setTouched((t) => (t.has(key) ? t : new Set(t).add(key)));
  const messagesFor = (key: FieldKey) => (submitted || touched.has(key) ? issues.filter((i) => fieldKey(i) === key).map((i) => i.message) : []);

  useEffect(() => {
    if (focusRow === null) return;
    document.getElementById(`${id}-option-${focusRow}`)?.focus();
    setFocusRow(null);
  }, [focusRow, id]);

  const addOption = () => {
    setOptions((o) => [...o, row('')]);
    setFocusRow(options.length);
  };
  /** Enter in an option: on to the next option, or a new one after the last (unless this one is still empty). */
  const onOptionKey = (e: KeyboardEvent<HTMLInputElement>, index: number) => {
    if (e.key !== 'Enter' || isSaveKey(e) || e.nativeEvent.isComposing) return;
    e.preventDefault(); // not the form's implicit submission
    if (index < options.length - 1) setFocusRow(index + 1);
    else if (options[index]?.text.trim()) addOption();
  };
  const removeOption = (index: number) => {
    setOptions((o) => o.filter((_, i) => i !== index));
    // Renumbered rows move up: what was touched belongs to the row, not to its old number.
    setTouched((t) => new Set([...t].filter((k) => !k.startsWith('option-'))));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (busy || !canSavePoll(draft)) return;
    if (issues.length > 0) {
      const first = issues[0];
      if (first) document.getElementById(`${id}-${fieldKey(first)}`)?.focus();
      return;
    }
    onSave(trimDraft(draft));
  };

  const questionErrors = messagesFor('question');
  const optionsErrors = messagesFor('options');
  return (
    <form
      className="poll-form"
      aria-labelledby={`${id}-title`}
      onSubmit={submit}
      onKeyDown={(e) => {
        if (!isSaveKey(e)) return;
        e.preventDefault();
        e.currentTarget.requestSubmit();
      }}
      noValidate
    >
      <h3 id={`${id}-title`} className="poll-form-title">
        {title}
      </h3>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-question`}>
          {T.question}
        </label>
        <textarea
          id={`${id}-question`}
          className="textarea"
          value={question}
          placeholder={T.questionPlaceholder}
          aria-invalid={questionErrors.length > 0}
          aria-describedby={`${id}-question-info`}
          onChange={(e) => {
            setQuestion(e.target.value);
            touch('question');
          }}
          onBlur={() => touch('question')}
        />
        <FieldInfo id={`${id}-question-info`} length={textLength(draft.question.trim())} messages={questionErrors} />
      </div>

      <fieldset className="poll-options" aria-describedby={`${id}-options-info`}>
        <legend className="field-label">{T.options}</legend>
        <div className="poll-option-list">
          {options.map((o, index) => {
            const key: FieldKey = `option-${index}`;
            const errors = messagesFor(key);
            const n = index + 1;
            return (
              <div key={o.key} className="poll-option-row">
                <span className="poll-option-number" aria-hidden>
                  {n}
                </span>
                <div className="field">
                  <input
                    id={`${id}-${key}`}
                    className="input"
                    value={o.text}
                    aria-label={T.option(n)}
                    placeholder={T.option(n)}
                    aria-invalid={errors.length > 0}
                    aria-describedby={`${id}-${key}-info`}
                    onChange={(e) => {
                      const text = e.target.value;
                      setOptions((rows) => rows.map((r) => (r.key === o.key ? { ...r, text } : r)));
                      touch(key);
                    }}
                    onBlur={() => touch(key)}
                    onKeyDown={(e) => onOptionKey(e, index)}
                  />
                  <FieldInfo id={`${id}-${key}-info`} length={textLength(draft.options[index]?.option.trim() ?? '')} messages={errors} />
                </div>
                {index >= POLL_MIN_OPTIONS ? (
                  <Tooltip label={T.deleteOption(n)} placement="left">
                    <button type="button" className="icon-button poll-option-delete" aria-label={T.deleteOption(n)} onClick={() => removeOption(index)}>
                      <Trash2 size={16} aria-hidden />
                    </button>
                  </Tooltip>
                ) : (
                  <span className="poll-option-delete-spacer" aria-hidden />
                )}
              </div>
            );
          })}
        </div>
        <div id={`${id}-options-info`}>
          {optionsErrors.map((m) => (
            <p key={m} className="field-error">
              {m}
            </p>
          ))}
        </div>
        <button type="button" className="btn btn-ghost btn-small poll-add-option" onClick={addOption}>
          <Plus size={14} aria-hidden />
          {T.addOption}
        </button>
      </fieldset>

      {error && (
        <p className="inline-error" role="alert">
          {error}
        </p>
      )}
      <p id={`${id}-keys`} className="field-hint poll-form-keys">
        {T.formKeys(keyLabel(SAVE_KEYS))}
      </p>
      <div className="poll-form-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {T.cancel}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy || !canSavePoll(draft)} aria-keyshortcuts="Control+Enter Meta+Enter" aria-describedby={`${id}-keys`}>
          {T.save}
        </button>
      </div>
    </form>
  );
}

function FieldInfo({ id, length, messages }: { id: string; length: number; messages: readonly string[] }) {
  return (
    <div id={id} className="poll-field-info">
      <span className="poll-field-errors">
        {messages.map((m) => (
          <span key={m} className="field-error">
            {m}
          </span>
        ))}
      </span>
      <span className={`field-hint poll-counter${length > POLL_TEXT_MAX ? ' over' : ''}`}>{T.counter(length, POLL_TEXT_MAX)}</span>
    </div>
  );
}
