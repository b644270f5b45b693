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

export function TabBar({ view, isAdmin, pendingSuggestions, pendingReview = 0, onSelect }: TabBarProps) {
  const badges: Partial<Record<ViewId, number>> = { suggestions: pendingSuggestions, review: pendingReview };
  return (
    <nav className="tab-bar" aria-label="Main">
      <ul className="tab-bar__list">
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
    </nav>
  );
}
