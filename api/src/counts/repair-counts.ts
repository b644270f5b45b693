/**
 * `npm run repair-counts -w @friends/api`: recomputes every stored count (creator_counts, video_counts,
 * count_totals; see counts.service.ts) from scratch on DATABASE_URL, in one transaction, and prints how
 * far they had drifted. Safe while the API runs: on MySQL/MariaDB it holds the same lock as every write.
 * Needed only after rows were changed outside the API (hand-written SQL, an old import tool).
 */
import { CountsService } from './counts.service';
import dataSource from '../database/data-source';

async function main(): Promise<void> {
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: 'all' });
    const counts = new CountsService();
    const drift = await dataSource.transaction(async (manager) => {
      if (dataSource.options.type === 'mysql')
        await manager.query('SELECT id FROM count_totals WHERE id = 1 FOR UPDATE');
      const found = await counts.drift(manager);
      await counts.rebuild(manager);
      return found;
    });
    const totals = await counts.totals(dataSource.manager);
    console.log(
      `Counts recomputed: ${drift.creators} creator row(s), ${drift.eventCounts} count(s) by event, ${drift.videos} video row(s), ${drift.pairs} pair row(s) and ${drift.videoDates} dated authorship(s) were wrong` +
        (drift.totals.length ? `, totals ${drift.totals.join(', ')} were wrong` : ', totals were right') +
        `. Now ${totals.creators} creators, ${totals.videos} videos, ${totals.collaborations} collaborations.`,
    );
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
