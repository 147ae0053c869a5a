/**
 * Camera blur and virtual background on the local camera (§3 Settings, §9: the blur is applied at
 * twice the range, plus 20 px with the virtual background). The camera is drawn through a blurred
 * canvas whose captured stream replaces the raw feed; the audio tracks pass through untouched.
 */
import { BLUR_RANGE_FACTOR, VIRTUAL_BACKGROUND_EXTRA_BLUR } from '../state/limits';

export function blurPixels(range: number, virtualBackground: boolean): number {
  return range * BLUR_RANGE_FACTOR + (virtualBackground ? VIRTUAL_BACKGROUND_EXTRA_BLUR : 0);
}

const FRAME_RATE = 30;

export function blurredStream(source: MediaStream, px: number): { stream: MediaStream; stop(): void } {
  const video = document.createElement('video');
  Object.assign(video, { muted: true, playsInline: true, autoplay: true, srcObject: source });
  void video.play().catch(() => undefined);
  const canvas = document.createElement('canvas');
  const settings = source.getVideoTracks()[0]?.getSettings();
  canvas.width = settings?.width ?? 1280;
  canvas.height = settings?.height ?? 720;
  const ctx = canvas.getContext('2d')!;
  let running = true;
  const draw = () => {
    if (!running) return;
    if (video.readyState >= 2) {
      ctx.filter = `blur(${px}px)`;
      // Drawn slightly larger so the blur does not pull dark edges in.
      ctx.drawImage(video, -px, -px, canvas.width + 2 * px, canvas.height + 2 * px);
    }
    if ('requestVideoFrameCallback' in video) video.requestVideoFrameCallback(draw);
    else requestAnimationFrame(draw);
  };
  draw();
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
