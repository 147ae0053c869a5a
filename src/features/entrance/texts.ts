/** Texts of backend mode's screens before the studio (sign-in, upcoming events, the join link). The SPEC shows none. */
export const SIGN_IN_TEXTS = {
  title: 'Sign in to Studio',
  username: 'Username',
  password: 'Password',
  remember: 'Remember me',
  rememberNote: 'Only your username is remembered on this computer. Your password and sign-in token are never stored here.',
  submit: 'SIGN IN',
  signingIn: 'Signing in',
  missing: 'Enter your username and password.',
  unreachable: 'The server could not be reached. Check your connection and try again.',
  /** After too many failed tries the server waits a while (429 with Retry-After) before it checks a password again. */
  tooManyTries: (seconds: number | undefined) =>
    `Too many sign-in attempts. For your account's safety, wait ${seconds ? `${seconds} second${seconds === 1 ? '' : 's'}` : 'a minute'} before trying again.`,
};

export const EVENTS_TEXTS = {
  title: 'Your upcoming events',
  empty: 'You have no upcoming events. Events you moderate appear here once they are scheduled.',
  failed: 'Your events could not be loaded.',
  retry: 'TRY AGAIN',
  more: 'SHOW MORE EVENTS',
  open: 'OPEN STUDIO',
  signOut: 'SIGN OUT',
  loading: 'Loading your events',
} as const;

export const JOIN_TEXTS = {
  preparing: 'Opening the event',
  notFound: 'This event could not be opened',
  backToEvents: 'BACK TO YOUR EVENTS',
  waiting: 'Waiting for the event to start…',
  waitingDetail: 'The studio opens as soon as the event starts. This page checks every 2 seconds.',
} as const;
