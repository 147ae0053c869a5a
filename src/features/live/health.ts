/** How an output's health reads (issue 23): the short form of the toolbar, the long one of tooltips and rows. */
import { formatBitrate } from '../../state/live/rules';
import type { OutputHealth } from '../../state/live/types';
import { LIVE_TEXTS } from './texts';

/** Bitrate and frame rate while live; otherwise the state itself (a colour is never the only sign). */
export function healthShort(o: OutputHealth): string {
  const numbers = [o.bitrateKbps !== null ? formatBitrate(o.bitrateKbps) : null, o.fps !== null ? LIVE_TEXTS.fps(o.fps) : null].filter(Boolean);
  return o.state === 'live' && numbers.length ? numbers.join(' · ') : LIVE_TEXTS.outputStates[o.state];
}

/** Everything known: state, bitrate, fps, dropped frames, the next try, the error. */
export function healthLong(o: OutputHealth): string {
  return [
    LIVE_TEXTS.outputStates[o.state],
    o.bitrateKbps !== null ? formatBitrate(o.bitrateKbps) : null,
    o.fps !== null ? LIVE_TEXTS.fps(o.fps) : null,
    LIVE_TEXTS.dropped(o.droppedFrames),
    o.state === 'retrying' && o.retryInSec !== null ? LIVE_TEXTS.retryIn(o.retryInSec) : null,
    o.error,
  ]
    .filter(Boolean)
    .join(' · ');
}
