/** Distribution summaries for the harness. */
export interface Summary {
  p50: number;
  p95: number;
  mean: number;
  min: number;
  max: number;
}

export const round1 = (v: number): number => Math.round(v * 10) / 10;

export function summary(values: number[]): Summary {
  const s = [...values].sort((a, b) => a - b);
  const at = (q: number): number => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? 0;
  const r = (v: number): number => Math.round(v * 100) / 100;
  return {
    p50: r(at(0.5)),
    p95: r(at(0.95)),
    mean: r(s.reduce((a, b) => a + b, 0) / Math.max(1, s.length)),
    min: r(s[0] ?? 0),
    max: r(s[s.length - 1] ?? 0),
  };
}
