/**
 * One creator, chosen from a typeahead the API answers (names and aliases, the first matches; typing
 * narrows them): the membership form's "Creator". The chosen one shows by name with 'Change'.
 */
import { useDeferredValue, useId, useState } from 'react';
import { creatorFilterText, useCreatorPages } from '../api/search-creators';

const SHOWN = 8;

export interface ChosenCreator {
  id: number;
  name: string;
}

interface CreatorChooserProps {
  value: ChosenCreator | null;
  onChange: (creator: ChosenCreator | null) => void;
}

export function CreatorChooser({ value, onChange }: CreatorChooserProps) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const text = creatorFilterText(useDeferredValue(filter));
  const matches = useCreatorPages(text, { limit: SHOWN, enabled: value === null && text !== '' });
  const shown = matches.data?.pages[0]?.items ?? [];

  if (value) {
    return (
      <div className="admin-field">
        <span className="admin-chooser__label">Creator</span>
        <div className="admin-actions">
          <span className="admin-chip admin-chip--selected">
            <span>{value.name}</span>
          </span>
          <button
            type="button"
            className="admin-button admin-button--ghost"
            aria-label={`Change creator (${value.name})`}
            onClick={() => onChange(null)}
          >
            Change
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="admin-field">
      <label htmlFor={`${id}-find`}>Creator</label>
      <input
        id={`${id}-find`}
        type="search"
        placeholder="Type a creator's name…"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      {text === '' ? null : matches.isPending ? (
        <p className="admin-muted">Looking for creators…</p>
      ) : shown.length === 0 ? (
        <p className="admin-muted">No creators found</p>
      ) : (
        <ul className="admin-chips" aria-label="Matching creators">
          {shown.map((creator) => (
            <li key={creator.id}>
              <button
                type="button"
                className="admin-button"
                onClick={() => {
                  onChange({ id: creator.id, name: creator.name });
                  setFilter('');
                }}
              >
                {creator.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
