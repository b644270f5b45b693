/**
 * SPEC.md §2 search: a case-insensitive substring of the name or the channel; merged-away names
 * (aliases, DESIGN.md departure 9) count like the name. The lowercased text is built once per list, so a
 * keystroke over 10,000 creators is one pass of `includes`.
 */
import type { CreatorListItem } from '@friends/shared';

export interface SearchEntry {
  creator: CreatorListItem;
  haystack: string;
}

/** Fields joined with a newline, which a typed term cannot contain, so no match spans two fields. */
export function buildSearchIndex(creators: readonly CreatorListItem[]): SearchEntry[] {
  return creators.map((creator) => ({
    creator,
    haystack: [creator.name, creator.channel, ...(creator.aliases ?? [])].join('\n').toLowerCase(),
  }));
}

export function filterCreators(index: readonly SearchEntry[], term: string): CreatorListItem[] {
  const needle = term.trim().toLowerCase();
  if (!needle) return index.map((entry) => entry.creator);
  const matches: CreatorListItem[] = [];
  for (const entry of index) if (entry.haystack.includes(needle)) matches.push(entry.creator);
  return matches;
}
