/**
 * The camera-effects worker: runs each camera feed through its effect (cameraEffectsFeed.ts) off the
 * main thread, which does no per-frame work at all. Masks come from the segmentation worker over a
 * MessagePort.
 *
 * Messages in:  { type: 'segmenter', port } once; { type: 'start', id, readable, writable, effect,
 *               background } per feed; { type: 'stop', id }.
 * Messages out: { type: 'ready' } or { type: 'failed', message } once; per feed { type: 'running', id }
 *               after its first frame, or { type: 'failed', id, message }.
 */
import { errorMessage } from '../../log';
import { runFeed, type Feed, type FeedReply, type StartFeed } from './cameraEffectsFeed';
import { segmenterOn, type Segmenter } from './segmentation';

export type EffectsWorkerRequest = { type: 'segmenter'; port: MessagePort } | StartFeed | { type: 'stop'; id: number };
export type EffectsWorkerReply = { type: 'ready' } | { type: 'failed'; message: string } | FeedReply;

const scope = self as unknown as { onmessage: ((e: MessageEvent<EffectsWorkerRequest>) => void) | null; postMessage(reply: EffectsWorkerReply): void };

let segmenter: Promise<Segmenter> = Promise.reject(new Error('no segmenter yet'));
segmenter.catch(() => undefined);
const feeds = new Map<number, Feed>();
const post = (reply: EffectsWorkerReply) => scope.postMessage(reply);

scope.onmessage = (event) => {
  const request = event.data;
  if (request.type === 'segmenter') {
    request.port.start();
    segmenter = segmenterOn(request.port);
    segmenter.then(
      () => post({ type: 'ready' }),
      (error: unknown) => post({ type: 'failed', message: errorMessage(error) }),
    );
  } else if (request.type === 'start') feeds.set(request.id, runFeed(request, segmenter, post));
  else {
    feeds.get(request.id)?.stop();
    feeds.delete(request.id);
  }
};
