/**
 * Characters no text field accepts (docs/product.md: names, titles and URLs are plain text): C0 control
 * characters (tab and line breaks only in multi-line fields), DEL and the C1 controls, the bidirectional
 * embeddings, overrides and isolates that can make a name read backwards, and lone surrogates (not
 * text at all, and not allowed in XML such as the generated avatar).
 */
const CONTROLS = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F';
const BIDI = '\\u202A-\\u202E\\u2066-\\u2069';
const LONE_SURROGATE = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const LINE_BREAKS = '\\t\\n\\r';

const SINGLE_LINE = new RegExp(`[${CONTROLS}${BIDI}${LINE_BREAKS}]|${LONE_SURROGATE}`);
const MULTI_LINE = new RegExp(`[${CONTROLS}${BIDI}]|${LONE_SURROGATE}`);
/** What `toPlainText` removes: the multi-line rule's characters (line breaks are handled apart). */
const STRIP = new RegExp(MULTI_LINE.source, 'g');
const LINE_BREAK_RUNS = /[\t\n\r]+/g;
/** Everything XML 1.0 cannot hold or that would change how the text reads, for stripping. */
const UNSAFE_ANYWHERE = new RegExp(`[${CONTROLS}${BIDI}${LINE_BREAKS}\\uFFFE\\uFFFF]|${LONE_SURROGATE}`, 'g');

export const UNSAFE_TEXT_MESSAGE =
  'contains a control character, a bidirectional override or a broken character (lone surrogate)';

/** True when `text` holds a character no text field accepts (see above). */
export function hasUnsafeCharacters(text: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? MULTI_LINE : SINGLE_LINE).test(text);
}

/** `text` without those characters (and without tab or line breaks): for output such as SVG. */
export function stripUnsafeCharacters(text: string): string {
  return text.replace(UNSAFE_ANYWHERE, '');
}

/**
 * `text` made acceptable to a text field, for text from elsewhere that cannot be refused (YouTube
 * titles, channel names, descriptions): the characters above removed and, outside multi-line fields,
 * each run of tabs and line breaks made one space. `hasUnsafeCharacters` is false for the result.
 */
export function toPlainText(text: string, options: { multiline?: boolean } = {}): string {
  return (options.multiline ? text : text.replace(LINE_BREAK_RUNS, ' ')).replace(STRIP, '');
}
