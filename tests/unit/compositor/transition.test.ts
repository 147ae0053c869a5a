import { describe, expect, it } from 'vitest';
import { clampTransition, CUT, DEFAULT_FADE_MS, defaultFade, FADE_MAX_MS, FADE_MIN_MS, isSceneTransition } from '../../../compositor/model/transition';

describe('transitions (issue 25)', () => {
  it('a Fade lasts 500 ms by default', () => {
    expect(DEFAULT_FADE_MS).toBe(500);
    expect(defaultFade()).toEqual({ kind: 'fade', durationMs: 500 });
  });
  it.each([
    [{ kind: 'fade', durationMs: 20 }, { kind: 'fade', durationMs: FADE_MIN_MS }],
    [{ kind: 'fade', durationMs: 99_999 }, { kind: 'fade', durationMs: FADE_MAX_MS }],
    [{ kind: 'fade', durationMs: 750.4 }, { kind: 'fade', durationMs: 750 }],
    [{ kind: 'fade', durationMs: Number.NaN }, { kind: 'fade', durationMs: DEFAULT_FADE_MS }],
    [{ kind: 'cut' }, CUT],
  ] as const)('clampTransition(%j) is %j', (input, expected) => {
    expect(clampTransition(input)).toEqual(expected);
  });
});

describe('a take as the channel carries it', () => {
  it.each([
    [{ id: 't', startedAt: 5, transition: { kind: 'cut' } }, true],
    [{ id: 't', startedAt: 5, transition: { kind: 'fade', durationMs: 500 } }, true],
    [{ id: '', startedAt: 5, transition: { kind: 'cut' } }, false],
    [{ id: 'x'.repeat(65), startedAt: 5, transition: { kind: 'cut' } }, false],
    [{ id: 't', startedAt: Number.POSITIVE_INFINITY, transition: { kind: 'cut' } }, false],
    [{ id: 't', startedAt: 5, transition: { kind: 'fade', durationMs: 99 } }, false],
    [{ id: 't', startedAt: 5, transition: { kind: 'wipe' } }, false],
    [null, false],
  ])('isSceneTransition(%j) is %s', (v, ok) => expect(isSceneTransition(v)).toBe(ok));
});
