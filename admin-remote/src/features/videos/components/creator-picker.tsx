/**
 * The creators multi-select of the video forms. With ten thousand creators a <select multiple> is
 * unusable, so this is a filter box over a bounded list of checkboxes (at most MAX_SHOWN matches are
 * rendered; typing narrows them), with the chosen creators shown as removable chips in order.
 */
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { normalizeName, type AuthorRef, type CreatorListItem } from '@friends/shared';

const MAX_SHOWN = 50;

interface CreatorPickerProps {
  legend: string;
  creators: readonly CreatorListItem[];
  selectedIds: readonly number[];
  onChange: (ids: number[]) => void;
  /** Names of already-chosen authors, used when the creator list has not loaded (a video's authors). */
  knownAuthors?: readonly AuthorRef[];
  isLoading?: boolean;
}

export function CreatorPicker({
  legend,
  creators,
  selectedIds,
  onChange,
  knownAuthors = [],
  isLoading = false,
}: CreatorPickerProps) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);

  const names = useMemo(() => {
    const map = new Map<number, string>();
    for (const author of knownAuthors) map.set(author.id, author.name);
    for (const creator of creators) map.set(creator.id, creator.name);
    return map;
  }, [creators, knownAuthors]);

  // Normalised once per list, not per keystroke: ten thousand names stay quick to filter.
  const searchable = useMemo(
    () =>
      creators.map((creator) => ({
        creator,
        text: [creator.name, ...creator.aliases].map(normalizeName).join('\n'),
      })),
    [creators],
  );

  const { shown, total } = useMemo(() => {
    const term = normalizeName(deferredFilter);
    const matches = term
      ? searchable.filter((entry) => entry.text.includes(term)).map((entry) => entry.creator)
      : creators;
    return { shown: matches.slice(0, MAX_SHOWN), total: matches.length };
  }, [creators, searchable, deferredFilter]);

  const selected = new Set(selectedIds);
  const toggle = (creatorId: number, checked: boolean) =>
    onChange(checked ? [...selectedIds, creatorId] : selectedIds.filter((other) => other !== creatorId));

  return (
    <fieldset className="admin-picker">
      <legend>{legend}</legend>
      {selectedIds.length > 0 ? (
        <ul className="admin-chips" aria-label="Selected creators">
          {selectedIds.map((creatorId) => {
            const name = names.get(creatorId) ?? `#${creatorId}`;
            return (
              <li key={creatorId} className="admin-chip admin-chip--selected">
                <span>{name}</span>
                <button
                  type="button"
                  className="admin-chip__remove"
                  aria-label={`Remove ${name}`}
                  onClick={() => toggle(creatorId, false)}
                >
                  ✕
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <label className="admin-visually-hidden" htmlFor={`${id}-filter`}>
        Filter creators
      </label>
      <input
        id={`${id}-filter`}
        type="search"
        className="admin-picker__filter"
        placeholder="Type to filter creators…"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <div className="admin-scroll admin-picker__options">
        {isLoading ? (
          <p className="admin-muted">Loading creators…</p>
        ) : shown.length === 0 ? (
          <p className="admin-muted">No creators found</p>
        ) : (
          <ul className="admin-list">
            {shown.map((creator) => (
              <li key={creator.id}>
                <label className="admin-check">
                  <input
                    type="checkbox"
                    checked={selected.has(creator.id)}
                    onChange={(event) => toggle(creator.id, event.target.checked)}
                  />
                  <span>{creator.name}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {total > shown.length ? (
          <p className="admin-muted">
            Showing {shown.length} of {total}. Type to narrow the list.
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
