/** Creator-name rules: docs/product.md §5 duplicate finder and the add/edit creator form's link handling. */
import { foldText } from './fold';
import { detectPlatform } from './platform';
import type { SocialLink } from './types';

/**
 * A name as stored (creators' names, other names, aliases, groups; docs/product.md "Names in every
 * script"): in Unicode NFC, so Beyoncé typed with a combining accent (e + U+0301) is stored as the one
 * character é and is the same name in bytes; trimmed, inner whitespace collapsed.
 */
export function storedName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ');
}

/**
 * storedName lowercased: the uniqueness key of a name (creators.name_key), so 'Ann Bo', 'ann  bo' and
 * an NFD 'Ann Bo' cannot all be creators. Spellings that differ by more than case (ぺこら and ペコラ,
 * José and Jose) may both exist and are offered as duplicates, compared through foldText.
 */
export function normalizeName(name: string): string {
  return storedName(name).toLowerCase();
}

interface Named {
  id: number;
  name: string;
  aliases?: readonly string[];
  /** Other names (兎田ぺこら's Usada Pekora), with or without their language tags. */
  otherNames?: readonly { name: string }[];
}

/** Every name an item goes by: its name, its aliases and its other names. */
const namesOf = (item: Named): string[] => [
  item.name,
  ...(item.aliases ?? []),
  ...(item.otherNames ?? []).map((other) => other.name),
];

/**
 * Groups of two or more items sharing a folded name (foldText: ぺこら = ペコラ, José = Jose), where
 * aliases (docs/architecture.md departure 9) and other names count as names, transitively: A's alias
 * equal to B's name and B's other name equal to C's name is one group. Groups come in the order of
 * their first member, members in input order.
 */
export function findDuplicateGroups<T extends Named>(items: T[]): T[][] {
  const parent = items.map((_, index) => index);
  const root = (index: number): number => {
    let current = index;
    while (parent[current] !== current) current = parent[current] ?? current;
    return current;
  };
  const firstIndexByName = new Map<string, number>();
  items.forEach((item, index) => {
    for (const name of namesOf(item)) {
      const key = foldText(name);
      if (!key) continue;
      const earlier = firstIndexByName.get(key);
      if (earlier === undefined) firstIndexByName.set(key, index);
      else {
        const [a, b] = [root(earlier), root(index)];
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b); // the earlier item stays the root
      }
    }
  });
  const groups = new Map<number, T[]>();
  items.forEach((item, index) => {
    const key = root(index);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  });
  return [...groups.values()].filter((group) => group.length >= 2);
}

/**
 * The links to store: blank URLs dropped, URLs trimmed, and the platform always re-detected from the
 * URL (the form shows it read-only; a client-sent platform is never trusted).
 */
export function normalizeSocialLinks(links: readonly { platform?: string; url: string }[]): SocialLink[] {
  return links
    .map((link) => (link.url ?? '').trim())
    .filter((url) => url !== '')
    .map((url) => ({ platform: detectPlatform(url), url }));
}

/**
 * The links an edit keeps when it sends no socialLinks, as an older client that knows only `channel`
 * does: the stored links, with the channel it sends as the first one. The same URL keeps them all, a new
 * URL replaces the first link (the others stay), '' removes the first link; no channel keeps them all.
 * `channel` is already trimmed and normalised (normalizeLinkUrl).
 */
export function linksWithChannel(stored: readonly SocialLink[], channel: string | undefined): SocialLink[] {
  if (channel === undefined || stored[0]?.url === channel) return [...stored];
  const rest = stored.slice(1).filter((link) => link.url !== channel);
  return channel === '' ? rest : [{ platform: detectPlatform(channel), url: channel }, ...rest];
}

/** The legacy `channel` field: the first non-blank link's URL, or ''. */
export function channelFromLinks(links: readonly { url: string }[]): string {
  return links.map((link) => (link.url ?? '').trim()).find((url) => url !== '') ?? '';
}
