/**
 * §5 Poll validation, applied on create and edit: a pure function from a draft to the verbatim
 * messages, each tied to the field it concerns so the form can show it next to that field.
 */
import { textLength } from '../../lib/text';
import { POLL_MIN_OPTIONS, POLL_TEXT_MAX } from './limits';
import { POLL_VALIDATION_MESSAGES as M, type PollValidationMessage } from './messages';
import type { PollDraft } from './types';

export type PollField = { field: 'question' } | { field: 'options' } | { field: 'option'; index: number };
export type PollIssue = PollField & { message: PollValidationMessage };

/** Length in characters as the shared text rule counts them (an emoji is one). */
export { textLength };

function checkText(text: string, empty: PollValidationMessage, tooLong: PollValidationMessage): PollValidationMessage | null {
  const trimmed = text.trim();
  if (trimmed === '') return empty;
  if (textLength(trimmed) > POLL_TEXT_MAX) return tooLong;
  return null;
}

export function validatePoll(draft: PollDraft): PollIssue[] {
  const issues: PollIssue[] = [];
  const question = checkText(draft.question, M.questionEmpty, M.questionTooLong);
  if (question) issues.push({ field: 'question', message: question });
  if (draft.options.length < POLL_MIN_OPTIONS) issues.push({ field: 'options', message: M.tooFewOptions });
  if (draft.options.some((o, i) => o.optionNumber !== i + 1)) issues.push({ field: 'options', message: M.optionsNotOrganized });
  draft.options.forEach((o, index) => {
    const message = checkText(o.option, M.optionTextNotSet, M.optionTextTooLong);
    if (message) issues.push({ field: 'option', index, message });
  });
  return issues;
}

/** Just the messages, in field order. */
export const pollValidationMessages = (draft: PollDraft): PollValidationMessage[] => validatePoll(draft).map((i) => i.message);

/** §5 form rule: Save is enabled only when the question is non-empty and there are at least 2 options, all non-empty. */
export function canSavePoll(draft: PollDraft): boolean {
  return draft.question.trim() !== '' && draft.options.length >= POLL_MIN_OPTIONS && draft.options.every((o) => o.option.trim() !== '');
}

/** §5: options are renumbered 1..n (after a delete, or before sending). */
export const renumberOptions = (options: readonly { option: string }[]) => options.map((o, i) => ({ optionNumber: i + 1, option: o.option }));

/** The draft as sent: texts trimmed. */
export const trimDraft = (draft: PollDraft): PollDraft => ({
  question: draft.question.trim(),
  options: draft.options.map((o) => ({ optionNumber: o.optionNumber, option: o.option.trim() })),
});
