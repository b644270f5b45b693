/**
 * SPEC.md §2 search: a case-insensitive substring of the name or the channel; merged-away names
 * (aliases, DESIGN.md departure 9) count like the name. The lowercased text is built once per list, so a
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
