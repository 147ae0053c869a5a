/**
 * Starts camera effects off the main thread: the camera track's frames (MediaStreamTrackProcessor,
 * Chrome's insertable streams) go to the camera-effects worker one by one as it asks for them, and
 * come back as a new track (MediaStreamTrackGenerator, whose stream the worker writes), so the
 * studio's main thread only hands each frame over. The two workers (effects, segmentation) are
 * started on first use and kept for every later feed.
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
  /**
   * Resolves when the worker says so of the feed ('running': its first frame is out; 'stopped': it
   * reads no more); rejects if the feed cannot run or the workers failed.
   */
  reply(id: number, type: 'running' | 'stopped'): Promise<void>;
  /** Calls `next` each time the feed asks for a camera frame; returns the end of that. */
  onNext(id: number, next: () => void): () => void;
}

let started: Promise<EffectsWorker> | null = null;

function startWorkers(): Promise<EffectsWorker> {
  return new Promise((resolve, reject) => {
    if (typeof MediaStreamTrackProcessor === 'undefined' || typeof MediaStreamTrackGenerator === 'undefined') {
      throw new Error('this browser cannot process camera frames');
    }
    const segmentation = new Worker(SEGMENTATION_WORKER_URL);
    const effects = new Worker(new URL('./cameraEffects.worker.ts', import.meta.url), { type: 'module' });
    const waiting = new Map<string, { resolve(): void; reject(error: Error): void }>();
    const asking = new Map<number, () => void>();
    const answer = (key: string, error?: Error) => {
      const w = waiting.get(key);
      waiting.delete(key);
      if (error) w?.reject(error);
      else w?.resolve();
    };
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
          reply: (id, type) => new Promise((res, rej) => waiting.set(`${type} ${id}`, { resolve: res, reject: rej })),
          onNext: (id, next) => {
            asking.set(id, next);
            return () => asking.delete(id);
          },
        });
      } else if (reply.type === 'next') asking.get(reply.id)?.();
      else if (reply.type !== 'failed') answer(`${reply.type} ${reply.id}`);
      else if ('id' in reply) answer(`running ${reply.id}`, new Error(reply.message));
      else fail(new Error(reply.message));
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

/**
 * Starts the workers ahead of use (Settings › Camera is open): loading the segmentation model takes
 * seconds, so the switch then takes effect about as soon as it is turned on. A failure is said when
 * an effect is asked for (the start is tried again then).
 */
export function prepareCameraEffects(): void {
  if (typeof MediaStreamTrackProcessor === 'undefined') return;
  effectsWorker().catch(() => undefined);
}

async function backgroundBitmap(effect: CameraEffect): Promise<ImageBitmap | null> {
  if (effect.kind !== 'replace') return null;
  const image = new Image();
  image.src = effect.imageUrl;
  await image.decode();
  return createImageBitmap(image);
}

let nextId = 1;
/** How long a stopping feed may take to say it reads no more before its tracks are ended here anyway. */
const FEED_STOP_GRACE_MS = 5000;

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
  const id = nextId++;
  // The worker reads a copy of the camera track, so ending this feed never ends the camera.
  const input = track.clone();
  const frames = new MediaStreamTrackProcessor({ track: input }).readable.getReader();
  const generator = new MediaStreamTrackGenerator({ kind: 'video' });
  const request: StartFeed = { type: 'start', id, writable: generator.writable, effect, background };
  try {
    worker.post(request, [generator.writable, ...(background ? [background] : [])] as unknown as Transferable[]);
  } catch (error) {
    input.stop();
    generator.stop();
    background?.close();
    throw error;
  }
  // Each frame the feed asks for is read here and transferred: a read and a hand-over, nothing else
  // per frame. The processor's stream itself is not handed over: until the worker has taken it,
  // Chrome makes its frames on this thread and can drop one on the way, unclosed (seen when a feed
  // starts while the worker is busy with the last one).
  const handOver = () =>
    void frames.read().then(
      ({ value, done }) => (done ? worker.post({ type: 'frame', id, frame: null }) : worker.post({ type: 'frame', id, frame: value }, [value])),
      () => worker.post({ type: 'frame', id, frame: null }),
    );
  const stopHandingOver = worker.onNext(id, handOver);
  const running = worker.reply(id, 'running');
  // No stream is cut in the middle, which drops the frames on their way unclosed: the worker
  // finishes its frame, reads no more and closes the feed (which ends the generator's track), then
  // says 'stopped'; only then does the camera copy end, with no read pending here (Chrome can drop
  // the frame a pending read is about to get when its track ends). A worker that cannot answer is
  // overtaken, the generator too.
  const stop = () => {
    const stopped = worker.reply(id, 'stopped');
    worker.post({ type: 'stop', id });
    const end = (generatorToo: boolean) => {
      clearTimeout(overtake);
      stopHandingOver();
      input.stop();
      if (generatorToo) generator.stop();
    };
    const overtake = setTimeout(() => end(true), FEED_STOP_GRACE_MS);
    stopped.then(
      () => end(false),
      () => end(true),
    );
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
