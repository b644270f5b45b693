import {
  addDays,
  buildPeriodLeaderboard,
  normalizeName,
  pairKey,
  type DatedPeriod,
  type LeaderboardCreator,
} from '@friends/shared';
import { demoData } from './demo-data';

const TODAY = '2026-11-25';

describe('demoData', () => {
  const data = demoData(TODAY);

  it('is deterministic for a day, with unique names and video ids and valid author indexes', () => {
    expect(demoData(TODAY)).toEqual(data);
    expect(new Set(data.creators.map((c) => normalizeName(c.name))).size).toBe(data.creators.length);
    expect(new Set(data.videos.map((v) => v.url)).size).toBe(data.videos.length);
    for (const video of data.videos) {
      expect(video.authors.length).toBeGreaterThan(0);
      expect(new Set(video.authors).size).toBe(video.authors.length);
      for (const index of video.authors) expect(data.creators[index]).toBeDefined();
    }
  });

  it('never repeats a title and gives every creator at least one video', () => {
    expect(new Set(data.videos.map((v) => v.title)).size).toBe(data.videos.length);
    const withVideo = new Set(data.videos.flatMap((v) => v.authors));
    expect(data.creators.filter((_, index) => !withVideo.has(index))).toEqual([]);
  });

  it('dates the videos over the two years up to this week, relative to the day given', () => {
    const dates = data.videos.map((v) => v.date).sort();
    expect(dates[0]! >= addDays(TODAY, -730)).toBe(true);
    expect(dates[0]! < addDays(TODAY, -700)).toBe(true);
    expect(dates.at(-1)! <= TODAY).toBe(true);
    expect(dates.at(-1)! >= addDays(TODAY, -6)).toBe(true);
    const later = demoData('2030-01-01');
    expect(later.videos.map((v) => v.title)).toEqual(data.videos.map((v) => v.title));
    expect(later.videos.at(-1)!.date > '2029-12-25').toBe(true);
  });

  it.each<DatedPeriod>(['week', 'month', 'year'])(
    'fills the %s leaderboard on the day it was made: both lists, a mover and a new pair',
    (period) => {
      const creators = new Map<number, LeaderboardCreator>(
        data.creators.map((c, id) => [id, { id, name: c.name, photo: '' }]),
      );
      const videos = data.videos.map((v) => ({ authorIds: v.authors, date: v.date }));
      const board = buildPeriodLeaderboard(period, TODAY, creators, videos, new Set());
      const before = new Set<string>();
      for (const v of videos) {
        if (v.date >= board.current.from) continue;
        for (const a of v.authorIds) for (const b of v.authorIds) if (a < b) before.add(pairKey(a, b));
      }
      const withHistory = buildPeriodLeaderboard(period, TODAY, creators, videos, before);
      expect(withHistory.mostCollaborations.length).toBeGreaterThan(0);
      expect(withHistory.mostCollaborators.length).toBeGreaterThan(0);
      const moved = withHistory.mostCollaborations.filter(
        (entry, index) => entry.previousRank !== null && entry.previousRank !== index + 1,
      );
      expect(moved.length).toBeGreaterThan(0);
      expect(withHistory.newPairs.length).toBeGreaterThan(0);
    },
  );
});
