/**
 * Whole percentages that add up to exactly 100 (the largest-remainder method): rounding each share
 * on its own can show 101 % or 99 % (42, 67, 23 and 15 votes round to 29 + 46 + 16 + 10).
 */

const WHOLE = 100;

/**
 * Each count's share of the total in whole percent. Every share is first rounded down; the points
 * still missing go one each to the largest remainders (ties to the larger count, then the earlier
 * one). All zero when nothing was counted; a negative or non-finite count counts as 0.
 */
export function wholePercents(counts: readonly number[]): number[] {
  const safe = counts.map((c) => (Number.isFinite(c) && c > 0 ? c : 0));
  const total = safe.reduce((sum, c) => sum + c, 0);
  if (total === 0) return safe.map(() => 0);
  const exact = safe.map((c) => (c / total) * WHOLE);
  const shares = exact.map(Math.floor);
  const missing = WHOLE - shares.reduce((sum, s) => sum + s, 0);
  const remainder = (i: number) => exact[i]! - shares[i]!;
  const order = safe.map((_, i) => i).sort((a, b) => remainder(b) - remainder(a) || safe[b]! - safe[a]! || a - b);
  for (const i of order.slice(0, missing)) shares[i] = shares[i]! + 1;
  return shares;
}
