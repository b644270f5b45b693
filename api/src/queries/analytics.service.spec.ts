import type { EntityManager } from 'typeorm';
import { AggregateCache } from '../database/aggregate-cache.service';
import { CountsService } from '../counts/counts.service';
import type { TransactionRunner } from '../database/transaction-runner.service';
import { AnalyticsService } from './analytics.service';

/** Five creators with one video each (the last three together), answered by a fake manager. */
function fakeDatabase() {
  const reads = { count: 0 };
  const queries: string[] = [];
  const creators = [1, 2, 3, 4, 5].map((id) => ({
    id,
    name: `Creator ${id}`,
    photo: 'p.png',
    videos: 1,
    collaborations: +(id > 2),
    collaborators: id > 2 ? 2 : 0,
  }));
  const answer = (sql: string): object[] => {
    if (sql.includes('FROM count_totals'))
      return [{ creators: 5, videos: 3, collaborations: 1, creators_with_videos: 5 }];
    const figure = /WHERE cc\.(\w+) > 0/.exec(sql)?.[1] as 'videos' | 'collaborators';
    const [, limit, offset] = /LIMIT (\d+) OFFSET (\d+)/.exec(sql) ?? [];
    return creators.filter((c) => c[figure] > 0).slice(Number(offset), Number(offset) + Number(limit));
  };
  const manager = {
    query: async (sql: string) => {
      queries.push(sql);
      return answer(sql);
    },
  } as unknown as EntityManager;
  const tx = {
    read: async <T>(work: (m: EntityManager) => Promise<T>) => {
      reads.count += 1;
      return work(manager);
    },
  } as unknown as TransactionRunner;
  return { reads, queries, tx };
}

describe('AnalyticsService analytics pages', () => {
  it('reads the totals and the chart once per change of the counts, and only the asked page of rows', async () => {
    const { reads, queries, tx } = fakeDatabase();
    const cache = new AggregateCache();
    const stats = new AnalyticsService(tx, cache, new CountsService());

    const [first, second, third] = await Promise.all([
      stats.analytics({ offset: 0, limit: 2 }),
      stats.analytics({ offset: 2, limit: 2 }),
      stats.analytics({ offset: 4, limit: 2 }),
    ]);
    expect(reads.count).toBe(4); // the summary once, then one read per page
    expect([first, second, third].map((page) => page.creators.map((c) => c.id))).toEqual([
      [1, 2],
      [3, 4],
      [5],
    ]);
    expect(third).toMatchObject({ creatorsWithVideos: 5, offset: 4, limit: 2, totalVideos: 3 });
    expect(first.mostConnected.map((entry) => entry.id)).toEqual([3, 4, 5]);
    expect(queries.filter((sql) => sql.includes('LIMIT 2 OFFSET'))).toHaveLength(3);
    await stats.analytics({ offset: 0, limit: 2 }); // the summary is kept, the page read again
    expect(reads.count).toBe(5);

    cache.committed(new Set(['suggestions']), 1); // read by no analytics
    await stats.analytics({ offset: 0, limit: 2 });
    expect(reads.count).toBe(6);
    cache.committed(new Set(['count_totals']), 2);
    await stats.analytics({ offset: 0, limit: 2 });
    await stats.analytics({ offset: 2, limit: 2 });
    expect(reads.count).toBe(9);
  });
});
