/**
 * A list the server answers a page at a time, inside a bounded scroll area: the rows loaded so far, then
 * a sentinel that asks for the next page when it scrolls near (its 'Show more' button does the same for
 * keyboards and without IntersectionObserver). Only what the admin scrolls to is ever downloaded.
 */
import { useEffect, useRef, type Key, type ReactNode } from 'react';

interface PagedListProps<T> {
  items: readonly T[];
  getKey: (item: T) => Key;
  renderItem: (item: T) => ReactNode;
  /** Accessible name of the list. */
  label: string;
  /** Rows matching in all, loaded or not. */
  total: number;
  hasMore: boolean;
  loading: boolean;
  loadMore: () => void;
  className?: string;
  itemClassName?: string;
}

export function PagedList<T>({
  items,
  getKey,
  renderItem,
  label,
  total,
  hasMore,
  loading,
  loadMore,
  className,
  itemClassName,
}: PagedListProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const node = sentinelRef.current;
    if (!node || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { root: scrollRef.current, rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
    // `items` re-arms the observer: a sentinel still in view after a page arrives asks for the next.
  }, [hasMore, loading, loadMore, items]);

  return (
    <div ref={scrollRef} className={['admin-scroll', className].filter(Boolean).join(' ')}>
      <ul className="admin-list" aria-label={label}>
        {items.map((item) => (
          <li key={getKey(item)} className={itemClassName}>
            {renderItem(item)}
          </li>
        ))}
      </ul>
      {hasMore ? (
        <div ref={sentinelRef} className="admin-scroll__more">
          <button
            type="button"
            className="admin-button admin-button--ghost"
            onClick={loadMore}
            disabled={loading}
          >
            {loading ? 'Loading…' : `Show more (${Math.max(1, total - items.length)} more)`}
          </button>
        </div>
      ) : null}
    </div>
  );
}
