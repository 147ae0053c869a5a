/**
 * Windowing for the chat lists (they must stay smooth with 5,000+ messages): only the rows that
 * intersect the viewport, plus `overscan` rows each side, are rendered between two spacers. Rows
 * may wrap to any height: each rendered row is measured after layout and its height cached by key,
 * unmeasured rows use an estimate. The list follows the newest row while the reader is at the
 * bottom; scrolled up, it stays put and counts the rows that arrived below (the "new messages" pill).
 * It also holds still while the pointer rests on it or the keyboard is in it, as live-chat tools do:
 * following there moved another message under the cursor every few seconds, so a click meant for one
 * comment (Show on stream) could land on the next. Released, it follows again if it was following.
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
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FocusEvent, type RefObject } from 'react';
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

/** What holds the list still: a pointer resting on it, keyboard focus in it. */
type HoldReason = 'pointer' | 'focus';

/** Handlers for the element around the list and its "new messages" pill. */
export interface HoldProps {
  onPointerEnter(): void;
  onPointerLeave(): void;
  onFocus(e: FocusEvent<HTMLElement>): void;
  onBlur(e: FocusEvent<HTMLElement>): void;
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
  /** Rows that arrived below while the reader was scrolled up or the list was held. */
  unseen: number;
  /** The list keeps the newest row in view (at the bottom, and not held). */
  following: boolean;
  scrollToBottom(): void;
  /** Spread on the element around the list: pointer and keyboard focus hold it still. */
  holdProps: HoldProps;
}

export function useWindowedList<T>({ items, getKey, estimateSize, overscan = DEFAULT_OVERSCAN, forceFollow }: WindowedListOptions<T>): WindowedList<T> {
  const scrollerRef = useRef<HTMLDivElement | null>(null);
  const sizes = useRef(new Map<string, number>());
  const [measured, setMeasured] = useState(0);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(VIEWPORT_FALLBACK_PX);
  /** The reader is at the newest row (scrolled to the bottom). */
  const [atNewest, setAtNewest] = useState(true);
  const [holds, setHolds] = useState<Record<HoldReason, boolean>>({ pointer: false, focus: false });
  const following = atNewest && !holds.pointer && !holds.focus;
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

  /** To the newest row once, held or not (the own message, the pill). */
  const toNewest = useCallback(() => {
    setAtNewest(true);
    setUnseen(0);
    setScrollTop(Number.POSITIVE_INFINITY); // the window at the bottom until the scroll event says where exactly
    const scroller = scrollerRef.current;
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  }, []);

  // Rows that arrived: follow them, or count them while the reader is scrolled up or the list is held.
  useEffect(() => {
    const last = items[items.length - 1];
    const key = last ? getKey(last) : null;
    const previous = lastKey.current;
    lastKey.current = key;
    if (!last || key === previous || previous === null) return;
    if (forceFollow?.(last)) return toNewest();
    if (following) return;
    let from = items.length - 1;
    while (from >= 0 && getKey(items[from]!) !== previous) from -= 1;
    setUnseen((n) => n + (from >= 0 ? items.length - 1 - from : 1));
  }, [items, getKey, forceFollow, following, toNewest]);

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
    setAtNewest(atBottom);
    if (atBottom) setUnseen(0);
  }, []);

  // Following again (the reader came down, or let go of the list): everything below has been seen.
  useEffect(() => {
    if (following) setUnseen(0);
  }, [following]);

  const scrollToBottom = useCallback(() => {
    toNewest();
    // The pill goes away under the focus: the list takes it.
    scrollerRef.current?.focus({ preventScroll: true });
  }, [toNewest]);

  const hold = useCallback((reason: HoldReason, on: boolean) => setHolds((h) => (h[reason] === on ? h : { ...h, [reason]: on })), []);
  const holdProps = useMemo<HoldProps>(
    () => ({
      onPointerEnter: () => hold('pointer', true),
      onPointerLeave: () => hold('pointer', false),
      // Keyboard focus only: a click leaves the focus on its button, and the list should not stay held by it.
      onFocus: (e) => hold('focus', e.target.matches(':focus-visible')),
      onBlur: (e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && hold('focus', false),
    }),
    [hold],
  );

  return { scrollerRef, onScroll, rows, padTop: offsets[range.start] ?? 0, padBottom: total - (offsets[range.end] ?? total), unseen, following, scrollToBottom, holdProps };
}
