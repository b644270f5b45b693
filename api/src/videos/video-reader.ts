import {
  isAuthorRole,
  nameLookup,
  titleLookup,
  type NameLookup,
  type TitleLookup,
  isCrewJob,
  type AmbiguousName,
  type AuthorRef,
  type CrewCredit,
  type Video,
  type VideoAuthorRef,
  type VideoPage,
} from '@friends/shared';
import { resolveWithNames, unresolvedNames } from '../creators/creator-reader';
import { ftsPhrase, keyCondition, lookupSql, shortCondition, spreadGrams } from '../creators/creator-search';
import { pieceToken } from './video-title-keys';
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
  /** The search text (shared titleLookup / nameLookup fold it); '' for every video. */
  text: string;
  /** Only videos whose URL is on YouTube (the rescan list). */
  youtube: boolean;
  /** `with:` names (docs/product.md §2): only videos every one of these creators appears in. */
  withNames?: string[];
}

type Params = unknown[];

/**
 * A SELECT of `id`s from an index: the videos whose folded title holds the term. With `first`, only the
 * newest `first` of them, read in id order from the index (a page needs no more).
 */
function titleMatchSql(
  manager: EntityManager,
  lookup: Exclude<TitleLookup, { mode: 'all' }>,
  first?: number,
): { sql: string; params: Params } {
  const mysql = manager.connection.options.type === 'mysql';
  const newest = (id: string) =>
    first === undefined ? '' : ` ORDER BY ${id} DESC LIMIT ${Math.trunc(first)}`;
  if (lookup.mode === 'short' && !mysql) {
    return {
      sql: `SELECT ts.rowid AS id FROM video_title_shorts ts WHERE video_title_shorts MATCH ?${newest('ts.rowid')}`,
      params: [ftsPhrase(pieceToken(lookup.key))],
    };
  }
  if (lookup.mode === 'short') {
    return {
      sql: `SELECT ts.video_id AS id FROM video_title_shorts ts WHERE ts.gram = ?${newest('ts.video_id')}`,
      params: [Buffer.from(lookup.key)],
    };
  }
  if (!mysql) {
    return {
      sql: `SELECT tf.rowid AS id FROM video_title_fts tf JOIN video_title_keys tk ON tk.video_id = tf.rowid
             WHERE video_title_fts MATCH ? AND instr(tk.title_key, ?) > 0${newest('tf.rowid')}`,
      params: [ftsPhrase(lookup.key), lookup.key],
    };
  }
  const [firstGram, ...others] = spreadGrams(lookup.key).map((gram) => Buffer.from(gram));
  const joins = others
    .map(
      (_, i) =>
        ` JOIN video_title_grams g${i + 1} ON g${i + 1}.gram = ? AND g${i + 1}.video_id = g0.video_id`,
    )
    .join('');
  return {
    sql: `SELECT g0.video_id AS id FROM video_title_grams g0${joins}
            JOIN video_title_keys tk ON tk.video_id = g0.video_id
           WHERE g0.gram = ? AND instr(tk.title_key, ?) > 0${newest('g0.video_id')}`,
    params: [...others, firstGram, lookup.key],
  };
}

/** A SELECT of the creator ids whose names (scope 'names') the term finds, through the name-search index. */
function authorMatchSql(
  manager: EntityManager,
  lookup: Exclude<NameLookup, { mode: 'all' }>,
): { sql: string; params: Params } {
  if (lookup.mode === 'short') {
    const short = shortCondition(manager, lookup, 'names');
    return {
      sql: `SELECT s.creator_id FROM creator_search_shorts s WHERE ${short.sql}`,
      params: short.params,
    };
  }
  const { from, where, params } = lookupSql(manager, lookup, 'names');
  return { sql: `SELECT k.creator_id FROM ${from} WHERE ${where}`, params };
}

/**
 * The ids of the videos the text finds (docs/product.md "Names in every script"): a folded title holds
 * it (the title index) or an author's names do (the name-search index, then video_authors by creator),
 * as one SELECT of `id`s. With `first`, each half stops at its newest `first` ids (both are read in
 * id order from their indexes), so a page costs its offset and size, not the matches.
 */
function textMatchSql(
  manager: EntityManager,
  text: string,
  first?: number,
): { sql: string; params: Params } | null {
  const title = titleLookup(text);
  const names = nameLookup(text);
  if (title.mode === 'all' || names.mode === 'all') return null;
  const byTitle = titleMatchSql(manager, title, first);
  const authors = authorMatchSql(manager, names);
  const limit = first === undefined ? '' : ` ORDER BY va.video_id DESC LIMIT ${Math.trunc(first)}`;
  // MySQL/MariaDB would turn `creator_id IN (…)` around and read the whole video_authors index,
  // probing each row against the creators found: the creators drive the join there instead (DISTINCT:
  // a video two of them made, or a creator found twice, is one id of the page).
  const authorHalf =
    manager.connection.options.type === 'mysql'
      ? `SELECT DISTINCT va.video_id AS id FROM (${authors.sql}) m
           STRAIGHT_JOIN video_authors va ON va.creator_id = m.creator_id${limit}`
      : `SELECT va.video_id AS id FROM video_authors va WHERE va.creator_id IN (${authors.sql})${limit}`;
  return {
    sql: `SELECT id FROM (${byTitle.sql}) title_half
          UNION
          SELECT id FROM (${authorHalf}) author_half`,
    params: [...byTitle.params, ...authors.params],
  };
}

/**
 * The condition that video `v` (one candidate of a `with:` search) is found by the text: its title key
 * or one of its authors' name keys, each read through a primary key or the creator column of an index.
 */
function textConditionSql(manager: EntityManager, text: string): { sql: string; params: Params } | null {
  const title = titleLookup(text);
  const names = nameLookup(text);
  if (title.mode === 'all' || names.mode === 'all') return null;
  let author: { sql: string; params: Params };
  if (names.mode === 'short') {
    const short = shortCondition(manager, names, 'names');
    author = {
      sql: `JOIN creator_search_shorts s ON s.creator_id = va.creator_id WHERE va.video_id = v.id AND ${short.sql}`,
      params: short.params,
    };
  } else {
    const condition = keyCondition(names, 'names');
    author = {
      sql: `JOIN creator_search_keys k ON k.creator_id = va.creator_id WHERE va.video_id = v.id AND ${condition.sql}`,
      params: condition.params,
    };
  }
  return {
    sql: `(EXISTS (SELECT 1 FROM video_title_keys tk WHERE tk.video_id = v.id AND instr(tk.title_key, ?) > 0)
           OR EXISTS (SELECT 1 FROM video_authors va ${author.sql}))`,
    params: [title.key, ...author.params],
  };
}

const YOUTUBE_ONLY = `(instr(v.url, 'youtube.com/') > 0 OR instr(v.url, 'youtu.be/') > 0)`;

/**
 * The `with:` names' WHERE clause over `videos v`, with its parameters; or the `with:` names that name
 * no creator (then nothing matches).
 */
async function withFilterSql(
  manager: EntityManager,
  filter: VideoFilter & { withNames: string[] },
): Promise<
  | { where: string; params: Params; withCreators: AuthorRef[] }
  | { unknownNames: string[]; ambiguousNames: AmbiguousName[] }
> {
  const conditions: string[] = [];
  const params: Params = [];
  const { ids, unknownNames, ambiguousNames, creators } = await resolveWithNames(manager, filter.withNames);
  if (unknownNames.length > 0 || ambiguousNames.length > 0) return { unknownNames, ambiguousNames };
  // Through the video_authors (creator_id, video_id) index: the named creators' videos, not the table.
  for (const id of ids) {
    conditions.push('v.id IN (SELECT w.video_id FROM video_authors w WHERE w.creator_id = ?)');
    params.push(id);
  }
  // Checked per video of the named creators, through the primary keys.
  const text = textConditionSql(manager, filter.text);
  if (text) {
    conditions.push(text.sql);
    params.push(...text.params);
  }
  if (filter.youtube) conditions.push(YOUTUBE_ONLY);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  return { where, params, withCreators: creators };
}

/**
 * One page of the videos matching `filter` (the admin's lists and the visitor's Videos search), newest
 * added first, with how many match. The text is looked up in the title index and the name-search
 * index (never a scan of the titles); `with:` videos are the named creators' videos, newest by date.
 */
export async function readVideoPage(
  manager: EntityManager,
  filter: VideoFilter,
  page: { offset: number; limit: number },
): Promise<VideoPage> {
  const paging = `LIMIT ${Math.trunc(page.limit)} OFFSET ${Math.trunc(page.offset)}`;
  if (filter.withNames) {
    const sql = await withFilterSql(manager, { ...filter, withNames: filter.withNames });
    if ('unknownNames' in sql) return { total: 0, items: [], ...unresolvedNames(sql) };
    const { where, params, withCreators } = sql;
    const [count] = await rows<{ total: number }>(
      manager,
      `SELECT COUNT(*) AS total FROM videos v ${where}`,
      params,
    );
    const found = await rows<VideoRow>(
      manager,
      `SELECT ${V_COLUMNS} FROM videos v ${where} ORDER BY v.date DESC, v.id DESC ${paging}`,
      params,
    );
    return { total: int(count?.total), items: await withAuthors(manager, found, false), withCreators };
  }
  const youtube = filter.youtube ? `WHERE ${YOUTUBE_ONLY}` : '';
  // The YouTube filter is applied after the text's ids, so those are not cut to the page first.
  const all = textMatchSql(manager, filter.text);
  const firsts = filter.youtube ? all : textMatchSql(manager, filter.text, page.offset + page.limit);
  if (!all || !firsts) {
    const [count] = await rows<{ total: number }>(
      manager,
      `SELECT COUNT(*) AS total FROM videos v ${youtube}`,
    );
    const found = await rows<VideoRow>(
      manager,
      `SELECT ${V_COLUMNS} FROM videos v ${youtube} ORDER BY v.id DESC ${paging}`,
    );
    return { total: int(count?.total), items: await withAuthors(manager, found, false) };
  }
  const [count] = await rows<{ total: number }>(
    manager,
    filter.youtube
      ? `SELECT COUNT(*) AS total FROM (${all.sql}) m JOIN videos v ON v.id = m.id ${youtube}`
      : `SELECT COUNT(*) AS total FROM (${all.sql}) m`,
    all.params,
  );
  const found = await rows<VideoRow>(
    manager,
    `SELECT ${V_COLUMNS} FROM (${firsts.sql}) m JOIN videos v ON v.id = m.id ${youtube}
      ORDER BY v.id DESC ${paging}`,
    firsts.params,
  );
  return { total: int(count?.total), items: await withAuthors(manager, found, false) };
}

const V_COLUMNS = 'v.id, v.title, v.url, v.date, v.event_id';

/** The ids of every video matching `filter`, in the page's order: what Select All selects in a paged list. */
export async function readVideoIds(manager: EntityManager, filter: VideoFilter): Promise<number[]> {
  let found: { id: number }[];
  if (filter.withNames) {
    const sql = await withFilterSql(manager, { ...filter, withNames: filter.withNames });
    if ('unknownNames' in sql) return [];
    found = await rows<{ id: number }>(
      manager,
      `SELECT v.id FROM videos v ${sql.where} ORDER BY v.date DESC, v.id DESC`,
      sql.params,
    );
  } else {
    const youtube = filter.youtube ? `WHERE ${YOUTUBE_ONLY}` : '';
    const text = textMatchSql(manager, filter.text);
    found = text
      ? await rows<{ id: number }>(
          manager,
          `SELECT v.id FROM (${text.sql}) m JOIN videos v ON v.id = m.id ${youtube} ORDER BY v.id DESC`,
          text.params,
        )
      : await rows<{ id: number }>(manager, `SELECT v.id FROM videos v ${youtube} ORDER BY v.id DESC`);
  }
  return found.map((row) => int(row.id));
}
