import {
  Fragment,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type Key,
  type ReactNode,
} from 'react';
import { rowTops, visibleWindow } from '../lib/virtual-window';

interface IncrementalListProps<T> {
  items: readonly T[];
  getKey: (item: T) => Key;
  renderItem: (item: T) => ReactNode;
  /** Accessible name of the list. */
  label: string;
  /** Rows rendered at first and added each time the end comes into view. */
  pageSize?: number;
  className?: string;
  itemClassName?: string;
  /**
   * For rows the server answers a page at a time: `items` are those loaded so far, all shown, and the
   * end coming into view or 'Show more' calls `loadMore` instead of showing more of `items`.
   */
  paging?: ListPaging;
  /**
   * Keys of rows that stay mounted while scrolled out of view: an open inline edit form keeps what
   * was typed in it.
   */
  keepMounted?: readonly Key[];
  /**
   * Up to this many rows the list renders whole, as a plain list (find-in-page sees every row); past
   * it, only the rows in view. Default: the page size.
   */
  windowFrom?: number;
}

export interface ListPaging {
  /** Rows in all, loaded or not. */
  total: number;
  hasMore: boolean;
  loadMore: () => void;
  /** A page is on its way. */
  loading: boolean;
}

/** Rows rendered before the list has been measured (then only those in view are). */
const FIRST_PAINT_ROWS = 30;
/** Height assumed for a row nobody has measured, before any row has been. */
const DEFAULT_ROW_HEIGHT = 48;
/** Synchronous re-measures in a row before the list waits for the next frame (a safety net). */
const MAX_PASSES = 8;

interface Viewport {
  /** Scroll position from the list's top. */
  scrollTop: number;
  /** Height of the scroll area; 0 where nothing is laid out (jsdom), which turns windowing off. */
  height: number;
  /** Items per visual row (CSS grid columns), 1 for a plain list. */
  lanes: number;
  /** CSS row-gap of the list. */
  gap: number;
}

function readViewport(box: HTMLElement, list: HTMLElement): Viewport {
  const style = getComputedStyle(list);
  const lanes =
    style.display === 'grid' || style.display === 'inline-grid'
      ? Math.max(1, style.gridTemplateColumns.split(' ').filter(Boolean).length)
      : 1;
  const listTop = list.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
  return {
    scrollTop: box.scrollTop - listTop,
    height: box.clientHeight,
    lanes,
    gap: Number.parseFloat(style.rowGap) || 0,
  };
}

const sameViewport = (a: Viewport | null, b: Viewport) =>
  a !== null &&
  Math.abs(a.scrollTop - b.scrollTop) < 1 &&
  a.height === b.height &&
  a.lanes === b.lanes &&
  a.gap === b.gap;

/**
 * A list inside a bounded scroll area (max-height, overflow auto) that renders its rows a page at a
 * time: more rows are added when the end scrolls into view, or with the 'Show more' button (which is
 * also the keyboard and no-IntersectionObserver path). With `paging`, the rows themselves arrive a
 * page at a time and those two ask for the next page.
 *
 * Once more than `windowFrom` rows have been added, only those in view (and a screenful either side)
 * are in the DOM: rows are measured as they render, the ones left out are stood in for by padding of
 * the same height, so the scrollbar stays true and thousands of rows never render at once, however
 * far the list is scrolled. Grids (CSS grid lists, as on Analytics) are windowed a visual row at a
 * time. Without layout (jsdom) every added row renders.
 */
export function IncrementalList<T>({
  items,
  getKey,
  renderItem,
  label,
  pageSize = 100,
  className,
  itemClassName,
  paging,
  keepMounted,
  windowFrom = pageSize,
}: IncrementalListProps<T>) {
  const [count, setCount] = useState(pageSize);
  const scrollRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const rows = paging || items.length <= count ? items : items.slice(0, count);
  // Paged: at least 1 while the server has more (a write between two pages can put the count off).
  let remaining = items.length - rows.length;
  if (paging) remaining = paging.hasMore ? Math.max(1, paging.total - items.length) : 0;
  const more = paging ? paging.loadMore : () => setCount((current) => current + pageSize);
  // The observer calls the latest `more` but is only remade when the rows change: remade on every
  // render, its first callback (end already in view) would retry a failing page in a loop.
  const moreRef = useRef(more);
  useEffect(() => {
    moreRef.current = more;
  });

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || remaining <= 0 || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) moreRef.current();
      },
      { root: scrollRef.current, rootMargin: '300px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [remaining]);

  // ---- windowing ----
  const long = rows.length > windowFrom;
  // The scroll area as last read (on scroll, on resize, after every render), kept in a ref so a list
  // that turns long (Show more, the end scrolled into view) already knows where it is scrolled to;
  // `tick` re-renders a long list when it changed. A short list never re-renders on scroll.
  const viewportRef = useRef<Viewport | null>(null);
  const [, setTick] = useState(0);
  // Measured heights by row key, kept across renders, filters and re-fetches (keys are stable ids).
  // Rows are measured while the list is short too, so it windows on true heights once it grows.
  const heights = useRef(new Map<Key, number>());
  const measuredTotal = useRef({ sum: 0, count: 0 });
  const [measureVersion, setMeasureVersion] = useState(0);
  const passes = useRef(0);
  const longRef = useRef(long);

  const viewport = long ? viewportRef.current : null;
  const estimate =
    measuredTotal.current.count > 0
      ? measuredTotal.current.sum / measuredTotal.current.count
      : DEFAULT_ROW_HEIGHT;
  const lanes = viewport?.lanes ?? 1;
  const gap = viewport?.gap ?? 0;
  const tops = useMemo(
    () =>
      rowTops({
        count: long ? rows.length : 0,
        lanes,
        gap,
        estimate,
        sizeOf: (index) => heights.current.get(getKey(rows[index] as T)),
      }),
    // measureVersion: the heights map changed. getKey is a pure key reader, not a dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rows, long, lanes, gap, estimate, measureVersion],
  );

  const windowed = viewport !== null && viewport.height > 0;
  let range = { start: 0, end: rows.length };
  // A long list's first render, before anything is measured (at the top, as it has just mounted).
  if (long && viewport === null) range.end = Math.min(rows.length, FIRST_PAINT_ROWS);
  else if (windowed)
    range = visibleWindow({
      tops,
      count: rows.length,
      lanes,
      gap,
      scrollTop: viewport.scrollTop,
      viewport: viewport.height,
      overscan: Math.max(300, viewport.height),
    });

  const indices: number[] = [];
  for (let index = range.start; index < range.end; index++) indices.push(index);
  // Rows kept mounted out of view, each with the rest of its visual row.
  if (windowed && keepMounted && keepMounted.length > 0) {
    const wanted = new Set(keepMounted);
    const extra = new Set<number>();
    rows.forEach((item, index) => {
      if ((index < range.start || index >= range.end) && wanted.has(getKey(item))) {
        const first = index - (index % lanes);
        for (let i = first; i < Math.min(rows.length, first + lanes); i++)
          if (i < range.start || i >= range.end) extra.add(i);
      }
    });
    if (extra.size > 0) {
      indices.push(...extra);
      indices.sort((a, b) => a - b);
    }
  }
  const rowOf = (index: number) => Math.floor(index / lanes);
  const topOf = (index: number) => tops[rowOf(index)] ?? 0;
  /** Where the visual row of `index` ends (one gap before the next row starts). */
  const bottomOf = (index: number) => (tops[rowOf(index) + 1] ?? 0) - gap;
  const firstIndex = indices[0];
  const lastIndex = indices[indices.length - 1];
  const before = windowed && firstIndex !== undefined ? topOf(firstIndex) : 0;
  const after =
    windowed && lastIndex !== undefined
      ? Math.max(0, (tops[tops.length - 1] ?? 0) - gap - bottomOf(lastIndex))
      : 0;

  // Measure what rendered and where the area is scrolled; a long list re-renders (before the paint)
  // when either changed. After every render on purpose: a row's height changes with what it renders
  // (an inline form opening), not only with `rows`. MAX_PASSES bounds the chain of updates.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    longRef.current = long;
    const box = scrollRef.current;
    const list = listRef.current;
    if (!box || !list) return;
    let changed = false;
    for (const child of Array.from(list.children)) {
      const index = Number((child as HTMLElement).dataset.index);
      const item = rows[index];
      if (item === undefined || Number.isNaN(index)) continue;
      const height = child.getBoundingClientRect().height;
      if (height <= 0) continue;
      const key = getKey(item);
      const known = heights.current.get(key);
      // 2px of slack: the last row has no bottom border, which must not make heights flip-flop.
      if (known !== undefined && Math.abs(known - height) <= 2) continue;
      if (known === undefined) measuredTotal.current.count += 1;
      measuredTotal.current.sum += height - (known ?? 0);
      heights.current.set(key, height);
      changed = true;
    }
    const next = readViewport(box, list);
    const moved = !sameViewport(viewportRef.current, next);
    if (moved) viewportRef.current = next;
    if (!long || (!moved && !changed) || passes.current >= MAX_PASSES) return;
    // Re-measures caused by re-measures end within a frame; the next frame starts counting again.
    if (passes.current === 0 && typeof requestAnimationFrame === 'function')
      requestAnimationFrame(() => {
        passes.current = 0;
      });
    passes.current += 1;
    if (changed) setMeasureVersion((version) => version + 1);
    if (moved) setTick((value) => value + 1);
  });

  // Scrolling and resizing move the window.
  useEffect(() => {
    const box = scrollRef.current;
    const list = listRef.current;
    if (!box || !list) return undefined;
    const update = () => {
      const next = readViewport(box, list);
      if (sameViewport(viewportRef.current, next)) return;
      viewportRef.current = next;
      if (longRef.current) setTick((value) => value + 1);
    };
    box.addEventListener('scroll', update, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resize?.observe(box);
    return () => {
      box.removeEventListener('scroll', update);
      resize?.disconnect();
    };
  }, []);

  const setSize = paging ? paging.total : items.length;
  const listStyle =
    before > 0 || after > 0
      ? { ...(before > 0 ? { paddingTop: before } : {}), ...(after > 0 ? { paddingBottom: after } : {}) }
      : undefined;

  return (
    <div className={`admin-scroll${className ? ` ${className}` : ''}`} ref={scrollRef}>
      <ul className="admin-list" aria-label={label} ref={listRef} style={listStyle}>
        {indices.map((index, position) => {
          const item = rows[index] as T;
          const previous = indices[position - 1];
          // A row kept mounted far from the window: a spacer stands in for the rows between (in a
          // grid it spans every column and has a row gap either side).
          const skipped =
            previous !== undefined && rowOf(index) - rowOf(previous) > 1
              ? topOf(index) - bottomOf(previous) - 2 * gap
              : 0;
          return (
            <Fragment key={getKey(item)}>
              {skipped > 0 ? (
                <li
                  aria-hidden="true"
                  className="admin-list__spacer"
                  style={{ height: skipped, padding: 0, border: 0, gridColumn: '1 / -1' }}
                />
              ) : null}
              <li
                className={itemClassName}
                data-index={index}
                aria-setsize={setSize}
                aria-posinset={index + 1}
              >
                {renderItem(item)}
              </li>
            </Fragment>
          );
        })}
      </ul>
      {remaining > 0 ? (
        <div ref={sentinelRef} className="admin-scroll__more">
          <button type="button" className="admin-button admin-button--ghost" onClick={() => more()}>
            {paging?.loading ? 'Loading more…' : `Show more (${remaining} more)`}
          </button>
        </div>
      ) : null}
    </div>
  );
}
