/**
 * One camera feed in the camera-effects worker (cameraEffects.worker.ts): reads the camera's frames,
 * draws each with the latest person mask and the effect, and writes them to the studio's feed. A
 * frame goes to the segmenter, scaled to the model's size, whenever the last one is done.
 * Segmenting and drawing each keep to CAMERA_EFFECT_CORE_SHARE, and the feed to
 * CAMERA_EFFECT_MAX_FPS: on a slow machine frames are dropped (the feed repeats its last frame)
 * rather than starving the studio.
 */
import { errorMessage } from '../../log';
import { drawBlurredCover, drawEffectFrame, nextDrawAt, nextStepAt, ROOM_SCALE, type CameraEffect } from './cameraEffects';
import { SEGMENTATION_HEIGHT, SEGMENTATION_WIDTH, type Segmenter } from './segmentation';

export interface StartFeed {
  type: 'start';
  id: number;
  readable: ReadableStream<VideoFrame>;
  writable: WritableStream<VideoFrame>;
  effect: CameraEffect;
  background: ImageBitmap | null;
}

export type FeedReply = { type: 'running'; id: number } | { type: 'failed'; id: number; message: string };

/** How long a stopped feed waits for its camera copy to end before it cancels the stream. */
const STOP_GRACE_MS = 1000;

/** Runs the feed; returns its stop. */
export function runFeed({ id, readable, writable, effect, background }: StartFeed, segmenter: Promise<Segmenter>, post: (reply: FeedReply) => void): () => void {
  let running = true;
  const reader = readable.getReader();
  const writer = writable.getWriter();
  // Drawn in this worker's memory (willReadFrequently keeps the canvases off the GPU) and sent on as
  // plain RGBA frames: a GPU-backed frame would be read back on the main thread when the studio
  // uploads it to WebGL, which is slow wherever WebGL is software-rendered.
  const canvas = new OffscreenCanvas(1, 1);
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  // The room behind the person, at 1/ROOM_SCALE: the camera blurred each frame, or the background
  // defocused once per size.
  const room = new OffscreenCanvas(1, 1);
  const roomCtx = room.getContext('2d', { willReadFrequently: true })!;
  // The camera scaled down first, then blurred from there: the blur never touches the full frame.
  const smallFrame = new OffscreenCanvas(1, 1);
  const smallFrameCtx = smallFrame.getContext('2d', { willReadFrequently: true })!;
  const roomPx = effect.px / ROOM_SCALE;
  let mask: ImageBitmap | null = null;
  let segmenting = false;
  let nextSegmentAt = 0;
  let drawAllowedAt = 0;
  let announced = false;

  const segmentLater = async (seg: Segmenter, frame: VideoFrame) => {
    if (segmenting || performance.now() < nextSegmentAt) return;
    segmenting = true;
    try {
      const small = await createImageBitmap(frame, { resizeWidth: SEGMENTATION_WIDTH, resizeHeight: SEGMENTATION_HEIGHT, resizeQuality: 'medium' });
      const startedAt = performance.now();
      // The frame may be closed from here on; the segmentation runs on the copy.
      void seg
        .segment(small)
        .then(
          (next) => {
            mask?.close();
            mask = next;
            nextSegmentAt = nextStepAt(startedAt, performance.now() - startedAt);
          },
          () => undefined, // a frame the segmenter cannot read is skipped; the latest mask stays in use
        )
        .finally(() => (segmenting = false));
    } catch {
      segmenting = false;
    }
  };

  const fitTo = (frame: VideoFrame) => {
    if (canvas.width === frame.displayWidth && canvas.height === frame.displayHeight) return;
    canvas.width = frame.displayWidth;
    canvas.height = frame.displayHeight;
    smallFrame.width = room.width = Math.ceil(canvas.width / ROOM_SCALE);
    smallFrame.height = room.height = Math.ceil(canvas.height / ROOM_SCALE);
    if (background) drawBlurredCover(roomCtx, background, background.width, background.height, roomPx);
  };

  const draw = async (frame: VideoFrame, currentMask: ImageBitmap) => {
    const startedAt = performance.now();
    if (!background) {
      smallFrameCtx.drawImage(frame, 0, 0, smallFrame.width, smallFrame.height);
      drawBlurredCover(roomCtx, smallFrame, smallFrame.width, smallFrame.height, roomPx);
    }
    drawEffectFrame(ctx, frame, currentMask, room);
    const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    const out = new VideoFrame(pixels, { format: 'RGBA', codedWidth: canvas.width, codedHeight: canvas.height, timestamp: frame.timestamp });
    // A written frame belongs to the track; one the stopped track refuses is still ours to close.
    await writer.write(out).catch((error: unknown) => {
      out.close();
      throw error;
    });
    drawAllowedAt = nextDrawAt(startedAt, performance.now() - startedAt);
    if (!announced) post({ type: 'running', id });
    announced = true;
  };

  // Reads until the camera copy ends (the main thread stops it with the feed), closing every frame
  // it is handed, also after the feed stopped: a frame left unclosed would hold up the camera.
  const drain = () => void reader.cancel().catch(() => undefined);
  const closeRest = async (): Promise<void> => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      value?.close();
    }
  };
  let drainTimer: ReturnType<typeof setTimeout> | undefined;
  void (async () => {
    const seg = await segmenter;
    for (;;) {
      const { value: frame, done } = await reader.read();
      if (done || !frame) break;
      try {
        if (!running) continue;
        fitTo(frame);
        await segmentLater(seg, frame);
        // Nothing is written before the first mask: the room never shows.
        if (mask && running && performance.now() >= drawAllowedAt) await draw(frame, mask);
      } finally {
        frame.close();
      }
    }
  })()
    .catch((error: unknown) => {
      if (running) post({ type: 'failed', id, message: errorMessage(error) });
      // A stop can make a write fail mid-frame: frames still queued must be closed, not left to the
      // garbage collector (which logs each one), until the camera copy ends.
      return closeRest();
    })
    .finally(() => {
      clearTimeout(drainTimer);
      mask?.close();
      background?.close();
      void writer.close().catch(() => undefined);
    });

  return () => {
    running = false;
    // The camera copy's end finishes the loop; if it never comes, the stream is cancelled.
    drainTimer = setTimeout(drain, STOP_GRACE_MS);
  };
}
