import { ConflictException, Injectable, ServiceUnavailableException } from '@nestjs/common';
import {
  BACKUP_CREATOR_CSV_COLUMNS,
  BACKUP_FORMAT,
  BACKUP_MESSAGES,
  BACKUP_VERSION,
  BACKUP_VIDEO_CSV_COLUMNS,
  normalizeName,
  toCsv,
  type BackupCreator,
  type BackupData,
  type BackupImportResult,
  type BackupSuggestion,
  type BackupVideo,
} from '@friends/shared';
import type { EntityManager } from 'typeorm';
import type { BodyChunks } from '../common/request-limits';
import { ChangesService } from '../changes/changes.service';
import { isUniqueViolation } from '../database/database-errors';
import { chunks, int, lockFor, placeholders, rows } from '../database/sql';
import { TransactionRunner } from '../database/transaction-runner.service';
import { videoUrlKey } from '../videos/videos.service';
import { readBackup, type BackupSink, type Numbered } from './backup-reader';
import { fail } from './backup-validation';

/** Rows per multi-row INSERT (5 columns × 200 stays far below both engines' parameter limits). */
const INSERT_ROWS = 200;

const TABLES = ['creators', 'social_links', 'creator_aliases', 'videos', 'video_authors', 'suggestions'];

async function insertRows(
  manager: EntityManager,
  table: string,
  columns: readonly string[],
  values: unknown[][],
): Promise<void> {
  for (const part of chunks(values, INSERT_ROWS)) {
    const row = placeholders(columns.length);
    await manager.query(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${part.map(() => row).join(', ')}`,
      part.flat(),
    );
  }
}

/** The first record of `batch` whose key an earlier one has (in the batch, or already written). */
async function firstRepeat<T>(
  manager: EntityManager,
  table: string,
  column: string,
  batch: Numbered<T>[],
  keyOf: (record: T) => string | number | null,
): Promise<{ record: Numbered<T>; other: number } | null> {
  const keys = batch.map((record) => keyOf(record.value));
  const present = keys.filter((key): key is string | number => key !== null);
  const written = new Map<string | number, number>();
  for (const part of chunks(present)) {
    const found = await rows<{ id: number; value: string | number }>(
      manager,
      `SELECT id, ${column} AS value FROM ${table} WHERE ${column} IN ${placeholders(part.length)}`,
      part,
    );
    for (const row of found)
      written.set(typeof row.value === 'string' ? row.value : int(row.value), int(row.id));
  }
  const earlier = new Map<string | number, number>();
  for (const [i, record] of batch.entries()) {
    const key = keys[i];
    if (key === null || key === undefined) continue;
    const other = earlier.get(key) ?? written.get(key);
    if (other !== undefined) return { record, other };
    earlier.set(key, (record.value as { id: number }).id);
  }
  return null;
}

/**
 * Writes the records of a restore as backup-reader.ts hands them on. What a record cannot show by
 * itself (an id, name or video that an earlier record has) is looked up among the rows written
 * before it, so memory holds one batch whatever the size of the backup.
 */
class BackupWriter implements BackupSink {
  constructor(private readonly manager: EntityManager) {}

  async creators(batch: Numbered<BackupCreator>[]): Promise<void> {
    const repeat = await firstRepeat(this.manager, 'creators', 'name_key', batch, (c) =>
      normalizeName(c.name),
    );
    if (repeat) {
      const { index, value } = repeat.record;
      fail(`creators[${index}].name`, `"${value.name}" repeats the name of creator ${repeat.other}`);
    }
    const creators = batch.map((record) => record.value);
    await insertRows(
      this.manager,
      'creators',
      ['id', 'name', 'name_key', 'photo'],
      creators.map((c) => [c.id, c.name, normalizeName(c.name), c.photo]),
    );
    await insertRows(
      this.manager,
      'social_links',
      ['creator_id', 'position', 'platform', 'url'],
      creators.flatMap((c) =>
        c.socialLinks.map((link, position) => [c.id, position, link.platform, link.url]),
      ),
    );
    await insertRows(
      this.manager,
      'creator_aliases',
      ['creator_id', 'name', 'name_key', 'merged_creator_id'],
      creators.flatMap((c) =>
        c.aliases.map((alias) => [c.id, alias.name, normalizeName(alias.name), alias.mergedCreatorId]),
      ),
    );
  }

  async videos(batch: Numbered<BackupVideo>[]): Promise<void> {
    const sameId = await firstRepeat(this.manager, 'videos', 'id', batch, (v) => v.id);
    if (sameId) fail(`videos[${sameId.record.index}].id`, `repeats id ${sameId.other}`);
    const urlKeys = batch.map(({ value }) => videoUrlKey(value.url.trim()));
    const sameVideo = await firstRepeat(this.manager, 'videos', 'url_key', batch, (v) =>
      videoUrlKey(v.url.trim()),
    );
    if (sameVideo)
      fail(`videos[${sameVideo.record.index}].url`, `is the same video as video ${sameVideo.other}`);
    const videos = batch.map((record) => record.value);
    await insertRows(
      this.manager,
      'videos',
      ['id', 'title', 'url', 'url_key', 'date'],
      videos.map((v, i) => [v.id, v.title, v.url, urlKeys[i], v.date]),
    );
    await insertRows(
      this.manager,
      'video_authors',
      ['video_id', 'creator_id', 'position'],
      videos.flatMap((v) => v.authorIds.map((creatorId, position) => [v.id, creatorId, position])),
    );
  }

  async suggestions(batch: Numbered<BackupSuggestion>[]): Promise<void> {
    const sameId = await firstRepeat(this.manager, 'suggestions', 'id', batch, (s) => s.id);
    if (sameId) fail(`suggestions[${sameId.record.index}].id`, `repeats id ${sameId.other}`);
    await insertRows(
      this.manager,
      'suggestions',
      ['id', 'url', 'submitted_at'],
      batch.map(({ value: s }) => [s.id, s.url, s.submittedAt]),
    );
  }
}

export const RESTORE_INTERRUPTED =
  'The restore met a concurrent change and wrote nothing: send the backup again.';

/**
 * Export and import of the whole data set. The export is one consistent read; the
 * import (restore) is one transaction into an empty database, keeping every id, so that exporting it
 * again gives the same document on SQLite and on MySQL/MariaDB.
 */
@Injectable()
export class BackupService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly changes: ChangesService,
  ) {}

  export(): Promise<BackupData> {
    return this.tx.read(async (manager) => {
      const creators = await rows<{ id: number; name: string; photo: string }>(
        manager,
        'SELECT id, name, photo FROM creators ORDER BY id',
      );
      const links = await rows<{ creator_id: number; platform: string; url: string }>(
        manager,
        'SELECT creator_id, platform, url FROM social_links ORDER BY creator_id, position, id',
      );
      const aliases = await rows<{ creator_id: number; name: string; merged_creator_id: number | null }>(
        manager,
        'SELECT creator_id, name, merged_creator_id FROM creator_aliases ORDER BY creator_id, id',
      );
      const videos = await rows<{ id: number; title: string; url: string; date: string }>(
        manager,
        'SELECT id, title, url, date FROM videos ORDER BY id',
      );
      const authors = await rows<{ video_id: number; creator_id: number }>(
        manager,
        'SELECT video_id, creator_id FROM video_authors ORDER BY video_id, position, creator_id',
      );
      const suggestions = await rows<{ id: number; url: string; submitted_at: string }>(
        manager,
        'SELECT id, url, submitted_at FROM suggestions ORDER BY id',
      );

      const byCreator = new Map<number, BackupCreator>();
      const result: BackupData = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        creators: creators.map((row) => {
          const creator: BackupCreator = {
            id: int(row.id),
            name: row.name,
            photo: row.photo,
            socialLinks: [],
            aliases: [],
          };
          byCreator.set(creator.id, creator);
          return creator;
        }),
        videos: [],
        suggestions: suggestions.map((row) => ({
          id: int(row.id),
          url: row.url,
          submittedAt: row.submitted_at,
        })),
      };
      for (const link of links)
        byCreator.get(int(link.creator_id))?.socialLinks.push({ platform: link.platform, url: link.url });
      for (const alias of aliases)
        byCreator.get(int(alias.creator_id))?.aliases.push({
          name: alias.name,
          mergedCreatorId: alias.merged_creator_id === null ? null : int(alias.merged_creator_id),
        });
      const byVideo = new Map<number, BackupVideo>();
      for (const row of videos) {
        const video: BackupVideo = {
          id: int(row.id),
          title: row.title,
          url: row.url,
          date: row.date,
          authorIds: [],
        };
        byVideo.set(video.id, video);
        result.videos.push(video);
      }
      for (const author of authors) byVideo.get(int(author.video_id))?.authorIds.push(int(author.creator_id));
      return result;
    });
  }

  async videosCsv(): Promise<string> {
    const data = await this.export();
    const names = new Map(data.creators.map((c) => [c.id, c.name]));
    return toCsv(
      data.videos.map((video) => ({
        ...video,
        authorNames: video.authorIds.map((id) => names.get(id) ?? ''),
      })),
      BACKUP_VIDEO_CSV_COLUMNS,
    );
  }

  async creatorsCsv(): Promise<string> {
    return toCsv((await this.export()).creators, BACKUP_CREATOR_CSV_COLUMNS);
  }

  /**
   * Restores a backup into an empty database as its body arrives (backup-reader.ts), a batch of
   * records at a time, in one transaction: all of it or, at the first problem, nothing.
   */
  async restore(chunks: BodyChunks): Promise<BackupImportResult> {
    let reading = false;
    try {
      // Logged, not undoable: its rows are the whole data set; an empty database is the way back. The
      // unit of work rebuilds every stored count after it.
      return await this.changes.run(
        { kind: 'backup.restore', summary: '', undoable: false, everything: true },
        async (change) => {
          const { manager } = change;
          // A retried transaction (MySQL deadlock) cannot read the body a second time.
          if (reading) throw new ServiceUnavailableException(RESTORE_INTERRUPTED);
          await this.requireEmpty(manager);
          reading = true;
          const result = await readBackup(chunks, new BackupWriter(manager));
          change.summary = `Restored a backup (${result.creators} creators, ${result.videos} videos)`;
          return result;
        },
      );
    } catch (error) {
      // Another import (or a first write) won the race for the empty database.
      if (isUniqueViolation(error)) throw new ConflictException(BACKUP_MESSAGES.notEmpty);
      throw error;
    }
  }

  /** 409 unless every table is empty; on MySQL the locking reads keep it so until the commit. */
  private async requireEmpty(manager: EntityManager): Promise<void> {
    for (const table of TABLES) {
      const found = await rows(
        manager,
        `SELECT 1 AS present FROM ${table} LIMIT 1${lockFor(manager, 'share')}`,
      );
      if (found.length > 0) throw new ConflictException(BACKUP_MESSAGES.notEmpty);
    }
  }
}
