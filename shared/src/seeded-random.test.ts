import { seededRandom } from './seeded-random';

describe('seededRandom', () => {
  it('gives mulberry32 sequence for a seed, the same on every call', () => {
    const first = seededRandom(42);
    expect([first(), first(), first()].map((x) => x.toFixed(12))).toEqual([
      '0.601103751920',
      '0.448290558998',
      '0.852465793490',
    ]);
    const again = seededRandom(42);
    expect(again()).toBe(seededRandom(42)());
  });

  it('stays in [0, 1) and differs between seeds', () => {
    const random = seededRandom(7);
    const values = Array.from({ length: 1000 }, random);
    expect(values.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(seededRandom(1)()).not.toBe(seededRandom(2)());
  });
});
