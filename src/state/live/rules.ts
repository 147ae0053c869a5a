/**
 * Pure rules of going live (issue 23): reading what the server sends (a frame that does not fit is
 * refused, never half-kept), which outputs newly failed, what the toolbar lights, and how sizes and
 * durations read. No I/O.
 */
import { BROADCAST_QUALITIES, type BroadcastQuality } from '../settingsStore';
import { DESTINATION_NAME_MAX, DESTINATIONS_MAX, RTMP_SCHEMES, SERVER_URL_FORBIDDEN, SERVER_URL_MAX, STREAM_KEY_FORBIDDEN, STREAM_KEY_MAX } from './limits';
import {
  JOB_STATES,
  OUTPUT_KINDS,
  OUTPUT_STATES,
  RECORDING_STATES,
  type CaptureFigures,
  type Destination,
  type DestinationDraft,
  type LiveInfo,
  type LiveJob,
  type LiveStatus,
  type OutputHealth,
  type ProgramFigures,
  type Recording,
} from './types';
import { LANDSCAPE, PORTRAIT, readShape } from '../../../compositor/model/frame'; // readShape: an older server sends no shape (16:9)

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): v is string => typeof v === 'string';
const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const numOrNull = (v: unknown): number | null => (num(v) ? v : null);
const oneOf = <T extends string>(values: readonly T[], v: unknown): v is T => (values as readonly unknown[]).includes(v);
const isQuality = (v: unknown): v is BroadcastQuality => BROADCAST_QUALITIES.some((q) => q.value === v);

function parseOutput(raw: unknown): OutputHealth | null {
  if (!isObj(raw) || !str(raw.id) || !oneOf(OUTPUT_KINDS, raw.kind) || !oneOf(OUTPUT_STATES, raw.state)) return null;
  return {
    id: raw.id,
    kind: raw.kind,
    name: str(raw.name) ? raw.name : raw.id,
    shape: readShape(raw.shape),
    state: raw.state,
    bitrateKbps: numOrNull(raw.bitrateKbps),
    fps: numOrNull(raw.fps),
    droppedFrames: num(raw.droppedFrames) ? raw.droppedFrames : 0,
    ...(num(raw.reconnects) ? { reconnects: raw.reconnects } : {}),
    retryInSec: numOrNull(raw.retryInSec),
    error: str(raw.error) ? raw.error : null,
  };
}

/** The capture worker's figures, or nothing when they do not read as such (an older worker sends none). */
function parseCapture(raw: unknown): { capture: CaptureFigures } | null {
  if (!isObj(raw) || !num(raw.droppedBeforeEncoding)) return null;
  return { capture: { renderMs: numOrNull(raw.renderMs), droppedBeforeEncoding: raw.droppedBeforeEncoding, encoderKbps: numOrNull(raw.encoderKbps), cpuCores: numOrNull(raw.cpuCores) } };
}

/** The vertical program's figures, or nothing when they do not read as such. */
function parseVertical(raw: unknown): { vertical: ProgramFigures } | null {
  if (!isObj(raw) || !num(raw.droppedBeforeEncoding)) return null;
  return { vertical: { fps: numOrNull(raw.fps), fpsAlarm: raw.fpsAlarm === true, renderMs: numOrNull(raw.renderMs), droppedBeforeEncoding: raw.droppedBeforeEncoding, encoderKbps: numOrNull(raw.encoderKbps) } };
}

function parseJob(raw: unknown): LiveJob | null {
  if (!isObj(raw) || !oneOf(JOB_STATES, raw.state) || !isQuality(raw.quality)) return null;
  const outputs = Array.isArray(raw.outputs) ? raw.outputs.map(parseOutput) : [];
  if (outputs.some((o) => o === null)) return null;
  return {
    state: raw.state,
    quality: raw.quality,
    startedAt: numOrNull(raw.startedAt),
    recording: raw.recording === true,
    fpsAlarm: raw.fpsAlarm === true,
    ...(num(raw.captureFps) ? { captureFps: raw.captureFps } : {}),
    ...(parseCapture(raw.capture) ?? {}),
    shapes: Array.isArray(raw.shapes) && raw.shapes.includes(PORTRAIT) ? [LANDSCAPE, PORTRAIT] : [LANDSCAPE],
    ...(parseVertical(raw.vertical) ?? {}),
    error: str(raw.error) ? raw.error : null,
    outputs: outputs as OutputHealth[],
  };
}

/** A live.status frame's (or GET live's) status; null when it does not read as one. */
export function parseLiveStatus(raw: unknown): LiveStatus | null {
  if (!isObj(raw) || !('job' in raw)) return null;
  if (raw.job === null) return { job: null };
  const job = parseJob(raw.job);
  return job ? { job } : null;
}

export function parseLiveInfo(raw: unknown): LiveInfo | null {
  if (!isObj(raw) || !str(raw.watchPath) || !isQuality(raw.recommendedQuality) || !num(raw.cores)) return null;
  const both = isQuality(raw.recommendedQualityBothShapes) ? raw.recommendedQualityBothShapes : raw.recommendedQuality;
  return { watchPath: raw.watchPath, recommendedQuality: raw.recommendedQuality, recommendedQualityBothShapes: both, cores: raw.cores };
}

export function parseDestination(raw: unknown): Destination | null {
  if (!isObj(raw) || !str(raw.id) || !str(raw.name) || !str(raw.serverUrl) || typeof raw.enabled !== 'boolean') return null;
  return { id: raw.id, name: raw.name, serverUrl: raw.serverUrl, keyLast4: str(raw.keyLast4) ? raw.keyLast4 : '', enabled: raw.enabled, shape: readShape(raw.shape), createdAt: num(raw.createdAt) ? raw.createdAt : 0 };
}

export function parseRecording(raw: unknown): Recording | null {
  if (!isObj(raw) || !str(raw.id) || !num(raw.startedAt) || !oneOf(RECORDING_STATES, raw.state)) return null;
  return { id: raw.id, shape: readShape(raw.shape), startedAt: raw.startedAt, durationSec: numOrNull(raw.durationSec), sizeBytes: numOrNull(raw.sizeBytes), state: raw.state };
}

/** A list's items that read; the others are left out (one bad row never hides the rest). */
export const parseList = <T>(raw: unknown, parse: (item: unknown) => T | null): T[] => (Array.isArray(raw) ? raw.map(parse).filter((x): x is T => x !== null) : []);

/** A job that is (or is about to be) on air: the toolbar shows its outputs. */
export const isJobActive = (status: LiveStatus | null): boolean => !!status?.job && ['pending', 'starting', 'live', 'stopping'].includes(status.job.state);

/** §2 REC lit: the running job is writing a recording. */
export const isRecording = (status: LiveStatus | null): boolean => isJobActive(status) && status!.job!.recording;

export const hasFpsAlarm = (status: LiveStatus | null): boolean => isJobActive(status) && status!.job!.fpsAlarm;

/** The outputs of the running job (none when no job runs). */
export const activeOutputs = (status: LiveStatus | null): OutputHealth[] => (isJobActive(status) ? status!.job!.outputs : []);

/** A destination's health in the running job, if it streams. */
export const destinationHealth = (status: LiveStatus | null, destinationId: string): OutputHealth | null =>
  activeOutputs(status).find((o) => o.kind === 'rtmp' && o.id === destinationId) ?? null;

/** The RTMP outputs failed now. */
export const failedDestinations = (status: LiveStatus | null): OutputHealth[] => activeOutputs(status).filter((o) => o.kind === 'rtmp' && o.state === 'failed');

/**
 * §8 destination error, once per failure: the RTMP outputs failed in `next` that were not failed in
 * `previous` (an output still failed two seconds later is the same failure; failed, retrying and
 * failed again is a new one).
 */
export function newlyFailedDestinations(previous: LiveStatus | null, next: LiveStatus | null): OutputHealth[] {
  const before = new Set(failedDestinations(previous).map((o) => o.id));
  return failedDestinations(next).filter((o) => !before.has(o.id));
}

/** The job failed in `next` and had not in `previous`: its reason, once (null otherwise). */
export function jobNewlyFailed(previous: LiveStatus | null, next: LiveStatus | null): string | null {
  if (next?.job?.state !== 'failed' || previous?.job?.state === 'failed') return null;
  return next.job.error ?? '';
}

export type DraftProblem = 'limit' | 'empty' | 'urlCharacters' | 'keyCharacters' | 'scheme' | 'nameLong' | 'urlLong' | 'keyLong';

/** Characters as the server counts them (code points). */
const length = (text: string) => [...text].length;

/**
 * Why a draft cannot be sent yet (the server says the rest with a 400), or null. Too long is said,
 * never cut: a stream key cut short would fail on air. The URL is sent without its outer spaces (as
 * the name); a space or control character left inside it, or anywhere in the key (sent exactly as
 * typed), is said: the server refuses them.
 */
export function draftProblem(draft: DestinationDraft, count: number): DraftProblem | null {
  if (count >= DESTINATIONS_MAX) return 'limit';
  if (!draft.name.trim() || !draft.serverUrl.trim() || !draft.streamKey) return 'empty';
  if (SERVER_URL_FORBIDDEN.test(draft.serverUrl.trim())) return 'urlCharacters';
  if (STREAM_KEY_FORBIDDEN.test(draft.streamKey)) return 'keyCharacters';
  const url = draft.serverUrl.trim().toLowerCase();
  if (!RTMP_SCHEMES.some((scheme) => url.startsWith(scheme))) return 'scheme';
  if (length(draft.name.trim()) > DESTINATION_NAME_MAX) return 'nameLong';
  if (length(draft.serverUrl.trim()) > SERVER_URL_MAX) return 'urlLong';
  if (length(draft.streamKey) > STREAM_KEY_MAX) return 'keyLong';
  return null;
}

/** h:mm:ss, as a recording's duration reads. */
export function formatDuration(totalSec: number): string {
  const s = Math.max(0, Math.floor(totalSec));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
const SIZE_STEP = 1024;

/** A file size in the largest unit that keeps it at or over 1 (one decimal from MB up). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= SIZE_STEP && unit < SIZE_UNITS.length - 1) {
    value /= SIZE_STEP;
    unit++;
  }
  return `${unit >= 2 ? value.toFixed(1) : Math.round(value)} ${SIZE_UNITS[unit]}`;
}

const KBPS_PER_MBPS = 1000;

/** A bitrate as the toolbar reads it: "850 kb/s", "4.5 Mb/s". */
export const formatBitrate = (kbps: number): string => (kbps >= KBPS_PER_MBPS ? `${(kbps / KBPS_PER_MBPS).toFixed(1)} Mb/s` : `${Math.round(kbps)} kb/s`);
