/**
 * The camera-effects worker: runs each camera feed through its effect (cameraEffectsFeed.ts) off the
 * main thread, which only hands over each camera frame a feed reads. Masks come from the segmentation
 * worker over a MessagePort.
 *
 * Messages in:  { type: 'segmenter', port } once; { type: 'start', id, writable, effect, background }
 *               per feed; { type: 'frame', id, frame } answering 'next' (null: the camera copy
 *               ended); { type: 'stop', id }.
 * Messages out: { type: 'ready' } or { type: 'failed', message } once; per feed { type: 'next', id }
 *               for each frame it reads, { type: 'running', id } after its first frame or
 *               { type: 'failed', id, message }, and { type: 'stopped', id } once it reads no more.
 */
import { errorMessage } from '../../log';
import { runFeed, type Feed, type FeedReply, type StartFeed } from './cameraEffectsFeed';
import { cameraFrames, type CameraFrames } from './cameraFrames';
import { segmenterOn, type Segmenter } from './segmentation';

export type EffectsWorkerRequest =
  | { type: 'segmenter'; port: MessagePort }
  | StartFeed
  | { type: 'frame'; id: number; frame: VideoFrame | null }
  | { type: 'stop'; id: number };
export type EffectsWorkerReply = { type: 'ready' } | { type: 'failed'; message: string } | { type: 'next'; id: number } | FeedReply;

const scope = self as unknown as { onmessage: ((e: MessageEvent<EffectsWorkerRequest>) => void) | null; postMessage(reply: EffectsWorkerReply): void };

let segmenter: Promise<Segmenter> = Promise.reject(new Error('no segmenter yet'));
segmenter.catch(() => undefined);
const feeds = new Map<number, { feed: Feed; frames: CameraFrames }>();
const post = (reply: EffectsWorkerReply) => {
  if (reply.type === 'stopped') feeds.delete(reply.id);
  scope.postMessage(reply);
};

scope.onmessage = (event) => {
  const request = event.data;
  if (request.type === 'segmenter') {
    request.port.start();
    segmenter = segmenterOn(request.port);
    segmenter.then(
      () => post({ type: 'ready' }),
      (error: unknown) => post({ type: 'failed', message: errorMessage(error) }),
    );
  } else if (request.type === 'start') {
    const frames = cameraFrames(() => post({ type: 'next', id: request.id }));
    feeds.set(request.id, { feed: runFeed(request, frames.readable, segmenter, post), frames });
  } else if (request.type === 'frame') {
    const running = feeds.get(request.id);
    if (running) running.frames.deliver(request.frame);
    else request.frame?.close();
  } else feeds.get(request.id)?.feed.stop();
};
