/** SPEC.md §2 search: filter box, heading with the count, the cards (admin extras plugged in by the host). */
import { useCallback, useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react';
import {
  CREATOR_EXPORT_COLUMNS,
  buildSearchIndex,
  filterSearchIndex,
  noCreatorsFound,
  type CreatorListItem,
  type RemoteViewProps,
} from '@friends/shared';
import { ExportButtons } from '../../../components/export-buttons';
import { Spinner } from '../../../components/spinner';
import { useCreators } from '../api/get-creators';
import { CreatorGrid } from './creator-grid';

export interface SearchViewProps extends RemoteViewProps {
  /** Rendered above the results (admin: merge-mode controls). */
  toolbarExtras?: ReactNode;
  /** Rendered inside each creator card (admin: merge checkbox, Edit, Delete). */
  cardExtras?: (creator: CreatorListItem) => ReactNode;
  /** Rendered between the search box and the results (the page puts 'Suggest a Video' there). */
  children?: ReactNode;
}

const NO_CREATORS: CreatorListItem[] = [];

export function SearchView({ navigate, toolbarExtras, cardExtras, children }: SearchViewProps) {
  const inputId = useId();
  const [term, setTerm] = useState('');
  const deferredTerm = useDeferredValue(term);
  const { data, isPending } = useCreators();
  const creators = data ?? NO_CREATORS;
  const index = useMemo(() => buildSearchIndex(creators), [creators]);
  const results = useMemo(() => filterSearchIndex(index, deferredTerm), [index, deferredTerm]);
  const shownTerm = deferredTerm.trim();
  const open = useCallback((creatorId: number) => navigate('author-page', { creatorId }), [navigate]);

  return (
    <section className="pr-search" aria-labelledby={`${inputId}-heading`}>
      <div className="pr-search__field">
        <label className="pr-visually-hidden" htmlFor={inputId}>
          Search creators
        </label>
        <svg className="pr-search__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            fill="currentColor"
            d="M10 2a8 8 0 0 1 6.3 12.9l5.4 5.4-1.4 1.4-5.4-5.4A8 8 0 1 1 10 2zm0 2a6 6 0 1 0 0 12a6 6 0 0 0 0-12z"
          />
        </svg>
        <input
          id={inputId}
          className="pr-input pr-search__input"
          type="search"
          placeholder="Search by name or channel..."
          autoComplete="off"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
        />
      </div>
      {children}
      {toolbarExtras && <div className="pr-search__toolbar">{toolbarExtras}</div>}
      <div className="pr-section__head">
        <h2 className="pr-heading" id={`${inputId}-heading`}>
          {shownTerm ? `Search Results (${results.length})` : `All Creators (${results.length})`}
        </h2>
        {!isPending && results.length > 0 && (
          <ExportButtons
            title={shownTerm ? 'Search Results' : 'All Creators'}
            rows={results}
            columns={CREATOR_EXPORT_COLUMNS}
          />
        )}
      </div>
      {isPending ? (
        <Spinner label="Loading creators" />
      ) : results.length === 0 ? (
        <p className="pr-empty">{noCreatorsFound(shownTerm)}</p>
      ) : (
        <CreatorGrid key={shownTerm} creators={results} onOpen={open} cardExtras={cardExtras} />
      )}
    </section>
  );
}
