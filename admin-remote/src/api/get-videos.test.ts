import type { Video } from '@friends/shared';
import { shareVideosById } from './get-videos';

const video = (id: number, title = `Video ${id}`): Video => ({
  id,
  title,
  url: `https://www.youtube.com/watch?v=${String(id).padStart(11, 'x')}`,
  date: '2024-01-01',
  authorIds: [1],
  authors: [{ id: 1, name: 'Ada Lumen' }],
});
/** The same videos as a fresh JSON answer: equal, but new objects. */
const refetched = (list: Video[]) => JSON.parse(JSON.stringify(list)) as Video[];

describe('shareVideosById', () => {
  const cached = Array.from({ length: 1000 }, (_, index) => video(index + 1));

  it('keeps the cached list itself when the answer is unchanged', () => {
    expect(shareVideosById(cached, refetched(cached))).toBe(cached);
  });

  it('keeps every unchanged video object when one near the top was deleted', () => {
    const shared = shareVideosById(cached, refetched(cached.slice(1))) as Video[];
    expect(shared).toHaveLength(999);
    expect(shared[0]).toBe(cached[1]);
    expect(shared.every((item, index) => item === cached[index + 1])).toBe(true);
  });

  it('gives a changed or new video its new object, in the answer order', () => {
    const answer = refetched(cached);
    answer[5] = video(6, 'Renamed');
    answer.push(video(5000));
    const shared = shareVideosById(cached, answer) as Video[];
    expect(shared[5]).not.toBe(cached[5]);
    expect(shared[5]?.title).toBe('Renamed');
    expect(shared[5]?.authors).toBe(cached[5]?.authors); // unchanged parts still shared
    expect(shared[4]).toBe(cached[4]);
    expect(shared[1000]).toEqual(video(5000));
  });

  it('takes the answer as is when there is nothing cached', () => {
    const answer = refetched(cached);
    expect(shareVideosById(undefined, answer)).toBe(answer);
  });
});
