/**
 * docs/product.md §2 search: a case-insensitive substring of the name or the channel; merged-away names
 * (aliases, docs/architecture.md "Deliberate departures" 9) count like the name. The lowercased text is built once per list, so a
 * keystroke over 10,000 creators is one pass of `includes`.
 */

export interface Searchable {
  name: string;
  channel: string;
  aliases?: readonly string[];
}

export interface SearchEntry<T extends Searchable> {
  item: T;
  haystack: string;
}

/** Fields joined with a newline, which a typed term cannot contain, so no match spans two fields. */
export function buildSearchIndex<T extends Searchable>(items: readonly T[]): SearchEntry<T>[] {
  return items.map((item) => ({
    item,
    haystack: [item.name, item.channel, ...(item.aliases ?? [])].join('\n').toLowerCase(),
  }));
}

/** Every item whose name, channel or alias contains the trimmed term, ignoring case; all for a blank term. */
export function filterSearchIndex<T extends Searchable>(index: readonly SearchEntry<T>[], term: string): T[] {
  const needle = term.trim().toLowerCase();
  if (!needle) return index.map((entry) => entry.item);
  const matches: T[] = [];
  for (const entry of index) if (entry.haystack.includes(needle)) matches.push(entry.item);
  return matches;
}

/**
 * A search box's term as the API reads it (`?q=`), parsed in one place so a later syntax (say a
 * `with:"Name"` filter) extends this type rather than each endpoint. `text` is the trimmed, lowercased
 * substring to look for; '' matches everything.
 */
export interface SearchQuery {
  text: string;
}

export function parseSearchQuery(term: string): SearchQuery {
  return { text: term.trim().toLowerCase() };
}

/** Which fields a creator search looks in: the visitor's search (name, channel, aliases) or names only. */
export type CreatorSearchScope = 'all' | 'names';
