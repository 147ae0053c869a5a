/**
 * The life of a compositor's canvas: one pixi renderer at a time, and a WebGL context that survives
 * a destroy so the same canvas can be drawn on again (React StrictMode mounts effects twice on one
 * element). Pure browser API plus pixi's renderer type; no scene code.
 */
import type { Renderer, WebGLRenderer } from 'pixi.js';

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

export async function restoreLostContext(canvas: HTMLCanvasElement): Promise<void> {
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

/**
 * One renderer per canvas at a time. Two pixi renderers on one canvas would share its WebGL context
 * (getContext returns the same one) and the first one's destroy would lose it under the second. React
 * StrictMode does exactly that: effect, cleanup, effect, while the first init is still pending (the
 * first compositor is destroyed when it resolves). So a creation waits for the previous compositor on
 * its canvas to be destroyed (or to fail) before it starts.
 */
export interface CanvasClaim {
  released: Promise<void>;
  release: () => void;
}
const canvasClaims = new WeakMap<HTMLCanvasElement, CanvasClaim>();
const rendererClaims = new WeakMap<Renderer, CanvasClaim>();

/** The renderer now holds the canvas claim; destroyRenderer releases it. */
export function holdClaim(renderer: Renderer, claim: CanvasClaim): void {
  rendererClaims.set(renderer, claim);
}
/** How long a creation waits for the previous compositor on its canvas to be destroyed. */
const CANVAS_CLAIM_TIMEOUT_MS = 10_000;

export function claimCanvas(canvas: HTMLCanvasElement): { claim: CanvasClaim; previous: CanvasClaim | undefined } {
  const previous = canvasClaims.get(canvas);
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const claim = { released, release };
  canvasClaims.set(canvas, claim);
  return { claim, previous };
}

export async function waitForPrevious(previous: CanvasClaim | undefined): Promise<void> {
  if (!previous) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error('createCompositor: another compositor still draws on this canvas; destroy it first')),
      CANVAS_CLAIM_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([previous.released, timeout]);
  } finally {
    clearTimeout(timer);
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
  rendererClaims.get(renderer)?.release(); // the next compositor on this canvas may start
}
