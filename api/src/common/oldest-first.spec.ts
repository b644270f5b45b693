import { dropOldest, trimToLimit, trimToLimits, trimmedSize } from './oldest-first';

const keysOf = (map: Map<number, unknown>) => [...map.keys()];
const filled = (count: number) => new Map(Array.from({ length: count }, (_, i) => [i, i]));

describe('trimToLimit', () => {
  it('leaves a map at or under its limit alone', () => {
    const map = filled(10);
    trimToLimit(map, 10);
    expect(keysOf(map)).toEqual(keysOf(filled(10)));
  });

  it('drops exactly the oldest key past a small limit', () => {
    const map = filled(4);
    map.delete(0);
    map.set(0, 0); // used again: now the newest
    trimToLimit(map, 3);
    expect(keysOf(map)).toEqual([2, 3, 0]);
  });

  it('trims a large map a sixteenth below its limit, oldest first', () => {
    const map = filled(1601);
    trimToLimit(map, 1600);
    expect(trimmedSize(1600)).toBe(1500);
    expect(map.size).toBe(1500);
    expect(keysOf(map)[0]).toBe(101);
    expect(keysOf(map).at(-1)).toBe(1600);
  });
});

describe('dropOldest', () => {
  it('stops as soon as the condition no longer holds, through the caller’s drop', () => {
    const map = filled(5);
    const dropped: number[] = [];
    dropOldest(
      map,
      () => map.size > 2,
      (key) => {
        dropped.push(key);
        map.delete(key);
      },
    );
    expect(dropped).toEqual([0, 1, 2]);
    expect(keysOf(map)).toEqual([3, 4]);
  });
});

describe('trimToLimits', () => {
  it('drops the oldest past the byte limit too, but never the last key', () => {
    const sizes = new Map([
      [0, 10],
      [1, 10],
      [2, 10],
    ]);
    let bytes = 30;
    const drop = (key: number) => {
      bytes -= sizes.get(key) ?? 0;
      sizes.delete(key);
    };
    trimToLimits(sizes, { entries: 10, bytes: 25 }, () => bytes, drop);
    expect([...sizes.keys()]).toEqual([1, 2]);
    sizes.set(3, 100);
    bytes += 100;
    trimToLimits(sizes, { entries: 10, bytes: 25 }, () => bytes, drop);
    expect([...sizes.keys()]).toEqual([3]);
  });
});
