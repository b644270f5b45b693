/**
 * Search rows (docs/performance.md "Search"): the creator search and the video search with a new term
 * each request (so every answer is computed, never replayed from the answer cache, and no term's
 * lookups are kept from an earlier request), for terms of three or more characters (the trigram
 * indexes) and of one or two (the short-piece indexes). Appended to the API suite's reads at every size.
 */
import { API_ROUTES, PAGING, pagedListUrl, seededRandom } from '@friends/shared';
import type { Read } from './api-bench';
import { FORMATS, SYLLABLES, TOPICS } from './generate';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Every distinct piece of 3 to `longest` characters of `texts` (no space at either end), shuffled. */
function piecesOf(texts: readonly string[], longest: number, seed: number): string[] {
  const pieces = new Set<string>();
  for (const text of texts) {
    for (let length = 3; length <= longest; length++) {
      for (let start = 0; start + length <= text.length; start++) {
        const piece = text.slice(start, start + length);
        if (piece.trim() === piece) pieces.add(piece);
      }
    }
  }
  const random = seededRandom(seed);
  const list = [...pieces];
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j] as string, list[i] as string];
  }
  return list;
}

/**
 * Pieces of two syllables side by side, as generated names hold them (generate.ts): about 7,600
 * terms, each finding the creators (and their videos) whose name holds it. A row runs out of them only
 * after that many requests, where its page sizes start to change.
 */
const NAME_PIECES = piecesOf(
  SYLLABLES.flatMap((a) => SYLLABLES.map((b) => a + b)),
  6,
  1,
);

/** Pieces of a topic and a format side by side, as generated titles hold them: about 4,800 terms. */
const TITLE_PIECES = piecesOf(
  TOPICS.flatMap((topic) => FORMATS.map((format) => `${topic} ${format.toLowerCase()}`)),
  10,
  2,
);

/** The n-th one- or two-character term: a letter, a digit pair, a letter pair, in turn. */
const shortTerm = (n: number): string => {
  const a = LETTERS[n % 26] as string;
  const b = LETTERS[Math.floor(n / 26) % 26] as string;
  return n % 3 === 0 ? a : n % 3 === 1 ? `${n % 10}${Math.floor(n / 10) % 10}` : `${a}${b}`;
};

/**
 * `make(n, page)` for each request, with a page one item shorter (then one item further on) each time
 * the n-th term gives a URL already asked for: one- and two-character terms are a few hundred (they
 * cannot be many more), and a repeated URL would be replayed from the answer cache, not computed.
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
        creatorSearch(NAME_PIECES[n % NAME_PIECES.length] as string, page),
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
      rotate: neverRepeated(videoSearch('cook'), videos, (n, page) => {
        const pieces = n % 2 === 0 ? TITLE_PIECES : NAME_PIECES;
        return videoSearch(pieces[Math.floor(n / 2) % pieces.length] as string, page);
      }),
    },
    {
      name: 'video search, a new 1-2 character term each request (short indexes)',
      path: videoSearch('k'),
      kind: 'visitor',
      rotate: neverRepeated(videoSearch('k'), videos, (n, page) => videoSearch(shortTerm(n), page)),
    },
  ];
}
