import { afterEach, describe, expect, it } from 'vitest';
import { lendPace, paced } from '../../src/lib/pace';
import { SPLASH_MS } from '../../src/lib/limits';

afterEach(() => lendPace({}));

describe('the studio’s deliberate waits', () => {
  it('are the SPEC’s unless src/dev lends another (never in production)', () => {
    expect(paced('splash', SPLASH_MS)).toBe(2000);
    lendPace({ splash: 0 });
    expect(paced('splash', SPLASH_MS)).toBe(0);
    lendPace({});
    expect(paced('splash', SPLASH_MS)).toBe(2000);
  });
});
