/** Which renderer the output page draws with (issue 36): Canvas 2D in capture mode, the compositor's choice elsewhere, unless the link says. */
import { describe, expect, it } from 'vitest';
import { outputRenderer } from '../../src/lib/captureContract';

describe('outputRenderer', () => {
  it.each([
    ['', true, 'canvas'],
    ['', false, undefined],
    ['?renderer=webgl', true, 'webgl'],
    ['?renderer=canvas', false, 'canvas'],
    ['?renderer=vulkan', true, 'canvas'],
    ['?renderer=vulkan', false, undefined],
  ] as const)('%s (capturing: %s) draws with %s', (search, capturing, expected) => {
    expect(outputRenderer(search, capturing)).toBe(expected);
  });
});
