/**
 * Search rows (docs/performance.md "Search"): the creator search and the video search with a new term
 * each request (so every answer is computed, never replayed from the answer cache: once the terms run
 * out, the page size changes), for terms of three or more characters (the trigram indexes) and of one or
 * two (the short-piece indexes). Appended to the API suite's reads at every size.
 */
import { API_ROUTES, PAGING, pagedListUrl } from '@friends/shared';
import type { Read } from './api-bench';

/** Syllables of the generated names (generate.ts) and words of the generated titles. */
const SYLLABLES = 'kar mon tal nel luv vis sad dop per raz lie ena aro osb cef ago hij kol emi nop'.split(
  ' ',
);
const TITLE_WORDS =
  'cook gam trav scien musi come fitn tech hist craf chess movi book skat codi bak puzz'.split(' ');
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** The n-th term of a list, then each with a letter after it: a new term for 26× the list's requests. */
const nth = (list: readonly string[], n: number): string =>
  `${list[n % list.length]}${n >= list.length ? LETTERS[Math.floor(n / list.length) % 26] : ''}`;

/** The n-th one- or two-character term: a letter, a digit pair, a letter pair, in turn. */
const shortTerm = (n: number): string => {
  const a = LETTERS[n % 26] as string;
  const b = LETTERS[Math.floor(n / 26) % 26] as string;
  return n % 3 === 0 ? a : n % 3 === 1 ? `${n % 10}${Math.floor(n / 10) % 10}` : `${a}${b}`;
};

/**
 * `make(n, page)` for each request, with a page one item shorter (then one item further on) each time
 * the n-th term gives a URL already asked for: the term lists hold a few hundred terms (one- and
 * two-character terms cannot be many more), and a repeated URL would be replayed from the answer cache,
 * not computed.
 */
function neverRepeated(
  first: string,
  base: number,
  make: (n: number, page: { limit: number; offset?: number }) => string,
): (n: number) => string {
  const asked = new Set([first]);
  return (n) => {
    for (let offset = 0; ; offset++) {
      for (let limit = base; limit > 1; limit--) {
        const path = make(n, offset === 0 ? { limit } : { limit, offset });
        if (!asked.has(path)) {
          asked.add(path);
          return path;
        }
      }
    }
  };
}

export function searchReads(): Read[] {
  const creators = PAGING.creatorsPage;
  const videos = PAGING.videosPage;
  type Page = { limit: number; offset?: number };
  const creatorSearch = (q: string, page: Page = { limit: creators }) =>
    pagedListUrl(API_ROUTES.creatorsSearch, { q, ...page });
  const videoSearch = (q: string, page: Page = { limit: videos }) =>
    pagedListUrl(API_ROUTES.videosSearch, { q, ...page });
  return [
    {
      name: 'creator search, a new 3+ letter term each request (trigram index)',
      path: creatorSearch('kar'),
      kind: 'visitor',
      rotate: neverRepeated(creatorSearch('kar'), creators, (n, page) =>
        creatorSearch(nth(SYLLABLES, n), page),
      ),
    },
    {
      name: 'creator search, a new 1-2 character term each request (short index)',
      path: creatorSearch('k'),
      kind: 'visitor',
      rotate: neverRepeated(creatorSearch('k'), creators, (n, page) => creatorSearch(shortTerm(n), page)),
    },
    {
      name: 'video search, a new 3+ letter term each request (title and name indexes)',
      path: videoSearch('cook'),
      kind: 'visitor',
      rotate: neverRepeated(videoSearch('cook'), videos, (n, page) =>
        videoSearch(nth(n % 2 === 0 ? TITLE_WORDS : SYLLABLES, Math.floor(n / 2)), page),
      ),
    },
    {
      name: 'video search, a new 1-2 character term each request (short indexes)',
      path: videoSearch('k'),
      kind: 'visitor',
      rotate: neverRepeated(videoSearch('k'), videos, (n, page) => videoSearch(shortTerm(n), page)),
    },
  ];
}
