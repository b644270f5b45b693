/**
 * A creator's other names (docs/product.md "Names in every script"): the same creator written in other
 * scripts or romanised (兎田ぺこら / Usada Pekora), each with an optional BCP 47 language tag. Searched
 * like the name; checked the same way by the admin form and the API.
 */
import { LIMITS } from './constants';
import { storedName } from './names';
import { hasInvisibleCharacters, hasUnsafeCharacters } from './text';

export interface OtherName {
  name: string;
  /** A BCP 47 tag in its canonical form (`ja`, `ja-Latn`, `ko`, `ru-Latn`); absent when not given. */
  lang?: string;
}

/**
 * A private-use tag (`x-whatever`): valid BCP 47 (RFC 5646 `privateuse`), though not a locale Intl
 * knows, so it is checked by its grammar: `x` and one or more subtags of 1–8 letters or digits.
 */
const PRIVATE_USE_TAG = /^x(?:-[a-z0-9]{1,8})+$/i;

/** The canonical form of a BCP 47 language tag (`JA-latn` → `ja-Latn`), or null when it is not one. */
export function canonicalLanguageTag(tag: string): string | null {
  if (!tag || tag.length > LIMITS.languageTag || /[^A-Za-z0-9-]/.test(tag)) return null;
  if (PRIVATE_USE_TAG.test(tag)) return tag.toLowerCase();
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * A name's length as the name limit counts it, the same as the API's length check on the name itself:
 * characters (code points, so an emoji is one), not counting emoji presentation selectors.
 */
export function nameLength(name: string): number {
  let length = 0;
  for (const char of name) if (char !== '\uFE0F' && char !== '\uFE0E') length += 1;
  return length;
}

/** `Usada Pekora (ja-Latn)`: an other name with its language tag, when it has one (CSV and export cells). */
export const otherNameText = (other: { name: string; lang?: string | null }): string =>
  other.lang ? `${other.name} (${other.lang})` : other.name;

export const OTHER_NAME_MESSAGES = {
  tooMany: `otherNames may hold at most ${LIMITS.otherNames} names`,
  blank: (at: number) => `otherNames[${at}].name must not be blank`,
  tooLong: (at: number) => `otherNames[${at}].name must be at most ${LIMITS.creatorName} characters`,
  unsafe: (at: number) =>
    `otherNames[${at}].name contains a control or invisible character (zero-width space, joiner, filler)`,
  lang: (at: number) => `otherNames[${at}].lang must be a BCP 47 language tag such as ja, ja-Latn or ko`,
} as const;

/** The first problem with a list of other names as a message naming the field, or null. */
export function otherNamesError(list: readonly { name: string; lang?: string | null }[]): string | null {
  if (list.length > LIMITS.otherNames) return OTHER_NAME_MESSAGES.tooMany;
  for (const [at, other] of list.entries()) {
    const name = storedName(other.name); // counted as stored: an NFD é is one character
    if (!name) return OTHER_NAME_MESSAGES.blank(at);
    if (nameLength(name) > LIMITS.creatorName) return OTHER_NAME_MESSAGES.tooLong(at);
    if (hasUnsafeCharacters(other.name) || hasInvisibleCharacters(other.name))
      return OTHER_NAME_MESSAGES.unsafe(at);
    if (
      other.lang !== undefined &&
      other.lang !== null &&
      other.lang !== '' &&
      !canonicalLanguageTag(other.lang)
    )
      return OTHER_NAME_MESSAGES.lang(at);
  }
  return null;
}

/**
 * The other names to store: storedName (NFC, trimmed, inner spaces collapsed), tags canonical (a blank tag is none), and
 * a name repeated (same text, same tag) kept once. Call after otherNamesError.
 */
export function normalizeOtherNames(list: readonly { name: string; lang?: string | null }[]): OtherName[] {
  const seen = new Set<string>();
  const result: OtherName[] = [];
  for (const other of list) {
    const name = storedName(other.name);
    const lang = other.lang ? (canonicalLanguageTag(other.lang) ?? undefined) : undefined;
    const id = `${name}\n${lang ?? ''}`;
    if (seen.has(id)) continue;
    seen.add(id);
    result.push(lang ? { name, lang } : { name });
  }
  return result;
}
