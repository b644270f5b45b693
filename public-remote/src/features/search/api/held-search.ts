/**
 * The search box paints from what the browser already holds, before the server answers. The API lists a
 * search's matches by creator id (api creator-search.ts), a page at a time from the first, so a held
 * answer for a term whose matches include every match of the new term (the new term narrows it: 'ka'
 * after 'k') holds, among its loaded rows, every match of the new term up to the last id it loaded. The
 * new term filtered over those rows (shared foldText rules, as the server looks names up) is therefore
 * exactly the start of the server's answer: painting it at once never shows a card the answer drops.
 * Whether more follow is known only when the held answer was loaded to its end.
 */
import { useEffect, useMemo, useState } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import {
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

/** A creator search answer in the query cache: its text (searchQueryTerm's spelling) and its pages. */
export interface HeldSearch {
  text: string;
  pages: readonly CreatorPage[];
}

export interface HeldMatches {
  /** The first matches of the term, in the server's order. */
  items: CreatorListItem[];
  /** Every match's count when known (the held answer was complete, or was this very term's); else null. */
  total: number | null;
  /** The term of the held answer they come from (the term itself when its answer is held). */
  from: string;
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
 * narrows to it, or a `with:` search, whose answer depends on videos the browser does not hold). Of the
 * narrowing answers, the one loaded furthest is used.
 */
export function heldMatches(held: readonly HeldSearch[], text: string): HeldMatches | null {
  if (hasWithTerm(text)) return null;
  const lookup = nameLookup(text);
  let best: { search: HeldSearch; reach: number; complete: boolean } | null = null;
  for (const search of held) {
    const last = search.pages.at(-1);
    if (!last || hasWithTerm(search.text)) continue;
    if (search.text === text) {
      return { items: search.pages.flatMap((page) => page.items), total: last.total, from: text };
    }
    if (!narrows(nameLookup(search.text), lookup)) continue;
    const loaded = search.pages.reduce((sum, page) => sum + page.items.length, 0);
    const complete = loaded >= last.total;
    const reach = complete ? Infinity : (last.items.at(-1)?.id ?? 0);
    if (!best || reach > best.reach) best = { search, reach, complete };
  }
  if (!best) return null;
  const items = best.search.pages.flatMap((page) => filterSearchIndex(pageIndex(page), text));
  return { items, total: best.complete ? items.length : null, from: best.search.text };
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

/** A number that changes whenever an answer to a creator search arrives in the query cache. */
function useSearchAnswers(): number {
  const client = useQueryClient();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const prefix = QUERY_KEYS.creatorSearch('').slice(0, -1);
    return client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      if (prefix.every((part, i) => event.query.queryKey[i] === part)) setVersion((n) => n + 1);
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
    const prefix = QUERY_KEYS.creatorSearch('').slice(0, -1);
    const held: HeldSearch[] = [];
    for (const [key, data] of client.getQueriesData<InfiniteData<CreatorPage>>({ queryKey: prefix })) {
      const heldText = key[prefix.length];
      if (data && typeof heldText === 'string') held.push({ text: heldText, pages: data.pages });
    }
    return heldMatches(held, text);
    // version: the cache is read again when an answer arrives.
  }, [client, text, enabled, version]); // eslint-disable-line react-hooks/exhaustive-deps
}
