/**
 * Camera blur and virtual background on the local camera (§3 Settings, §9 Defaults). A person
 * mask from the segmenter keeps the moderator sharp while the room behind is either blurred at
 * twice the range (camera blur) or replaced by a background image, defocused at twice the range
 * plus 20 px (virtual background). Frames are drawn on a canvas whose captured stream replaces the
 * raw feed; the audio tracks pass through untouched.
 */
import { errorMessage, log } from '../log';
import { BLUR_RANGE_FACTOR, VIRTUAL_BACKGROUND_EXTRA_BLUR } from '../state/limits';
import type { Settings } from '../state/settingsStore';
import type { Segmenter } from './segmentation';

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

/** Where to draw a w×h-cover copy of a source of the given size (centred, cropped, aspect kept). */
export function coverRect(sourceW: number, sourceH: number, w: number, h: number): { x: number; y: number; w: number; h: number } {
  const scale = Math.max(w / sourceW, h / sourceH);
  const dw = sourceW * scale;
  const dh = sourceH * scale;
  return { x: (w - dw) / 2, y: (h - dh) / 2, w: dw, h: dh };
}

/**
 * One processed frame: the person (mask ∩ frame), then the room drawn behind it: the frame blurred,
 * or the background image defocused. The room is drawn a blur radius larger on every side so the
 * blur does not pull in dark edges.
 */
export function drawEffectFrame(
  ctx: CanvasRenderingContext2D,
  frame: CanvasImageSource,
  mask: CanvasImageSource,
  effect: CameraEffect,
  background: HTMLImageElement | null,
): void {
  const { width: w, height: h } = ctx.canvas;
  const px = effect.px;
  ctx.save();
  ctx.globalCompositeOperation = 'copy';
  ctx.drawImage(mask, 0, 0, w, h);
  ctx.globalCompositeOperation = 'source-in';
  ctx.drawImage(frame, 0, 0, w, h);
  ctx.globalCompositeOperation = 'destination-over';
  ctx.filter = `blur(${px}px)`;
  if (effect.kind === 'replace' && background) {
    const r = coverRect(background.naturalWidth, background.naturalHeight, w + 2 * px, h + 2 * px);
    ctx.drawImage(background, r.x - px, r.y - px, r.w, r.h);
  } else {
    ctx.drawImage(frame, -px, -px, w + 2 * px, h + 2 * px);
  }
  ctx.restore();
}

export interface EffectStream {
  stream: MediaStream;
  stop(): void;
}

/** Frames the canvas stream announces; it only changes when a processed frame is drawn. */
const FRAME_RATE = 30;

/**
 * Share of the main thread the effect may take: after a frame that took t ms, the next starts no
 * sooner than t / share ms after it began. A fast machine processes every camera frame; a slow one
 * drops frames rather than making the studio lag.
 */
export const CAMERA_EFFECT_MAIN_THREAD_SHARE = 0.35;

/** When the next frame may start, given when the last one started and how long it took. */
export const nextEffectFrameAt = (startedAt: number, tookMs: number) => startedAt + tookMs / CAMERA_EFFECT_MAIN_THREAD_SHARE;

/** Runs the effect on the source's video, one frame in segmentation at a time. */
export function effectStream(source: MediaStream, effect: CameraEffect, segmenter: Segmenter): EffectStream {
  const video = document.createElement('video');
  Object.assign(video, { muted: true, playsInline: true, autoplay: true, srcObject: source });
  void video.play().catch(() => undefined);
  const canvas = document.createElement('canvas');
  const settings = source.getVideoTracks()[0]?.getSettings();
  canvas.width = settings?.width ?? 1280;
  canvas.height = settings?.height ?? 720;
  const ctx = canvas.getContext('2d')!;

  let background: HTMLImageElement | null = null;
  if (effect.kind === 'replace') {
    const image = new Image();
    image.src = effect.imageUrl;
    image.decode().then(
      () => (background = image),
      () => log.warn('camera-effects', `virtual background image did not load: ${effect.imageUrl}`),
    );
  }

  let running = true;
  let busy = false;
  let failed = false;
  let notBefore = 0;
  const step = async () => {
    if (!running || busy || video.readyState < 2 || performance.now() < notBefore) return;
    busy = true;
    const startedAt = performance.now();
    try {
      const mask = await segmenter.segment(video);
      if (running) drawEffectFrame(ctx, video, mask, effect, background);
      notBefore = nextEffectFrameAt(startedAt, performance.now() - startedAt);
    } catch (error) {
      // A frame the segmenter cannot read is skipped; the last processed frame stays on screen.
      if (!failed) log.warn('camera-effects', `segmentation failed: ${errorMessage(error)}`);
      failed = true;
    } finally {
      busy = false;
    }
  };
  const onFrame = () => {
    if (!running) return;
    void step();
    video.requestVideoFrameCallback(onFrame);
  };
  video.requestVideoFrameCallback(onFrame);

  const stream = canvas.captureStream(FRAME_RATE);
  source.getAudioTracks().forEach((t) => stream.addTrack(t));
  return {
    stream,
    stop() {
      running = false;
      stream.getVideoTracks().forEach((t) => t.stop());
      video.srcObject = null;
    },
  };
}
