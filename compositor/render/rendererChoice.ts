/**
 * Which pixi renderer a compositor draws with when its host does not say: WebGL on a GPU, Canvas 2D
 * where WebGL would be rasterised on the CPU (SwiftShader, llvmpipe: virtual desktops, cloud machines,
 * CI). There, uploading one frame of a 640×360 video with texSubImage2D held the page's main thread
 * for about 70 ms (Chromium 156, 2-core machine, 2026-11-27): a demo studio with a background video
 * spent 80 % of its main thread there and took 1–3 s to move focus on a Tab key. Canvas 2D draws the
 * same scene (the golden images hold both renderers to one reference) and left the thread 77 % idle.
 */
export type RendererPreference = 'webgl' | 'canvas';

/** Renderer names (WEBGL_debug_renderer_info) of the software rasterisers browsers fall back to. */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software rasterizer|microsoft basic render/i;

export function isSoftwareRenderer(name: string): boolean {
  return SOFTWARE_RENDERER.test(name);
}

let probed: RendererPreference | null = null;

/** Canvas 2D where WebGL is software (or missing), WebGL otherwise; probed once per page. */
export function defaultPreference(): RendererPreference {
  probed ??= probe();
  return probed;
}

function probe(): RendererPreference {
  if (typeof document === 'undefined' || typeof WebGLRenderingContext === 'undefined') return 'webgl'; // no DOM: pixi decides
  const canvas = document.createElement('canvas');
  const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as WebGLRenderingContext | null;
  if (!gl) return 'canvas';
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name = info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
  gl.getExtension('WEBGL_lose_context')?.loseContext(); // give the context back at once (pages hold at most 16)
  return isSoftwareRenderer(name) ? 'canvas' : 'webgl';
}
