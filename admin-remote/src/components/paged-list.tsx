/**
 * A list the server answers a page at a time, inside a bounded scroll area (docs/architecture.md
 * "Architecture rules": every screen reads a page, never a whole table). `items` are the rows loaded so
 * far; scrolling near their end, or the 'Show more' button (keyboards), asks for the next page.
 *
 * Only the rows in view (and some either side) are in the DOM, windowed by @tanstack/react-virtual:
 * padding stands in for the rows left out, so the scrollbar stays true. A CSS grid list (Analytics) is
 * windowed a whole visual row at a time. Without layout (jsdom) every loaded row renders.
 */
import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import {
  Fragment,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type Key,
  type ReactNode,
} from 'react';

export interface ListPaging {
  /** Rows in all, loaded or not (at least that many when `totalCapped`). */
  total: number;
  /** More than `total` rows match: the server counted no further (a video text search). */
  totalCapped?: boolean;
  hasMore: boolean;
  loadMore: () => void;
  /** A page is on its way. */
  loading: boolean;
}

interface PagedListProps<T> extends ListPaging {
  items: readonly T[];
  getKey: (item: T) => Key;
  renderItem: (item: T) => ReactNode;
  /** Accessible name of the list. */
  label: string;
  /** Keys of rows that stay mounted out of view: an open inline edit form keeps what was typed. */
  keepMounted?: readonly Key[];
  /** Height of a row nobody has measured yet. */
  estimateSize?: number;
  className?: string;
  itemClassName?: string;
}

/** Rows rendered before the scroll area has been measured. */
const FIRST_PAINT_ROWS = 30;
/** Rows rendered beyond those in view, either side. */
const OVERSCAN_ROWS = 10;
/** How near the end of the loaded rows (in pixels) the next page is asked for. */
const PREFETCH_PX = 600;

interface Layout {
  /** Items per visual row (CSS grid columns), 1 for a plain list. */
  lanes: number;
  /** CSS row gap of the list. */
  gap: number;
  /** Where the list starts inside the scroll area. */
  offset: number;
}

function readLayout(box: HTMLElement, list: HTMLElement): Layout {
  const style = getComputedStyle(list);
  const grid = style.display === 'grid' || style.display === 'inline-grid';
  return {
    lanes: grid ? Math.max(1, style.gridTemplateColumns.split(' ').filter(Boolean).length) : 1,
    gap: Number.parseFloat(style.rowGap) || 0,
    offset: list.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop,
  };
}

export function PagedList<T>({
  items,
  getKey,
  renderItem,
  label,
  total,
  totalCapped = false,
  hasMore,
  loading,
  loadMore,
  keepMounted,
  estimateSize = 48,
  className,
  itemClassName,
}: PagedListProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // null until measured; a scroll area of height 0 (jsdom) turns windowing off.
  const [layout, setLayout] = useState<Layout | null>(null);
  const [windowed, setWindowed] = useState(true);

  const lanes = layout?.lanes ?? 1;
  const rowCount = Math.ceil(items.length / lanes);
  const rowKey = useCallback(
    (row: number) => {
      const item = items[row * lanes];
      return item === undefined ? row : getKey(item);
    },
    [items, lanes, getKey],
  );
  // Visual rows holding a kept row stay in the range, wherever the window is.
  const keptRows = useRef<number[]>([]);
  keptRows.current = [];
  if (keepMounted && keepMounted.length > 0) {
    const wanted = new Set(keepMounted);
    items.forEach((item, index) => {
      if (wanted.has(getKey(item))) keptRows.current.push(Math.floor(index / lanes));
    });
  }

  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    getItemKey: rowKey,
    gap: layout?.gap ?? 0,
    scrollMargin: layout?.offset ?? 0,
    // Counted in visual rows: a grid of four columns renders as many cards either side as a list rows.
    overscan: Math.max(2, Math.ceil(OVERSCAN_ROWS / lanes)),
    rangeExtractor: (range) => {
      const rows = new Set(defaultRangeExtractor(range));
      for (const row of keptRows.current) rows.add(row);
      return [...rows].sort((a, b) => a - b);
    },
  });

  useLayoutEffect(() => {
    const box = scrollRef.current;
    const list = listRef.current;
    if (!box || !list) return undefined;
    const update = () => {
      setWindowed(box.clientHeight > 0);
      const next = readLayout(box, list);
      setLayout((current) =>
        current &&
        current.lanes === next.lanes &&
        current.gap === next.gap &&
        Math.abs(current.offset - next.offset) < 1
          ? current
          : next,
      );
    };
    update();
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resize?.observe(box);
    return () => resize?.disconnect();
  }, []);

  const virtualRows = windowed && layout ? virtualizer.getVirtualItems() : [];
  let rows: { index: number; start: number; end: number }[];
  if (!windowed) rows = Array.from({ length: rowCount }, (_, index) => ({ index, start: 0, end: 0 }));
  else if (!layout)
    rows = Array.from({ length: Math.min(rowCount, FIRST_PAINT_ROWS) }, (_, index) => ({
      index,
      start: 0,
      end: 0,
    }));
  else rows = virtualRows;

  // The end of the loaded rows scrolling near asks for the next page. The observer calls the latest
  // `loadMore` but is remade only when rows arrive: its first callback (end already in view) asks again.
  const sentinelRef = useRef<HTMLDivElement>(null);
  const loadMoreRef = useRef(loadMore);
  useEffect(() => {
    loadMoreRef.current = loadMore;
  });
  useEffect(() => {
    const node = sentinelRef.current;
    if (!node || !hasMore || loading || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMoreRef.current();
      },
      { root: scrollRef.current, rootMargin: `${PREFETCH_PX}px 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loading, items.length]);

  const margin = layout?.offset ?? 0;
  const gap = layout?.gap ?? 0;
  const first = virtualRows[0];
  const last = virtualRows.at(-1);
  const style =
    windowed && layout && first && last
      ? {
          paddingTop: first.start - margin,
          paddingBottom: Math.max(0, virtualizer.getTotalSize() - (last.end - margin)),
        }
      : undefined;
  const remaining = hasMore ? Math.max(1, total - items.length) : 0;

  return (
    <div className={['admin-scroll', className].filter(Boolean).join(' ')} ref={scrollRef}>
      <ul className="admin-list" aria-label={label} ref={listRef} style={style}>
        {rows.map((row, position) => {
          const previous = windowed && layout ? rows[position - 1] : undefined;
          // A kept row far from the window: a spacer stands in for the rows between.
          const skipped = previous ? row.start - previous.end - 2 * gap : 0;
          const firstIndex = row.index * lanes;
          const cells = items.slice(firstIndex, firstIndex + lanes);
          return (
            <Fragment key={rowKey(row.index)}>
              {skipped > 0 ? (
                <li
                  aria-hidden="true"
                  className="admin-list__spacer"
                  style={{ height: skipped, padding: 0, border: 0, gridColumn: '1 / -1' }}
                />
              ) : null}
              {cells.map((item, lane) => (
                <li
                  key={getKey(item)}
                  className={itemClassName}
                  // The first cell of a visual row is measured for the whole row (grid rows share a height).
                  data-index={lane === 0 ? row.index : undefined}
                  ref={lane === 0 && windowed && layout ? virtualizer.measureElement : undefined}
                  // -1: the list's size is not known (the server counted only part of it).
                  aria-setsize={totalCapped ? -1 : total}
                  aria-posinset={firstIndex + lane + 1}
                >
                  {renderItem(item)}
                </li>
              ))}
            </Fragment>
          );
        })}
      </ul>
      {remaining > 0 ? (
        <div className="admin-scroll__more" ref={sentinelRef}>
          <button
            type="button"
            className="admin-button admin-button--ghost"
            onClick={loadMore}
            disabled={loading}
          >
            {loading ? 'Loading more…' : `Show more (${remaining}${totalCapped ? '+' : ''} more)`}
          </button>
        </div>
      ) : null}
    </div>
  );
}
