import { Transformer } from '@napi-rs/image';
import { drawCard } from './card';
import { CardShrinker } from './card-shrinker';

/** The picture's red, green and blue, whatever its PNG colour type (the drawn card is RGB). */
async function rgb(png: Buffer): Promise<Buffer> {
  const pixels = await new Transformer(png).rawPixels();
  const channels = pixels.length / (1200 * 630);
  if (channels === 3) return pixels;
  const out = Buffer.alloc(1200 * 630 * 3);
  for (let i = 0, o = 0; o < out.length; i += channels) {
    out[o++] = pixels[i]!;
    out[o++] = pixels[i + 1]!;
    out[o++] = pixels[i + 2]!;
  }
  return out;
}

/** The mean difference of two pictures' channels, 0–255. */
async function meanDifference(a: Buffer, b: Buffer): Promise<number> {
  const [left, right] = await Promise.all([rgb(a), rgb(b)]);
  let sum = 0;
  for (let i = 0; i < left.length; i++) sum += Math.abs(left[i]! - right[i]!);
  return sum / left.length;
}

describe('CardShrinker', () => {
  const shrinker = new CardShrinker();
  afterAll(() => shrinker.close());

  it('makes a drawn card a palette PNG of the same picture, a third of the bytes or less', async () => {
    const drawn = await drawCard({
      people: [{ name: 'Ada Lovelace' }, { name: '兎田ぺこら' }],
      title: 'Ada Lovelace & 兎田ぺこら',
      lines: ['12 videos together'],
    });
    const smaller = await shrinker.shrink(drawn);
    expect(smaller).not.toBeNull();
    // IHDR: width, height, then bit depth and colour type (3: palette; drawn: 6, RGBA).
    expect([smaller!.readUInt32BE(16), smaller!.readUInt32BE(20), smaller![25]]).toEqual([1200, 630, 3]);
    expect(drawn[25]).not.toBe(3);
    expect(smaller!.length).toBeLessThan(drawn.length / 2);
    expect(await meanDifference(drawn, smaller!)).toBeLessThan(1.5);
    // The same input gives the same bytes, so replicas agree on what they keep.
    expect(Buffer.compare((await shrinker.shrink(drawn))!, smaller!)).toBe(0);
  });

  it('leaves what it cannot read, or what would not get smaller, as it is', async () => {
    expect(await shrinker.shrink(Buffer.from('not a png'))).toBeNull();
    const tiny = (await shrinker.shrink(await drawCard({ people: [], title: 'A', lines: [] })))!;
    expect(await shrinker.shrink(tiny)).toBeNull();
  });

  it('tries nothing once closed', async () => {
    const closed = new CardShrinker();
    await closed.close();
    expect(await closed.shrink(Buffer.from('x'))).toBeUndefined();
  });
});
