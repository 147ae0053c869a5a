/**
 * Going live for real (issue 23, backend mode): the event's RTMP destinations, its recordings, and
 * the capture worker's status with the health of each output: the wire's shapes (src/lib/liveContract.ts);
 * rules.ts checks what arrives before the store keeps it.
 */
import type { BroadcastQuality } from '../settingsStore';

export { JOB_STATES, OUTPUT_KINDS, OUTPUT_STATES, RECORDING_STATES } from '../../lib/liveContract';
export type { CaptureFigures, ProgramFigures, Destination, DestinationDraft, DestinationPatch, JobState, LiveJob, LiveStatus, OutputHealth, OutputKind, OutputState, Recording, RecordingState } from '../../lib/liveContract';

/** GET live/{eventId}: the watch page and what the server can afford. */
export interface LiveInfo {
  /** Relative to the origin, e.g. /studio/instant-demo/watch/product-launch. */
  watchPath: string;
  recommendedQuality: BroadcastQuality;
  /** What it carries when the broadcast renders both programs (issue 34: a vertical destination is switched on). */
  recommendedQualityBothShapes: BroadcastQuality;
  cores: number;
}
