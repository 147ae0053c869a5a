/**
 * The pixi renderer the compositor draws with: WebGL by default (Canvas 2D on request or as pixi's
 * fallback), no antialias, opaque, resolution 1, no ticker. Nothing here renders by itself.
 */
import 'pixi.js/unsafe-eval'; // the app's CSP has no 'unsafe-eval' (ECOSYSTEM-NOTES §3b pitfall 5)
import { autoDetectRenderer, DefaultBatcher, type Renderer, type WebGLRenderer } from 'pixi.js';

/**
 * Texture slots per WebGL batch. pixi's batch shader picks the slot with an if-chain per shaded pixel;
 * in SwiftShader that chain over 16 slots costs more than one draw call per tile. Chosen by
 * benchmarks/compositor.mjs (see benchmarks/README.md).
 */
export const DEFAULT_MAX_BATCH_TEXTURES = 1;

export interface RendererSetup {
  canvas: HTMLCanvasElement;
  width: number;
  height: number;
  preference: 'webgl' | 'canvas';
  maxBatchTextures: number;
  signal?: AbortSignal;
}

function abortError(): Error {
  return typeof DOMException === 'function'
    ? new DOMException('createCompositor aborted', 'AbortError')
    : Object.assign(new Error('createCompositor aborted'), { name: 'AbortError' });
}

/**
 * Make every batch built from now on use `slots` texture slots. pixi sizes batchers from
 * renderer.limits and shares one default batch shader per page, so both are set (and set again after
 * a context restore, which re-reads the GPU limits).
 */
function limitBatchTextures(renderer: Renderer, slots: number): void {
  if (renderer.name !== 'webgl') return;
  const apply = (): void => {
    const n = Math.max(1, Math.min(Math.floor(slots), renderer.limits.maxTextures));
    renderer.limits.maxBatchableTextures = n;
    const probe = new DefaultBatcher({ maxTextures: n });
    probe._updateMaxTextures(n); // replaces pixi's shared default batch shader when its slot count differs
    probe.destroy();
  };
  apply();
  renderer.runners.contextChange.add({ contextChange: apply });
}

/**
 * pixi's WebGL destroy loses the canvas's context (WEBGL_lose_context), and getContext keeps returning
 * that lost context. A host that re-creates the compositor on the same canvas (React StrictMode runs
 * effects twice on one element) needs it restored first, which the spec only allows when the
 * 'webglcontextlost' event was default-prevented: destroyRenderer arranges that, createRenderer waits
 * for the loss, restores, and fails loudly (never hangs in pixi's init) if the context stays lost.
 */
interface LostContext {
  gl: WebGLRenderingContext | WebGL2RenderingContext;
  ext: WEBGL_lose_context;
  lost: Promise<void>;
}
const lostContexts = new WeakMap<HTMLCanvasElement, LostContext>();
const CONTEXT_EVENT_TIMEOUT_MS = 2000;

const eventOrTimeout = (target: EventTarget, type: string): Promise<void> =>
  new Promise<void>((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      target.removeEventListener(type, done);
      resolve();
    };
    const timer = setTimeout(done, CONTEXT_EVENT_TIMEOUT_MS);
    target.addEventListener(type, done);
  });

async function restoreLostContext(canvas: HTMLCanvasElement): Promise<void> {
  const entry = lostContexts.get(canvas);
  if (!entry) return;
  lostContexts.delete(canvas);
  if (!entry.gl.isContextLost()) return;
  await Promise.race([entry.lost, new Promise((r) => setTimeout(r, CONTEXT_EVENT_TIMEOUT_MS))]);
  // The browser records that restoring is allowed only after the event dispatch returns: wait a task.
  await new Promise((r) => setTimeout(r, 0));
  const restored = eventOrTimeout(canvas, 'webglcontextrestored');
  entry.ext.restoreContext();
  await restored;
  if (entry.gl.isContextLost()) {
    throw new Error('createCompositor: the WebGL context of this canvas was lost and could not be restored; pass a new canvas');
  }
}

/** Destroys the renderer, keeping the host's canvas in the DOM and reusable by a new compositor. */
export function destroyRenderer(renderer: Renderer): void {
  const gl = 'gl' in renderer ? (renderer as WebGLRenderer).gl : null;
  const ext = gl && !gl.isContextLost() ? gl.getExtension('WEBGL_lose_context') : null;
  const canvas = renderer.canvas;
  if (gl && ext && canvas instanceof HTMLCanvasElement) {
    let markLost = (): void => undefined;
    const lost = new Promise<void>((resolve) => (markLost = resolve));
    const onLost = (event: Event): void => {
      event.preventDefault(); // keeps the context restorable
      markLost();
    };
    canvas.addEventListener('webglcontextlost', onLost, { once: true });
    lostContexts.set(canvas, { gl, ext, lost });
  }
  renderer.destroy();
}

export async function createRenderer(setup: RendererSetup): Promise<Renderer> {
  if (setup.signal?.aborted) throw abortError();
  await restoreLostContext(setup.canvas);
  const renderer = await autoDetectRenderer({
    canvas: setup.canvas,
    width: setup.width,
    height: setup.height,
    preference: setup.preference,
    antialias: false,
    resolution: 1,
    autoDensity: false,
    background: '#000000',
    backgroundAlpha: 1, // opaque drawing buffer (context alpha: false)
    clearBeforeRender: true,
    preserveDrawingBuffer: false,
    powerPreference: 'high-performance',
  });
  if (setup.signal?.aborted) {
    destroyRenderer(renderer);
    throw abortError();
  }
  limitBatchTextures(renderer, setup.maxBatchTextures);
  return renderer;
}
