/**
 * What the capture worker (src/server/live/worker) and the output page's capture mode agree on:
 * the §9 broadcast qualities, the encoder's settings and the page parameters. Shared by both sides.
 */

import { readShape, type FrameShape } from '../../compositor/model/frame';

/** §9 broadcast quality: the output's size and the encoder's video bitrate. */
export const QUALITIES = {
  '1080p': { width: 1920, height: 1080, videoKbps: 6000 },
  '720p': { width: 1280, height: 720, videoKbps: 3500 },
  '560p': { width: 996, height: 560, videoKbps: 1800 },
} as const;
export type Quality = keyof typeof QUALITIES;
export const isQuality = (q: unknown): q is Quality => typeof q === 'string' && Object.hasOwn(QUALITIES, q);

/** The page's frame rate and encoder settings: Matroska slices, a keyframe at least this often. */
export const CAPTURE_FPS = 30;
export const KEYFRAME_INTERVAL_MS = 2000;
export const RECORDER_SLICE_MS = 250;
export const AUDIO_KBPS = 128;
export const AUDIO_SAMPLE_RATE = 48_000;
/** H.264 (OpenH264 in Debian's Chromium) and Opus in Matroska; ffmpeg turns the Opus into AAC. */
export const CAPTURE_MIME = 'video/x-matroska;codecs=avc1,opus';

/**
 * The output page's shape (issue 34): `?format=9:16` draws the vertical program (1080×1920, or the
 * quality's size turned upright in capture mode); anything else the 16:9 one.
 */
export const FORMAT_PARAM = 'format';
export function outputShape(search: string): FrameShape {
  return readShape(new URLSearchParams(search).get(FORMAT_PARAM));
}

/** The output page's parameters in capture mode: the worker's ingest socket and the quality. */
export const CAPTURE_PARAM = 'capture';
export const QUALITY_PARAM = 'quality';

/**
 * The output page's renderer (`?renderer=canvas|webgl`). Capture mode draws with pixi's Canvas 2D
 * renderer: the capture browser has no GPU, and with WebGL every frame went through SwiftShader in
 * Chromium's GPU process and was read back twice (for the page and for the recorder), about 90 CPU-ms
 * a frame at 720p against about 30 with Canvas 2D on the same 2-core machine (issue 36). Elsewhere
 * (undefined) the compositor decides: WebGL on a GPU, Canvas 2D where WebGL is software
 * (compositor/render/rendererChoice.ts).
 */
export const RENDERER_PARAM = 'renderer';
export type OutputRenderer = 'webgl' | 'canvas';
export function outputRenderer(search: string, capturing: boolean): OutputRenderer | undefined {
  const asked = new URLSearchParams(search).get(RENDERER_PARAM);
  if (asked === 'webgl' || asked === 'canvas') return asked;
  return capturing ? 'canvas' : undefined;
}

/**
 * The page's own figures, sent to the worker as a text message on the ingest socket each
 * CAPTURE_STATS_EVERY_MS (other text is status for the worker's log): its draw time per program frame
 * (p50 over that second) and the frames its clock missed since the capture began.
 */
export const CAPTURE_STATS_EVERY_MS = 1000;
const STATS_PREFIX = 'stats ';
export interface CapturePageStats {
  renderMs: number | null;
  droppedBeforeEncoding: number;
}

export const captureStatsText = (s: CapturePageStats): string => STATS_PREFIX + JSON.stringify(s);

/** The page's figures from a text message, or null when the text is status (or not well formed). */
export function parseCaptureStats(text: string): CapturePageStats | null {
  if (!text.startsWith(STATS_PREFIX)) return null;
  try {
    const raw: unknown = JSON.parse(text.slice(STATS_PREFIX.length));
    if (typeof raw !== 'object' || raw === null) return null;
    const { renderMs, droppedBeforeEncoding } = raw as Record<string, unknown>;
    const count = typeof droppedBeforeEncoding === 'number' && Number.isSafeInteger(droppedBeforeEncoding) && droppedBeforeEncoding >= 0 ? droppedBeforeEncoding : null;
    const ms = renderMs === null || (typeof renderMs === 'number' && Number.isFinite(renderMs) && renderMs >= 0) ? renderMs : undefined;
    return count === null || ms === undefined ? null : { renderMs: ms, droppedBeforeEncoding: count };
  } catch {
    return null;
  }
}
