/**
 * The search box paints from what the browser already holds, before the server answers. The API lists a
 * search's matches by creator id (api creator-search.ts), a page at a time from the first, so a held
 * answer for a term whose matches include every match of the new term (the new term narrows it: 'ka'
 * after 'k') holds, among its loaded rows, every match of the new term up to the last id it loaded. The
 * new term filtered over those rows (shared foldText rules, as the server looks names up) is therefore
 * exactly the start of the server's answer: painting it at once never shows a card the answer drops.
 * Whether more follow is known only when the held answer was loaded to its end.
 *
 * A page of a one- or two-letter term reaches only a little way into the ids (a letter is in a third of
 * the names), so the next keystroke's matches are mostly past it. A short term is therefore also asked,
 * at once, for a lookahead: the first LOOKAHEAD_ROWS of its answer, held under its own key (never the
 * grid's pages; at most a page of it is painted). Typing on ('kar' after 'ka') filters those rows.
 */
import { useEffect, useMemo, useState } from 'react';
import { queryOptions, useQueryClient, type InfiniteData, type Query } from '@tanstack/react-query';
import {
  PAGING,
  QUERY_KEYS,
  buildSearchIndex,
  filterSearchIndex,
  hasWithTerm,
  nameLookup,
  type CreatorListItem,
  type CreatorPage,
  type NameLookup,
  type SearchEntry,
} from '@friends/shared';
import { searchCreators } from './search-creators';

/** A creator search answer in the query cache: its text (searchQueryTerm's spelling) and its pages. */
export interface HeldSearch {
  text: string;
  pages: readonly CreatorPage[];
  /** A short term's lookahead (its first rows), not the grid's pages of that term. */
  lookahead?: boolean;
}

export interface HeldMatches {
  /** The first matches of the term, in the server's order: at most a page of them. */
  items: CreatorListItem[];
  /** How many matches the held rows hold (items is the first page of them). */
  matched: number;
  /** Every match's count when known (the held answer was complete, or was this very term's); else null. */
  total: number | null;
  /** The term of the held answer they come from (the term itself when its answer is held). */
  from: string;
  /** They are the term's own paged answer (the grid's pages), not filtered from another one. */
  own: boolean;
}

/** Rows a short term's lookahead holds: the largest page the API gives. */
export const LOOKAHEAD_ROWS = PAGING.maxLimit;

/** True for the terms asked for a lookahead: one or two characters (shared nameLookup's short terms). */
export function wantsLookahead(text: string): boolean {
  if (hasWithTerm(text)) return false;
  const mode = nameLookup(text).mode;
  return mode === 'short' || mode === 'prefix';
}

/**
 * True when every creator `next` finds, `previous` finds too. A name or channel is found when its folded
 * text holds the key (one or two characters, or three and more alike), so a key holding the previous key
 * narrows; Hangul initials narrow only while both stay word-start prefixes (ㅎ, ㅎㄱ).
 */
export function narrows(previous: NameLookup, next: NameLookup): boolean {
  if (previous.mode === 'all') return true;
  if (next.mode === 'all' || previous.initials !== next.initials) return false;
  if (previous.mode === 'prefix') return next.mode === 'prefix' && next.key.startsWith(previous.key);
  return next.key.includes(previous.key);
}

// The folded names of a page's rows, built once per page object (react-query keeps the object while
// the answer is unchanged), so a keystroke over the held rows does no folding again.
const indexes = new WeakMap<CreatorPage, SearchEntry<CreatorListItem>[]>();
function pageIndex(page: CreatorPage): SearchEntry<CreatorListItem>[] {
  let index = indexes.get(page);
  if (!index) {
    index = buildSearchIndex(page.items);
    indexes.set(page, index);
  }
  return index;
}

/**
 * The matches of `text` the held answers already tell (null when none of them can: no held answer
 * narrows to it, or a `with:` search, whose answer depends on videos the browser does not hold). The
 * term's own paged answer is used as it is; else, of the narrowing answers (a lookahead of the term
 * itself included), the one loaded furthest.
 */
export function heldMatches(held: readonly HeldSearch[], text: string): HeldMatches | null {
  if (hasWithTerm(text)) return null;
  const lookup = nameLookup(text);
  let best: { search: HeldSearch; reach: number; complete: boolean } | null = null;
  for (const search of held) {
    const last = search.pages.at(-1);
    if (!last || hasWithTerm(search.text)) continue;
    if (search.text === text && !search.lookahead) {
      const items = search.pages.flatMap((page) => page.items);
      return { items, matched: items.length, total: last.total, from: text, own: true };
    }
    if (search.text !== text && !narrows(nameLookup(search.text), lookup)) continue;
    const loaded = search.pages.reduce((sum, page) => sum + page.items.length, 0);
    const complete = loaded >= last.total;
    const reach = complete ? Infinity : (last.items.at(-1)?.id ?? 0);
    if (!best || reach > best.reach) best = { search, reach, complete };
  }
  if (!best) return null;
  const { search, complete } = best;
  // The term's own lookahead is the server's answer already; another term's rows are filtered.
  const matches =
    search.text === text
      ? search.pages.flatMap((page) => page.items)
      : search.pages.flatMap((page) => filterSearchIndex(pageIndex(page), text));
  const total = complete
    ? matches.length
    : search.text === text
      ? (search.pages.at(-1)?.total ?? null)
      : null;
  return {
    items: matches.slice(0, PAGING.creatorsPage),
    matched: matches.length,
    total,
    from: search.text,
    own: false,
  };
}

/** A short term's lookahead: its first LOOKAHEAD_ROWS, one request, kept like any creator search. */
export const lookaheadOptions = (text: string) =>
  queryOptions({
    queryKey: QUERY_KEYS.creatorSearchLookahead(text),
    // No abort signal: the rows serve the keystrokes after this term, when nobody waits for this one.
    queryFn: () => searchCreators(text, 0, LOOKAHEAD_ROWS),
    staleTime: 60_000,
  });

/**
 * Asks for `text`'s lookahead once the keystroke's held paint has committed, when it is a short term
 * (wantsLookahead). Not from the keystroke's handler: on a slow phone the rows then come while the next
 * keystroke paints, and painting a page of their cards (each photo an image to fetch and draw) delayed
 * that keystroke more than the earlier rows saved.
 */
export function useLookahead(text: string, enabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (enabled && wantsLookahead(text)) void client.prefetchQuery(lookaheadOptions(text));
  }, [client, text, enabled]);
}

/**
 * How long typing must pause before the server is asked: each keystroke paints from the held answers at
 * once, so asking on every key would only load the server with answers replaced before they are read.
 */
export const SEARCH_ASK_DELAY_MS = 150;

/** `value` once it has stayed the same for `delayMs` (the first value at once). */
export function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(settled, value)) return;
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, settled, delayMs]);
  return settled;
}

const SEARCH_PREFIX = QUERY_KEYS.creatorSearch('').slice(0, -1);
const LOOKAHEAD_PREFIX = QUERY_KEYS.creatorSearchLookahead('').slice(0, -1);
const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, i) => key[i] === part);

/** A creator search answer or lookahead in the query cache, as heldMatches reads it; else null. */
function heldSearch(query: Query): HeldSearch | null {
  const key = query.queryKey;
  // A write marks the answers it may have changed: those are not trusted to paint until asked again.
  if (query.state.isInvalidated || query.state.data === undefined) return null;
  if (startsWith(key, SEARCH_PREFIX) && key.length === SEARCH_PREFIX.length + 1) {
    const text = key[SEARCH_PREFIX.length];
    const data = query.state.data as InfiniteData<CreatorPage>;
    return typeof text === 'string' && data.pages ? { text, pages: data.pages } : null;
  }
  if (startsWith(key, LOOKAHEAD_PREFIX) && key.length === LOOKAHEAD_PREFIX.length + 1) {
    const text = key[LOOKAHEAD_PREFIX.length];
    const page = query.state.data as CreatorPage;
    return typeof text === 'string' && page.items ? { text, pages: [page], lookahead: true } : null;
  }
  return null;
}

/** `work` once the browser has nothing else to do (soon, where it cannot tell). */
function whenIdle(work: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(work, { timeout: 1000 });
  else window.setTimeout(work, 0);
}

/**
 * A number that changes whenever an answer to a creator search (or a lookahead) arrives in the cache.
 * The answer's folded index is built when the browser is idle, not by the keystroke that first filters
 * it (200 rows of a lookahead are a few ms on a slow phone).
 */
function useSearchAnswers(): number {
  const client = useQueryClient();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    return client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const search = heldSearch(event.query);
      if (!search) return;
      setVersion((n) => n + 1);
      whenIdle(() => search.pages.forEach(pageIndex));
    });
  }, [client]);
  return version;
}

/** heldMatches over the visitor's creator searches in the query cache; null while `enabled` is false. */
export function useHeldMatches(text: string, enabled: boolean): HeldMatches | null {
  const client = useQueryClient();
  const version = useSearchAnswers();
  return useMemo(() => {
    if (!enabled) return null;
    const held: HeldSearch[] = [];
    for (const query of client.getQueryCache().findAll({ queryKey: QUERY_KEYS.creators })) {
      const search = heldSearch(query);
      if (search) held.push(search);
    }
    return heldMatches(held, text);
    // version: the cache is read again when an answer arrives.
  }, [client, text, enabled, version]); // eslint-disable-line react-hooks/exhaustive-deps
}
