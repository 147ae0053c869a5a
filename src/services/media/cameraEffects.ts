/**
 * Camera blur and virtual background on the local camera (§3 Settings, §9 Defaults): what the
 * settings ask for and how one frame is drawn. A person mask keeps the moderator sharp while the
 * room behind is either blurred at twice the range (camera blur) or replaced by a background image,
 * defocused at twice the range plus 20 px (virtual background). The frames are processed off the
 * main thread (cameraEffects.worker.ts, started by cameraEffectsClient.ts).
 */
import { coverFrame } from '../../../compositor/render/geometry';
import { BLUR_RANGE_FACTOR, VIRTUAL_BACKGROUND_EXTRA_BLUR } from '../../lib/limits';
import type { Settings } from '../../state/settingsStore';

export type CameraEffect = { kind: 'blur'; px: number } | { kind: 'replace'; px: number; imageUrl: string };

export function blurPixels(range: number, virtualBackground: boolean): number {
  return range * BLUR_RANGE_FACTOR + (virtualBackground ? VIRTUAL_BACKGROUND_EXTRA_BLUR : 0);
}

type EffectSettings = Pick<Settings, 'cameraBlurActive' | 'cameraBlurRange' | 'cameraVirtualBgActive'>;

/** The effect the settings ask for; the virtual background wins over the blur, as it hides the room anyway. */
export function cameraEffectFor(settings: EffectSettings, imageUrl: string): CameraEffect | null {
  if (settings.cameraVirtualBgActive) return { kind: 'replace', px: blurPixels(settings.cameraBlurRange, true), imageUrl };
  if (settings.cameraBlurActive) return { kind: 'blur', px: blurPixels(settings.cameraBlurRange, false) };
  return null;
}

export const sameEffect = (a: CameraEffect | null, b: CameraEffect | null) => JSON.stringify(a) === JSON.stringify(b);

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/**
 * Blurred rooms are drawn at 1/ROOM_SCALE of the frame's size with a blur of px/ROOM_SCALE, then
 * scaled up: the same soft look for about 1/16 of the work.
 */
export const ROOM_SCALE = 4;

/**
 * Draws the source covering the context's canvas (the compositor's cover-fit: centred, cropped,
 * aspect kept), blurred by px. It is drawn a blur radius larger on every side so the blur does not
 * pull in dark edges.
 */
export function drawBlurredCover(ctx: Context2D, source: CanvasImageSource, sourceW: number, sourceH: number, px: number): void {
  const { width: w, height: h } = ctx.canvas;
  const from = coverFrame(sourceW, sourceH, w + 2 * px, h + 2 * px);
  ctx.save();
  ctx.filter = px > 0 ? `blur(${px}px)` : 'none';
  ctx.drawImage(source, from.x, from.y, from.width, from.height, -px, -px, w + 2 * px, h + 2 * px);
  ctx.restore();
}

/** One processed frame: the person (mask ∩ frame), then the room (blurred camera or background) behind it. */
export function drawEffectFrame(ctx: Context2D, frame: CanvasImageSource, mask: CanvasImageSource, room: CanvasImageSource): void {
  const { width: w, height: h } = ctx.canvas;
  ctx.save();
  ctx.globalCompositeOperation = 'copy';
  ctx.drawImage(mask, 0, 0, w, h);
  ctx.globalCompositeOperation = 'source-in';
  ctx.drawImage(frame, 0, 0, w, h);
  ctx.globalCompositeOperation = 'destination-over';
  ctx.drawImage(room, 0, 0, w, h);
  ctx.restore();
}

export interface EffectStream {
  stream: MediaStream;
  stop(): void;
}

/**
 * Share of a core each step of the effect (segmenting, drawing) may keep busy: after a step that
 * took t ms, the next starts no sooner than t / share ms after it began. A fast machine processes
 * every camera frame; a slow one (this is all software on some machines) processes fewer rather
 * than starving the studio.
 */
export const CAMERA_EFFECT_CORE_SHARE = 0.25;

/** When the next step may start, given when the last one started and how long it took. */
export const nextStepAt = (startedAt: number, tookMs: number) => startedAt + tookMs / CAMERA_EFFECT_CORE_SHARE;

/**
 * The processed feed runs at up to 15 frames a second: every processed frame is also decoded and
 * uploaded by the studio's own views, and the person and the room change slowly.
 */
export const CAMERA_EFFECT_MAX_FPS = 15;
/** Camera frames arrive with some jitter; one that comes this much early still counts as on time. */
const FRAME_TIMING_SLACK_MS = 4;

/** When the next processed frame may be drawn, given when the last one started and how long it took. */
export const nextDrawAt = (startedAt: number, tookMs: number) =>
  Math.max(nextStepAt(startedAt, tookMs), startedAt + 1000 / CAMERA_EFFECT_MAX_FPS - FRAME_TIMING_SLACK_MS);
