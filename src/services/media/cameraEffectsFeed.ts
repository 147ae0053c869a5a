/**
 * One camera feed in the camera-effects worker (cameraEffects.worker.ts): reads the camera's frames,
 * draws each with the latest person mask and the effect, and writes them to the studio's feed. A
 * frame goes to the segmenter, scaled to the model's size, whenever the last one is done.
 * Segmenting and drawing each keep to CAMERA_EFFECT_CORE_SHARE, and the feed to
 * CAMERA_EFFECT_MAX_FPS: on a slow machine frames are dropped (the feed repeats its last frame)
 * rather than starving the studio.
 *
 * Every VideoFrame is closed on every path: one left to the garbage collector holds up the camera.
 * A camera frame is closed once drawn or skipped, whatever happened meanwhile (a stop, a failed
 * write, a segmenter that throws); after a failure the frames still coming are closed as they come.
 * A drawn frame is closed once written (the track keeps its own) or refused. The streams are never
 * cancelled or aborted (that drops the frames on their way unclosed): a stop finishes the frame in
 * hand, reads no more, closes the feed's output after its last write (which ends the studio's
 * track) and says 'stopped'; only then does the main thread end the camera copy, with no read of
 * its own pending (Chrome can drop the frame a pending read is about to get when its track ends).
 */
import { errorMessage } from '../../log';
import { drawBlurredCover, drawEffectFrame, nextDrawAt, nextStepAt, ROOM_SCALE, type CameraEffect } from './cameraEffects';
import { SEGMENTATION_HEIGHT, SEGMENTATION_WIDTH, type Segmenter } from './segmentation';

export interface StartFeed {
  type: 'start';
  id: number;
  writable: WritableStream<VideoFrame>;
  effect: CameraEffect;
  background: ImageBitmap | null;
}

export type FeedReply = { type: 'running' | 'stopped'; id: number } | { type: 'failed'; id: number; message: string };

export interface Feed {
  /** Stops drawing; the feed closes its output after its last write and says 'stopped' once it reads no more. */
  stop(): void;
}

/** Runs the feed on its camera frames (cameraFrames.ts). */
export function runFeed({ id, writable, effect, background }: StartFeed, readable: ReadableStream<VideoFrame>, segmenter: Promise<Segmenter>, post: (reply: FeedReply) => void): Feed {
  /** Drawing: false after a stop or a failure. */
  let running = true;
  /** A stop was asked for: no more reads. */
  let stopping = false;
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
  let ended = false;
  let segmenting = false;
  let nextSegmentAt = 0;
  let drawAllowedAt = 0;
  let announced = false;

  /** A new mask replaces the last; one that arrives after the feed ended is closed at once. */
  const keepMask = (next: ImageBitmap) => {
    if (ended) return next.close();
    mask?.close();
    mask = next;
  };

  const segmentLater = async (seg: Segmenter, frame: VideoFrame) => {
    if (segmenting || performance.now() < nextSegmentAt) return;
    segmenting = true;
    let small: ImageBitmap | undefined;
    try {
      small = await createImageBitmap(frame, { resizeWidth: SEGMENTATION_WIDTH, resizeHeight: SEGMENTATION_HEIGHT, resizeQuality: 'medium' });
      const startedAt = performance.now();
      // The frame may be closed from here on: the segmentation runs on the copy, which it takes.
      void seg
        .segment(small)
        .then(
          (next) => {
            keepMask(next);
            nextSegmentAt = nextStepAt(startedAt, performance.now() - startedAt);
          },
          () => undefined, // a frame the segmenter cannot read is skipped; the latest mask stays in use
        )
        .finally(() => (segmenting = false));
    } catch {
      // No copy, or a segmenter that threw before taking it: the copy is ours to close.
      small?.close();
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
    try {
      await writer.write(out);
    } finally {
      // Written, the track has its own; refused, it is still ours.
      out.close();
    }
    drawAllowedAt = nextDrawAt(startedAt, performance.now() - startedAt);
    if (!announced) post({ type: 'running', id });
    announced = true;
  };

  let closing = false;
  /** Closes the feed's output once, after the writes already made. */
  const closeOutput = () => {
    if (!closing) void writer.close().catch(() => undefined);
    closing = true;
  };

  /** Hands each frame read to `handle`, then closes it, until a stop or the end of the camera copy. */
  const readEach = async (handle: (frame: VideoFrame) => Promise<void>): Promise<void> => {
    while (!stopping) {
      const { value: frame, done } = await reader.read();
      if (done) return;
      try {
        await handle(frame);
      } finally {
        frame.close();
      }
    }
  };

  const drawEach = async () => {
    const seg = await segmenter;
    await readEach(async (frame) => {
      if (!running) return;
      fitTo(frame);
      await segmentLater(seg, frame);
      // Nothing is written before the first mask: the room never shows.
      if (mask && running && performance.now() >= drawAllowedAt) await draw(frame, mask);
    });
  };

  void drawEach()
    .catch((error: unknown) => {
      if (running) post({ type: 'failed', id, message: errorMessage(error) });
      running = false;
      return readEach(async () => undefined);
    })
    .catch(() => undefined) // the camera copy failed: nothing more comes
    .finally(() => {
      ended = true;
      mask?.close();
      background?.close();
      closeOutput();
      if (stopping) post({ type: 'stopped', id });
    });

  return {
    stop: () => {
      running = false;
      stopping = true;
      closeOutput();
      if (ended) post({ type: 'stopped', id });
    },
  };
}
