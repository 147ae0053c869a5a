/**
 * The pixi renderer the compositor draws with: WebGL by default (Canvas 2D on request or as pixi's
 * fallback), no antialias, opaque, resolution 1, no ticker. Nothing here renders by itself.
 */
import 'pixi.js/unsafe-eval'; // the app's CSP has no 'unsafe-eval' (ECOSYSTEM-NOTES §3b pitfall 5)
import { autoDetectRenderer, DefaultBatcher, type Renderer } from 'pixi.js';
import { claimCanvas, destroyRenderer, holdClaim, restoreLostContext, waitForPrevious } from './canvasLifecycle';
import type { RendererPreference } from './rendererChoice';

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
  preference: RendererPreference;
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

export async function createRenderer(setup: RendererSetup): Promise<Renderer> {
  if (setup.signal?.aborted) throw abortError();
  const { claim, previous } = claimCanvas(setup.canvas);
  let renderer: Renderer;
  try {
    await waitForPrevious(previous);
    if (setup.signal?.aborted) throw abortError();
    await restoreLostContext(setup.canvas);
    renderer = await initRenderer(setup);
  } catch (error) {
    claim.release();
    throw error;
  }
  holdClaim(renderer, claim);
  if (setup.signal?.aborted) {
    destroyRenderer(renderer);
    throw abortError();
  }
  limitBatchTextures(renderer, setup.maxBatchTextures);
  return renderer;
}

function initRenderer(setup: RendererSetup): Promise<Renderer> {
  return autoDetectRenderer({
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
}
