import { ConflictException, Injectable, ServiceUnavailableException } from '@nestjs/common';
import {
  BACKUP_CREATOR_CSV_COLUMNS,
  BACKUP_FORMAT,
  BACKUP_MESSAGES,
  BACKUP_VERSION,
  BACKUP_VIDEO_CSV_COLUMNS,
  nameMatchKey,
  normalizeName,
  toCsv,
  type AuthorRole,
  type BackupCreator,
  type BackupCreatorRow,
  type BackupData,
  type BackupEvent,
  type BackupEventProposal,
  type BackupChannelNameCount,
  type BackupEventRejection,
  type BackupGroup,
  type BackupImportResult,
  type BackupReviewProposal,
  type BackupReviewRejection,
  type BackupSuggestion,
  type BackupVideo,
  type Confidence,
  type CrewJob,
  type EvidenceSource,
  type GroupKind,
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

/**
 * Every table a backup holds. Left out on purpose: API keys and admin sessions (secrets), history,
 * and what the server derives again (stored counts, search keys, network analyses, rate limits). The
 * channels' boilerplate counts are in the backup too (they come from descriptions, which are not kept),
 * but not here: they outlive the videos that made them, so a database emptied by hand still has them,
 * and a restore that carries counts replaces them.
 */
const TABLES = [
  'creators',
  'social_links',
  'creator_aliases',
  'creator_other_names',
  'creator_groups',
  'group_members',
  'events',
  'videos',
  'video_authors',
  'video_crew',
  'suggestions',
  'event_proposals',
  'review_proposals',
  'review_rejections',
  'event_rejections',
];

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
  private countsCleared = false;

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
    await insertRows(
      this.manager,
      'creator_other_names',
      ['creator_id', 'position', 'name', 'lang'],
      creators.flatMap((c) =>
        c.otherNames.map((other, position) => [c.id, position, other.name, other.lang]),
      ),
    );
  }

  async groups(batch: Numbered<BackupGroup>[]): Promise<void> {
    const sameId = await firstRepeat(this.manager, 'creator_groups', 'id', batch, (g) => g.id);
    if (sameId) fail(`groups[${sameId.record.index}].id`, `repeats id ${sameId.other}`);
    const sameName = await firstRepeat(this.manager, 'creator_groups', 'name_key', batch, (g) =>
      normalizeName(g.name),
    );
    if (sameName) {
      const { index, value } = sameName.record;
      fail(`groups[${index}].name`, `"${value.name}" repeats the name of group ${sameName.other}`);
    }
    const groups = batch.map((record) => record.value);
    await insertRows(
      this.manager,
      'creator_groups',
      ['id', 'name', 'name_key', 'kind'],
      groups.map((g) => [g.id, g.name, normalizeName(g.name), g.kind]),
    );
    await insertRows(
      this.manager,
      'group_members',
      ['id', 'group_id', 'creator_id', 'from_date', 'to_date'],
      groups.flatMap((g) => g.members.map((m) => [m.id, g.id, m.creatorId, m.from, m.to])),
    );
  }

  async events(batch: Numbered<BackupEvent>[]): Promise<void> {
    await insertRows(
      this.manager,
      'events',
      ['id', 'title', 'evidence'],
      batch.map(({ value: e }) => [e.id, e.title, e.evidence ?? '']),
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
      ['id', 'title', 'url', 'url_key', 'date', 'event_id'],
      videos.map((v, i) => [v.id, v.title, v.url, urlKeys[i], v.date, v.eventId]),
    );
    await insertRows(
      this.manager,
      'video_authors',
      [
        'video_id',
        'creator_id',
        'position',
        'role',
        'credited_as',
        'source',
        'evidence',
        'confidence',
        'linked_at',
      ],
      videos.flatMap((v) =>
        v.authors.map((a, position) => [
          v.id,
          a.id,
          position,
          a.role,
          a.creditedAs,
          a.source,
          a.evidence,
          a.confidence,
          a.linkedAt,
        ]),
      ),
    );
    await insertRows(
      this.manager,
      'video_crew',
      ['video_id', 'position', 'name', 'job', 'creator_id'],
      videos.flatMap((v) =>
        v.crew.map((member, position) => [v.id, position, member.name, member.job, member.creatorId]),
      ),
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

  async eventProposals(batch: Numbered<BackupEventProposal>[]): Promise<void> {
    const sameId = await firstRepeat(this.manager, 'event_proposals', 'id', batch, (p) => p.id);
    if (sameId) fail(`eventProposals[${sameId.record.index}].id`, `repeats id ${sameId.other}`);
    await insertRows(
      this.manager,
      'event_proposals',
      ['id', 'video_a', 'video_b', 'evidence', 'created_at'],
      batch.map(({ value: p }) => [p.id, p.videoA, p.videoB, p.evidence, p.createdAt]),
    );
  }

  async reviewProposals(batch: Numbered<BackupReviewProposal>[]): Promise<void> {
    const sameId = await firstRepeat(this.manager, 'review_proposals', 'id', batch, (p) => p.id);
    if (sameId) fail(`reviewProposals[${sameId.record.index}].id`, `repeats id ${sameId.other}`);
    const keyOf = (p: BackupReviewProposal) => nameMatchKey(p.name).slice(0, 255);
    await this.requireUnique(
      'review_proposals',
      ['video_id', 'name_key'],
      batch.map(({ index, value }) => ({
        path: `reviewProposals[${index}].name`,
        key: [value.videoId, keyOf(value)],
      })),
      'repeats a name proposed for the same video',
    );
    await insertRows(
      this.manager,
      'review_proposals',
      [
        'id',
        'video_id',
        'creator_id',
        'name',
        'name_key',
        'source',
        'evidence',
        'confidence',
        'url',
        'channel_key',
        'created_at',
      ],
      batch.map(({ value: p }) => [
        p.id,
        p.videoId,
        p.creatorId,
        p.name,
        keyOf(p),
        p.source,
        p.evidence,
        p.confidence,
        p.url,
        p.channelKey,
        p.createdAt,
      ]),
    );
  }

  async reviewRejections(batch: Numbered<BackupReviewRejection>[]): Promise<void> {
    await this.requireUnique(
      'review_rejections',
      ['url_key', 'name_key'],
      batch.map(({ index, value }) => ({
        path: `reviewRejections[${index}]`,
        key: [value.urlKey, value.nameKey],
      })),
      'repeats an earlier rejection',
    );
    await insertRows(
      this.manager,
      'review_rejections',
      ['url_key', 'name_key', 'created_at'],
      batch.map(({ value: r }) => [r.urlKey, r.nameKey, r.createdAt]),
    );
  }

  async eventRejections(batch: Numbered<BackupEventRejection>[]): Promise<void> {
    await this.requireUnique(
      'event_rejections',
      ['key_a', 'key_b'],
      batch.map(({ index, value }) => ({ path: `eventRejections[${index}]`, key: [value.keyA, value.keyB] })),
      'repeats an earlier rejection',
    );
    await insertRows(
      this.manager,
      'event_rejections',
      ['key_a', 'key_b', 'created_at'],
      batch.map(({ value: r }) => [r.keyA, r.keyB, r.createdAt]),
    );
  }

  async channelNameCounts(batch: Numbered<BackupChannelNameCount>[]): Promise<void> {
    if (!this.countsCleared) {
      await this.manager.query('DELETE FROM channel_name_counts');
      this.countsCleared = true;
    }
    await this.requireUnique(
      'channel_name_counts',
      ['channel_key', 'name_key'],
      batch.map(({ index, value }) => ({
        path: `channelNameCounts[${index}]`,
        key: [value.channelKey, value.nameKey],
      })),
      'repeats an earlier count of the same channel and name',
    );
    await insertRows(
      this.manager,
      'channel_name_counts',
      ['channel_key', 'name_key', 'count'],
      batch.map(({ value: c }) => [c.channelKey, c.nameKey, c.count]),
    );
  }

  /**
   * 400 naming the first record whose two-column key an earlier one has, in the batch or written: a
   * unique violation would otherwise read as a database that was not empty.
   */
  private async requireUnique(
    table: string,
    columns: readonly [string, string],
    batch: { path: string; key: [string | number, string] }[],
    problem: string,
  ): Promise<void> {
    const seen = new Set<string>();
    for (const { path, key } of batch) {
      const joined = JSON.stringify(key);
      const earlier =
        seen.has(joined) ||
        (
          await rows(
            this.manager,
            `SELECT 1 AS present FROM ${table} WHERE ${columns[0]} = ? AND ${columns[1]} = ?`,
            key,
          )
        ).length > 0;
      if (earlier) fail(path, problem);
      seen.add(joined);
    }
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
      const otherNames = await rows<{ creator_id: number; name: string; lang: string | null }>(
        manager,
        'SELECT creator_id, name, lang FROM creator_other_names ORDER BY creator_id, position, id',
      );
      const groups = await rows<{ id: number; name: string; kind: GroupKind }>(
        manager,
        'SELECT id, name, kind FROM creator_groups ORDER BY id',
      );
      const members = await rows<{
        id: number;
        group_id: number;
        creator_id: number;
        from_date: string;
        to_date: string | null;
      }>(
        manager,
        'SELECT id, group_id, creator_id, from_date, to_date FROM group_members ORDER BY group_id, id',
      );
      const events = await rows<{ id: number; title: string; evidence: string | null }>(
        manager,
        'SELECT id, title, evidence FROM events ORDER BY id',
      );
      const videos = await rows<{
        id: number;
        title: string;
        url: string;
        date: string;
        event_id: number | null;
      }>(manager, 'SELECT id, title, url, date, event_id FROM videos ORDER BY id');
      const authors = await rows<{
        video_id: number;
        creator_id: number;
        role: AuthorRole;
        credited_as: string | null;
        source: EvidenceSource;
        evidence: string;
        confidence: Confidence | '';
        linked_at: string;
      }>(
        manager,
        `SELECT video_id, creator_id, role, credited_as, source, evidence, confidence, linked_at
           FROM video_authors ORDER BY video_id, position, creator_id`,
      );
      const crew = await rows<{
        video_id: number;
        name: string;
        job: CrewJob;
        creator_id: number | null;
      }>(manager, 'SELECT video_id, name, job, creator_id FROM video_crew ORDER BY video_id, position, id');
      const suggestions = await rows<{ id: number; url: string; submitted_at: string }>(
        manager,
        'SELECT id, url, submitted_at FROM suggestions ORDER BY id',
      );
      const proposals = await rows<{
        id: number;
        video_a: number;
        video_b: number;
        evidence: string;
        created_at: string;
      }>(manager, 'SELECT id, video_a, video_b, evidence, created_at FROM event_proposals ORDER BY id');
      const reviewProposals = await rows<{
        id: number;
        video_id: number;
        creator_id: number | null;
        name: string;
        source: EvidenceSource;
        evidence: string;
        confidence: Confidence;
        url: string;
        channel_key: string;
        created_at: string;
      }>(
        manager,
        `SELECT id, video_id, creator_id, name, source, evidence, confidence, url, channel_key, created_at
           FROM review_proposals ORDER BY id`,
      );
      const reviewRejections = await rows<{ url_key: string; name_key: string; created_at: string }>(
        manager,
        'SELECT url_key, name_key, created_at FROM review_rejections ORDER BY id',
      );
      const eventRejections = await rows<{ key_a: string; key_b: string; created_at: string }>(
        manager,
        'SELECT key_a, key_b, created_at FROM event_rejections ORDER BY id',
      );
      const channelNameCounts = await rows<{ channel_key: string; name_key: string; count: number | string }>(
        manager,
        'SELECT channel_key, name_key, count FROM channel_name_counts ORDER BY channel_key, name_key',
      );

      const orNull = (value: number | null) => (value === null ? null : int(value));
      const byCreator = new Map<number, BackupCreator>();
      const byGroup = new Map<number, BackupGroup>();
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
            otherNames: [],
          };
          byCreator.set(creator.id, creator);
          return creator;
        }),
        groups: groups.map((row) => {
          const group: BackupGroup = { id: int(row.id), name: row.name, kind: row.kind, members: [] };
          byGroup.set(group.id, group);
          return group;
        }),
        // Evidence only when there is some, so a grouping made by hand reads as before it was kept.
        events: events.map((row) => ({
          id: int(row.id),
          title: row.title,
          ...(row.evidence ? { evidence: row.evidence } : {}),
        })),
        videos: [],
        suggestions: suggestions.map((row) => ({
          id: int(row.id),
          url: row.url,
          submittedAt: row.submitted_at,
        })),
        eventProposals: proposals.map((row) => ({
          id: int(row.id),
          videoA: int(row.video_a),
          videoB: int(row.video_b),
          evidence: row.evidence,
          createdAt: row.created_at,
        })),
        reviewProposals: reviewProposals.map((row) => ({
          id: int(row.id),
          videoId: int(row.video_id),
          creatorId: orNull(row.creator_id),
          name: row.name,
          source: row.source,
          evidence: row.evidence,
          confidence: row.confidence,
          url: row.url,
          channelKey: row.channel_key,
          createdAt: row.created_at,
        })),
        reviewRejections: reviewRejections.map((row) => ({
          urlKey: row.url_key,
          nameKey: row.name_key,
          createdAt: row.created_at,
        })),
        eventRejections: eventRejections.map((row) => ({
          keyA: row.key_a,
          keyB: row.key_b,
          createdAt: row.created_at,
        })),
        channelNameCounts: channelNameCounts.map((row) => ({
          channelKey: row.channel_key,
          nameKey: row.name_key,
          count: int(row.count),
        })),
      };
      for (const link of links)
        byCreator.get(int(link.creator_id))?.socialLinks.push({ platform: link.platform, url: link.url });
      for (const alias of aliases)
        byCreator.get(int(alias.creator_id))?.aliases.push({
          name: alias.name,
          mergedCreatorId: orNull(alias.merged_creator_id),
        });
      for (const other of otherNames)
        byCreator.get(int(other.creator_id))?.otherNames.push({ name: other.name, lang: other.lang });
      for (const member of members)
        byGroup.get(int(member.group_id))?.members.push({
          id: int(member.id),
          creatorId: int(member.creator_id),
          from: member.from_date,
          to: member.to_date,
        });
      const byVideo = new Map<number, BackupVideo>();
      for (const row of videos) {
        const video: BackupVideo = {
          id: int(row.id),
          title: row.title,
          url: row.url,
          date: row.date,
          authorIds: [],
          authors: [],
          crew: [],
          eventId: orNull(row.event_id),
        };
        byVideo.set(video.id, video);
        result.videos.push(video);
      }
      for (const author of authors) {
        const video = byVideo.get(int(author.video_id));
        const id = int(author.creator_id);
        video?.authorIds.push(id);
        video?.authors.push({
          id,
          role: author.role,
          creditedAs: author.credited_as,
          source: author.source,
          evidence: author.evidence,
          confidence: author.confidence,
          linkedAt: author.linked_at,
        });
      }
      for (const member of crew)
        byVideo.get(int(member.video_id))?.crew.push({
          name: member.name,
          job: member.job,
          creatorId: orNull(member.creator_id),
        });
      return result;
    });
  }

  async videosCsv(): Promise<string> {
    const data = await this.export();
    const names = new Map(data.creators.map((c) => [c.id, c.name]));
    return toCsv(
      data.videos.map((video) =>
        Object.assign({}, video, { authorNames: video.authorIds.map((id) => names.get(id) ?? '') }),
      ),
      BACKUP_VIDEO_CSV_COLUMNS,
    );
  }

  async creatorsCsv(): Promise<string> {
    const data = await this.export();
    const memberships = new Map<number, BackupCreatorRow['groups']>();
    for (const group of data.groups)
      for (const member of group.members) {
        const list = memberships.get(member.creatorId) ?? [];
        list.push({ name: group.name, from: member.from, to: member.to });
        memberships.set(member.creatorId, list);
      }
    return toCsv(
      data.creators.map((creator) =>
        Object.assign({}, creator, {
          // Oldest first, as the creator's profile lists them.
          groups: (memberships.get(creator.id) ?? []).sort(
            (a, b) => a.from.localeCompare(b.from) || a.name.localeCompare(b.name),
          ),
        }),
      ),
      BACKUP_CREATOR_CSV_COLUMNS,
    );
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
