/**
 * Characters no text field accepts (docs/product.md: names, titles and URLs are plain text): C0 control
 * characters (tab and line breaks only in multi-line fields), DEL and the C1 controls, the bidirectional
 * embeddings, overrides and isolates that can make a name read backwards, invisible characters (zero
 * width spaces and joiners, directional marks, the soft hyphen, the Arabic letter mark, invisible
 * operators, Hangul fillers, the byte order mark) that would let "Ann" and "An\u200Bn" be stored as two
 * names that look the same, Unicode noncharacters, and lone surrogates (not text at all, and not
 * allowed in XML such as the generated avatar).
 */
const CONTROLS = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F';
const BIDI = '\\u202A-\\u202E\\u2066-\\u2069';
const INVISIBLE =
  '\\u00AD\\u061C\\u115F\\u1160\\u200B\\u200C\\u200E\\u200F\\u2060-\\u2064\\u3164\\uFEFF\\uFFA0';
/** U+FDD0–U+FDEF and the last two code points of every plane (as UTF-16: a pair for planes 1–16). */
const NONCHARACTER_BMP = '\\uFDD0-\\uFDEF\\uFFFE\\uFFFF';
const NONCHARACTER_ASTRAL =
  '[\\uD83F\\uD87F\\uD8BF\\uD8FF\\uD93F\\uD97F\\uD9BF\\uD9FF\\uDA3F\\uDA7F\\uDABF\\uDAFF\\uDB3F\\uDB7F\\uDBBF\\uDBFF][\\uDFFE\\uDFFF]';
const LONE_SURROGATE = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
/** A zero width joiner outside an emoji sequence (inside one, as in 🙂‍↔️, it is part of a visible emoji). */
const STRAY_JOINER = /(?<!\p{Extended_Pictographic}\uFE0F?)\u200D|\u200D(?!\p{Extended_Pictographic})/u;
const STRAY_JOINERS = new RegExp(STRAY_JOINER.source, 'gu');
/** Astral noncharacters and lone surrogates: the rules that look at UTF-16 pairs. */
const PAIRS = `${NONCHARACTER_ASTRAL}|${LONE_SURROGATE}`;
const LINE_BREAKS = '\\t\\n\\r';

const SINGLE_LINE = new RegExp(`[${CONTROLS}${BIDI}${INVISIBLE}${NONCHARACTER_BMP}${LINE_BREAKS}]|${PAIRS}`);
const MULTI_LINE = new RegExp(`[${CONTROLS}${BIDI}${INVISIBLE}${NONCHARACTER_BMP}]|${PAIRS}`);
/** What `toPlainText` removes: the multi-line rule's characters (line breaks are handled apart). */
const STRIP = new RegExp(MULTI_LINE.source, 'g');
const LINE_BREAK_RUNS = /[\t\n\r]+/g;
/** Everything XML 1.0 cannot hold or that would change how the text reads, for stripping. */
const UNSAFE_ANYWHERE = new RegExp(
  `[${CONTROLS}${BIDI}${INVISIBLE}${NONCHARACTER_BMP}${LINE_BREAKS}]|${PAIRS}`,
  'g',
);

export const UNSAFE_TEXT_MESSAGE =
  'contains a control character, a bidirectional override, an invisible character or a broken character (lone surrogate)';

/** True when `text` holds a character no text field accepts (see above). */
export function hasUnsafeCharacters(text: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? MULTI_LINE : SINGLE_LINE).test(text) || STRAY_JOINER.test(text);
}

/** `text` without those characters (and without tab or line breaks): for output such as SVG. */
export function stripUnsafeCharacters(text: string): string {
  return text.replace(STRAY_JOINERS, '').replace(UNSAFE_ANYWHERE, '');
}

/**
 * `text` made acceptable to a text field, for text from elsewhere that cannot be refused (YouTube
 * titles, channel names, descriptions): the characters above removed and, outside multi-line fields,
 * each run of tabs and line breaks made one space. `hasUnsafeCharacters` is false for the result.
 */
export function toPlainText(text: string, options: { multiline?: boolean } = {}): string {
  return (options.multiline ? text : text.replace(LINE_BREAK_RUNS, ' '))
    .replace(STRAY_JOINERS, '')
    .replace(STRIP, '');
}

/**
 * Characters that show nothing and would make a name look like another (docs/product.md "Names in every
 * script"): zero-width spaces and joiners outside emoji, word joiners, BOM, soft hyphens, Hangul fillers,
 * Mongolian vowel separator, and the other default-ignorable code points. The zero-width joiner,
 * variation selectors and tag characters stay allowed: emoji sequences need them.
 */
const INVISIBLE_FORMATS =
  /[\u00AD\u061C\u115F\u1160\u200B\u200C\u200E\u200F\u2060-\u206F\u3164\uFEFF\uFFA0\u{1BCA0}-\u{1BCA3}\u{1D173}-\u{1D17A}]/u;
/** Invisible nonspacing marks, one alternative each (a mark inside a character class would join the one before). */
const INVISIBLE_MARKS = /\u034F|\u17B4|\u17B5|\u180B|\u180C|\u180D|\u180F/u;

/** True when a name holds an invisible character (above): names refuse them, with a 400 naming the field. */
export const hasInvisibleCharacters = (text: string): boolean =>
  INVISIBLE_FORMATS.test(text) || INVISIBLE_MARKS.test(text);

/**
 * Every character a search drops: the invisible ones above, the bidirectional embeddings, overrides
 * and isolates, and a zero-width joiner outside an emoji sequence (one inside, as in 👩‍🎤, is kept).
 */
const IGNORABLE = new RegExp(`[${BIDI}]|${INVISIBLE_FORMATS.source}|${INVISIBLE_MARKS.source}`, 'gu');

/**
 * `text` without the characters that show nothing (zero-width spaces and joiners outside emoji,
 * directional marks and overrides, word joiners, BOM, soft hyphens, fillers): what a search query
 * pasted from a chat ("ペ\u200Bコラ") means. Names refuse these characters; a search ignores them,
 * so a query made only of them is the empty search. Controls, noncharacters and lone surrogates are
 * not dropped (hasUnsafeCharacters still tells them). foldText drops them too.
 */
export function dropInvisibleCharacters(text: string): string {
  const kept = text.replace(IGNORABLE, '');
  return kept.includes('\u200D') ? kept.replace(STRAY_JOINERS, '') : kept;
}
