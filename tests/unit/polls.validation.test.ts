/** §5 Poll validation: every message, every limit (§9: 150 characters, at least 2 options). */
import { describe, expect, it } from 'vitest';
import { POLL_MIN_OPTIONS, POLL_TEXT_MAX } from '../../src/state/polls/limits';
import { POLL_VALIDATION_MESSAGES as M } from '../../src/state/polls/messages';
import type { PollDraft } from '../../src/state/polls/types';
import { canSavePoll, pollValidationMessages, renumberOptions, validatePoll } from '../../src/state/polls/validation';
import { POLL_TEXTS } from '../../src/features/poll/texts';

const opts = (...texts: string[]) => texts.map((option, i) => ({ optionNumber: i + 1, option }));
const draft = (question: string, options = opts('Yes', 'No')): PollDraft => ({ question, options });
const long = (n: number) => 'x'.repeat(n);

describe('poll limits (§9)', () => {
  it('are 150 characters and 2 options', () => {
    expect(POLL_TEXT_MAX).toBe(150);
    expect(POLL_MIN_OPTIONS).toBe(2);
  });

  it('keeps the SPEC messages verbatim, and the panel texts use the same ones', () => {
    expect(Object.values(M)).toEqual([
      'Poll question is empty',
      'Poll question is too long',
      'Poll has a too few options',
      'Poll options are not properly organized',
      'Poll option text is not set',
      'Poll option text is too long',
    ]);
    expect(POLL_TEXTS.validation).toBe(M);
  });
});

describe('validatePoll (§5)', () => {
  it.each<[string, PollDraft, string[]]>([
    ['a valid poll', draft('Which day?'), []],
    ['an empty question', draft(''), [M.questionEmpty]],
    ['a blank question', draft('   '), [M.questionEmpty]],
    ['a question of exactly 150', draft(long(150)), []],
    ['a question of 151', draft(long(151)), [M.questionTooLong]],
    ['150 emoji (one character each)', draft('🎉'.repeat(150)), []],
    ['no option', draft('Q', []), [M.tooFewOptions]],
    ['one option', draft('Q', opts('Only')), [M.tooFewOptions]],
    ['options numbered 1,3', draft('Q', [{ optionNumber: 1, option: 'a' }, { optionNumber: 3, option: 'b' }]), [M.optionsNotOrganized]],
    ['options numbered from 0', draft('Q', [{ optionNumber: 0, option: 'a' }, { optionNumber: 1, option: 'b' }]), [M.optionsNotOrganized]],
    ['options out of order', draft('Q', [{ optionNumber: 2, option: 'a' }, { optionNumber: 1, option: 'b' }]), [M.optionsNotOrganized]],
    ['an empty option', draft('Q', opts('a', '')), [M.optionTextNotSet]],
    ['a blank option', draft('Q', opts(' ', 'b')), [M.optionTextNotSet]],
    ['an option of exactly 150', draft('Q', opts(long(150), 'b')), []],
    ['an option of 151', draft('Q', opts('a', long(151))), [M.optionTextTooLong]],
    ['everything wrong at once', draft('', [{ optionNumber: 2, option: long(151) }]), [M.questionEmpty, M.tooFewOptions, M.optionsNotOrganized, M.optionTextTooLong]],
  ])('%s', (_name, input, expected) => {
    expect(pollValidationMessages(input)).toEqual(expected);
  });

  it('ties each message to its field', () => {
    expect(validatePoll(draft('', opts('a', '', long(151))))).toEqual([
      { field: 'question', message: M.questionEmpty },
      { field: 'option', index: 1, message: M.optionTextNotSet },
      { field: 'option', index: 2, message: M.optionTextTooLong },
    ]);
  });
});

describe('Save enablement (§5 form rule)', () => {
  it.each<[string, PollDraft, boolean]>([
    ['question and two options', draft('Q'), true],
    ['empty question', draft(''), false],
    ['one option', draft('Q', opts('a')), false],
    ['an empty option', draft('Q', opts('a', 'b', ' ')), false],
    ['too long text still saves (then shows its reason)', draft(long(151)), true],
  ])('%s → %s', (_name, input, enabled) => {
    expect(canSavePoll(input)).toBe(enabled);
  });

  it('renumbers options 1..n', () => {
    expect(renumberOptions([{ option: 'a' }, { option: 'c' }])).toEqual(opts('a', 'c'));
  });
});
