import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ViewId } from '@friends/shared';
import { VIEWS, tabsFor } from '../../../config/views';

interface TabBarProps {
  view: ViewId;
  isAdmin: boolean;
  /** Pending suggestions, shown as a red badge on the Suggestions tab (admins only). */
  pendingSuggestions: number;
  /** Pending review proposals, the same kind of badge on the Review tab. */
  pendingReview?: number;
  onSelect: (view: ViewId) => void;
}

/** Which ends of the bar hide tabs (scrolled past, or beyond the right edge). */
interface Hidden {
  start: boolean;
  end: boolean;
}

/**
 * The tab bar. On a narrow screen it scrolls sideways: the active tab is always scrolled into view
 * (also when a view is opened from the address), and a fade with an arrow at an edge shows that more
 * tabs lie that way.
 */
export function TabBar({ view, isAdmin, pendingSuggestions, pendingReview = 0, onSelect }: TabBarProps) {
  const badges: Partial<Record<ViewId, number>> = { suggestions: pendingSuggestions, review: pendingReview };
  const list = useRef<HTMLUListElement>(null);
  const [hidden, setHidden] = useState<Hidden>({ start: false, end: false });

  const measure = useCallback(() => {
    const node = list.current;
    if (!node) return;
    const start = node.scrollLeft > 1;
    const end = node.scrollLeft + node.clientWidth < node.scrollWidth - 1;
    setHidden((was) => (was.start === start && was.end === end ? was : { start, end }));
  }, []);

  // Scroll the bar itself (not the page) so the active tab sits wholly inside it.
  useLayoutEffect(() => {
    const node = list.current;
    const active = node?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!node || !active) return;
    const left = active.offsetLeft - node.offsetLeft;
    const right = left + active.offsetWidth;
    // Leave room for the edge's fade, so the tab is readable, not under the arrow.
    const margin = 32;
    if (left - margin < node.scrollLeft) node.scrollLeft = Math.max(0, left - margin);
    else if (right + margin > node.scrollLeft + node.clientWidth)
      node.scrollLeft = right + margin - node.clientWidth;
    measure();
  }, [view, isAdmin, measure]);

  useEffect(() => {
    const node = list.current;
    if (!node) return;
    node.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      node.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [measure]);

  return (
    <nav
      className="tab-bar"
      aria-label="Main"
      data-more-before={hidden.start || undefined}
      data-more-after={hidden.end || undefined}
    >
      <ul className="tab-bar__list" ref={list}>
        {tabsFor(isAdmin).map((id) => {
          const active = id === view || (id === 'admin-login' && !isAdmin && VIEWS[view].tab === 'admin');
          return (
            <li key={id}>
              <button
                type="button"
                className="tab-bar__tab"
                aria-current={active ? 'page' : undefined}
                onClick={() => onSelect(id)}
              >
                {VIEWS[id].label}
                {(badges[id] ?? 0) > 0 && (
                  <span className="badge" aria-label={`${badges[id]} pending`}>
                    {badges[id]}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      <span className="tab-bar__more tab-bar__more--before" aria-hidden="true">
        ‹
      </span>
      <span className="tab-bar__more tab-bar__more--after" aria-hidden="true">
        ›
      </span>
    </nav>
  );
}
