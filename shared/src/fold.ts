/**
 * The one text normaliser: every place that compares names or searches text (search keys and queries,
 * duplicate finding, existing-creator matching) compares `foldText` of both sides. The rules are in
 * docs/product.md "Names in every script"; in short, two spellings a reader would call the same name
 * fold to the same key, and nothing is guessed (no romanisation).
 */
import { dropInvisibleCharacters } from './text';

/** Latin, Greek and Cyrillic letters (and script-less bases) lose their accents; other scripts keep their marks. */
const ACCENTED_SCRIPTS = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\s]/u;
/** A base character and the nonspacing marks after it (or marks with no base at all, at the start). */
const MARK_RUNS = /(^|[^\p{Mn}])(\p{Mn}+)/gu;
/** Katakana letters and iteration marks that have a hiragana twin 0x60 code points below. */
const KATAKANA = /[\u30A1-\u30F6\u30FD\u30FE]/g;
/**
 * Latin letters a reader takes for a plain letter but Unicode does not decompose (a stroke, a bar, a
 * ligature): read as the letters people type for them, as search engines' ASCII folding does
 * (Ørsted = orsted, Łódź = lodz, Đen = den, Ærø = aero, Þórr = thorr). Lower case: applied after the
 * case folding.
 */
const LETTER_VARIANTS: Readonly<Record<string, string>> = {
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ħ: 'h',
  ŧ: 't',
  ƀ: 'b',
  ƚ: 'l',
  ƶ: 'z',
  ǥ: 'g',
  ȼ: 'c',
  ɇ: 'e',
  ɉ: 'j',
  ɍ: 'r',
  ɏ: 'y',
  ɨ: 'i',
  ʉ: 'u',
};
const LETTER_VARIANT = new RegExp(`[${Object.keys(LETTER_VARIANTS).join('')}]`, 'gu');
const ANY_LETTER_VARIANT = new RegExp(LETTER_VARIANT.source, 'u');
const FINAL_SIGMA = /ς/g;
const SHARP_S = /ß/g;
const SPACES = /\s+/g;
const ASCII = /^[\p{ASCII}]*$/u;

/**
 * `text` as a comparison key: NFKC (full- and half-width forms, ligatures, compatibility jamo); full
 * Unicode case folding (ß → ss, final sigma → σ); nonspacing marks removed from Latin, Greek and
 * Cyrillic letters (é → e, ё → е, ί → ι) and wherever they have no letter of another script to sit on,
 * while kana voicing marks and the marks of other scripts stay (は, ば and ぱ differ); Latin letters with
 * a stroke or bar and the ligatures as plain letters (ø → o, ł → l, đ → d, æ → ae); katakana as
 * hiragana (ペコラ = ぺこら); variation selectors and invisible characters dropped (the invisible
 * ones: dropInvisibleCharacters, what a search query ignores); spaces collapsed and trimmed. Emoji stay. Idempotent: foldText(foldText(x)) === foldText(x).
 */
export function foldText(text: string): string {
  // Plain ASCII (most names and every generated one) folds by lowercasing alone.
  if (ASCII.test(text)) return text.toLowerCase().replace(SPACES, ' ').trim();
  const cased = dropInvisibleCharacters(text)
    .normalize('NFKC')
    // Upper then lower applies the full (one-to-many) foldings: ß → SS → ss, ᾳ → ΑΙ → αι, ŉ → ʼN → ʼn.
    .toUpperCase()
    .toLowerCase()
    .replace(FINAL_SIGMA, 'σ')
    .replace(SHARP_S, 'ss'); // ẞ lowercases to ß without passing through SS
  const unmarked = cased
    .normalize('NFD')
    .replace(MARK_RUNS, (_run, base: string, marks: string) =>
      base === '' || ACCENTED_SCRIPTS.test(base) ? base : base + marks,
    )
    .replace(LETTER_VARIANT, (letter) => LETTER_VARIANTS[letter] ?? letter);
  return unmarked
    .replace(KATAKANA, (letter) => String.fromCharCode(letter.charCodeAt(0) - 0x60))
    .normalize('NFC')
    .replace(SPACES, ' ')
    .trim();
}

/**
 * True when `text` holds one of those letters, in either case or under a mark (Ǿ): the texts whose keys
 * were folded without that rule (a migration rewrites their stored keys).
 */
export const hasLetterVariant = (text: string): boolean =>
  ANY_LETTER_VARIANT.test(text.normalize('NFKD').toLowerCase());

const SYLLABLE_FIRST = 0xac00;
const SYLLABLE_LAST = 0xd7a3;
/** Syllables per initial consonant: 21 vowels × 28 finals. */
const SYLLABLES_PER_INITIAL = 588;
const INITIAL_FIRST = 0x1100;
/** A folded query of Hangul initial consonants only (NFKC turns ㅎ into the conjoining ᄒ), spaces allowed. */
const INITIALS_ONLY = /^[\u1100-\u1112](?:[\u1100-\u1112 ]*[\u1100-\u1112])?$/;
const HANGUL_SYLLABLE = /[\uAC00-\uD7A3]/g;

/** True when a folded query is made only of Hangul initial consonants, as in ㅎㄱ (matching 한글). */
export const isHangulInitialsQuery = (folded: string): boolean => INITIALS_ONLY.test(folded);

/**
 * A folded key with every Hangul syllable replaced by its initial consonant (한글 → ᄒᄀ), other
 * characters kept; null when the key holds no syllable. An initials-only query is looked up in these.
 */
export function hangulInitials(folded: string): string | null {
  if (!/[\uAC00-\uD7A3]/.test(folded)) return null;
  return folded.replace(HANGUL_SYLLABLE, (syllable) => {
    const code = syllable.charCodeAt(0);
    if (code < SYLLABLE_FIRST || code > SYLLABLE_LAST) return syllable;
    return String.fromCharCode(INITIAL_FIRST + Math.floor((code - SYLLABLE_FIRST) / SYLLABLES_PER_INITIAL));
  });
}

/** Characters (code points) of a folded text: what the short-query rule counts. */
export const foldedLength = (folded: string): number => [...folded].length;

/**
 * Queries shorter than this (in characters, folded) are short: looked up in the index of every one- and
 * two-character piece of the names (api creator-search-keys.ts); longer ones in the trigram index.
 */
export const SUBSTRING_MIN_LENGTH = 3;

/**
 * How a search term is looked up (docs/product.md "Names in every script"), decided once for every
 * database and client: `all` (a blank term, or one of only marks and spaces), `short` (one or two
 * characters: anywhere in a name), `substring` (three or more: anywhere in a name), or `prefix` (one
 * or two Hangul initial consonants, ㅎ or ㅎㄱ: the start of a word of the names' initials).
 * `initials` when the term is Hangul initial consonants only: then it is looked up in the names'
 * initials (hangulInitials) instead of the names.
 */
export type NameLookup =
  | { mode: 'all' }
  | { mode: 'short'; key: string; initials: false }
  | { mode: 'prefix'; key: string; initials: true }
  | { mode: 'substring'; key: string; initials: boolean };

export function nameLookup(term: string): NameLookup {
  const key = foldText(term);
  if (!key) return { mode: 'all' };
  const initials = isHangulInitialsQuery(key);
  if (foldedLength(key) >= SUBSTRING_MIN_LENGTH) return { mode: 'substring', key, initials };
  return initials ? { mode: 'prefix', key, initials } : { mode: 'short', key, initials };
}

export interface NameSearchKey {
  key: string;
  /** The key is the name's Hangul initials. */
  initials: boolean;
  /** The whole name (false: the text from one of its word starts). */
  whole: boolean;
}

/**
 * The keys a folded name is found by: the name itself, then for the short initials rule each word's
 * start (the text after every space); and the same for its Hangul initials when it has syllables. `initials`
 * tells which list a key belongs to.
 */
export function nameSearchKeys(folded: string): NameSearchKey[] {
  const keys: NameSearchKey[] = [];
  const add = (text: string, initials: boolean) => {
    keys.push({ key: text, initials, whole: true });
    for (let at = text.indexOf(' '); at !== -1; at = text.indexOf(' ', at + 1)) {
      keys.push({ key: text.slice(at + 1), initials, whole: false });
    }
  };
  if (!folded) return keys;
  add(folded, false);
  const initials = hangulInitials(folded);
  if (initials) add(initials, true);
  return keys;
}

/**
 * The reference of the lookup over folded names, in memory: true when one of `foldedNames` is found
 * by `lookup`. The databases answer the same through their indexes (api creator-search.ts).
 */
export function matchesNameLookup(lookup: NameLookup, foldedNames: readonly string[]): boolean {
  if (lookup.mode === 'all') return true;
  for (const name of foldedNames) {
    for (const { key, initials } of nameSearchKeys(name)) {
      if (initials !== lookup.initials) continue;
      if (lookup.mode === 'prefix' ? key.startsWith(lookup.key) : key.includes(lookup.key)) return true;
    }
  }
  return false;
}

/**
 * A channel (a creator's first link) as searched: the URL without its scheme and host (`@handle`,
 * `channel/UC…`), folded; the host alone when there is no path. Hosts are left out because every
 * YouTube creator would match 'youtube'.
 */
export function channelSearchKey(url: string): string {
  const trimmed = url.trim();
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)(.*)$/i.exec(trimmed);
  const rest = match ? (match[2] ?? '').replace(/^\/+/, '') || (match[1] ?? '') : trimmed;
  return foldText(rest);
}

/** The reference of the channel lookup: a channel is one whole key, found anywhere, never by initials. */
export function matchesChannelLookup(lookup: NameLookup, channelKey: string): boolean {
  if (lookup.mode === 'all') return true;
  if (lookup.initials || !channelKey) return false;
  return channelKey.includes(lookup.key);
}

/**
 * How a video search term is looked up in the titles (docs/product.md "Names in every script"): the
 * same folded text as a name search, found anywhere in the folded title: `all` (blank, or only marks
 * and spaces), `short` (one or two characters: the short-piece index) or `substring` (three or more:
 * the trigram index). Hangul initials are a names rule only: in a title they are looked for as typed.
 */
export type TitleLookup = { mode: 'all' } | { mode: 'short' | 'substring'; key: string };

export function titleLookup(term: string): TitleLookup {
  const key = foldText(term);
  if (!key) return { mode: 'all' };
  return { mode: foldedLength(key) >= SUBSTRING_MIN_LENGTH ? 'substring' : 'short', key };
}

/** A video title as its search index stores it: folded by the one normaliser. */
export const titleSearchKey = (title: string): string => foldText(title);

/**
 * The reference of the video search in memory: a video is found when its folded title holds the term,
 * or when one of its authors is found by the name search (scope 'names': names, other names, aliases).
 * The databases answer the same through their indexes (api video-title-keys.ts).
 */
export function matchesVideoSearch(
  term: string,
  title: string,
  authorsFoldedNames: readonly (readonly string[])[],
): boolean {
  const lookup = titleLookup(term);
  if (lookup.mode === 'all') return true;
  if (titleSearchKey(title).includes(lookup.key)) return true;
  const names = nameLookup(term);
  return authorsFoldedNames.some((names_) => matchesNameLookup(names, names_));
}
