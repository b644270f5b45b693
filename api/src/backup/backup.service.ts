import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
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
  type BackupVideo,
} from '@friends/shared';
import type { EntityManager } from 'typeorm';
import { CountsService } from '../database/counts.service';
import { isUniqueViolation } from '../database/database-errors';
import { chunks, int, lockFor, placeholders, rows } from '../database/sql';
import { TransactionRunner } from '../database/transaction-runner.service';
import { HistoryService } from '../history/history.service';
import { videoUrlKey } from '../videos/videos.service';

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

/**
 * Export and import of the whole data set (issue 7, item 7). The export is one consistent read; the
 * import is one transaction into an empty database, keeping every id, so that exporting it again gives
 * the same document on SQLite and on MySQL/MariaDB.
 */
@Injectable()
export class BackupService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly history: HistoryService,
    private readonly counts: CountsService,
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

  /** Writes a parsed backup into an empty database in one transaction: all of it or nothing. */
  async import(data: BackupData): Promise<BackupImportResult> {
    const urlKeys = new Map<string, number>();
    const videoRows = data.videos.map((video, i) => {
      const key = videoUrlKey(video.url.trim());
      if (key) {
        const other = urlKeys.get(key);
        if (other !== undefined)
          throw new BadRequestException(
            `${BACKUP_MESSAGES.invalid}: videos[${i}].url is the same video as video ${other}`,
          );
        urlKeys.set(key, video.id);
      }
      return [video.id, video.title, video.url, key, video.date];
    });
    try {
      return await this.tx.write(async (manager) => {
        await this.requireEmpty(manager);
        await insertRows(
          manager,
          'creators',
          ['id', 'name', 'name_key', 'photo'],
          data.creators.map((c) => [c.id, c.name, normalizeName(c.name), c.photo]),
        );
        await insertRows(
          manager,
          'social_links',
          ['creator_id', 'position', 'platform', 'url'],
          data.creators.flatMap((c) =>
            c.socialLinks.map((link, position) => [c.id, position, link.platform, link.url]),
          ),
        );
        await insertRows(
          manager,
          'creator_aliases',
          ['creator_id', 'name', 'name_key', 'merged_creator_id'],
          data.creators.flatMap((c) =>
            c.aliases.map((alias) => [c.id, alias.name, normalizeName(alias.name), alias.mergedCreatorId]),
          ),
        );
        await insertRows(manager, 'videos', ['id', 'title', 'url', 'url_key', 'date'], videoRows);
        await insertRows(
          manager,
          'video_authors',
          ['video_id', 'creator_id', 'position'],
          data.videos.flatMap((v) => v.authorIds.map((creatorId, position) => [v.id, creatorId, position])),
        );
        await insertRows(
          manager,
          'suggestions',
          ['id', 'url', 'submitted_at'],
          data.suggestions.map((s) => [s.id, s.url, s.submittedAt]),
        );
        // Logged, not undoable: its rows are the whole data set; an empty database is the way back.
        await this.history.record(
          manager,
          {
            kind: 'backup.restore',
            summary: `Restored a backup (${data.creators.length} creators, ${data.videos.length} videos)`,
            undoable: false,
          },
          [],
        );
        await this.counts.rebuild(manager);
        return {
          creators: data.creators.length,
          videos: data.videos.length,
          suggestions: data.suggestions.length,
        };
      });
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
