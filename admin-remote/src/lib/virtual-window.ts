/**
 * The arithmetic of a windowed list: which rows a scroll position shows, and how much room the rows
 * left out take above and below. Pure, so it is tested without a browser; IncrementalList measures
 * the DOM and feeds it. Items sit in visual rows of `lanes` items (1 for a list, the column count
 * for a grid); a visual row is as tall as its tallest item, and `gap` separates visual rows.
 */

export interface RowLayoutInput {
  /** Items in the list. */
  count: number;
  /** Items per visual row (at least 1). */
  lanes: number;
  /** Measured height of item `index`, or undefined when it has not been rendered yet. */
  sizeOf: (index: number) => number | undefined;
  /** Height used for an item not measured yet. */
  estimate: number;
  /** Space between two visual rows (CSS row-gap). */
  gap: number;
}

/**
 * Top of every visual row from the list's top, plus one entry past the last row: `tops[r]` is where
 * row r starts and `tops[rows]` is the total height plus one `gap`.
 */
export function rowTops({ count, lanes, sizeOf, estimate, gap }: RowLayoutInput): Float64Array {
  const perRow = Math.max(1, Math.floor(lanes));
  const rows = Math.ceil(count / perRow);
  const tops = new Float64Array(rows + 1);
  let offset = 0;
  for (let row = 0; row < rows; row++) {
    tops[row] = offset;
    let height = 0;
    const end = Math.min(count, (row + 1) * perRow);
    for (let index = row * perRow; index < end; index++) height = Math.max(height, sizeOf(index) ?? estimate);
    offset += height + gap;
  }
  tops[rows] = offset;
  return tops;
}

export interface WindowRange {
  /** First item rendered (the first of its visual row). */
  start: number;
  /** One past the last item rendered. */
  end: number;
  /** Room taken by the rows before `start`. */
  before: number;
  /** Room taken by the rows from `end` on. */
  after: number;
}

export interface WindowInput {
  tops: Float64Array;
  count: number;
  lanes: number;
  gap: number;
  /** Scroll position measured from the list's top (may be negative when the list starts lower). */
  scrollTop: number;
  /** Height of the visible area. */
  viewport: number;
  /** Extra room rendered above and below the visible area, so a fast scroll does not show blanks. */
  overscan: number;
}

/** Index of the last row whose top is at or above `y` (0 when none is). */
function rowAt(tops: Float64Array, rows: number, y: number): number {
  let low = 0;
  let high = rows - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((tops[mid] ?? 0) <= y) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** The items to render for a scroll position, and the room the others take. */
export function visibleWindow({
  tops,
  count,
  lanes,
  gap,
  scrollTop,
  viewport,
  overscan,
}: WindowInput): WindowRange {
  const perRow = Math.max(1, Math.floor(lanes));
  const rows = tops.length - 1;
  if (count <= 0 || rows <= 0) return { start: 0, end: 0, before: 0, after: 0 };
  const first = rowAt(tops, rows, Math.max(0, scrollTop - overscan));
  const last = rowAt(tops, rows, Math.max(0, scrollTop + viewport + overscan));
  const total = (tops[rows] ?? 0) - gap;
  const end = Math.min(count, (last + 1) * perRow);
  // What the rendered rows cover ends one gap before the next row's top.
  const renderedBottom = (tops[last + 1] ?? total + gap) - gap;
  return {
    start: first * perRow,
    end,
    before: tops[first] ?? 0,
    after: Math.max(0, total - renderedBottom),
  };
}
