/**
 * The pure kernel of the virtualised message list: row offsets from row heights, and the window of
 * rows that intersects the viewport (plus overscan). No DOM, no React: the hook in
 * useWindowedList.ts feeds it measured heights, and a benchmark can call it directly.
 */
/** offsets[i] is the top of row i; offsets[n] is the total height. */
export function layoutOffsets(heights: readonly number[]): Float64Array {
  const offsets = new Float64Array(heights.length + 1);
  for (let i = 0; i < heights.length; i++) offsets[i + 1] = offsets[i]! + Math.max(0, heights[i]!);
  return offsets;
}

export interface WindowRange {
  /** First rendered row. */
  start: number;
  /** One past the last rendered row. */
  end: number;
}

/** The first row whose bottom is below `y` (binary search over the offsets). */
function rowAt(offsets: Float64Array, y: number): number {
  const n = offsets.length - 1;
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (offsets[mid + 1]! <= y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The rows to render for a viewport [scrollTop, scrollTop + viewportHeight), widened by `overscan` rows each side. */
export function computeWindow(offsets: Float64Array, scrollTop: number, viewportHeight: number, overscan: number): WindowRange {
  const n = offsets.length - 1;
  if (n <= 0) return { start: 0, end: 0 };
  const total = offsets[n]!;
  const top = Math.max(0, Math.min(scrollTop, Math.max(0, total - viewportHeight)));
  const first = rowAt(offsets, top);
  const last = Math.min(n, rowAt(offsets, top + Math.max(0, viewportHeight)) + 1);
  return { start: Math.max(0, first - overscan), end: Math.min(n, last + overscan) };
}

/** Ours: the row heights assumed before a row is measured (a header line plus wrapped text lines). */
export const ROW_ESTIMATE = { base: 44, line: 20, charsPerLine: 42, maxLines: 14 } as const;

/** A first guess of a message row's height from its text, refined once the row is measured. */
export function estimateRowHeight(body: string): number {
  const lines = body.split('\n').reduce((n, line) => n + Math.max(1, Math.ceil(line.length / ROW_ESTIMATE.charsPerLine)), 0);
  return ROW_ESTIMATE.base + ROW_ESTIMATE.line * Math.min(lines, ROW_ESTIMATE.maxLines);
}
