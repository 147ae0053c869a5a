/**
 * A feed's camera frames in the camera-effects worker: a stream whose every read asks the main thread
 * for the next frame (`ask`) and gets it by `deliver`, transferred. Nothing is read ahead, so the
 * main thread never reads a frame the feed will not take.
 */
export interface CameraFrames {
  readable: ReadableStream<VideoFrame>;
  /** The frame asked for, or null when the camera copy ended. One nobody asked for is closed. */
  deliver(frame: VideoFrame | null): void;
}

export function cameraFrames(ask: () => void): CameraFrames {
  let waiting: { controller: ReadableStreamDefaultController<VideoFrame>; resolve(): void } | null = null;
  const readable = new ReadableStream<VideoFrame>(
    {
      pull: (controller) =>
        new Promise<void>((resolve) => {
          waiting = { controller, resolve };
          ask();
        }),
    },
    // Pulled only while a read waits.
    { highWaterMark: 0 },
  );
  return {
    readable,
    deliver(frame) {
      const read = waiting;
      waiting = null;
      if (!read) return frame?.close();
      if (frame) read.controller.enqueue(frame);
      else read.controller.close();
      read.resolve();
    },
  };
}
