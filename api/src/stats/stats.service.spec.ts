import type { Analytics } from '@friends/shared';
import type { EntityManager } from 'typeorm';
import { AggregateCache } from '../database/aggregate-cache.service';
import { CreatorCountsReader } from '../database/creator-counts.service';
import type { TransactionRunner } from '../database/transaction-runner.service';
import { StatsService } from './stats.service';

/** Five creators with one video each (the last three together), answered by a fake manager. */
function fakeDatabase() {
  const reads = { count: 0 };
  const answer = (sql: string): object[] => {
    if (sql.includes('AS creators')) return [{ creators: 5, videos: 3, collaborations: 1 }];
    if (sql.includes('AS total'))
      return [1, 2, 3, 4, 5].map((id) => ({ id, total: 1, collaborations: +(id > 2) }));
    if (sql.includes('AS collaborators')) return [3, 4, 5].map((id) => ({ id, collaborators: 2 }));
    return [1, 2, 3, 4, 5].map((id) => ({ id, name: `Creator ${id}`, photo: 'p.png' }));
  };
  const manager = { query: async (sql: string) => answer(sql) } as unknown as EntityManager;
  const tx = {
    read: async <T>(work: (m: EntityManager) => Promise<T>) => {
      reads.count += 1;
      return work(manager);
    },
  } as unknown as TransactionRunner;
  return { reads, tx };
}

const parse = async (body: Promise<Buffer>) => JSON.parse((await body).toString()) as Analytics;

describe('StatsService analytics pages', () => {
  it('computes the counts and the table once per write, however many pages or answers ask, however concurrent', async () => {
    const { reads, tx } = fakeDatabase();
    const cache = new AggregateCache();
    const stats = new StatsService(tx, cache, new CreatorCountsReader(tx, cache));

    const [first, second, third] = await Promise.all([
      parse(stats.analyticsJson({ offset: 0, limit: 2 })),
      parse(stats.analyticsJson({ offset: 2, limit: 2 })),
      parse(stats.analyticsJson({ offset: 4, limit: 2 })),
    ]);
    expect(reads.count).toBe(3); // video counts, co-authors, then the table
    expect([first, second, third].map((page) => page.creators.map((c) => c.id))).toEqual([
      [1, 2],
      [3, 4],
      [5],
    ]);
    expect(third).toMatchObject({ creatorsWithVideos: 5, offset: 4, limit: 2, totalVideos: 3 });
    expect(first.mostConnected.map((entry) => entry.id)).toEqual([3, 4, 5]);
    await parse(stats.analyticsJson({ offset: 1, limit: 3 }));
    expect(reads.count).toBe(3);
    await stats.leaderboardJson(); // shares the counts: one read, for the names
    expect(reads.count).toBe(4);

    cache.invalidate();
    await parse(stats.analyticsJson({ offset: 0, limit: 2 }));
    await parse(stats.analyticsJson({ offset: 2, limit: 2 }));
    expect(reads.count).toBe(7);
  });
});
