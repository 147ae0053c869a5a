import { describe, it, expect } from 'vitest';
import { effectiveLayout, isOffered, layoutOptions, shownCount } from '../../../compositor/layout/availability';
import { LAYOUT_CODES, type LayoutCode } from '../../../compositor/model/types';

// §4 Layout availability, one row per rule.
describe('effectiveLayout: §4 substitution rules', () => {
  it.each<[string, LayoutCode, number, boolean, LayoutCode]>([
    ['2 or fewer live: Split becomes Cover (2)', 'SPLIT', 2, false, 'COVER'],
    ['2 or fewer live: Split becomes Cover (1)', 'SPLIT', 1, false, 'COVER'],
    ['2 or fewer live: Split becomes Cover (0)', 'SPLIT', 0, false, 'COVER'],
    ['1 or fewer: Cinema becomes Classic', 'CINEMA', 1, false, 'CLASSIC'],
    ['1 or fewer: Side by Side becomes Classic', 'SIDEBYSIDE', 1, false, 'CLASSIC'],
    ['1 or fewer: PIP becomes Cover', 'PIP', 1, false, 'COVER'],
    ['0 live: PIP becomes Cover', 'PIP', 0, false, 'COVER'],
    ['content share: Cover becomes Cinema', 'COVER', 3, true, 'CINEMA'],
    ['content share: Split becomes Cinema', 'SPLIT', 4, true, 'CINEMA'],
    ['content share, 2 live: Split becomes Cinema (chain via Cover)', 'SPLIT', 2, true, 'CINEMA'],
    ['content share alone: PIP → Cover → Cinema → Classic', 'PIP', 1, true, 'CLASSIC'],
    ['content share alone: Cover → Cinema → Classic', 'COVER', 1, true, 'CLASSIC'],
    ['not offered after substitution: Split with 6 falls back to Classic', 'SPLIT', 6, false, 'CLASSIC'],
    ['not offered: Side by Side with 6 falls back to Classic', 'SIDEBYSIDE', 6, false, 'CLASSIC'],
    ['at most 9 shown: 10 live counts as 9', 'CINEMA', 10, false, 'CINEMA'],
    ['no rule: Split kept for 3', 'SPLIT', 3, false, 'SPLIT'],
    ['no rule: Split kept for 5', 'SPLIT', 5, false, 'SPLIT'],
    ['no rule: Side by Side kept for 2', 'SIDEBYSIDE', 2, false, 'SIDEBYSIDE'],
    ['no rule: PIP kept for 2 with content share', 'PIP', 2, true, 'PIP'],
    ['no rule: Cover kept for 5 without content share', 'COVER', 5, false, 'COVER'],
  ])('%s', (_rule, requested, liveCount, contentShare, expected) => {
    expect(effectiveLayout(requested, liveCount, contentShare)).toBe(expected);
  });
});

// Full matrix: row = live count, columns in toolbar order CLASSIC COVER SPLIT CINEMA SIDEBYSIDE PIP.
const C = 'CLASSIC', V = 'COVER', S = 'SPLIT', N = 'CINEMA', B = 'SIDEBYSIDE', P = 'PIP';
const WITHOUT_SHARE: Record<number, LayoutCode[]> = {
  0: [C, V, V, C, C, V],
  1: [C, V, V, C, C, V],
  2: [C, V, V, N, B, P],
  3: [C, V, S, N, B, P],
  4: [C, V, S, N, B, P],
  5: [C, V, S, N, B, P],
  6: [C, V, C, N, C, P],
  7: [C, V, C, N, C, P],
  8: [C, V, C, N, C, P],
  9: [C, V, C, N, C, P],
  10: [C, V, C, N, C, P],
};
const WITH_SHARE: Record<number, LayoutCode[]> = {
  0: [C, C, C, C, C, C],
  1: [C, C, C, C, C, C],
  2: [C, N, N, N, B, P],
  3: [C, N, N, N, B, P],
  4: [C, N, N, N, B, P],
  5: [C, N, N, N, B, P],
  6: [C, N, N, N, C, P],
  7: [C, N, N, N, C, P],
  8: [C, N, N, N, C, P],
  9: [C, N, N, N, C, P],
  10: [C, N, N, N, C, P],
};
const matrixRows = [false, true].flatMap((share) =>
  Object.entries(share ? WITH_SHARE : WITHOUT_SHARE).flatMap(([n, row]) =>
    LAYOUT_CODES.map((code, i) => [code, Number(n), share, row[i]] as [LayoutCode, number, boolean, LayoutCode]),
  ),
);

describe('effectiveLayout: full matrix, live counts 0..10', () => {
  it.each(matrixRows)('%s with %i live (content share %s) draws %s', (requested, n, share, expected) => {
    expect(effectiveLayout(requested, n, share)).toBe(expected);
  });
});

describe('effectiveLayout: invariants', () => {
  it.each(matrixRows)('%s / %i / share %s: result is offered and obeys every rule', (requested, n, share) => {
    const drawn = effectiveLayout(requested, n, share);
    expect(isOffered(drawn, n)).toBe(true);
    if (share) expect(['COVER', 'SPLIT']).not.toContain(drawn);
    if (n <= 2) expect(drawn).not.toBe('SPLIT');
    if (n <= 1) expect(['CINEMA', 'SIDEBYSIDE', 'PIP']).not.toContain(drawn);
    expect(effectiveLayout(drawn, n, share)).toBe(drawn); // idempotent
  });
});

describe('isOffered: §4 offering rules', () => {
  it.each<[string, LayoutCode, number[], number[]]>([
    ['Split only for 3 to 5', 'SPLIT', [3, 4, 5], [0, 1, 2, 6, 9]],
    ['Side by Side for 2 to 5', 'SIDEBYSIDE', [2, 3, 5], [0, 1, 6, 9]],
    ['Cinema for 2 or more', 'CINEMA', [2, 5, 9, 10], [0, 1]],
    ['Picture in Picture for 2 or more', 'PIP', [2, 5, 9, 10], [0, 1]],
    ['Classic always', 'CLASSIC', [0, 1, 2, 9, 10], []],
    ['Cover always', 'COVER', [0, 1, 2, 9, 10], []],
  ])('%s', (_rule, code, offered, refused) => {
    for (const n of offered) expect(isOffered(code, n), `${code} at ${n}`).toBe(true);
    for (const n of refused) expect(isOffered(code, n), `${code} at ${n}`).toBe(false);
  });
});

describe('layoutOptions: toolbar', () => {
  const enabledAt = (n: number, share: boolean): LayoutCode[] =>
    layoutOptions(n, share).filter((o) => o.enabled).map((o) => o.code);

  it.each<[number, boolean, LayoutCode[]]>([
    [0, false, [C, V]],
    [1, false, [C, V]],
    [2, false, [C, V, N, B, P]],
    [3, false, [C, V, S, N, B, P]],
    [5, false, [C, V, S, N, B, P]],
    [6, false, [C, V, N, P]],
    [9, false, [C, V, N, P]],
    [10, false, [C, V, N, P]],
    [1, true, [C]],
    [2, true, [C, N, B, P]],
    [4, true, [C, N, B, P]],
    [6, true, [C, N, P]],
    [10, true, [C, N, P]],
  ])('%i live, content share %s: enabled %j', (n, share, expected) => {
    expect(enabledAt(n, share)).toEqual(expected);
  });

  it.each([0, 1, 2, 3, 5, 9, 10])('lists all six codes in toolbar order (%i live)', (n) => {
    expect(layoutOptions(n, false).map((o) => o.code)).toEqual([...LAYOUT_CODES]);
  });

  it.each([1, 2, 5, 9])('content share hides Cover (%i live), and only Cover', (n) => {
    const hidden = layoutOptions(n, true).filter((o) => !o.visible).map((o) => o.code);
    expect(hidden).toEqual(['COVER']);
    expect(layoutOptions(n, false).every((o) => o.visible)).toBe(true);
  });

  it.each(matrixRows)('an enabled button draws its own layout (%s, %i, share %s)', (code, n, share) => {
    const option = layoutOptions(n, share).find((o) => o.code === code);
    expect(option?.enabled).toBe(effectiveLayout(code, n, share) === code && !(share && code === 'COVER'));
  });
});

describe('shownCount', () => {
  it.each([
    [-1, 0],
    [0, 0],
    [3, 3],
    [9, 9],
    [10, 9],
    [16, 9],
    [Number.NaN, 0],
  ])('%d live → %d shown', (n, expected) => {
    expect(shownCount(n)).toBe(expected);
  });
});
