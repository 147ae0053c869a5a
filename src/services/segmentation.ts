/**
 * Person segmentation for the camera's background effects (§3 Settings: camera blur, virtual
 * background): MediaPipe's selfie segmentation, whose runtime loads its own script, WebAssembly
 * and model by URL. vite.config.ts serves the package's files under SEGMENTATION_PATH; nothing is
 * fetched from elsewhere, and the CSP needs only 'wasm-unsafe-eval'. The runtime is loaded on first
 * use and kept: one instance serves every camera restart.
 */
import type { SelfieSegmentation } from '@mediapipe/selfie_segmentation';
import { BASE_PATH } from '../config';

export const SEGMENTATION_PATH = `${BASE_PATH}mediapipe/selfie_segmentation/`;

/** The landscape model (256×144): the camera is 16:9, and it is the faster of the two. */
const LANDSCAPE_MODEL = 1;

/** A person mask for a frame: opaque where the person is, transparent where the room is. */
export interface Segmenter {
  segment(frame: HTMLVideoElement | HTMLCanvasElement): Promise<CanvasImageSource>;
}

declare global {
  interface Window {
    SelfieSegmentation?: typeof SelfieSegmentation;
  }
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.append(script);
  });
}

async function createSegmenter(): Promise<Segmenter> {
  if (!window.SelfieSegmentation) await loadScript(`${SEGMENTATION_PATH}selfie_segmentation.js`);
  const Solution = window.SelfieSegmentation;
  if (!Solution) throw new Error('the segmentation runtime did not start');
  const solution = new Solution({ locateFile: (file) => `${SEGMENTATION_PATH}${file}` });
  // CPU inference (XNNPACK): the model is tiny, and it stays fast where WebGL is software-rendered;
  // the option exists in the runtime but not in its typings.
  solution.setOptions({ modelSelection: LANDSCAPE_MODEL, useCpuInference: true } as Parameters<SelfieSegmentation['setOptions']>[0]);
  let mask: CanvasImageSource | null = null;
  solution.onResults((results) => {
    mask = results.segmentationMask;
  });
  await solution.initialize();
  // send() resolves after the results listener ran; callers send one frame at a time.
  const takeMask = () => {
    const taken = mask;
    mask = null;
    return taken;
  };
  const segment = async (frame: HTMLVideoElement | HTMLCanvasElement) => {
    await solution.send({ image: frame });
    const taken = takeMask();
    if (!taken) throw new Error('the segmentation gave no mask');
    return taken;
  };
  return { segment };
}

let shared: Promise<Segmenter> | null = null;

/** The shared segmenter; a failed load is forgotten so a later attempt can try again. */
export function loadSegmenter(): Promise<Segmenter> {
  shared ??= createSegmenter().catch((error: unknown) => {
    shared = null;
    throw error;
  });
  return shared;
}
