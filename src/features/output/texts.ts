/** The output page's messages in backend mode (the SPEC shows none). */
export const OUTPUT_TEXTS = {
  missingToken: 'This output link is incomplete: it needs the channel and its output token. Copy the output link from the studio again.',
  refused: 'This output link cannot show the program:',
} as const;
