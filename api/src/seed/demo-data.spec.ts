import { normalizeName } from '@friends/shared';
import { demoData } from './demo-data';

describe('demoData', () => {
  it('is deterministic, with unique names and video ids and valid author indexes', () => {
    const data = demoData();
    expect(demoData()).toEqual(data);
    expect(new Set(data.creators.map((c) => normalizeName(c.name))).size).toBe(data.creators.length);
    expect(new Set(data.videos.map((v) => v.url)).size).toBe(data.videos.length);
    for (const video of data.videos) {
      expect(video.authors.length).toBeGreaterThan(0);
      expect(new Set(video.authors).size).toBe(video.authors.length);
      for (const index of video.authors) expect(data.creators[index]).toBeDefined();
    }
  });
});
