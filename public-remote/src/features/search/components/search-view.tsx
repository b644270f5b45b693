/**
 * docs/product.md §2 search: filter box, heading with the count, the cards (admin extras plugged in by
 * the host). The API filters and pages (GET /api/creators/search): the view holds the pages loaded so
 * far and asks for the next as the end of the grid comes near. A keystroke never waits on the network
 * to paint: the held answers are filtered at once (held-search.ts) and the server's answer, asked once
 * typing pauses, replaces them when it comes. A `with:"Name"` term makes it a
 * collaboration search: the creators who have a video with every named creator, or (the 'Videos'
 * choice) the videos they all appear in; such a search is mirrored into the address so it can be shared.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  CREATOR_EXPORT_COLUMNS,
  MESSAGES,
  PAGING,
  SearchQueryError,
  WITH_HINT,
  hasWithTerm,
  noCreatorsFound,
  parseSearchQuery,
  searchQueryTerm,
  visitorPageLimit,
  type AmbiguousName,
  type AuthorRef,
  type CreatorListItem,
  type NavigateParams,
  type RemoteViewProps,
  type SearchQuery,
} from '@friends/shared';
import { ExportButtons } from '../../../components/export-buttons';
import { Spinner } from '../../../components/spinner';
import { VideoList } from '../../../components/video-list';
import {
  SEARCH_ASK_DELAY_MS,
  useHeldMatches,
  useLookahead,
  useSettled,
  type HeldMatches,
} from '../api/held-search';
import { searchCreators, useCreatorSearch } from '../api/search-creators';
import { useVideoSearch } from '../api/search-videos';
import { CreatorGrid } from './creator-grid';
import { isComposingEnter } from '@friends/web/ime';

export interface SearchViewProps extends RemoteViewProps {
  /** Rendered above the results (admin: merge-mode controls). */
  toolbarExtras?: ReactNode;
  /** Rendered inside each creator card (admin: merge checkbox, Edit, Delete). */
  cardExtras?: (creator: CreatorListItem) => ReactNode;
  /** Rendered between the search box and the results (the page puts 'Suggest a Video' there). */
  children?: ReactNode;
  /** Rendered above the results for a plain-text term (the page puts the groups it finds there). */
  termExtras?: (text: string) => ReactNode;
}

/**
 * Every match a visitor's pages reach (PAGING.visitorWindow), a page of the largest size at a time: what
 * the export buttons download.
 */
async function allMatches(text: string): Promise<CreatorListItem[]> {
  const rows: CreatorListItem[] = [];
  for (;;) {
    const limit = visitorPageLimit(rows.length, PAGING.maxLimit);
    if (limit === 0) return rows;
    const page = await searchCreators(text, rows.length, limit);
    rows.push(...page.items);
    if (page.items.length === 0 || rows.length >= page.total) return rows;
  }
}

/** The box's text read as a query, or the reason it cannot be (a malformed `with:` term). */
function readQuery(term: string): { query: SearchQuery; error: null } | { query: null; error: string } {
  try {
    return { query: parseSearchQuery(term), error: null };
  } catch (error) {
    if (error instanceof SearchQueryError) return { query: null, error: error.message };
    throw error;
  }
}

/** "Ada", "Ada and Bo", "Ada, Bo and Cy": the named creators in a sentence. */
function nameList(names: readonly string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The message for `with:` names that name no creator. */
export function unknownNamesMessage(names: readonly string[]): string {
  const quoted = names.map((name) => `"${name}"`);
  return names.length === 1
    ? `No creator is named ${quoted[0]}. Check the spelling, or search without with:.`
    : `No creators are named ${nameList(quoted)}. Check the spelling, or search without with:.`;
}

export function SearchView({
  navigate,
  replace = navigate,
  params,
  toolbarExtras,
  cardExtras,
  children,
  termExtras,
}: SearchViewProps) {
  const inputId = useId();
  const [term, setTerm] = useState(params.query ?? '');
  // What is searched: the box's text, except while an input method composes (ぺ, ぺこ… are not asked
  // for): then the text it had when the composition started. Derived, not a second state, so a
  // keystroke renders the view once rather than again to catch up.
  const [composedFrom, setComposedFrom] = useState<string | null>(null);
  const searched = composedFrom ?? term;
  const [showVideos, setShowVideos] = useState(params.show === 'videos');
  // Rendered at once, not deferred: a keystroke paints at most a page of held rows, and a deferred
  // render yields to whatever else the page does (images, answers arriving) while the person waits.
  const { query, error } = useMemo(() => readQuery(searched), [searched]);
  // The API's spelling of the query: the plain text as before, or the with: terms then the text.
  const apiTerm = query ? searchQueryTerm(query) : '';
  const withNames = query?.withNames ?? null;
  const listVideos = withNames !== null && showVideos;
  // What the held answers already tell about a plain term: the start of the server's answer. None
  // matching while more may come paints nothing: the previous results stay until the answer (never a
  // 'No creators found' the answer could take back).
  const held = useHeldMatches(apiTerm, error === null && !withNames);
  const paintable = held && (held.items.length > 0 || held.total !== null) ? held : null;
  // A one- or two-letter term is also asked at once for its first rows, so the next keystroke has
  // rows to paint from (held-search.ts).
  useLookahead(apiTerm, error === null && !withNames);
  // The server is asked once typing pauses while other rows paint; at once when nothing held can (or
  // when this term's own answer is held: then nothing new is asked).
  const settledTerm = useSettled(apiTerm, SEARCH_ASK_DELAY_MS);
  const askedTerm = paintable && !paintable.own ? settledTerm : apiTerm;
  const search = useCreatorSearch(askedTerm, error === null && !listVideos);
  const videoSearch = useVideoSearch(apiTerm, listVideos);
  const answered = search.data !== undefined && !search.isPlaceholderData && askedTerm === apiTerm;
  const trimmed = searched.trim();
  // The held rows painted last, with their term: they stay on screen while a term nothing held can
  // paint waits for its answer (the server's answer on screen then is an older term's: the one before
  // the held paints).
  const [painted, setPainted] = useState<{ term: string; held: HeldMatches } | null>(null);
  const heldNow = answered ? null : paintable;
  if (heldNow && (painted?.held !== heldNow || painted.term !== trimmed)) {
    setPainted({ term: trimmed, held: heldNow });
  }
  if (answered && painted) setPainted(null);
  const local = heldNow ? { term: trimmed, held: heldNow } : answered ? null : painted;
  // The term of the server's answer on screen (the previous one while the next term is asked), and
  // the term whose results are on screen (the held rows' when they paint).
  const [servedTerm, setServedTerm] = useState('');
  if (answered && servedTerm !== trimmed) setServedTerm(trimmed);
  const shownTerm = local ? local.term : servedTerm;
  const served = useMemo(() => search.data?.pages.flatMap((page) => page.items) ?? [], [search.data]);
  const shown = local ? local.held.items : served;
  const count = local ? (local.held.total ?? local.held.matched) : (search.data?.pages.at(-1)?.total ?? 0);
  // Held rows without the whole count: more may match; the server's answer tells how many. Before the
  // first answer there is no count at all: "(0)" would read as an empty database.
  const countText =
    local && local.held.total === null
      ? `${count}+`
      : !local && search.data === undefined
        ? '…'
        : String(count);
  const firstPage = (listVideos ? videoSearch.data : search.data)?.pages[0];
  const unknownNames = firstPage?.unknownNames;
  const ambiguousNames = firstPage?.ambiguousNames;
  // The first page of creators failed and nothing is on screen: say so (an empty list would read as an
  // empty database) and offer to try again.
  const loadFailed = !listVideos && search.isError && !search.data;
  // The named creators as stored (the box may hold an alias or another case); as typed until known.
  const named = firstPage?.withCreators ?? null;
  const namedList = named?.map((creator) => creator.name) ?? withNames ?? [];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = search;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const videos = useMemo(
    () => videoSearch.data?.pages.flatMap((page) => page.items) ?? [],
    [videoSearch.data],
  );
  const moreVideos = useCallback(() => {
    if (videoSearch.hasNextPage && !videoSearch.isFetchingNextPage) void videoSearch.fetchNextPage();
  }, [videoSearch]);
  const open = useCallback((creatorId: number) => navigate('author-page', { creatorId }), [navigate]);
  const shownQuery = readQuery(shownTerm).query;
  const shownText = shownQuery ? searchQueryTerm(shownQuery) : '';
  const videosTitle =
    namedList.length === 1 ? `Videos with ${namedList[0]}` : `Videos of ${nameList(namedList)} together`;
  // Answers "which one?": the box's with: name is replaced by the chosen creator's full name.
  const choose = (ambiguous: AmbiguousName, creator: AuthorRef) => {
    if (!query?.withNames) return;
    const names = query.withNames.map((name) => (name === ambiguous.name ? creator.name : name));
    setTerm(searchQueryTerm({ text: query.text, withNames: names }));
  };
  const exportRows = useCallback(() => allMatches(shownText), [shownText]);

  // A with: search lives in the address (replacing the entry: typing is not navigation); plain text
  // stays out of it as before.
  const written = useRef(params.query);
  // What the page looks up beside the creators (groups) is asked, like the creators, once typing pauses.
  const settledText = useSettled(trimmed, SEARCH_ASK_DELAY_MS);
  const address: NavigateParams = hasWithTerm(trimmed)
    ? showVideos
      ? { query: trimmed, show: 'videos' }
      : { query: trimmed }
    : {};
  useEffect(() => {
    if (address.query === params.query && address.show === params.show) return;
    written.current = address.query;
    replace('search', address);
    // params is what the address holds now; address is recomputed from the box each render.
  }, [address.query, address.show]); // eslint-disable-line react-hooks/exhaustive-deps
  // Back and forward (or a link) bring another search: the box follows the address.
  useEffect(() => {
    if (params.query === written.current) return;
    written.current = params.query;
    setTerm(params.query ?? '');
    setShowVideos(params.show === 'videos');
  }, [params.query, params.show]);

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
          aria-describedby={`${inputId}-hint`}
          autoComplete="off"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          onCompositionStart={() => setComposedFrom(term)}
          onCompositionEnd={(event) => {
            setComposedFrom(null);
            setTerm(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            // The Enter that commits an input method's text is the input method's, not a search.
            if (isComposingEnter(event)) event.preventDefault();
          }}
        />
      </div>
      <p id={`${inputId}-hint`} className="pr-search__hint">
        {WITH_HINT}
      </p>
      {children}
      {toolbarExtras && <div className="pr-search__toolbar">{toolbarExtras}</div>}
      {termExtras && error === null && !withNames && settledText && termExtras(settledText)}
      {withNames && (
        <fieldset className="pr-periods pr-search__show">
          <legend className="pr-periods__legend">Show</legend>
          {(['creators', 'videos'] as const).map((choice) => (
            <label key={choice} className="pr-periods__option">
              <input
                type="radio"
                name={`${inputId}-show`}
                value={choice}
                checked={(choice === 'videos') === showVideos}
                onChange={() => setShowVideos(choice === 'videos')}
              />
              <span>{choice === 'videos' ? 'Videos' : 'Creators'}</span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="pr-section__head">
        <h2 className="pr-heading" id={`${inputId}-heading`}>
          {error !== null
            ? 'Search Results (0)'
            : listVideos
              ? `${videosTitle} (${videoSearch.data?.pages.at(-1)?.total ?? 0})`
              : loadFailed
                ? MESSAGES.couldNotLoadCreators
                : shownTerm
                  ? `Search Results (${countText})`
                  : `All Creators (${countText})`}
        </h2>
        {!listVideos && error === null && shown.length > 0 && (
          <ExportButtons
            title={shownTerm ? 'Search Results' : 'All Creators'}
            rows={exportRows}
            columns={CREATOR_EXPORT_COLUMNS}
          />
        )}
      </div>
      {error !== null ? (
        <p className="pr-banner pr-banner--error" role="alert">
          {error}
        </p>
      ) : unknownNames?.length ? (
        <p className="pr-empty" role="status">
          {unknownNamesMessage(unknownNames)}
        </p>
      ) : ambiguousNames?.length ? (
        <div className="pr-ask" role="status">
          {ambiguousNames.map((ambiguous) => (
            <div key={ambiguous.name} className="pr-ask__group">
              <p className="pr-ask__question">
                &quot;{ambiguous.name}&quot; could mean several creators. Which one did you mean?
              </p>
              <ul className="pr-chips" aria-label={`Creators named ${ambiguous.name}…`}>
                {ambiguous.candidates.map((creator) => (
                  <li key={creator.id}>
                    <button
                      type="button"
                      className="pr-chip pr-chip--button"
                      onClick={() => choose(ambiguous, creator)}
                    >
                      {creator.name}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      ) : loadFailed ? (
        <div className="pr-banner pr-banner--error pr-retry" role="alert">
          <p>{MESSAGES.couldNotLoadCreatorsHelp}</p>
          <button type="button" className="pr-button" onClick={() => void search.refetch()}>
            {MESSAGES.retry}
          </button>
        </div>
      ) : listVideos ? (
        videoSearch.isPending ? (
          <Spinner label="Loading videos" />
        ) : videoSearch.isError ? (
          <div className="pr-banner pr-banner--error pr-retry" role="alert">
            <p>The videos could not be loaded.</p>
            <button type="button" className="pr-button" onClick={() => void videoSearch.refetch()}>
              {MESSAGES.retry}
            </button>
          </div>
        ) : (
          <VideoList
            videos={videos}
            total={videoSearch.data?.pages.at(-1)?.total ?? 0}
            reachable={PAGING.visitorWindow}
            onLoadMore={moreVideos}
            currentIds={named?.map((creator) => creator.id) ?? []}
            onOpen={open}
            onOpenEvent={(eventId) => navigate('event', { eventId })}
            title={videosTitle}
            showTitle={false}
            emptyText={
              namedList.length === 1
                ? `No videos with ${namedList[0]}`
                : `No videos with ${nameList(namedList)} together`
            }
          />
        )
      ) : !local && search.isPending && !search.isError ? (
        <Spinner label="Loading creators" />
      ) : shown.length === 0 ? (
        <p className="pr-empty">{noCreatorsFound(shownTerm)}</p>
      ) : (
        <CreatorGrid
          creators={shown}
          remaining={local ? 0 : Math.max(0, Math.min(count, PAGING.visitorWindow) - shown.length)}
          beyondReachOf={local || count <= PAGING.visitorWindow ? undefined : count}
          loading={isFetchingNextPage}
          onMore={loadMore}
          onOpen={open}
          cardExtras={cardExtras}
        />
      )}
    </section>
  );
}
