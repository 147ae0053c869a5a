/**
 * Windowing for the chat lists (they must stay smooth with 5,000+ messages): only the rows that
 * intersect the viewport, plus `overscan` rows each side, are rendered between two spacers. Rows
 * may wrap to any height: each rendered row is measured after layout and its height cached by key,
 * unmeasured rows use an estimate. The list follows the newest row while the reader is at the
 * bottom; scrolled up, it stays put and counts the rows that arrived below (the "new messages" pill).
 *
 * Ours rather than a library, measured side by side (benchmarks/README.md, chat-panel.mjs): on
 * @tanstack/react-virtual 3.14 (end-anchored, rows measured by it) the same list kept every behaviour
 * with ~160 lines of glue, and at 5,000 messages scrolled in about half the main-thread time, but cost
 * 1.2-1.5x to mount and 1.4-1.5x per message arriving at the bottom: its React adapter re-renders the
 * list on each change of its range or scrolling state (synchronously on the follow's scroll, and again
 * when "scrolling" ends 150 ms later), one list render more per message than this hook.
 * react-virtuoso 4.18 (it sets inline styles only, no <style> element) was not measured: it renders
 * its own list elements, where the headless one fits this list's markup as it is.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { computeWindow, layoutOffsets } from './windowing';

/** Ours: within this distance of the bottom the reader counts as "at the newest message". */
export const STICK_THRESHOLD_PX = 48;
/** Ours: the viewport assumed until the scroller has a size (first render, or no layout as in jsdom). */
export const VIEWPORT_FALLBACK_PX = 640;
/** Ours: rows rendered beyond each edge of the viewport. */
export const DEFAULT_OVERSCAN = 6;

export interface WindowedListOptions<T> {
  items: readonly T[];
  getKey(item: T): string;
  estimateSize(item: T): number;
  overscan?: number;
  /** New rows that bring the reader to the bottom even when scrolled up (their own message). */
  forceFollow?(item: T): boolean;
}

export interface WindowedRow<T> {
  item: T;
  index: number;
  key: string;
}

export interface WindowedList<T> {
  scrollerRef: RefObject<HTMLDivElement | null>;
  onScroll(): void;
  rows: WindowedRow<T>[];
  padTop: number;
  padBottom: number;
  /** Rows that arrived below while the reader was scrolled up. */
  unseen: number;
  following: boolean;
  scrollToBottom(): void;
}

export function useWindowedList<T>({ items, getKey, estimateSize, overscan = DEFAULT_OVERSCAN, forceFollow }: WindowedListOptions<T>): WindowedList<T> {
  const scrollerRef = useRef<HTMLDivElement | null>(null);
  const sizes = useRef(new Map<string, number>());
  const [measured, setMeasured] = useState(0);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(VIEWPORT_FALLBACK_PX);
  const [following, setFollowing] = useState(true);
  const [unseen, setUnseen] = useState(0);
  const lastKey = useRef<string | null>(null);

  const offsets = useMemo(() => {
    const known = sizes.current;
    return layoutOffsets(items.map((item) => known.get(getKey(item)) ?? estimateSize(item)));
    // `measured` changes whenever a cached height does.
  }, [items, getKey, estimateSize, measured]); // eslint-disable-line react-hooks/exhaustive-deps

  const total = offsets[offsets.length - 1] ?? 0;
  const top = following ? Math.max(0, total - viewport) : scrollTop;
  const range = computeWindow(offsets, top, viewport, overscan);
  const rows: WindowedRow<T>[] = [];
  for (let index = range.start; index < range.end; index++) {
    const item = items[index]!;
    rows.push({ item, index, key: getKey(item) });
  }

  // Rows that arrived: follow them, or count them while the reader is scrolled up.
  useEffect(() => {
    const last = items[items.length - 1];
    const key = last ? getKey(last) : null;
    const previous = lastKey.current;
    lastKey.current = key;
    if (!last || key === previous || previous === null) return;
    if (forceFollow?.(last)) {
      setFollowing(true);
      setUnseen(0);
      return;
    }
    if (following) return;
    let from = items.length - 1;
    while (from >= 0 && getKey(items[from]!) !== previous) from -= 1;
    setUnseen((n) => n + (from >= 0 ? items.length - 1 - from : 1));
  }, [items, getKey, forceFollow, following]);

  // After the window renders: measure its rows, keep the bottom in view while following.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    let changed = false;
    for (const el of scroller.querySelectorAll<HTMLElement>('[data-row-key]')) {
      const key = el.dataset.rowKey!;
      const height = el.getBoundingClientRect().height;
      if (height > 0 && Math.abs((sizes.current.get(key) ?? -1) - height) > 0.5) {
        sizes.current.set(key, height);
        changed = true;
      }
    }
    if (changed) setMeasured((v) => v + 1);
    if (scroller.clientHeight > 0 && scroller.clientHeight !== viewport) setViewport(scroller.clientHeight);
    if (following && scroller.scrollHeight > scroller.clientHeight) {
      const bottom = scroller.scrollHeight - scroller.clientHeight;
      if (Math.abs(scroller.scrollTop - bottom) > 1) scroller.scrollTop = bottom;
    }
    // Row contents change only with `items` (store updates are immutable); `measured` re-runs it after a resize.
  }, [items, range.start, range.end, following, viewport, measured]);

  // A resize re-wraps the text: re-measure, and take the new viewport height.
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setMeasured((v) => v + 1));
    observer.observe(scroller);
    return () => observer.disconnect();
  }, []);

  const onScroll = useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const atBottom = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight <= STICK_THRESHOLD_PX;
    setScrollTop(scroller.scrollTop);
    setFollowing(atBottom);
    if (atBottom) setUnseen(0);
  }, []);

  const scrollToBottom = useCallback(() => {
    setFollowing(true);
    setUnseen(0);
    const scroller = scrollerRef.current;
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  }, []);

  return { scrollerRef, onScroll, rows, padTop: offsets[range.start] ?? 0, padBottom: total - (offsets[range.end] ?? total), unseen, following, scrollToBottom };
}
