/**
 * The person-segmentation worker (cameraEffectsClient.ts starts it): MediaPipe's selfie
 * segmentation off the main thread, so the studio stays smooth while it runs. A plain classic
 * worker, served as it is next to the runtime's files (vite.config.ts copies both), because the
 * runtime loads itself with importScripts.
 *
 * It is given a MessagePort ({ type: 'connect', port }) and talks on it: frames in as
 * { type: 'frame', frame: ImageBitmap } (transferred, closed here); out { type: 'ready' } once, then
 * { type: 'mask', mask: ImageBitmap } per frame, opaque where the person is and transparent where
 * the room is, or { type: 'failed', message } when it cannot run or a frame cannot be read.
 *
 * The runtime (0.1.1675465747, pinned; the legacy solution is no longer released) has two gaps in
 * its worker path, bridged here: it expects a global Module, it imports its model and graph files
 * as scripts (only .js is imported; it fetches those files itself), and it never keeps the WebGL context it uploads video
 * frames with (taken from its own OffscreenCanvas after initialize). The landscape model (256×144)
 * runs on the CPU (XNNPACK): fast, and independent of a software-rendered WebGL.
 */
/* global SelfieSegmentation */
'use strict';

const LANDSCAPE_MODEL = 1;
/** The landscape model's input (segmentation.ts SEGMENTATION_WIDTH × SEGMENTATION_HEIGHT). */
const SEGMENTATION_WIDTH = 256;
const SEGMENTATION_HEIGHT = 144;
const locateFile = (file) => file;
// In a worker the runtime starts its WebAssembly with a global Module; file names are relative to
// this worker. Its diagnostics (glog lines) are dropped: §9 keeps the console quiet, and a failure
// still reaches the studio as a 'failed' message.
const quiet = () => undefined;
self.Module = { locateFile, print: quiet, printErr: quiet };
const importOnlyScripts = self.importScripts.bind(self);
self.importScripts = (...urls) => importOnlyScripts(...urls.filter((url) => url.endsWith('.js')));

let solution = null;
let latestMask = null;
let maskCanvas = null;

/** The runtime's mask is red where the person is; the studio composites by alpha. */
function toAlphaMask(source) {
  maskCanvas ??= new OffscreenCanvas(source.width, source.height);
  maskCanvas.width = source.width;
  maskCanvas.height = source.height;
  const ctx = maskCanvas.getContext('2d', { willReadFrequently: true });
  ctx.drawImage(source, 0, 0);
  const image = ctx.getImageData(0, 0, source.width, source.height);
  const px = image.data;
  for (let i = 0; i < px.length; i += 4) px[i + 3] = px[i];
  ctx.putImageData(image, 0, 0);
  return maskCanvas.transferToImageBitmap();
}

async function start() {
  importOnlyScripts('selfie_segmentation.js');
  solution = new SelfieSegmentation({ locateFile });
  solution.setOptions({ modelSelection: LANDSCAPE_MODEL, useCpuInference: true });
  solution.onResults((results) => {
    latestMask = results.segmentationMask;
  });
  await solution.initialize();
  const inner = solution.h;
  if (inner && !inner.K && inner.m) inner.K = inner.m.getContext('webgl2') || inner.m.getContext('webgl');
  // The first frame sets the graph up (seconds on a slow machine): a blank one does it now, so the
  // moderator's first frame is as quick as the rest.
  const blank = await createImageBitmap(new ImageData(SEGMENTATION_WIDTH, SEGMENTATION_HEIGHT));
  await solution.send({ image: blank });
  blank.close();
  latestMask = null;
}

const describe = (error) => String((error && error.message) || error);
let failure = null;
const started = start().catch((error) => {
  failure = describe(error);
});

async function segment(port, frame) {
  try {
    await started;
    if (failure) throw new Error(failure);
    latestMask = null;
    await solution.send({ image: frame });
    if (!latestMask) throw new Error('no mask for the frame');
    const mask = toAlphaMask(latestMask);
    port.postMessage({ type: 'mask', mask }, [mask]);
  } catch (error) {
    port.postMessage({ type: 'failed', message: describe(error) });
  } finally {
    frame.close();
  }
}

self.onmessage = async (event) => {
  if (event.data.type !== 'connect') return;
  const port = event.data.port;
  // Frames are segmented one after another, in the order they come.
  let queue = Promise.resolve();
  port.onmessage = (message) => {
    if (message.data.type === 'frame') queue = queue.then(() => segment(port, message.data.frame));
  };
  await started;
  port.postMessage(failure ? { type: 'failed', message: failure } : { type: 'ready' });
};
