/** The compositor's default renderer: Canvas 2D where WebGL is rasterised on the CPU (rendererChoice.ts). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isSoftwareRenderer, preferenceOf, type ProbeResult } from '../../compositor/render/rendererChoice';

describe('isSoftwareRenderer', () => {
  it.each([
    ['ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)', true],
    ['llvmpipe (LLVM 15.0.6, 256 bits)', true],
    ['ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0)', true],
    ['ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)', false],
    ['ANGLE (Apple, ANGLE Metal Renderer: Apple M2, Unspecified Version)', false],
    ['Mesa Intel(R) UHD Graphics 620 (KBL GT2)', false],
    ['', false],
  ] as const)('%s → %s', (name, software) => {
    expect(isSoftwareRenderer(name)).toBe(software);
  });
});

describe('preferenceOf', () => {
  it.each<[ProbeResult, string]>([
    [{ webgl: false }, 'canvas'],
    [{ webgl: true, renderer: 'SwiftShader driver' }, 'canvas'],
    [{ webgl: true, renderer: 'NVIDIA GeForce RTX 3060' }, 'webgl'],
    [{ webgl: true, renderer: '' }, 'webgl'],
  ])('%j → %s', (probe, preference) => expect(preferenceOf(probe)).toBe(preference));
});

/** A worker that answers the probe with `answer` (null: it could not make a WebGL context). */
function stubWorker(answer: ProbeResult | null) {
  const created = vi.fn();
  class FakeWorker {
    onmessage: ((e: { data: unknown }) => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(url: string) {
      created(url);
      queueMicrotask(() => this.onmessage?.({ data: answer }));
    }
    terminate() {}
  }
  vi.stubGlobal('Worker', FakeWorker);
  return created;
}

/** The main thread's WebGL, seen through getContext. */
function stubMainThreadGl(renderer: string) {
  const gl = { getExtension: (name: string) => (name === 'WEBGL_debug_renderer_info' ? { UNMASKED_RENDERER_WEBGL: 1 } : { loseContext() {} }), getParameter: () => renderer };
  return vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => gl as never);
}

describe('probePreference (issue 33: asked early and off the main thread)', () => {
  beforeEach(() => {
    vi.resetModules(); // the answer is kept per page: each test loads a fresh module
    vi.stubGlobal('WebGLRenderingContext', class {});
    URL.createObjectURL = () => 'blob:probe';
    URL.revokeObjectURL = () => undefined;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("takes the worker's answer and makes no WebGL context on the main thread", async () => {
    const created = stubWorker({ webgl: true, renderer: 'ANGLE (SwiftShader Device)' });
    const getContext = stubMainThreadGl('NVIDIA');
    const { probePreference } = await import('../../compositor/render/rendererChoice');
    await expect(probePreference()).resolves.toBe('canvas');
    await expect(probePreference()).resolves.toBe('canvas');
    expect(created).toHaveBeenCalledTimes(1); // probed once per page
    expect(getContext).not.toHaveBeenCalled();
  });

  it('asks on the main thread when the worker could not make a WebGL context', async () => {
    stubWorker(null);
    const getContext = stubMainThreadGl('ANGLE (NVIDIA GeForce RTX 3060)');
    const { probePreference } = await import('../../compositor/render/rendererChoice');
    await expect(probePreference()).resolves.toBe('webgl');
    expect(getContext).toHaveBeenCalled();
  });
});
