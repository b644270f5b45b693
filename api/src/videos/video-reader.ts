import {
  isAuthorRole,
  isCrewJob,
  type AmbiguousName,
  type AuthorRef,
  type CrewCredit,
  type Video,
  type VideoAuthorRef,
  type VideoPage,
} from '@friends/shared';
import { resolveWithNames, unresolvedNames } from '../creators/creator-reader';
import type { EntityManager } from 'typeorm';
import { chunks, int, placeholders, rows, rowsWhereIn } from '../database/sql';

interface VideoRow {
  id: number;
  title: string;
  url: string;
  date: string;
  event_id: number | null;
}
interface AuthorRow {
  video_id: number;
  creator_id: number;
  name: string;
  role: string;
  credited_as: string | null;
}
interface CrewRow {
  video_id: number;
  name: string;
  job: string;
  creator_id: number | null;
}

/** The columns every video answer is built from (see withAuthors). */
const VIDEO_COLUMNS = 'id, title, url, date, event_id';

/** Attaches the ordered authors (ids, names, roles) and crew credits to video rows, keeping the rows' order. */
async function withAuthors(
  manager: EntityManager,
  videos: VideoRow[],
  allAuthors: boolean,
): Promise<Video[]> {
  const authorRows = await rowsWhereIn<AuthorRow>(
    manager,
    'va.video_id',
    allAuthors ? undefined : videos.map((video) => int(video.id)),
    (where) => `SELECT va.video_id, va.creator_id, c.name, va.role, va.credited_as
                  FROM video_authors va JOIN creators c ON c.id = va.creator_id
                 ${where} ORDER BY va.video_id, va.position`,
  );
  const authors = new Map<number, VideoAuthorRef[]>();
  for (const row of authorRows) {
    const videoId = int(row.video_id);
    const list = authors.get(videoId) ?? [];
    list.push({
      id: int(row.creator_id),
      name: row.name,
      role: isAuthorRole(row.role) ? row.role : 'guest',
      creditedAs: row.credited_as || null,
    });
    authors.set(videoId, list);
  }
  const crewRows = await rowsWhereIn<CrewRow>(
    manager,
    'vc.video_id',
    allAuthors ? undefined : videos.map((video) => int(video.id)),
    (where) => `SELECT vc.video_id, vc.name, vc.job, vc.creator_id FROM video_crew vc
                 ${where} ORDER BY vc.video_id, vc.position`,
  );
  const crew = new Map<number, CrewCredit[]>();
  for (const row of crewRows) {
    if (!isCrewJob(row.job)) continue;
    const videoId = int(row.video_id);
    crew.set(videoId, [
      ...(crew.get(videoId) ?? []),
      { name: row.name, job: row.job, creatorId: row.creator_id === null ? null : int(row.creator_id) },
    ]);
  }
  return videos.map((row) => {
    const list = authors.get(int(row.id)) ?? [];
    return {
      id: int(row.id),
      title: row.title,
      url: row.url,
      date: row.date,
      authorIds: list.map((author) => author.id),
      authors: list,
      eventId: row.event_id === null || row.event_id === undefined ? null : int(row.event_id),
      crew: crew.get(int(row.id)) ?? [],
    };
  });
}

/** Every video, by id. */
export async function readAllVideos(manager: EntityManager): Promise<Video[]> {
  return withAuthors(
    manager,
    await rows<VideoRow>(manager, `SELECT ${VIDEO_COLUMNS} FROM videos ORDER BY id`),
    true,
  );
}

/** The given videos (missing ids are absent), by id. */
export async function readVideosById(manager: EntityManager, ids: readonly number[]): Promise<Video[]> {
  const found: VideoRow[] = [];
  for (const part of chunks(ids)) {
    found.push(
      ...(await rows<VideoRow>(
        manager,
        `SELECT ${VIDEO_COLUMNS} FROM videos WHERE id IN ${placeholders(part.length)} ORDER BY id`,
        part,
      )),
    );
  }
  return withAuthors(manager, found, false);
}

/**
 * A creator's videos, newest first by date (undated last), then newest added first: `limit` of them
 * from `offset`, or all when no page is given.
 */
export async function readCreatorVideos(
  manager: EntityManager,
  creatorId: number,
  page?: { offset: number; limit: number },
): Promise<Video[]> {
  const videos = await rows<VideoRow>(
    manager,
    `SELECT v.id, v.title, v.url, v.date, v.event_id
       FROM video_authors mine JOIN videos v ON v.id = mine.video_id
      WHERE mine.creator_id = ?
      ORDER BY v.date DESC, v.id DESC
      ${page ? `LIMIT ${Math.trunc(page.limit)} OFFSET ${Math.trunc(page.offset)}` : ''}`,
    [creatorId],
  );
  return withAuthors(manager, videos, false);
}

export interface VideoFilter {
  /** Lowercased substring of the title or of an author's name; '' for every video. */
  text: string;
  /** Only videos whose URL is on YouTube (the rescan list). */
  youtube: boolean;
  /** `with:` names (docs/product.md §2): only videos every one of these creators appears in. */
  withNames?: string[];
}

/**
 * The WHERE clause of `filter` over `videos v`, with its parameters; or the `with:` names that name no
 * creator (then nothing matches).
 */
async function videoFilterSql(
  manager: EntityManager,
  filter: VideoFilter,
): Promise<
  | { where: string; params: (string | number)[]; withCreators?: AuthorRef[] }
  | { unknownNames: string[]; ambiguousNames: AmbiguousName[] }
> {
  const conditions: string[] = [];
  const params: (string | number)[] = [];
  let withCreators: AuthorRef[] | undefined;
  if (filter.withNames) {
    const { ids, unknownNames, ambiguousNames, creators } = await resolveWithNames(manager, filter.withNames);
    if (unknownNames.length > 0 || ambiguousNames.length > 0) return { unknownNames, ambiguousNames };
    withCreators = creators;
    // Through the video_authors (creator_id, video_id) index: the named creators' videos, not the table.
    for (const id of ids) {
      conditions.push('v.id IN (SELECT w.video_id FROM video_authors w WHERE w.creator_id = ?)');
      params.push(id);
    }
  }
  if (filter.text && filter.withNames) {
    // Checked per video of the named creators, through the primary keys.
    conditions.push(`(instr(lower(v.title), ?) > 0
      OR EXISTS (SELECT 1 FROM video_authors va JOIN creators c ON c.id = va.creator_id
                  WHERE va.video_id = v.id AND instr(c.name_key, ?) > 0))`);
    params.push(filter.text, filter.text);
  } else if (filter.text) {
    conditions.push(`(instr(lower(v.title), ?) > 0
      OR v.id IN (SELECT va.video_id FROM video_authors va JOIN creators c ON c.id = va.creator_id
                   WHERE instr(c.name_key, ?) > 0))`);
    params.push(filter.text, filter.text);
  }
  if (filter.youtube) conditions.push(`(instr(v.url, 'youtube.com/') > 0 OR instr(v.url, 'youtu.be/') > 0)`);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  return withCreators ? { where, params, withCreators } : { where, params };
}

/**
 * One page of the videos matching `filter`, by id (the admin's lists), with how many match. The title
 * and author filter is the one Manage Videos applied in the browser: a substring of the lowercased
 * title or of an author's normalised name (creators.name_key).
 */
export async function readVideoPage(
  manager: EntityManager,
  filter: VideoFilter,
  page: { offset: number; limit: number },
): Promise<VideoPage> {
  const sql = await videoFilterSql(manager, filter);
  if ('unknownNames' in sql) return { total: 0, items: [], ...unresolvedNames(sql) };
  const { where, params, withCreators } = sql;
  const [count] = await rows<{ total: number }>(
    manager,
    `SELECT COUNT(*) AS total FROM videos v ${where}`,
    params,
  );
  const found = await rows<VideoRow>(
    manager,
    `SELECT v.id, v.title, v.url, v.date, v.event_id FROM videos v ${where}
      ORDER BY ${newestFirst(filter)} LIMIT ${Math.trunc(page.limit)} OFFSET ${Math.trunc(page.offset)}`,
    params,
  );
  const items = await withAuthors(manager, found, false);
  return withCreators
    ? { total: int(count?.total), items, withCreators }
    : { total: int(count?.total), items };
}

/**
 * Newest first: the admin's lists by when a video was added (a just-added video is the first row), a
 * collaboration search's videos by their date, as a creator's page lists them.
 */
const newestFirst = (filter: VideoFilter): string =>
  filter.withNames ? 'v.date DESC, v.id DESC' : 'v.id DESC';

/** The ids of every video matching `filter`, in the page's order: what Select All selects in a paged list. */
export async function readVideoIds(manager: EntityManager, filter: VideoFilter): Promise<number[]> {
  const sql = await videoFilterSql(manager, filter);
  if ('unknownNames' in sql) return [];
  const { where, params } = sql;
  const found = await rows<{ id: number }>(
    manager,
    `SELECT v.id FROM videos v ${where} ORDER BY ${newestFirst(filter)}`,
    params,
  );
  return found.map((row) => int(row.id));
}
