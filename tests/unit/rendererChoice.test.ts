/** The compositor's default renderer: Canvas 2D where WebGL is rasterised on the CPU (rendererChoice.ts). */
import { describe, expect, it } from 'vitest';
import { isSoftwareRenderer } from '../../compositor/render/rendererChoice';

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
