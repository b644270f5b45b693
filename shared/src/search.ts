/**
 * docs/product.md §2 search, as the API answers it (docs/product.md "Names in every script"): the
 * name, an other name, a merged-away name (alias) or the channel, folded by foldText and looked up by
 * nameLookup's rule (anywhere; Hangul initials ㅎ, ㅎㄱ at the start of a word). The folded keys are
 * built once per list, so a keystroke over 10,000 creators is one pass.
 */
import { channelSearchKey, foldText, matchesChannelLookup, matchesNameLookup, nameLookup } from './fold';

export interface Searchable {
  name: string;
  channel: string;
  aliases?: readonly string[];
  otherNames?: readonly { name: string }[];
}

export interface SearchEntry<T extends Searchable> {
  item: T;
  names: string[];
  channel: string;
}

export function buildSearchIndex<T extends Searchable>(items: readonly T[]): SearchEntry<T>[] {
  return items.map((item) => ({
    item,
    names: [item.name, ...(item.otherNames ?? []).map((other) => other.name), ...(item.aliases ?? [])].map(
      foldText,
    ),
    channel: channelSearchKey(item.channel),
  }));
}

/** Every item the term finds by name, other name, alias or channel; all for a blank term. */
export function filterSearchIndex<T extends Searchable>(index: readonly SearchEntry<T>[], term: string): T[] {
  const lookup = nameLookup(term);
  if (lookup.mode === 'all') return index.map((entry) => entry.item);
  const matches: T[] = [];
  for (const entry of index) {
    if (matchesNameLookup(lookup, entry.names) || matchesChannelLookup(lookup, entry.channel))
      matches.push(entry.item);
  }
  return matches;
}

/**
 * A search box's term as the API reads it (`?q=`), parsed in one place for every endpoint and screen.
 * `text` is the trimmed, lowercased substring to look for ('' matches everything). `withNames`, present
 * only when the term holds `with:` terms (docs/product.md §2 collaboration search), are the creators the
 * results must have a video with (videos: must all appear in), as written, once each.
 */
export interface SearchQuery {
  text: string;
  withNames?: string[];
}

/** `with:` names in one query at most: each one is a join, and more than a handful never narrows usefully. */
export const MAX_WITH_NAMES = 5;

/** Creators an ambiguous `with:` name offers to choose from. */
export const MAX_WITH_CANDIDATES = 5;

/** The hint beside the search box: how to find the creators who made videos with someone. */
export const WITH_HINT =
  'Tip: type with:Name to find who made videos with someone, e.g. with:Ada or with:"Ada Lumen".';

/** A malformed `with:` term: the API answers 400 with this message, the search box shows it. */
export class SearchQueryError extends Error {}

export const SEARCH_QUERY_ERRORS = {
  unclosedQuote: 'Close the quote after with:, as in with:"Ada Lumen".',
  missingName: 'Write a creator\'s name after with:, as in with:"Ada Lumen".',
  tooManyNames: `Search with at most ${MAX_WITH_NAMES} with: names at a time.`,
} as const;

/**
 * `with:` (any case) at the start or after a space, then a quoted name, a bare name, or nothing. A bare
 * name is a word and the capitalised words after it (`with:Ada Lumen cooking` names "Ada Lumen" and
 * searches "cooking"), so a full name needs no quotes.
 */
const WITH_TERM = /(^|\s)[Ww][Ii][Tt][Hh]:("[^"]*("?)|[^\s"]\S*(?:\s+(?![Ww][Ii][Tt][Hh]:)\p{Lu}\S*)*)?/gu;

/** True when the text holds a `with:` term (well formed or not): a collaboration search, not plain text. */
export const hasWithTerm = (term: string): boolean => /(^|\s)with:/i.test(term);

/**
 * Reads a search box's text. Without a `with:` term this is exactly the plain search: the trimmed,
 * lowercased text. With one, each `with:"Any Name"` or `with:Word` is taken out (names compared
 * ignoring case and extra spaces) and the rest, spaces collapsed, is the text. Throws SearchQueryError
 * for an unclosed quote, a `with:` without a name, or more than MAX_WITH_NAMES names.
 */
export function parseSearchQuery(term: string): SearchQuery {
  if (!hasWithTerm(term)) return { text: term.trim().toLowerCase() };
  const withNames: string[] = [];
  const keys = new Set<string>();
  let error: string | null = null;
  const rest = term.replace(
    WITH_TERM,
    (_match, before: string, value: string | undefined, close?: string) => {
      if (value === undefined) error ??= SEARCH_QUERY_ERRORS.missingName;
      else if (value.startsWith('"') && close !== '"') error ??= SEARCH_QUERY_ERRORS.unclosedQuote;
      else {
        const name = (value.startsWith('"') ? value.slice(1, -1) : value).trim().replace(/\s+/g, ' ');
        const key = name.toLowerCase();
        if (!name) error ??= SEARCH_QUERY_ERRORS.missingName;
        else if (!keys.has(key)) {
          keys.add(key);
          withNames.push(name);
        }
      }
      return `${before} `;
    },
  );
  if (error) throw new SearchQueryError(error);
  if (withNames.length > MAX_WITH_NAMES) throw new SearchQueryError(SEARCH_QUERY_ERRORS.tooManyNames);
  return { text: rest.trim().replace(/\s+/g, ' ').toLowerCase(), withNames };
}

/** parseSearchQuery's message for a malformed term, or null when the term is fine. */
export function searchQueryError(term: string): string | null {
  try {
    parseSearchQuery(term);
    return null;
  } catch (error) {
    if (error instanceof SearchQueryError) return error.message;
    throw error;
  }
}

/** The `with:` term for a name, quoted (a name may hold spaces; quotes inside it cannot be written). */
export const withTerm = (name: string): string => `with:"${name.replace(/"/g, '')}"`;

/**
 * One spelling per query (what the clients send as `?q=` and key their caches by): the plain text for
 * a plain query, else the `with:` terms quoted, then the text.
 */
export function searchQueryTerm(query: SearchQuery): string {
  if (!query.withNames) return query.text;
  return [...query.withNames.map(withTerm), query.text].filter(Boolean).join(' ');
}

/** Which fields a creator search looks in: the visitor's search (name, channel, aliases) or names only. */
export type CreatorSearchScope = 'all' | 'names';
