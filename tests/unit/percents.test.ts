/** Whole percentages by the largest remainder: shown shares always add up to exactly 100. */
import { describe, expect, it } from 'vitest';
import { wholePercents } from '../../src/lib/percents';

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('wholePercents', () => {
  it.each([
    { counts: [42, 67, 23, 15], shares: [28, 46, 16, 10] }, // each rounded alone: 29 + 46 + 16 + 10 = 101
    { counts: [1, 1, 1], shares: [34, 33, 33] }, // rounded alone: 99
    { counts: [3, 3, 2], shares: [38, 37, 25] }, // rounded alone: 38 + 38 + 25 = 101
    { counts: [1, 2], shares: [33, 67] },
    { counts: [2, 1], shares: [67, 33] },
    { counts: [1, 1, 2], shares: [25, 25, 50] },
    { counts: [1, 6], shares: [14, 86] },
    { counts: [3, 1], shares: [75, 25] },
    { counts: [5], shares: [100] },
    { counts: [0, 7, 0], shares: [0, 100, 0] },
    { counts: [1, 1, 1, 1, 1, 1, 1], shares: [15, 15, 14, 14, 14, 14, 14] },
    { counts: [1, 100_000], shares: [0, 100] },
    { counts: [0, 0], shares: [0, 0] },
    { counts: [], shares: [] },
    { counts: [-3, Number.NaN, 2], shares: [0, 0, 100] },
  ])('$counts → $shares', ({ counts, shares }) => {
    const got = wholePercents(counts);
    expect(got).toEqual(shares);
    if (sum(counts.filter((c) => c > 0)) > 0) expect(sum(got)).toBe(100);
  });

  it('adds up to 100 for every split of up to 60 votes over 2 to 4 options', () => {
    for (let a = 0; a <= 20; a += 1)
      for (let b = 0; b <= 20; b += 1)
        for (let c = 0; c <= 20; c += 1) {
          const shares = wholePercents([a, b, c, 1]);
          expect(sum(shares)).toBe(100);
          expect(shares.every((s) => s >= 0)).toBe(true);
        }
  });
});
