/**
 * Which pixi renderer a compositor draws with when its host does not say: WebGL on a GPU, Canvas 2D
 * where WebGL would be rasterised on the CPU (SwiftShader, llvmpipe: virtual desktops, cloud machines,
 * CI). There, uploading one frame of a 640×360 video with texSubImage2D held the page's main thread
 * for about 70 ms (Chromium 156, 2-core machine, 2026-11-27): a demo studio with a background video
 * spent 80 % of its main thread there and took 1–3 s to move focus on a Tab key. Canvas 2D draws the
 * same scene (the golden images hold both renderers to one reference) and left the thread 77 % idle.
 *
 * Finding out costs a WebGL context. Made on the main thread while the studio opens (camera, meeting,
 * first textures keep Chromium's GPU process busy), getContext blocked for 1–3 s (issue 33,
 * benchmarks/entry.mjs). So the question is asked early (the device check calls probePreference) and
 * in a worker on an OffscreenCanvas, which blocks nothing; where a worker cannot make a WebGL
 * context, the main thread asks as before. No DOM, no pixi here: the device check imports this file.
 */
export type RendererPreference = 'webgl' | 'canvas';

/** Renderer names (WEBGL_debug_renderer_info) of the software rasterisers browsers fall back to. */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software rasterizer|microsoft basic render/i;

export function isSoftwareRenderer(name: string): boolean {
  return SOFTWARE_RENDERER.test(name);
}

/** What a probe saw: no WebGL at all, or WebGL with this renderer name ('' when the browser hides it). */
export type ProbeResult = { webgl: false } | { webgl: true; renderer: string };

export const preferenceOf = (probe: ProbeResult): RendererPreference =>
  !probe.webgl ? 'canvas' : isSoftwareRenderer(probe.renderer) ? 'canvas' : 'webgl';

/** A worker that cannot answer within this is given up on (the main thread asks instead). */
export const WORKER_PROBE_TIMEOUT_MS = 3000;

/** The probe, as source: the same steps run in the worker (OffscreenCanvas) and on the main thread. */
function probeContext(canvas: HTMLCanvasElement | OffscreenCanvas): ProbeResult | null {
  const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as WebGLRenderingContext | null;
  if (!gl) return null;
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const renderer = info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
  gl.getExtension('WEBGL_lose_context')?.loseContext(); // give the context back at once (pages hold at most 16)
  return { webgl: true, renderer };
}

const WORKER_SOURCE = `const probe = ${probeContext.toString()};
try { postMessage(typeof OffscreenCanvas === 'function' ? probe(new OffscreenCanvas(1, 1)) : null); } catch { postMessage(null); }`;

/** null when the worker could not tell (no worker, no OffscreenCanvas WebGL, CSP, timeout). */
function probeInWorker(): Promise<ProbeResult | null> {
  if (typeof Worker !== 'function' || typeof URL.createObjectURL !== 'function' || typeof Blob !== 'function') return Promise.resolve(null);
  return new Promise((resolve) => {
    let worker: Worker;
    const url = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: 'text/javascript' }));
    const finish = (result: ProbeResult | null): void => {
      clearTimeout(timer);
      worker?.terminate();
      URL.revokeObjectURL(url);
      resolve(result);
    };
    const timer = setTimeout(() => finish(null), WORKER_PROBE_TIMEOUT_MS);
    try {
      worker = new Worker(url);
    } catch {
      return finish(null);
    }
    worker.onmessage = (event: MessageEvent<ProbeResult | null>) => finish(event.data);
    worker.onerror = () => finish(null);
  });
}

function probeHere(): ProbeResult {
  return probeContext(document.createElement('canvas')) ?? { webgl: false };
}

let decided: RendererPreference | null = null;
let pending: Promise<RendererPreference> | null = null;

/**
 * The default renderer, probed once per page: start it early (idempotent), await it when creating.
 * A worker that saw no WebGL may only lack OffscreenCanvas WebGL, so the main thread then checks.
 */
export function probePreference(): Promise<RendererPreference> {
  if (decided) return Promise.resolve(decided);
  if (typeof document === 'undefined' || typeof WebGLRenderingContext === 'undefined') return Promise.resolve('webgl'); // no DOM: pixi decides
  pending ??= probeInWorker().then((seen) => (decided = preferenceOf(seen ?? probeHere())));
  return pending;
}
