/**
 * Windowing for the chat lists on @tanstack/react-virtual (headless: no styles, so nothing for the
 * CSP's `style-src 'self'` to block). Only the rows that intersect the viewport, plus `overscan` rows
 * each side, are rendered, each placed at its offset (`top`) in a list as tall as all rows. Rows may wrap to any height: the virtualiser measures
 * each rendered row (and re-measures it on resize) and caches its height by key; unmeasured rows use
 * an estimate. The list follows the newest row while the reader is at the bottom; scrolled up, it
 * stays put and counts the rows that arrived below (the "new messages" pill).
 *
 * The virtualiser is end-anchored (`anchorTo: 'end'`): a row that grows while the reader is at the
 * bottom keeps the bottom in view. Following new rows is decided here, from the reader's last scroll,
 * so the same decision moves the list or counts the unseen rows.
 */
import { measureElement, observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** Ours: within this distance of the bottom the reader counts as "at the newest message". */
export const STICK_THRESHOLD_PX = 48;
/** Ours: the viewport assumed until the scroller has a size (first render, or no layout as in jsdom). */
export const VIEWPORT_FALLBACK_PX = 640;
/** Ours: rows rendered beyond each edge of the viewport. */
export const DEFAULT_OVERSCAN = 6;
/** Ours: space above the first row and below the last one (the scroller itself has no padding). */
export const LIST_PADDING_PX = 6;

export interface VirtualListOptions<T> {
  items: readonly T[];
  getKey(item: T): string;
  estimateSize(item: T): number;
  overscan?: number;
  /** New rows that bring the reader to the bottom even when scrolled up (their own message). */
  forceFollow?(item: T): boolean;
}

export interface VirtualRow<T> {
  item: T;
  index: number;
  key: string;
  /** Offset of the row in the list, px. */
  top: number;
}

export interface VirtualList<T> {
  scrollerRef: RefObject<HTMLDivElement | null>;
  onScroll(): void;
  rows: VirtualRow<T>[];
  /** Give each rendered row element: the virtualiser measures it (it reads `data-index`). */
  measureRow(element: HTMLElement | null): void;
  /** Height of the list with all its rows, px. */
  height: number;
  /** Rows that arrived below while the reader was scrolled up. */
  unseen: number;
  scrollToBottom(): void;
}

type ListVirtualizer = Virtualizer<HTMLDivElement, HTMLElement>;

/** A scroller with no size yet (or no layout, as in jsdom) windows as if it were VIEWPORT_FALLBACK_PX high. */
const observeRect: typeof observeElementRect<HTMLDivElement> = (instance, report) =>
  observeElementRect(instance, (rect) => report(rect.height > 0 ? rect : { width: rect.width, height: VIEWPORT_FALLBACK_PX }));

/** A row with no layout yet keeps its estimate rather than a height of 0. */
const measureRowHeight = (element: HTMLElement, entry: ResizeObserverEntry | undefined, instance: ListVirtualizer) => {
  const height = measureElement(element, entry, instance);
  return height > 0 ? height : instance.options.estimateSize(instance.indexFromElement(element));
};

const atBottom = (scroller: HTMLElement) => scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight <= STICK_THRESHOLD_PX;

export function useVirtualList<T>({ items, getKey, estimateSize, overscan = DEFAULT_OVERSCAN, forceFollow }: VirtualListOptions<T>): VirtualList<T> {
  const scrollerRef = useRef<HTMLDivElement | null>(null);
  /** The reader's last scroll left them at the bottom: new rows are followed, not counted. */
  const following = useRef(true);
  const [unseen, setUnseen] = useState(0);
  const lastKey = useRef<string | null>(null);

  // Stable between message updates: a new `getItemKey` makes the virtualiser rebuild its layout.
  const getItemKey = useCallback((index: number) => getKey(items[index]!), [items, getKey]);
  const estimate = useCallback((index: number) => estimateSize(items[index]!), [items, estimateSize]);

  const virtualizer = useVirtualizer<HTMLDivElement, HTMLElement>({
    count: items.length,
    getScrollElement: () => scrollerRef.current,
    getItemKey,
    estimateSize: estimate,
    overscan,
    paddingStart: LIST_PADDING_PX,
    paddingEnd: LIST_PADDING_PX,
    anchorTo: 'end',
    scrollEndThreshold: STICK_THRESHOLD_PX,
    // The first render already shows the newest rows (the offset is clamped to the end).
    initialOffset: Number.MAX_SAFE_INTEGER,
    initialRect: { width: 0, height: VIEWPORT_FALLBACK_PX },
    observeElementRect: (instance, report) => {
      let height: number | null = null;
      return observeRect(instance, (rect) => {
        const resized = height !== null && height !== rect.height;
        height = rect.height;
        report(rect);
        // A taller composer or a resized panel: keep the newest row in view.
        if (resized && following.current) instance.scrollToEnd();
      });
    },
    measureElement: measureRowHeight,
  });

  // Start at the newest row; the end target holds while the rows near it get measured.
  useLayoutEffect(() => {
    virtualizer.scrollToEnd();
  }, [virtualizer]);

  // Rows that arrived: follow them, or count them while the reader is scrolled up.
  useLayoutEffect(() => {
    const last = items[items.length - 1];
    const key = last ? getKey(last) : null;
    const previous = lastKey.current;
    lastKey.current = key;
    if (!last || key === previous || previous === null) return;
    if (forceFollow?.(last) && !following.current) {
      following.current = true;
      setUnseen(0);
      virtualizer.scrollToEnd();
      return;
    }
    if (following.current) {
      // Already at the bottom: a plain scroll (no scroll command for the virtualiser to reconcile over
      // the next frames); the end anchor keeps the bottom while the new rows are measured.
      const scroller = scrollerRef.current;
      if (scroller) scroller.scrollTop = scroller.scrollHeight;
      return;
    }
    let from = items.length - 1;
    while (from >= 0 && getKey(items[from]!) !== previous) from -= 1;
    setUnseen((n) => n + (from >= 0 ? items.length - 1 - from : 1));
  }, [items, getKey, forceFollow, virtualizer]);

  const onScroll = useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const wasFollowing = following.current;
    following.current = atBottom(scroller);
    if (following.current && !wasFollowing) setUnseen(0);
  }, []);

  const scrollToBottom = useCallback(() => {
    following.current = true;
    setUnseen(0);
    virtualizer.scrollToEnd();
  }, [virtualizer]);

  const virtualRows = virtualizer.getVirtualItems();
  return {
    scrollerRef,
    onScroll,
    rows: virtualRows.map(({ index, key, start }) => ({ item: items[index]!, index, key: String(key), top: start })),
    measureRow: virtualizer.measureElement,
    height: virtualizer.getTotalSize(),
    unseen,
    scrollToBottom,
  };
}
