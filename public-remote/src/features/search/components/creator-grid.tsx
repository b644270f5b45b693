/**
 * The result cards, rendered incrementally: the first PAGE_SIZE (about a 1280×900 viewport of cards), then
 * another page each time the sentinel below the grid comes near the viewport (or its button is pressed),
 * so 10,000 creators do not mean 10,000 cards at once. A new result list (a keystroke) starts again from
 * one page but keeps the grid and every card still shown mounted (cards are keyed by creator id).
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { CreatorListItem } from '@friends/shared';
import { CreatorCard } from './creator-card';

export const PAGE_SIZE = 24;

interface CreatorGridProps {
  creators: readonly CreatorListItem[];
  onOpen: (id: number) => void;
  cardExtras?: (creator: CreatorListItem) => ReactNode;
}

export function CreatorGrid({ creators, onOpen, cardExtras }: CreatorGridProps) {
  const [limit, setLimit] = useState(PAGE_SIZE);
  const [shownList, setShownList] = useState(creators);
  if (shownList !== creators) {
    // Another result list: back to one page (adjusting state while rendering, not in an effect).
    setShownList(creators);
    setLimit(PAGE_SIZE);
  }
  const sentinel = useRef<HTMLDivElement>(null);
  const hasMore = creators.length > limit;
  const showMore = useCallback(() => setLimit((current) => current + PAGE_SIZE), []);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) showMore();
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
    // `limit` re-arms the observer: a sentinel still in view after a page loads asks for the next one.
  }, [hasMore, limit, showMore]);

  return (
    <>
      <ul className="pr-grid">
        {creators.slice(0, limit).map((creator) => (
          <CreatorCard key={creator.id} creator={creator} onOpen={onOpen} extras={cardExtras?.(creator)} />
        ))}
      </ul>
      {hasMore && (
        <div ref={sentinel} className="pr-grid__more">
          <button type="button" className="pr-button" onClick={showMore}>
            Show more ({creators.length - limit} more)
          </button>
        </div>
      )}
    </>
  );
}
