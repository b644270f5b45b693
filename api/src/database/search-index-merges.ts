import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ftsTables, mergedSomething, mergeStep } from './fts-merges';
import { WalCheckpoints } from './wal-checkpoints';

/** Steps between the checkpoints of a long pass, so that its log (~75 pages a step) stays short. */
const STEPS_PER_CHECKPOINT = 40;

/**
 * Keeps the search indexes' FTS5 segments merged, in pauses of the writes (docs/architecture.md
 * "Video title search"). Each write transaction adds a small segment to every FTS5 index it touches,
 * and FTS5 merges them itself only once four gather on a level, inside a write; a lookup reads its
 * term in every segment, so a title lookup at 1,000,000 videos cost about twice as much in the 12–16
 * segments writes left as in the 2–4 this keeps. The steps run on the checkpoints' worker thread
 * (its own connection, off the event loop), a pass begins once writes have paused and ends at the
 * first write. Nothing on MySQL/MariaDB (no FTS5) or an in-memory SQLite.
 */
@Injectable()
export class SearchIndexMerges implements OnApplicationBootstrap {
  private tables: string[] = [];
  private passing: Promise<number> | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly upkeep: WalCheckpoints,
  ) {
    upkeep.onPause(() => void this.pass());
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.dataSource.options.type !== 'better-sqlite3') return;
    const tables = (await this.dataSource.query(
      "SELECT name, sql FROM sqlite_master WHERE type = 'table'",
    )) as Array<{ name: string; sql: string | null }>;
    this.tables = ftsTables(tables);
  }

  /**
   * One pass over every index, step by step until a step finds nothing to merge; it ends early when a
   * write commits (the next pause goes on). Answers the steps that merged something.
   */
  pass(): Promise<number> {
    this.passing ??= this.merge().finally(() => (this.passing = null));
    return this.passing;
  }

  private async merge(): Promise<number> {
    const started = Date.now();
    let merged = 0;
    try {
      for (const table of this.tables) {
        const job = mergeStep(table);
        for (;;) {
          if (!this.upkeep.active || this.upkeep.writtenSince(started)) return merged;
          if (!mergedSomething(await this.upkeep.step(job))) break;
          if (++merged % STEPS_PER_CHECKPOINT === 0) await this.upkeep.checkpoint();
        }
      }
      return merged;
    } finally {
      if (merged > 0) await this.upkeep.checkpoint();
    }
  }
}
