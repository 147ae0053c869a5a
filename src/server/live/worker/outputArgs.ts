/** ffmpeg's arguments for each kind of output (after the MPEG-TS input), and for the ingest. */
import { join } from 'node:path';
import { AUDIO_KBPS, AUDIO_SAMPLE_RATE, HLS_LIST_SIZE, HLS_SEGMENT_SEC } from '../rules';
import type { RtmpTarget } from '../destinationUrl';
import { keyPresetArgs } from './keyPreset';

/**
 * The ingest: the page's Matroska (H.264 + Opus) on stdin, out as MPEG-TS on stdout: the video copied
 * as encoded in the page, the sound turned into AAC at 48 kHz (what RTMP sites take). Small probe
 * sizes: the Matroska header already says what the streams are, so the broadcast starts sooner.
 */
export const ingestArgs = (): string[] => [
  '-hide_banner', '-nostats', '-loglevel', 'error',
  '-probesize', '256k', '-analyzeduration', '500000', '-fflags', '+genpts',
  '-f', 'matroska', '-i', 'pipe:0',
  '-map', '0:v:0', '-map', '0:a:0',
  '-c:v', 'copy',
  '-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ar', String(AUDIO_SAMPLE_RATE), '-ac', '2',
  '-f', 'mpegts', '-muxdelay', '0', '-muxpreload', '0', '-flush_packets', '1', 'pipe:1',
  '-progress', 'pipe:3',
];

/**
 * An RTMP or RTMPS destination: the streams copied into FLV, published to the worker's loopback
 * relay (destinationRelay.ts) under the destination's app and tcUrl, the key read from the preset
 * on PRESET_FD (keyPreset.ts): the arguments never hold it.
 */
export const rtmpArgs = (relayPort: number, target: Pick<RtmpTarget, 'app' | 'tcUrl'>): string[] => [
  '-map', '0', '-c', 'copy', '-f', 'flv', '-flvflags', 'no_duration_filesize',
  '-rtmp_app', target.app, '-rtmp_tcurl', target.tcUrl, ...keyPresetArgs(),
  `rtmp://127.0.0.1:${relayPort}/${RELAY_PLAYPATH}`,
];
/** The URL's stream name: ffmpeg needs one to parse the URL, the preset's rtmp_playpath replaces it. */
const RELAY_PLAYPATH = 'studio';

/** The watch page's HLS: 2 s segments, a short rolling playlist; a restarted process continues it. */
export const hlsArgs = (dir: string, attempt: number, runId: string): string[] => [
  '-map', '0', '-c', 'copy', '-f', 'hls',
  '-hls_time', String(HLS_SEGMENT_SEC), '-hls_list_size', String(HLS_LIST_SIZE),
  '-hls_flags', 'delete_segments+independent_segments+append_list+discont_start',
  '-hls_segment_filename', join(dir, `seg-${runId}-${attempt}-%05d.ts`),
  join(dir, 'index.m3u8'),
];

/**
 * The recording while live: Matroska (a file cut short by a crash still plays up to its end), each
 * packet written through and clusters of at most a second, so a crash loses no more than that.
 */
export const recordingPartName = (runId: string, attempt: number): string => `part-${runId}-${String(attempt).padStart(3, '0')}.mkv`;
export const recordingArgs = (dir: string, attempt: number, runId: string): string[] => [
  '-map', '0', '-c', 'copy', '-f', 'matroska', '-flush_packets', '1', '-cluster_time_limit', '1000', join(dir, recordingPartName(runId, attempt)),
];
