import { createHash } from 'node:crypto';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import {
  canonicalVideoUrl,
  defaultRole,
  quoted,
  strongestRole,
  videoEditSummary,
  normalizeLinkUrl,
  type AuthorRole,
  type BulkDeleteResult,
  type Confidence,
  type CrewCredit,
  type EvidenceSource,
  type LinkEvidence,
  type MessageResponse,
  type Video,
  type VideoIds,
  type VideoPage,
} from '@friends/shared';
import type { EntityManager } from 'typeorm';
import { AnswerMemo } from '../common/answer-memo';
import type { Answer } from '../common/json-text';
import { CREATOR_TABLES } from '../common/cached-answer';
import type { Page } from '../common/page-params';
import type { Change } from '../changes/change';
import { ChangesService } from '../changes/changes.service';
import { AggregateCache } from '../database/aggregate-cache.service';
import { isUniqueViolation } from '../database/database-errors';
import { chunks, insertedId, int, lockFor, missingIds, placeholders, rows } from '../database/sql';
import { TransactionRunner } from '../database/transaction-runner.service';
import { videoScopes } from '../history/row-snapshot';
import type { CreateVideoDto, UpdateVideoDto } from './dto/video.dto';
import { SearchThreadLost, SearchThreads } from '../search-threads/search-threads.service';
import {
  VIDEO_SEARCH_BOUNDS,
  readAllVideos,
  readVideoIds,
  readVideoPage,
  readVideosById,
  WHOLE_VIDEO_READS,
  type VideoFilter,
  type TextIds,
  type VideoSearchMemo,
} from './video-reader';
import { VideoAuthorEntity } from './video-author.entity';
import { VideoCrewEntity } from './video-crew.entity';
import { VideoEntity } from './video.entity';

export const VIDEO_NOT_FOUND = 'Video not found';

/** Why a creator is linked to a video, as the writer knows it (time is added on write). */
export interface AuthorEvidence {
  source: EvidenceSource;
  text: string;
  confidence: Confidence;
}
const MANUAL: AuthorEvidence = { source: 'manual', text: '', confidence: 'high' };

/**
 * Whole videos kept for the searches' pages, as JSON text: about 23 MB of the heap (0.58 KB a video
 * with its entry; 0.79 KB as objects). Pages are newest first, so a new term's page is mostly among
 * the newest few tens of thousands of videos: of a new 3+ letter term's 50 at 100,000 videos, 18.5
 * are read with 20,000 kept and 5.6 with 40,000.
 */
const VIDEOS_KEPT = 40_000;
/** Terms whose newest ids are kept: each at most a count's step of ids (about 1.6 KB), 3 MB in all. */
const TEXT_IDS_KEPT = 2_000;
/** What a term's ids are read from: the title index (kept from `videos`), authorships, names' index. */
const TEXT_IDS_READS = [...CREATOR_TABLES, 'videos', 'video_authors'];

/** Every column of a `video_authors` row, as inserted. */
interface AuthorshipRow {
  videoId: number;
  creatorId: number;
  position: number;
  source: string;
  evidence: string;
  confidence: string;
  linkedAt: string;
  role: string;
  creditedAs: string | null;
}

export const VIDEO_URL_EXISTS = 'A video with this URL already exists';
export const TITLE_REQUIRED = 'Title is required';
export const AUTHOR_REQUIRED = 'Select at least one creator';

/** An author's role and credited name as given by the client or found by detection. */
export interface AuthorCredit {
  role: AuthorRole;
  creditedAs: string | null;
}

interface PreparedVideo {
  /** The crew to set, or undefined to keep it. */
  crew: CrewCredit[] | undefined;
  title: string;
  url: string;
  urlKey: string | null;
  date: string;
  authorIds: number[];
  /** The roles the input named (others: kept on edit, else by position). */
  credits: Map<number, AuthorCredit>;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The key of the unique index: one row per video whatever URL form was typed (shared canonicalVideoUrl). */
export function videoUrlKey(url: string): string | null {
  return url ? createHash('sha256').update(canonicalVideoUrl(url)).digest('hex') : null;
}

/** docs/product.md §5 add/edit video rules: non-blank title, at least one creator (order kept, no repeats). */
export function prepareVideo(input: CreateVideoDto): PreparedVideo {
  const title = input.title.trim();
  if (!title) throw new BadRequestException(TITLE_REQUIRED);
  const typed = input.url?.trim() ?? '';
  const url = typed ? normalizeLinkUrl(typed) : '';
  if (url === null) throw new BadRequestException('url must be an http(s) URL');
  const date = input.date?.trim() ?? '';
  if (date && !isCalendarDate(date))
    throw new BadRequestException('date must be a calendar date written YYYY-MM-DD');
  if (!input.authorIds && !input.authors)
    throw new BadRequestException('authorIds (or authors) must name at least one creator');
  const authorIds = [...new Set(input.authorIds ?? input.authors?.map((author) => author.id) ?? [])];
  if (authorIds.length === 0) throw new BadRequestException(AUTHOR_REQUIRED);
  const credits = new Map<number, AuthorCredit>();
  input.authors?.forEach((author) => {
    const position = authorIds.indexOf(author.id);
    if (position < 0 || (!author.role && author.creditedAs === undefined)) return;
    credits.set(author.id, {
      role: author.role ?? defaultRole(position),
      creditedAs: author.creditedAs?.trim() || null,
    });
  });
  const crew = input.crew?.map((c) => ({ name: c.name.trim(), job: c.job, creatorId: c.creatorId ?? null }));
  if (crew?.some((c) => !c.name)) throw new BadRequestException('crew name must not be blank');
  return { title, url, urlKey: videoUrlKey(url), date, authorIds, credits, crew };
}

@Injectable()
export class VideosService {
  private readonly memo: { videos: AnswerMemo<string | null, number>; textIds: AnswerMemo<TextIds, string> };

  constructor(
    private readonly tx: TransactionRunner,
    private readonly changes: ChangesService,
    private readonly threads: SearchThreads,
    cache: AggregateCache,
  ) {
    this.memo = {
      videos: new AnswerMemo(cache, WHOLE_VIDEO_READS, VIDEOS_KEPT),
      textIds: new AnswerMemo(cache, TEXT_IDS_READS, TEXT_IDS_KEPT),
    };
  }

  /** GET /api/videos: every video with its ordered authors, by id. */
  list(): Promise<Video[]> {
    return this.tx.read((manager) => readAllVideos(manager));
  }

  /** GET /api/videos/search: one page of the matching videos and how many match. */
  search(filter: VideoFilter, page: Page): Promise<Answer<VideoPage>> {
    const here = () => {
      const memo: VideoSearchMemo = {
        videos: this.memo.videos.forRead(),
        textIds: this.memo.textIds.forRead(),
      };
      return this.tx.read((manager) => readVideoPage(manager, filter, page, memo));
    };
    if (!this.threads.takes(filter.text, filter.withNames)) return here();
    // On a search thread (search-threads.service.ts); here when that thread died with it.
    return this.threads
      .run({ kind: 'videos', filter, page, bounds: VIDEO_SEARCH_BOUNDS })
      .catch((error: unknown) => {
        if (!(error instanceof SearchThreadLost)) throw error;
        return here();
      });
  }

  /** Every match of `filter`, ids only. */
  async ids(filter: VideoFilter): Promise<VideoIds> {
    return { ids: await this.tx.read((manager) => readVideoIds(manager, filter)) };
  }

  async create(input: CreateVideoDto): Promise<Video> {
    return this.uniqueUrl(() =>
      this.changes.run(
        { kind: 'video.create', summary: `Added video ${quoted(input.title.trim())}` },
        async (change) => this.readOne(change.manager, await this.createWithin(change, input)),
      ),
    );
  }

  /**
   * Inside a caller's change (an import): the add-video rules, the row and its ordered authors,
   * declared as made by the change; the new id. 409 when the URL is taken.
   */
  async createWithin(
    change: Change,
    input: CreateVideoDto,
    evidence?: ReadonlyMap<number, AuthorEvidence>,
  ): Promise<number> {
    const { manager } = change;
    const video = prepareVideo(input);
    await this.checkReferences(manager, video);
    // Plain SQL: TypeORM's insert reads the row back for its defaults, a statement per video.
    const id = insertedId(
      await manager.query('INSERT INTO videos (title, url, url_key, date) VALUES (?, ?, ?, ?)', [
        video.title,
        video.url,
        video.urlKey,
        video.date,
      ]),
    );
    change.made(...videoScopes([id]));
    await this.insertAuthors(manager, id, video.authorIds, 0, evidence, undefined, video.credits);
    if (video.crew) await this.setCrewWithin(change, id, video.crew);
    return id;
  }

  /**
   * Inside a caller's change (a rescan, an accepted proposal): appends the creators that are not yet
   * authors of the video, after the last position; the ids actually added.
   */
  async addAuthorsWithin(
    change: Change,
    videoId: number,
    creatorIds: number[],
    evidence?: ReadonlyMap<number, AuthorEvidence>,
    credits?: ReadonlyMap<number, AuthorCredit>,
  ): Promise<number[]> {
    const { manager } = change;
    await change.touch({ table: 'video_authors', column: 'video_id', ids: [videoId] });
    const authors = await rows<{ creator_id: number; position: number }>(
      manager,
      `SELECT creator_id, position FROM video_authors WHERE video_id = ?${lockFor(manager, 'update')}`,
      [videoId],
    );
    const current = new Set(authors.map((a) => int(a.creator_id)));
    const added = [...new Set(creatorIds)].filter((id) => !current.has(id));
    const next = authors.reduce((max, a) => Math.max(max, int(a.position) + 1), 0);
    await this.insertAuthors(manager, videoId, added, next, evidence, undefined, credits);
    return added;
  }

  /** Inside a caller's change (a creator deleted): every authorship of these creators goes. */
  async removeAuthorsWithin(change: Change, creatorIds: readonly number[]): Promise<void> {
    await change.touch({ table: 'video_authors', column: 'creator_id', ids: creatorIds });
    for (const part of chunks(creatorIds))
      await change.manager.query(
        `DELETE FROM video_authors WHERE creator_id IN ${placeholders(part.length)}`,
        part,
      );
  }

  /**
   * Inside a caller's change (a merge): each video keeps one authorship for the merged group: the
   * primary's own when it was already an author, else the earliest merged creator's, re-pointed to
   * the primary (so its position is kept), with the strongest role the group had there.
   */
  async mergeAuthorsWithin(change: Change, primaryId: number, mergeIds: readonly number[]): Promise<void> {
    const { manager } = change;
    const group = [primaryId, ...mergeIds];
    await change.touch({ table: 'video_authors', column: 'creator_id', ids: group });
    const authorships: { video_id: number; creator_id: number; position: number; role: AuthorRole }[] = [];
    for (const part of chunks(group)) {
      authorships.push(
        ...(await rows<{ video_id: number; creator_id: number; position: number; role: AuthorRole }>(
          manager,
          `SELECT video_id, creator_id, position, role FROM video_authors
            WHERE creator_id IN ${placeholders(part.length)} ORDER BY video_id, position${lockFor(manager, 'update')}`,
          part,
        )),
      );
    }
    const byVideo = new Map<number, number[]>(); // video → group members on it, by position
    const rolesOn = new Map<number, AuthorRole[]>(); // video → their roles there
    for (const row of authorships) {
      const videoId = int(row.video_id);
      byVideo.set(videoId, [...(byVideo.get(videoId) ?? []), int(row.creator_id)]);
      rolesOn.set(videoId, [...(rolesOn.get(videoId) ?? []), row.role]);
    }
    const promotions = new Map<AuthorRole, number[]>(); // role → videos where the kept authorship takes it
    for (const [videoId, authors] of byVideo) {
      const roles = rolesOn.get(videoId) ?? [];
      const keeperRole = roles[Math.max(0, authors.indexOf(primaryId))];
      const role = strongestRole(roles);
      if (role !== keeperRole) promotions.set(role, [...(promotions.get(role) ?? []), videoId]);
    }
    const removals = new Map<number, number[]>(); // creator → videos to drop it from
    const repoints = new Map<number, number[]>(); // creator → videos where it becomes the primary
    const add = (map: Map<number, number[]>, creatorId: number, videoId: number) =>
      map.set(creatorId, [...(map.get(creatorId) ?? []), videoId]);
    for (const [videoId, authors] of byVideo) {
      const keeper = authors.includes(primaryId) ? primaryId : authors[0];
      for (const creatorId of authors) {
        if (creatorId === keeper) {
          if (creatorId !== primaryId) add(repoints, creatorId, videoId);
        } else add(removals, creatorId, videoId);
      }
    }
    for (const [creatorId, videoIds] of removals) {
      for (const part of chunks(videoIds)) {
        await manager.query(
          `DELETE FROM video_authors WHERE creator_id = ? AND video_id IN ${placeholders(part.length)}`,
          [creatorId, ...part],
        );
      }
    }
    for (const [creatorId, videoIds] of repoints) {
      for (const part of chunks(videoIds)) {
        await manager.query(
          `UPDATE video_authors SET creator_id = ?, source = 'merge', evidence = ?, linked_at = ?
            WHERE creator_id = ? AND video_id IN ${placeholders(part.length)}`,
          [primaryId, `merged from creator ${creatorId}`, new Date().toISOString(), creatorId, ...part],
        );
      }
    }
    for (const [role, videoIds] of promotions) {
      for (const part of chunks(videoIds)) {
        await manager.query(
          `UPDATE video_authors SET role = ? WHERE creator_id = ? AND video_id IN ${placeholders(part.length)}`,
          [role, primaryId, ...part],
        );
      }
    }
  }

  /**
   * Inside a caller's change (an event grouped or ungrouped): puts these videos in the event, or takes
   * them out of any (null).
   */
  async setEventWithin(change: Change, videoIds: readonly number[], eventId: number | null): Promise<void> {
    await change.touch({ table: 'videos', column: 'id', ids: videoIds });
    for (const part of chunks(videoIds))
      await change.manager.query(`UPDATE videos SET event_id = ? WHERE id IN ${placeholders(part.length)}`, [
        eventId,
        ...part,
      ]);
  }

  /** Inside a caller's change (an import): the video's crew credits, replacing any it had. */
  async setCrewWithin(change: Change, videoId: number, crew: readonly CrewCredit[]): Promise<void> {
    await change.touch({ table: 'video_crew', column: 'video_id', ids: [videoId] });
    await change.manager.delete(VideoCrewEntity, { videoId });
    if (crew.length === 0) return;
    await change.manager.insert(
      VideoCrewEntity,
      crew.map((credit, position) => ({
        videoId,
        position,
        name: credit.name,
        job: credit.job,
        creatorId: credit.creatorId,
      })),
    );
  }

  /**
   * Inside a caller's change (a rescan): the crew the description credits now, added to what the video
   * has (credits kept, new ones appended, a known creator filled in where none was); whether any changed.
   */
  async mergeCrewWithin(change: Change, videoId: number, found: readonly CrewCredit[]): Promise<boolean> {
    const current = await rows<{ name: string; job: string; creator_id: number | null }>(
      change.manager,
      'SELECT name, job, creator_id FROM video_crew WHERE video_id = ? ORDER BY position',
      [videoId],
    );
    const key = (c: { name: string; job: string }) => `${c.job}\n${c.name.toLowerCase()}`;
    const merged: CrewCredit[] = current.map((c) => ({
      name: c.name,
      job: c.job as CrewCredit['job'],
      creatorId: c.creator_id === null ? null : int(c.creator_id),
    }));
    let changed = false;
    for (const credit of found) {
      const same = merged.find((c) => key(c) === key(credit));
      if (!same) {
        merged.push(credit);
        changed = true;
      } else if (same.creatorId === null && credit.creatorId !== null) {
        same.creatorId = credit.creatorId;
        changed = true;
      }
    }
    if (changed) await this.setCrewWithin(change, videoId, merged);
    return changed;
  }

  async update(input: UpdateVideoDto): Promise<Video> {
    const video = prepareVideo(input);
    return this.uniqueUrl(() =>
      this.changes.run(
        {
          kind: 'video.update',
          summary: `Edited video ${quoted(video.title)}`,
          scopes: videoScopes([input.id]),
        },
        async (change) => {
          const { manager } = change;
          if (!(await manager.existsBy(VideoEntity, { id: input.id })))
            throw new NotFoundException(VIDEO_NOT_FOUND);
          await this.checkReferences(manager, video, input.id);
          const before = await this.readOne(manager, input.id);
          await manager.update(
            VideoEntity,
            { id: input.id },
            { title: video.title, url: video.url, urlKey: video.urlKey, date: video.date },
          );
          const kept = await this.evidenceRows(manager, input.id);
          await manager.delete(VideoAuthorEntity, { videoId: input.id });
          await this.insertAuthors(manager, input.id, video.authorIds, 0, undefined, kept, video.credits);
          if (video.crew) await this.setCrewWithin(change, input.id, video.crew);
          const after = await this.readOne(manager, input.id);
          // One summary names every field changed (a retitle that also added an author says both).
          change.summary = videoEditSummary(before, after);
          return after;
        },
      ),
    );
  }

  async remove(id: number): Promise<MessageResponse> {
    return this.changes.run(
      { kind: 'video.delete', summary: '', scopes: videoScopes([id]) },
      async (change) => {
        const { manager } = change;
        const video = await manager.findOneBy(VideoEntity, { id });
        if (!video) throw new NotFoundException(VIDEO_NOT_FOUND);
        change.summary = `Deleted video ${quoted(video.title)}`;
        await manager.delete(VideoAuthorEntity, { videoId: id });
        await manager.delete(VideoEntity, { id });
        return { message: `Deleted video ${video.title}` };
      },
    );
  }

  /** Several videos deleted as one change (one history entry, undone as one); 404 if any is unknown. */
  async removeMany(ids: readonly number[]): Promise<BulkDeleteResult> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) throw new BadRequestException('ids must name at least one video');
    const message = `Deleted ${unique.length} video${unique.length === 1 ? '' : 's'}`;
    return this.changes.run(
      { kind: 'videos.delete', summary: message, scopes: videoScopes(unique) },
      async ({ manager }) => {
        const missing = await missingIds(manager, 'videos', unique);
        if (missing.length > 0)
          throw new NotFoundException(`Video(s) not found: ${missing.slice(0, 20).join(', ')}`);
        for (const part of chunks(unique)) {
          await manager.query(
            `DELETE FROM video_authors WHERE video_id IN ${placeholders(part.length)}`,
            part,
          );
          await manager.query(`DELETE FROM videos WHERE id IN ${placeholders(part.length)}`, part);
        }
        return { deleted: unique.length, message };
      },
    );
  }

  /**
   * Every author must exist (read with a share lock, so a concurrent merge or delete of one of them
   * either finishes first and is seen, or waits for this video); the URL must not belong to another video.
   */
  private async checkReferences(
    manager: EntityManager,
    video: PreparedVideo,
    exceptId?: number,
  ): Promise<void> {
    const found = await rows<{ id: number }>(
      manager,
      `SELECT id FROM creators WHERE id IN ${placeholders(video.authorIds.length)}${lockFor(manager, 'share')}`,
      video.authorIds,
    );
    const known = new Set(found.map((row) => int(row.id)));
    const unknown = video.authorIds.filter((id) => !known.has(id));
    if (unknown.length > 0) throw new BadRequestException(`Unknown creator id(s): ${unknown.join(', ')}`);
    const crewIds = [
      ...new Set(video.crew?.flatMap((c) => (c.creatorId === null ? [] : [c.creatorId])) ?? []),
    ];
    const missingCrew = crewIds.length > 0 ? await missingIds(manager, 'creators', crewIds) : [];
    if (missingCrew.length > 0)
      throw new BadRequestException(`Unknown crew creatorId(s): ${missingCrew.join(', ')}`);
    if (video.urlKey) {
      const [same] = await rows<{ id: number }>(manager, 'SELECT id FROM videos WHERE url_key = ?', [
        video.urlKey,
      ]);
      if (same && int(same.id) !== exceptId) throw new ConflictException(VIDEO_URL_EXISTS);
    }
  }

  /** The unique index decides a race between two writers of the same URL (MySQL pool). */
  private async uniqueUrl<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(VIDEO_URL_EXISTS);
      throw error;
    }
  }

  /**
   * The one place authorships are written: positions from `from` on, in the given order, each with its
   * evidence (manual when none is given); `kept` rows keep the evidence and role they had (an edit of
   * the video). Roles: as `credits` names them, else as kept, else the first author hosts and the
   * others are guests.
   */
  private async insertAuthors(
    manager: EntityManager,
    videoId: number,
    authorIds: number[],
    from = 0,
    evidence?: ReadonlyMap<number, AuthorEvidence>,
    kept?: ReadonlyMap<number, Partial<VideoAuthorEntity>>,
    credits?: ReadonlyMap<number, AuthorCredit>,
  ): Promise<void> {
    if (authorIds.length === 0) return;
    const at = new Date().toISOString();
    // A video has one host: a new first author hosts only when no kept author does.
    const keptHost = authorIds.some((id) => (credits?.get(id)?.role ?? kept?.get(id)?.role) === 'host');
    const authorships = authorIds.map((creatorId, index): AuthorshipRow => {
      const position = from + index;
      const credit = credits?.get(creatorId);
      const old = kept?.get(creatorId);
      if (old) {
        // A kept authorship: what it had, the schema's defaults for what it lacks.
        return {
          videoId,
          creatorId,
          position,
          source: old.source ?? 'manual',
          evidence: old.evidence ?? '',
          confidence: old.confidence ?? '',
          linkedAt: old.linkedAt ?? '',
          role: credit ? credit.role : (old.role ?? 'guest'),
          creditedAs: (credit ? credit.creditedAs : old.creditedAs) ?? null,
        };
      }
      const why = evidence?.get(creatorId) ?? MANUAL;
      return {
        videoId,
        creatorId,
        position,
        source: why.source,
        evidence: why.text.slice(0, 300),
        confidence: why.confidence,
        linkedAt: at,
        role: credit?.role ?? (keptHost ? 'guest' : defaultRole(position)),
        creditedAs: credit?.creditedAs ?? null,
      };
    });
    // Plain SQL with placeholders: TypeORM's insert of these entities wrote their ids into the
    // statement's text (a new statement to prepare per video) and read the rows back.
    for (const part of chunks(authorships, 50)) {
      await manager.query(
        `INSERT INTO video_authors
           (video_id, creator_id, position, source, evidence, confidence, linked_at, role, credited_as)
         VALUES ${part.map(() => placeholders(9)).join(', ')}`,
        part.flatMap((a) => [
          a.videoId,
          a.creatorId,
          a.position,
          a.source,
          a.evidence,
          a.confidence,
          a.linkedAt,
          a.role,
          a.creditedAs,
        ]),
      );
    }
  }

  private async evidenceRows(
    manager: EntityManager,
    videoId: number,
  ): Promise<Map<number, Partial<VideoAuthorEntity>>> {
    const found = await linkRows(manager, videoId);
    return new Map(
      found.map((r) => [
        int(r.creator_id),
        {
          source: r.source,
          evidence: r.evidence,
          confidence: r.confidence,
          linkedAt: r.linked_at,
          role: r.role,
          creditedAs: r.credited_as,
        },
      ]),
    );
  }

  /** GET /api/videos/:id/evidence: why each author is linked, in author order. */
  async evidence(videoId: number): Promise<LinkEvidence[]> {
    return this.tx.read(async (manager) => {
      if (!(await manager.existsBy(VideoEntity, { id: videoId })))
        throw new NotFoundException(VIDEO_NOT_FOUND);
      const found = await linkRows(manager, videoId);
      return found.map((r) => ({
        creatorId: int(r.creator_id),
        source: r.source as EvidenceSource,
        text: r.evidence,
        confidence: (r.confidence || null) as Confidence | null,
        at: r.linked_at || null,
      }));
    });
  }

  private async readOne(manager: EntityManager, id: number): Promise<Video> {
    const [video] = await readVideosById(manager, [id]);
    if (!video) throw new NotFoundException(VIDEO_NOT_FOUND);
    return video;
  }
}

/** A video's author links with their evidence columns, in author order. */
function linkRows(manager: EntityManager, videoId: number) {
  return rows<{
    creator_id: number;
    source: string;
    evidence: string;
    confidence: string;
    linked_at: string;
    role: string;
    credited_as: string | null;
  }>(
    manager,
    `SELECT creator_id, source, evidence, confidence, linked_at, role, credited_as
       FROM video_authors WHERE video_id = ? ORDER BY position`,
    [videoId],
  );
}
