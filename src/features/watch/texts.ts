/** Texts of the public watch page (issue 23); SPEC quotes none. */
import type { WatchPhase } from '../../services/watch/watchState';

export const WATCH_TEXTS = {
  pageTitle: 'Live broadcast',
  states: {
    loading: 'Loading…',
    unknown: 'This broadcast does not exist. Check the link you were given.',
    'not-live': 'This broadcast is not live yet',
    live: 'Live',
    ended: 'The broadcast has ended',
  } satisfies Record<WatchPhase, string>,
  notLiveHint: 'This page starts playing by itself when the broadcast begins.',
  starting: 'The broadcast is starting…',
  reconnecting: 'Reconnecting…',
  unreachable: 'The server cannot be reached right now. Trying again…',
  unmute: 'Unmute',
  mute: 'Mute',
  unsupported: 'This browser cannot play the broadcast. Try a recent Chrome, Edge, Firefox or Safari.',
} as const;
