/** The groups a search term finds (by name, folded like creator names), as links above the creators. */
import { GROUP_KIND_LABELS } from '@friends/shared';
import { useGroupSearch } from '../api/search-groups';

export function GroupMatches({ text, onOpen }: { text: string; onOpen: (groupId: number) => void }) {
  const { data } = useGroupSearch(text);
  if (!data || data.items.length === 0) return null;
  return (
    <nav className="pr-group-matches" aria-label="Groups">
      <h2 className="pr-group-matches__title">Groups</h2>
      <ul className="pr-chips">
        {data.items.map((group) => (
          <li key={group.id}>
            <a
              className="pr-chip pr-chip--button"
              href={`?group=${group.id}`}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                onOpen(group.id);
              }}
            >
              {group.name}
              <span className="pr-group-matches__kind">{GROUP_KIND_LABELS[group.kind]}</span>
            </a>
          </li>
        ))}
      </ul>
      {data.total > data.items.length && (
        <p className="pr-section__hint">{data.total - data.items.length} more: type more of the name</p>
      )}
    </nav>
  );
}
