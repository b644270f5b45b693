/**
 * The result cards: the pages loaded so far, then a sentinel that asks for the next page as it comes
 * near the viewport (its 'Show more' button does the same for keyboards and without
 * IntersectionObserver). Cards are keyed by creator id, so a new page keeps every card mounted.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { MESSAGES, type CreatorListItem } from '@friends/shared';
import { CreatorCard } from './creator-card';

interface CreatorGridProps {
  creators: readonly CreatorListItem[];
  /** Matches not loaded yet that the pages reach. */
  remaining: number;
  /** Matches in all, when more than the pages reach (a visitor's search past PAGING.visitorWindow). */
  beyondReachOf?: number;
  /** The next page is on its way. */
  loading: boolean;
  onMore: () => void;
  onOpen: (id: number) => void;
  cardExtras?: (creator: CreatorListItem) => ReactNode;
}

export function CreatorGrid({
  creators,
  remaining,
  beyondReachOf,
  loading,
  onMore,
  onOpen,
  cardExtras,
}: CreatorGridProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const hasMore = remaining > 0;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onMore();
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
    // `creators` re-arms the observer: a sentinel still in view after a page loads asks for the next one.
  }, [hasMore, loading, onMore, creators]);

  return (
    <>
      <ul className="pr-grid">
        {creators.map((creator) => (
          <CreatorCard key={creator.id} creator={creator} onOpen={onOpen} extras={cardExtras?.(creator)} />
        ))}
      </ul>
      {hasMore && (
        <div ref={sentinel} className="pr-grid__more">
          <button type="button" className="pr-button" onClick={onMore} disabled={loading}>
            {loading ? 'Loading…' : `Show more (${remaining} more)`}
          </button>
        </div>
      )}
      {!hasMore && beyondReachOf !== undefined && beyondReachOf > creators.length && (
        <div className="pr-grid__more">
          <p role="status">{MESSAGES.beyondVisitorWindow(creators.length, beyondReachOf)}</p>
        </div>
      )}
    </>
  );
}
