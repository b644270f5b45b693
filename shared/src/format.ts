/**
 * How numbers, counts and dates read on every screen (docs/product.md "How things read"): one place,
 * so a board, a card and a history entry never disagree ("1 collab", "Mar 5, 2024").
 */

/** Words whose plural is not the word plus "s". */
const IRREGULAR: Readonly<Record<string, string>> = {
  person: 'people',
  // "1 collab" / "2 collabs" are regular; kept here only as a reminder that units are singular.
};

/** The plural of a singular unit: "collab" → "collabs", "person" → "people", "match" → "matches". */
export function pluralOf(word: string): string {
  const irregular = IRREGULAR[word];
  if (irregular) return irregular;
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}

// One formatter for every count: toLocaleString builds a new one on each call, the costliest part of
// painting a page of cards in the browser.
const COUNT_FORMAT = new Intl.NumberFormat('en');

/**
 * "1 collab", "2 collabs", "1 person", "3 people": `one` is the singular unit, `many` its plural
 * when it is not the regular one. Counts read with thousands separators ("1,204 videos").
 */
export function countOf(count: number, one: string, many: string = pluralOf(one)): string {
  // Below 1,000 a whole count reads as its digits: the formatter only for the rest.
  const digits =
    Number.isInteger(count) && count >= 0 && count < 1000 ? String(count) : COUNT_FORMAT.format(count);
  return `${digits} ${count === 1 ? one : many}`;
}

const DAY_FORMAT = new Intl.DateTimeFormat('en', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

const MONTH_FORMAT = new Intl.DateTimeFormat('en', { month: 'short', year: 'numeric', timeZone: 'UTC' });

const TIME_FORMAT = new Intl.DateTimeFormat('en', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH_ONLY = /^\d{4}-\d{2}$/;

/**
 * A calendar day as every screen shows it: "YYYY-MM-DD" (or a full ISO time, read as its UTC day)
 * → "Mar 5, 2024". Text that is not a date is returned as written, so nothing disappears.
 */
export function formatDay(date: string): string {
  const parsed = DAY_ONLY.test(date) ? new Date(`${date}T00:00:00Z`) : new Date(date);
  return date && !Number.isNaN(parsed.getTime()) ? DAY_FORMAT.format(parsed) : date;
}

/** "YYYY-MM" → "Mar 2024" (chart axes and month buckets). */
export function formatMonth(month: string): string {
  const parsed = MONTH_ONLY.test(month) ? new Date(`${month}-01T00:00:00Z`) : new Date(month);
  return month && !Number.isNaN(parsed.getTime()) ? MONTH_FORMAT.format(parsed) : month;
}

/** A moment (ISO 8601) in the reader's time zone: "Mar 5, 2024, 2:07 PM". */
export function formatMoment(iso: string): string {
  const parsed = new Date(iso);
  return Number.isNaN(parsed.getTime()) ? iso : TIME_FORMAT.format(parsed);
}

/**
 * Standard competition ranks ("1224") for values already sorted best first: equal values share a
 * rank, and the next different value takes its place in the list. `[5, 5, 3, 2, 2]` → `[1, 1, 3, 4, 4]`.
 */
export function competitionRanks(values: readonly number[]): number[] {
  const ranks: number[] = [];
  values.forEach((value, index) => {
    ranks.push(index > 0 && value === values[index - 1] ? (ranks[index - 1] as number) : index + 1);
  });
  return ranks;
}
