import { rowTops, visibleWindow } from './virtual-window';

const sizes =
  (measured: Record<number, number>) =>
  (index: number): number | undefined =>
    measured[index];

describe('rowTops', () => {
  it('stacks measured heights and uses the estimate for rows not measured yet', () => {
    const tops = rowTops({ count: 4, lanes: 1, gap: 0, estimate: 50, sizeOf: sizes({ 0: 40, 2: 100 }) });
    expect(Array.from(tops)).toEqual([0, 40, 90, 190, 240]);
  });

  it('makes a grid row as tall as its tallest item and puts the gap between rows', () => {
    // 5 items in rows of 2: [0,1] [2,3] [4]
    const tops = rowTops({ count: 5, lanes: 2, gap: 10, estimate: 30, sizeOf: sizes({ 0: 20, 1: 60 }) });
    expect(Array.from(tops)).toEqual([0, 70, 110, 150]);
  });
});

describe('visibleWindow', () => {
  // 10,000 rows of 50px.
  const count = 10_000;
  const tops = rowTops({ count, lanes: 1, gap: 0, estimate: 50, sizeOf: () => undefined });

  it('renders only the rows in view plus the overscan, and pads for the rest', () => {
    const range = visibleWindow({
      tops,
      count,
      lanes: 1,
      gap: 0,
      scrollTop: 0,
      viewport: 500,
      overscan: 100,
    });
    expect(range).toEqual({ start: 0, end: 13, before: 0, after: (count - 13) * 50 });
  });

  it('follows the scroll position, keeping the total height', () => {
    const range = visibleWindow({
      tops,
      count,
      lanes: 1,
      gap: 0,
      scrollTop: 250_000,
      viewport: 500,
      overscan: 100,
    });
    expect(range.start).toBe(4998);
    expect(range.end).toBe(5013);
    expect(range.before).toBe(4998 * 50);
    expect(range.before + (range.end - range.start) * 50 + range.after).toBe(count * 50);
  });

  it('shows the last rows when scrolled past the end (a list that just got shorter)', () => {
    const range = visibleWindow({
      tops,
      count,
      lanes: 1,
      gap: 0,
      scrollTop: 10_000_000,
      viewport: 500,
      overscan: 100,
    });
    expect(range.end).toBe(count);
    expect(range.start).toBe(count - 1);
    expect(range.after).toBe(0);
  });

  it('windows a grid a whole visual row at a time', () => {
    // 100 items, 3 per row, rows 100px with a 10px gap.
    const grid = rowTops({ count: 100, lanes: 3, gap: 10, estimate: 100, sizeOf: () => undefined });
    const range = visibleWindow({
      tops: grid,
      count: 100,
      lanes: 3,
      gap: 10,
      scrollTop: 1100,
      viewport: 200,
      overscan: 0,
    });
    // Rows 10 and 11 (tops 1100 and 1210) are in view; row 12 starts at 1320, below 1100 + 200.
    const total = 34 * 110 - 10;
    expect(range).toEqual({ start: 30, end: 36, before: 1100, after: total - (12 * 110 - 10) });
  });

  it('renders nothing for an empty list', () => {
    const empty = rowTops({ count: 0, lanes: 1, gap: 0, estimate: 50, sizeOf: () => undefined });
    expect(
      visibleWindow({ tops: empty, count: 0, lanes: 1, gap: 0, scrollTop: 0, viewport: 500, overscan: 100 }),
    ).toEqual({ start: 0, end: 0, before: 0, after: 0 });
  });
});
