/**
 * The creators multi-select of the video forms: a typeahead the API answers (names and aliases, the
 * first MAX_SHOWN matches; typing narrows them), with the chosen creators shown as removable chips in
 * order, named from the video's authors, the matches picked, or the API by id.
 */
import { useDeferredValue, useId, useState, type ReactNode } from 'react';
import type { AuthorRef } from '@friends/shared';
import { creatorFilterText, useCreatorPages, useCreatorsByIds } from '../../../api/search-creators';

const MAX_SHOWN = 50;

interface CreatorPickerProps {
  legend: string;
  selectedIds: readonly number[];
  onChange: (ids: number[]) => void;
  /** Names of already-chosen authors (a video's authors), shown before any lookup. */
  knownAuthors?: readonly AuthorRef[];
  /** Extra content on a chosen creator's chip (the edit form's evidence marker). */
  chipExtra?: (creatorId: number, name: string) => ReactNode;
}

export function CreatorPicker({
  legend,
  selectedIds,
  onChange,
  knownAuthors = [],
  chipExtra,
}: CreatorPickerProps) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const text = creatorFilterText(useDeferredValue(filter));
  const matches = useCreatorPages(text, { limit: MAX_SHOWN });
  const named = useCreatorsByIds(selectedIds);
  const shown = matches.data?.pages[0]?.items ?? [];
  const total = matches.data?.pages[0]?.total ?? 0;
  // Names of creators picked from the matches, so a chip is named before any lookup answers.
  const [picked, setPicked] = useState<ReadonlyMap<number, string>>(() => new Map());

  const names = new Map<number, string>(picked);
  for (const author of knownAuthors) names.set(author.id, author.name);
  for (const creator of named.data ?? []) names.set(creator.id, creator.name);

  const selected = new Set(selectedIds);
  const toggle = (creatorId: number, checked: boolean, name?: string) => {
    if (checked && name !== undefined) setPicked((map) => new Map(map).set(creatorId, name));
    onChange(checked ? [...selectedIds, creatorId] : selectedIds.filter((other) => other !== creatorId));
  };

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
                {chipExtra?.(creatorId, name)}
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
        {matches.isPending ? (
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
                    onChange={(event) => toggle(creator.id, event.target.checked, creator.name)}
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
