import type { AggregateCache, ChangedTables } from '../database/aggregate-cache.service';
import { AnswerMemo } from './answer-memo';

/** The one part of the aggregate cache a memo uses: its invalidations, sent by hand here. */
function fakeCache() {
  const listeners: Array<(changed: ChangedTables) => void> = [];
  const cache = { onInvalidate: (listener: (changed: ChangedTables) => void) => listeners.push(listener) };
  return {
    cache: cache as unknown as AggregateCache,
    invalidate: (changed: ChangedTables) => listeners.forEach((listener) => listener(changed)),
  };
}

/** A loader of squares that records what it was asked for. */
function squares() {
  const asked: number[][] = [];
  const load = (missing: number[]) => {
    asked.push(missing);
    return Promise.resolve(missing.map((n) => (n < 0 ? null : n * n)));
  };
  return { asked, load };
}

describe('AnswerMemo.get', () => {
  it('computes a key once until a table it reads changes', async () => {
    const { cache, invalidate } = fakeCache();
    const memo = new AnswerMemo<string>(cache, ['videos'], 10);
    const compute = jest.fn(() => Promise.resolve('answer'));
    await memo.get('a', compute);
    await memo.get('a', compute);
    invalidate(new Set(['events']));
    await memo.get('a', compute);
    expect(compute).toHaveBeenCalledTimes(1);
    invalidate(new Set(['videos']));
    await memo.get('a', compute);
    expect(compute).toHaveBeenCalledTimes(2);
  });
});

describe('AnswerMemo.fitting', () => {
  it('uses a kept value only when it fits what is asked, and keeps the new one in its place', async () => {
    const { cache, invalidate } = fakeCache();
    const memo = new AnswerMemo<{ through: number }>(cache, ['videos'], 10);
    const read = (through: number) => jest.fn(() => Promise.resolve({ through }));
    const upTo = (end: number) => (kept: { through: number }) => kept.through >= end;
    const first = read(50);
    expect(await memo.fitting('a', upTo(50), first)).toEqual({ through: 50 });
    const smaller = read(40);
    expect(await memo.fitting('a', upTo(40), smaller)).toEqual({ through: 50 });
    expect(smaller).not.toHaveBeenCalled();
    const larger = read(100);
    expect(await memo.fitting('a', upTo(100), larger)).toEqual({ through: 100 });
    expect(await memo.fitting('a', upTo(60), read(60))).toEqual({ through: 100 });
    invalidate(new Set(['videos']));
    expect(await memo.fitting('a', upTo(10), read(10))).toEqual({ through: 10 });
    expect(first).toHaveBeenCalledTimes(1);
    expect(larger).toHaveBeenCalledTimes(1);
  });
});

describe('AnswerMemo.many', () => {
  it('reads only the keys it does not keep, in one call, and answers in the order asked', async () => {
    const { cache } = fakeCache();
    const memo = new AnswerMemo<number | null, number>(cache, ['videos'], 10);
    const { asked, load } = squares();
    expect(await memo.many([3, 1, 2], load)).toEqual([9, 1, 4]);
    expect(await memo.many([4, 2, -1, 4, 3], load)).toEqual([16, 4, null, 16, 9]);
    expect(asked).toEqual([
      [3, 1, 2],
      [4, -1],
    ]);
    // An absent key is kept as absent too.
    expect(await memo.many([-1], load)).toEqual([null]);
    expect(asked).toHaveLength(2);
  });

  it('reads everything again after a change to a table it reads', async () => {
    const { cache, invalidate } = fakeCache();
    const memo = new AnswerMemo<number | null, number>(cache, ['videos', 'creators'], 10);
    const { asked, load } = squares();
    await memo.many([1, 2], load);
    invalidate(new Set(['creators']));
    await memo.many([1, 2], load);
    invalidate(null); // everything changed
    await memo.many([2], load);
    expect(asked).toEqual([[1, 2], [1, 2], [2]]);
  });

  it('does not keep what was read across a change, but answers it', async () => {
    const { cache, invalidate } = fakeCache();
    const memo = new AnswerMemo<number | null, number>(cache, ['videos'], 10);
    const { asked, load } = squares();
    const during = memo.many([5], (missing) => {
      invalidate(new Set(['videos'])); // a write commits while the read is under way
      return load(missing);
    });
    expect(await during).toEqual([25]);
    expect(await memo.many([5], load)).toEqual([25]);
    expect(asked).toEqual([[5], [5]]);
  });

  it('keeps at most its limit, the least recently used out first', async () => {
    const { cache } = fakeCache();
    const memo = new AnswerMemo<number | null, number>(cache, ['videos'], 3);
    const { asked, load } = squares();
    await memo.many([1, 2, 3], load);
    await memo.many([1], load); // 1 used again: 2 is now the oldest
    await memo.many([4], load);
    await memo.many([1, 3, 4], load);
    expect(asked).toEqual([[1, 2, 3], [4]]);
    await memo.many([2], load);
    expect(asked).toEqual([[1, 2, 3], [4], [2]]);
    // A request for more keys than the limit still answers every one of them.
    expect(await memo.many([6, 7, 8, 9, 10], load)).toEqual([36, 49, 64, 81, 100]);
  });

  it('moves a key used again to the newest end once a quarter of its limit came after it', async () => {
    const { cache } = fakeCache();
    const memo = new AnswerMemo<number | null, number>(cache, ['videos'], 16);
    const { asked, load } = squares();
    const keys = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
    await memo.many(keys(0, 16), load);
    await memo.many([0, 14], load); // 0 is the oldest and moves; 14, among the newest four, stays put
    await memo.many([16], load); // past the limit: trimmed to 15, the oldest out (1 and 2)
    await memo.many([0, ...keys(3, 17)], load);
    expect(asked).toEqual([keys(0, 16), [16]]);
    await memo.many([1, 2], load);
    expect(asked.at(-1)).toEqual([1, 2]);
  });

  it('shares a read under way with a second ask, and forgets keys whose read failed', async () => {
    const { cache } = fakeCache();
    const memo = new AnswerMemo<number | null, number>(cache, ['videos'], 10);
    let calls = 0;
    let fail = true;
    const load = (missing: number[]) => {
      calls += 1;
      return fail ? Promise.reject(new Error('database gone')) : Promise.resolve(missing.map((n) => n));
    };
    const first = memo.many([1, 2], load);
    const second = memo.many([2], load);
    await expect(first).rejects.toThrow('database gone');
    await expect(second).rejects.toThrow('database gone');
    expect(calls).toBe(1);
    fail = false;
    expect(await memo.many([1, 2], load)).toEqual([1, 2]);
    expect(calls).toBe(2);
  });
});

describe('AnswerMemo.forRead', () => {
  it('keeps nothing a read computes after a change made since the read began', async () => {
    const { cache, invalidate } = fakeCache();
    const memo = new AnswerMemo<number | null, number>(cache, ['videos'], 10);
    const { asked, load } = squares();
    // The read began (its snapshot may predate the write), then the write committed: what it
    // computes afterwards is answered, not kept.
    const read = memo.forRead();
    invalidate(new Set(['videos']));
    expect(await read.many([2, 3], load)).toEqual([4, 9]);
    const square = jest.fn(() => Promise.resolve(25));
    expect(await read.fitting(5, () => true, square)).toBe(25);
    expect(await memo.fitting(5, () => true, square)).toBe(25);
    expect(square).toHaveBeenCalledTimes(2);
    expect(await memo.many([2, 3], load)).toEqual([4, 9]);
    expect(asked).toEqual([
      [2, 3],
      [2, 3],
    ]);
    // A read begun after the change keeps what it computes.
    const later = memo.forRead();
    expect(await later.many([7], load)).toEqual([49]);
    expect(await memo.many([7], load)).toEqual([49]);
    expect(asked).toEqual([[2, 3], [2, 3], [7]]);
    // A change that touches none of its tables leaves a read's values kept.
    const unrelated = memo.forRead();
    invalidate(new Set(['events']));
    expect(await unrelated.many([8], load)).toEqual([64]);
    expect(await memo.many([8], load)).toEqual([64]);
    expect(asked).toHaveLength(4);
  });
});
