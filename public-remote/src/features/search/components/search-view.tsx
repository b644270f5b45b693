/**
 * docs/product.md §2 search: filter box, heading with the count, the cards (admin extras plugged in by
 * the host). The API filters and pages (GET /api/creators/search): the view holds the pages loaded so
 * far and asks for the next as the end of the grid comes near.
 */
import { useCallback, useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react';
import {
  CREATOR_EXPORT_COLUMNS,
  PAGING,
  noCreatorsFound,
  parseSearchQuery,
  type CreatorListItem,
  type RemoteViewProps,
} from '@friends/shared';
import { ExportButtons } from '../../../components/export-buttons';
import { Spinner } from '../../../components/spinner';
import { searchCreators, useCreatorSearch } from '../api/search-creators';
import { CreatorGrid } from './creator-grid';

export interface SearchViewProps extends RemoteViewProps {
  /** Rendered above the results (admin: merge-mode controls). */
  toolbarExtras?: ReactNode;
  /** Rendered inside each creator card (admin: merge checkbox, Edit, Delete). */
  cardExtras?: (creator: CreatorListItem) => ReactNode;
  /** Rendered between the search box and the results (the page puts 'Suggest a Video' there). */
  children?: ReactNode;
}

/** Every match, a page of the largest size at a time: what the export buttons download. */
async function allMatches(text: string): Promise<CreatorListItem[]> {
  const rows: CreatorListItem[] = [];
  for (;;) {
    const page = await searchCreators(text, rows.length, PAGING.maxLimit);
    rows.push(...page.items);
    if (page.items.length === 0 || rows.length >= page.total) return rows;
  }
}

export function SearchView({ navigate, toolbarExtras, cardExtras, children }: SearchViewProps) {
  const inputId = useId();
  const [term, setTerm] = useState('');
  const deferredTerm = useDeferredValue(term);
  const { text } = parseSearchQuery(deferredTerm);
  const search = useCreatorSearch(text);
  // The term whose results are on screen (the previous one while the next term's page loads).
  const [shownTerm, setShownTerm] = useState('');
  if (search.data && !search.isPlaceholderData && shownTerm !== deferredTerm.trim())
    setShownTerm(deferredTerm.trim());
  const shown = useMemo(() => search.data?.pages.flatMap((page) => page.items) ?? [], [search.data]);
  const count = search.data?.pages.at(-1)?.total ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = search;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const open = useCallback((creatorId: number) => navigate('author-page', { creatorId }), [navigate]);
  const shownText = parseSearchQuery(shownTerm).text;
  const exportRows = useCallback(() => allMatches(shownText), [shownText]);

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
        {shown.length > 0 && (
          <ExportButtons
            title={shownTerm ? 'Search Results' : 'All Creators'}
            rows={exportRows}
            columns={CREATOR_EXPORT_COLUMNS}
          />
        )}
      </div>
      {search.isPending ? (
        <Spinner label="Loading creators" />
      ) : shown.length === 0 ? (
        <p className="pr-empty">{noCreatorsFound(shownTerm)}</p>
      ) : (
        <CreatorGrid
          creators={shown}
          remaining={Math.max(0, count - shown.length)}
          loading={isFetchingNextPage}
          onMore={loadMore}
          onOpen={open}
          cardExtras={cardExtras}
        />
      )}
    </section>
  );
}
