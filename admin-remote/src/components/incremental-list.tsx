import { useEffect, useRef, useState, type Key, type ReactNode } from 'react';

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
}

export interface ListPaging {
  /** Rows in all, loaded or not. */
  total: number;
  hasMore: boolean;
  loadMore: () => void;
  /** A page is on its way. */
  loading: boolean;
}

/**
 * A list inside a bounded scroll area (max-height, overflow auto) that renders its rows a page at a
 * time: more rows are added when the end scrolls into view, or with the 'Show more' button (which is
 * also the keyboard and no-IntersectionObserver path). Thousands of rows never render at once. With
 * `paging`, the rows themselves arrive a page at a time and those two ask for the next page.
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
}: IncrementalListProps<T>) {
  const [count, setCount] = useState(pageSize);
  const scrollRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const visible = paging || items.length <= count ? items : items.slice(0, count);
  // Paged: at least 1 while the server has more (a write between two pages can put the count off).
  let remaining = items.length - visible.length;
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

  return (
    <div className={`admin-scroll${className ? ` ${className}` : ''}`} ref={scrollRef}>
      <ul className="admin-list" aria-label={label}>
        {visible.map((item) => (
          <li key={getKey(item)} className={itemClassName}>
            {renderItem(item)}
          </li>
        ))}
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
