/** §5 Poll validation messages, verbatim (typos included). The poll panel's texts re-export them. */
export const POLL_VALIDATION_MESSAGES = {
  questionEmpty: 'Poll question is empty',
  questionTooLong: 'Poll question is too long',
  tooFewOptions: 'Poll has a too few options',
  optionsNotOrganized: 'Poll options are not properly organized',
  optionTextNotSet: 'Poll option text is not set',
  optionTextTooLong: 'Poll option text is too long',
} as const;

export type PollValidationMessage = (typeof POLL_VALIDATION_MESSAGES)[keyof typeof POLL_VALIDATION_MESSAGES];
