/**
 * Starts camera effects off the main thread: the camera track's frames go to the camera-effects
 * worker as a stream (MediaStreamTrackProcessor, Chrome's insertable streams) and come back as a
 * new track (MediaStreamTrackGenerator), so the studio's main thread does no per-frame work. The
 * two workers (effects, segmentation) are started on first use and kept for every later feed.
 */
import { errorMessage } from '../../log';
import type { CameraEffect, EffectStream } from './cameraEffects';
import type { EffectsWorkerReply, EffectsWorkerRequest } from './cameraEffects.worker';
import type { StartFeed } from './cameraEffectsFeed';
import { SEGMENTATION_WORKER_URL } from './segmentation';

/** Chrome's insertable streams for video tracks (not in TypeScript's DOM library). */
declare const MediaStreamTrackProcessor: (new (init: { track: MediaStreamTrack }) => { readable: ReadableStream<VideoFrame> }) | undefined;
declare const MediaStreamTrackGenerator: (new (init: { kind: 'video' }) => MediaStreamTrack & { writable: WritableStream<VideoFrame> }) | undefined;

interface EffectsWorker {
  post(request: EffectsWorkerRequest, transfer?: Transferable[]): void;
  /** Resolves when the feed's first frame is out; rejects if it cannot run. */
  running(id: number): Promise<void>;
}

let started: Promise<EffectsWorker> | null = null;

function startWorkers(): Promise<EffectsWorker> {
  return new Promise((resolve, reject) => {
    if (typeof MediaStreamTrackProcessor === 'undefined' || typeof MediaStreamTrackGenerator === 'undefined') {
      throw new Error('this browser cannot process camera frames');
    }
    const segmentation = new Worker(SEGMENTATION_WORKER_URL);
    const effects = new Worker(new URL('./cameraEffects.worker.ts', import.meta.url), { type: 'module' });
    const waiting = new Map<number, { resolve(): void; reject(error: Error): void }>();
    const fail = (error: Error) => {
      segmentation.terminate();
      effects.terminate();
      waiting.forEach((w) => w.reject(error));
      reject(error);
    };
    segmentation.addEventListener('error', () => fail(new Error('the segmentation worker did not start')));
    effects.addEventListener('error', () => fail(new Error('the camera-effects worker did not start')));
    effects.addEventListener('message', (event: MessageEvent<EffectsWorkerReply>) => {
      const reply = event.data;
      if (reply.type === 'ready') {
        resolve({
          post: (request, transfer = []) => effects.postMessage(request, transfer),
          running: (id) => new Promise((res, rej) => waiting.set(id, { resolve: res, reject: rej })),
        });
      } else if (reply.type === 'running') {
        waiting.get(reply.id)?.resolve();
        waiting.delete(reply.id);
      } else if (!('id' in reply)) fail(new Error(reply.message));
      else {
        waiting.get(reply.id)?.reject(new Error(reply.message));
        waiting.delete(reply.id);
      }
    });
    const channel = new MessageChannel();
    segmentation.postMessage({ type: 'connect', port: channel.port1 }, [channel.port1]);
    effects.postMessage({ type: 'segmenter', port: channel.port2 } satisfies EffectsWorkerRequest, [channel.port2]);
  });
}

/** The workers, started once; a failed start is forgotten so a later attempt can try again. */
function effectsWorker(): Promise<EffectsWorker> {
  started ??= startWorkers().catch((error: unknown) => {
    started = null;
    throw error;
  });
  return started;
}

async function backgroundBitmap(effect: CameraEffect): Promise<ImageBitmap | null> {
  if (effect.kind !== 'replace') return null;
  const image = new Image();
  image.src = effect.imageUrl;
  await image.decode();
  return createImageBitmap(image);
}

let nextId = 1;
/** How long after a stop the feed's track is stopped here if the worker has not ended it (a terminated worker). */
const FEED_END_GRACE_MS = 5000;

/**
 * The camera through the effect, as a new stream (audio passes through); resolves once processed
 * frames flow, and rejects when effects cannot run here.
 */
export async function startEffectStream(camera: MediaStream, effect: CameraEffect): Promise<EffectStream> {
  const worker = await effectsWorker();
  const track = camera.getVideoTracks()[0];
  if (!track || !MediaStreamTrackProcessor || !MediaStreamTrackGenerator) throw new Error('no camera track to process');
  let background: ImageBitmap | null = null;
  try {
    background = await backgroundBitmap(effect);
  } catch (error) {
    throw new Error(`the virtual background image did not load: ${errorMessage(error)}`);
  }
  // Created and handed over in one task: a frame queued before the hand-over would be cloned into
  // the worker and its original left unclosed here.
  const id = nextId++;
  // The worker reads a copy of the camera track, so ending this feed never ends the camera.
  const input = track.clone();
  const processor = new MediaStreamTrackProcessor({ track: input });
  const generator = new MediaStreamTrackGenerator({ kind: 'video' });
  const request: StartFeed = { type: 'start', id, readable: processor.readable, writable: generator.writable, effect, background };
  try {
    worker.post(request, [processor.readable, generator.writable, ...(background ? [background] : [])] as unknown as Transferable[]);
  } catch (error) {
    input.stop();
    generator.stop();
    background?.close();
    throw error;
  }
  const running = worker.running(id);
  // Each stream ends from the side that produces it, never cut in the middle, which would drop the
  // frames still on their way between the threads unclosed: the camera copy ends here (the worker
  // closes every frame still coming), and the worker closes the feed after its last frame, which
  // ends the generator's track. Only a worker that never does (it was terminated) is overtaken.
  const stop = () => {
    worker.post({ type: 'stop', id });
    input.stop();
    setTimeout(() => generator.stop(), FEED_END_GRACE_MS);
  };
  try {
    await running;
  } catch (error) {
    stop();
    throw error;
  }
  const stream = new MediaStream([generator, ...camera.getAudioTracks()]);
  return { stream, stop };
}
