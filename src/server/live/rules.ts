/**
 * Going live (issue 23): every limit and timing of the capture worker, its outputs and the job's
 * lifecycle, named. Pure: the worker, the manager and the routes read them; unit-tested.
 */

import type { Quality } from '../../lib/captureContract';
export { QUALITIES, isQuality, type Quality } from '../../lib/captureContract';

/**
 * What a machine with this many cores streams without dropping frames, for one program or both
 * (issue 34: each program is its own page and encoder, so each gets its share of the cores). One
 * program: 1080p needs 4 cores, 720p 2 (benchmarks/golive.mjs). Both: 720p on 4 cores, 560p on 2.
 */
export const CORES_PER_PROGRAM: Readonly<Record<Quality, number>> = { '1080p': 4, '720p': 2, '560p': 0 };
export function recommendedQuality(cores: number, programs = 1): Quality {
  const share = cores / programs;
  return share >= CORES_PER_PROGRAM['1080p'] ? '1080p' : share >= CORES_PER_PROGRAM['720p'] ? '720p' : '560p';
}

export { AUDIO_KBPS, AUDIO_SAMPLE_RATE } from '../../lib/captureContract';
/** HLS for the watch page: segment length and how many the playlist keeps. */
export const HLS_SEGMENT_SEC = 2;
export const HLS_LIST_SIZE = 6;

/** An output that stops retries after 1 s, doubling to 30 s at most. */
export const RETRY_MIN_MS = 1000;
export const RETRY_MAX_MS = 30_000;
/** Failed attempts in a row (none reaching live) after which a destination is failed (§8 dialog) and waits for TRY AGAIN. */
export const FAILED_AFTER_ATTEMPTS = 4;
/** An output live this long has recovered: its attempts count again from the start. */
export const OUTPUT_STABLE_MS = 10_000;
/** The delay before retry `attempt` (1-based). */
export const retryDelayMs = (attempt: number): number => Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** Math.max(0, attempt - 1));

export { FPS_ALARM_BELOW, FPS_ALARM_AFTER_MS } from '../../lib/liveLimits';

/** A destination's connection (and its TLS handshake) that has not opened by then counts as failed. */
export const DESTINATION_CONNECT_TIMEOUT_MS = 10_000;

/** The job's heartbeat, and how old one may be before another backend (or the next start) takes the job over. */
export const HEARTBEAT_MS = 2000;
export const JOB_STALE_MS = 6000;
/** How long a worker may take from launch to the first media before the attempt counts as failed. */
export const CAPTURE_START_TIMEOUT_MS = 45_000;
/** A stop that has not finished its outputs by then kills them. */
export const STOP_GRACE_MS = 10_000;
/** How often the studio hears the outputs' health while live. */
export const HEALTH_PUSH_MS = 2000;

export { DESTINATIONS_MAX, DESTINATION_NAME_MAX, SERVER_URL_MAX, STREAM_KEY_MAX, KEY_SHOWN_CHARS } from '../../lib/liveLimits';
import type { JobState } from '../../lib/liveContract';

/** Job states a backend keeps running (and takes over when their heartbeat is stale). */
export const RUNNING_JOB_STATES: readonly JobState[] = ['pending', 'starting', 'live'];

