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
}

/**
 * A list inside a bounded scroll area (max-height, overflow auto) that renders its rows a page at a
 * time: more rows are added when the end scrolls into view, or with the 'Show more' button (which is
 * also the keyboard and no-IntersectionObserver path). Thousands of rows never render at once.
 */
export function IncrementalList<T>({
  items,
  getKey,
  renderItem,
  label,
  pageSize = 100,
  className,
  itemClassName,
}: IncrementalListProps<T>) {
  const [count, setCount] = useState(pageSize);
  const scrollRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const visible = items.length > count ? items.slice(0, count) : items;
  const remaining = items.length - visible.length;

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || remaining <= 0 || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setCount((current) => current + pageSize);
      },
      { root: scrollRef.current, rootMargin: '300px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [remaining, pageSize]);

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
          <button
            type="button"
            className="admin-button admin-button--ghost"
            onClick={() => setCount(count + pageSize)}
          >
            Show more ({remaining} more)
          </button>
        </div>
      ) : null}
    </div>
  );
}
