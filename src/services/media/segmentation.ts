/**
 * Person segmentation for the camera's background effects (§3 Settings: camera blur, virtual
 * background): the client side of segmentation-worker.js, where MediaPipe's selfie segmentation
 * runs. vite.config.ts serves that worker and the runtime's script, WebAssembly and model under
 * SEGMENTATION_PATH; nothing is fetched from elsewhere, and the CSP needs only 'wasm-unsafe-eval'.
 */
import { BASE_PATH } from '../../config';

const SEGMENTATION_PATH = `${BASE_PATH}mediapipe/selfie_segmentation/`;
export const SEGMENTATION_WORKER_URL = `${SEGMENTATION_PATH}segmentation-worker.js`;

/** The size frames are segmented at: the landscape model's own input, so nothing is scaled twice. */
export const SEGMENTATION_WIDTH = 256;
export const SEGMENTATION_HEIGHT = 144;

/** A person mask for a frame scaled to the segmentation size: opaque on the person, transparent on the room. */
export interface Segmenter {
  segment(frame: ImageBitmap): Promise<ImageBitmap>;
}

type Reply = { type: 'ready' } | { type: 'mask'; mask: ImageBitmap } | { type: 'failed'; message: string };

export type SegmenterChannel = Pick<MessagePort, 'postMessage' | 'addEventListener'>;

/** Talks to the worker over its channel; resolves when it is ready. Each reply answers the oldest frame. */
export function segmenterOn(channel: SegmenterChannel): Promise<Segmenter> {
  return new Promise((resolveReady, rejectReady) => {
    const waiting: { resolve(mask: ImageBitmap): void; reject(error: Error): void }[] = [];
    let ready = false;
    const segment = (frame: ImageBitmap) =>
      new Promise<ImageBitmap>((resolve, reject) => {
        waiting.push({ resolve, reject });
        channel.postMessage({ type: 'frame', frame }, [frame]);
      });
    channel.addEventListener('message', (event: MessageEvent<Reply>) => {
      const reply = event.data;
      if (reply.type === 'ready') {
        ready = true;
        resolveReady({ segment });
      } else if (reply.type === 'mask') waiting.shift()?.resolve(reply.mask);
      else if (!ready) rejectReady(new Error(reply.message));
      else waiting.shift()?.reject(new Error(reply.message));
    });
  });
}
