import type { ViewId } from '@friends/shared';
import { VIEWS, tabsFor } from '../../../config/views';

interface TabBarProps {
  view: ViewId;
  isAdmin: boolean;
  /** Pending suggestions, shown as a red badge on the Suggestions tab (admins only). */
  pendingSuggestions: number;
  onSelect: (view: ViewId) => void;
}

export function TabBar({ view, isAdmin, pendingSuggestions, onSelect }: TabBarProps) {
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
                {id === 'suggestions' && pendingSuggestions > 0 && (
                  <span className="badge" aria-label={`${pendingSuggestions} pending`}>
                    {pendingSuggestions}
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
