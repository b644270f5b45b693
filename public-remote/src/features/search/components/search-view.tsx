/** SPEC.md §2 search: filter box, heading with the count, the cards (admin extras plugged in by the host). */
import { useCallback, useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react';
import {
  CREATOR_EXPORT_COLUMNS,
  buildSearchIndex,
  decodeCompactCreators,
  filterSearchIndex,
  noCreatorsFound,
  type CreatorListItem,
  type RemoteViewProps,
} from '@friends/shared';
import { ExportButtons } from '../../../components/export-buttons';
import { Spinner } from '../../../components/spinner';
import { useCreators, useCreatorsFirstPage } from '../api/get-creators';
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
  const full = useCreators();
  // Until the whole list is here, the first page (and the total) the host asked for first.
  const firstPage = useCreatorsFirstPage(full.isPending);
  const preview = useMemo(
    () => (full.isPending && firstPage.data ? decodeCompactCreators(firstPage.data) : null),
    [full.isPending, firstPage.data],
  );
  const creators = full.data ?? NO_CREATORS;
  const index = useMemo(() => buildSearchIndex(creators), [creators]);
  const results = useMemo(() => filterSearchIndex(index, deferredTerm), [index, deferredTerm]);
  const isPending = full.isPending && !preview;
  const shownTerm = preview ? '' : deferredTerm.trim();
  const shown = preview ?? results;
  const count = preview ? (firstPage.data?.total ?? 0) : results.length;
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
          {shownTerm ? `Search Results (${count})` : `All Creators (${count})`}
        </h2>
        {!full.isPending && results.length > 0 && (
          <ExportButtons
            title={shownTerm ? 'Search Results' : 'All Creators'}
            rows={results}
            columns={CREATOR_EXPORT_COLUMNS}
          />
        )}
      </div>
      {isPending ? (
        <Spinner label="Loading creators" />
      ) : shown.length === 0 ? (
        <p className="pr-empty">{noCreatorsFound(shownTerm)}</p>
      ) : (
        <CreatorGrid creators={shown} onOpen={open} cardExtras={cardExtras} />
      )}
      {preview && <Spinner label="Loading all creators" />}
    </section>
  );
}
