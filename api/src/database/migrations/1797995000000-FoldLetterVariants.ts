import { hasLetterVariant } from '@friends/shared';
import type { EntityManager, MigrationInterface, QueryRunner } from 'typeorm';
import { creatorSearchTables, refreshCreatorSearchKeys } from '../../creators/creator-search-keys';
import { refreshVideoTitleKeys, videoTitleTables } from '../../videos/video-title-keys';
import { advanceDataVersion, stampAnswerVersions } from '../data-version';
import { int } from '../sql';
import { nonAsciiRows } from './non-ascii-rows';

/** What one run rewrote: the creators whose search rows changed, the videos whose title rows did. */
export interface FoldedLetterOutcome {
  creators: number;
  videos: number;
}

/** The ids (`owner` of each row) of the non-ASCII rows of `table` whose `column` holds such a letter. */
async function holders(
  manager: EntityManager,
  table: string,
  owner: string,
  column: string,
): Promise<Set<number>> {
  const found = new Set<number>();
  for await (const batch of nonAsciiRows<{ id: number; owner: number; text: string }>(
    manager,
    table,
    `id, ${owner} AS owner, ${column} AS text`,
    column,
  )) {
    for (const row of batch) if (hasLetterVariant(row.text)) found.add(int(row.owner));
  }
  return found;
}

/**
 * The data part of the migration, on its own so it can be run again (it then changes nothing): the
 * name-search rows of every creator whose name, other name, alias or channel holds a letter the fold
 * now reads as plain letters, and the title-search rows of every video whose title does, rewritten by
 * the API's own functions (which rewrite only rows whose key changed); the tables changed stamped as a
 * write stamps them, so every cached answer built from them goes. No history entry: nobody made a
 * change.
 */
export async function foldLetterVariants(manager: EntityManager): Promise<FoldedLetterOutcome> {
  const named = new Set<number>();
  for (const [table, owner, column] of [
    ['creators', 'id', 'name'],
    ['creator_other_names', 'creator_id', 'name'],
    ['creator_aliases', 'creator_id', 'name'],
    ['social_links', 'creator_id', 'url'],
  ] as const) {
    for (const id of await holders(manager, table, owner, column)) named.add(id);
  }
  const creators = (await refreshCreatorSearchKeys(manager, named)).length;
  const titled = await holders(manager, 'videos', 'id', 'title');
  const videos = (await refreshVideoTitleKeys(manager, titled)).length;

  const tables = new Set<string>(creators > 0 ? creatorSearchTables(manager) : []);
  // The video answers are kept by the catalogue's tables: `videos` stands for its title index.
  if (videos > 0) for (const table of ['videos', ...videoTitleTables(manager)]) tables.add(table);
  if (tables.size > 0)
    await stampAnswerVersions(manager, tables, await advanceDataVersion(manager), new Set());
  return { creators, videos };
}

/**
 * Search keys stored before the fold read Latin letters with a stroke or bar and the ligatures as
 * plain letters (docs/product.md "Names in every script": Ørsted = orsted, Łódź = lodz, Æ = ae) are
 * rewritten, so lodz finds Łódź and Søren and Soren are offered as duplicates. The names and titles
 * themselves do not change: nothing to undo.
 */
export class FoldLetterVariants1797995000000 implements MigrationInterface {
  name = 'FoldLetterVariants1797995000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await foldLetterVariants(queryRunner.manager);
  }

  async down(): Promise<void> {
    // Keys folded by the new rule still find everything the old ones did but for these letters.
  }
}
