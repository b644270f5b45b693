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
import {
  creatorMatchSql,
  ftsPhrase,
  keyCondition,
  shortCondition,
  spreadGrams,
} from '../creators/creator-search';
import { pieceToken } from './video-title-keys';
import type { EntityManager } from 'typeorm';
import type { MemoReads } from '../common/answer-memo';
import { JsonText, type Answer } from '../common/json-text';
import { chunks, idColumn, idList, int, rows, rowsWhereIn } from '../database/sql';

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

/**
 * Whole videos as readVideosById reads them, each as its JSON text, kept by id (null: no such video)
 * until a table they are read from changes: a search's page is mostly the newest videos, which the
 * pages before it showed. A text takes three quarters of the heap its objects would, and is joined
 * into a page as it is.
 */
export type VideoMemo = MemoReads<string | null, number>;

/** The tables a whole video is read from (see withAuthors): what a VideoMemo's videos go stale with. */
export const WHOLE_VIDEO_READS = ['videos', 'video_authors', 'creators', 'video_crew'] as const;

/**
 * The newest ids a term finds (newestTextIds), read for pages ending at or before `through`: the ids
 * past it may be the title half's alone (enough to count, not the union's).
 */
export interface TextIds {
  ids: number[];
  through: number;
}

/**
 * Each term's newest ids, kept by term and length until a title, an authorship or a name changes
 * (VideosService names the tables): a term is asked again for its other pages and page sizes, and a
 * one- or two-character term is one of a few thousand that visitors type again and again.
 */
export type TextIdsMemo = MemoReads<TextIds, string>;

/** What a text search reads through (VideosService keeps one of each, and starts them for each read). */
export interface VideoSearchMemo {
  videos: VideoMemo;
  textIds: TextIdsMemo;
}

/** The JSON texts of the given videos, in the order of `ids` (missing ids are absent). */
async function videoTexts(
  manager: EntityManager,
  ids: readonly number[],
  memo: VideoMemo,
): Promise<string[]> {
  const texts = await memo.many(ids, async (missing) => {
    const read = await readVideosById(manager, missing);
    const byId = new Map(read.map((video) => [video.id, JSON.stringify(video)]));
    return missing.map((id) => byId.get(id) ?? null);
  });
  return texts.filter((text) => text !== null);
}

/** The given videos (missing ids are absent), by id. */
export async function readVideosById(manager: EntityManager, ids: readonly number[]): Promise<Video[]> {
  const found: VideoRow[] = [];
  for (const part of chunks(ids)) {
    const list = idList(part);
    found.push(
      ...(await rows<VideoRow>(
        manager,
        `SELECT ${VIDEO_COLUMNS} FROM videos WHERE id IN ${list.sql} ORDER BY id`,
        list.params,
      )),
    );
  }
  return withAuthors(manager, found, false);
}

/**
 * A creator's videos, newest first by date (undated last), then newest added first: `limit` of them
 * from `offset`, or all when no page is given. Walked in that order on the index of the authorships'
 * dates kept on write (counts/creator-video-dates.ts), so a page costs its own rows, not a sort of
 * every video of the creator.
 */
export async function readCreatorVideos(
  manager: EntityManager,
  creatorId: number,
  page?: { offset: number; limit: number },
): Promise<Video[]> {
  const videos = await rows<VideoRow>(
    manager,
    `SELECT v.id, v.title, v.url, v.date, v.event_id
       FROM creator_video_dates mine JOIN videos v ON v.id = mine.video_id
      WHERE mine.creator_id = ?
      ORDER BY mine.date DESC, mine.video_id DESC
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
  // The limit as a parameter (last): one prepared statement whatever the page.
  const newest = (id: string) => (first === undefined ? '' : ` ORDER BY ${id} DESC LIMIT ?`);
  const limit = first === undefined ? [] : [Math.trunc(first)];
  if (lookup.mode === 'short' && !mysql) {
    return {
      sql: `SELECT ts.rowid AS id FROM video_title_shorts ts WHERE video_title_shorts MATCH ?${newest('ts.rowid')}`,
      params: [ftsPhrase(pieceToken(lookup.key)), ...limit],
    };
  }
  if (lookup.mode === 'short') {
    return {
      sql: `SELECT ts.video_id AS id FROM video_title_shorts ts WHERE ts.gram = ?${newest('ts.video_id')}`,
      params: [Buffer.from(lookup.key), ...limit],
    };
  }
  if (!mysql) {
    // A phrase of three or more characters on a case-sensitive trigram index matches exactly the keys
    // that hold it as a substring (what instr would check): no read of each match's key row, which
    // cost ~1 µs per match, 0.2–0.3 ms a page at 1,000,000 titles. Its rowids are the negated video
    // ids, so the newest matches come first on the index's forward walk (cheaper than a backward one).
    const newestFirst = first === undefined ? '' : ' ORDER BY tf.rowid LIMIT ?';
    return {
      sql: `SELECT -tf.rowid AS id FROM video_title_fts tf WHERE video_title_fts MATCH ?${newestFirst}`,
      params: [ftsPhrase(lookup.key), ...limit],
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
    params: [...others, firstGram, lookup.key, ...limit],
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
  return creatorMatchSql(manager, lookup, 'names');
}

/**
 * How far a text search reads (tests make them small to reach both sides of each bound):
 * - `totalStep`: matches are counted in steps of this many just past the page asked for; more than that
 *   answers the step with `totalCapped`, so a term in most titles costs what its page costs.
 * - `manyAuthors`: matching creators past which the author half of a first page reads the newest
 *   authorships first and checks each one's creator (about ids wanted × creators ÷ matches probes)
 *   rather than reading every video of the matching creators and sorting them (about matches × videos
 *   per creator rows). Measured at 100,000 creators / 1,000,000 videos for 201 ids: 1,405 creators
 *   cost 7 ms one way and 5 ms the other. The crossing grows with the square root of the ids wanted.
 */
export const VIDEO_SEARCH_BOUNDS = { totalStep: 200, manyAuthors: 1200 };

/**
 * Whether the names lookup finds enough creators (counted no further) that reading the newest
 * authorships first finds `first` videos sooner than sorting the matching creators' videos. With
 * `above` (both plans stop at that video), also when fewer authorships lie above it than there are
 * matching creators: the walk then probes fewer rows than the other plan seeks creators.
 */
async function findsManyAuthors(
  manager: EntityManager,
  lookup: Exclude<NameLookup, { mode: 'all' }>,
  first: number,
  above: number | undefined,
): Promise<boolean> {
  const { manyAuthors, totalStep } = VIDEO_SEARCH_BOUNDS;
  const many = Math.ceil(manyAuthors * Math.sqrt(first / (totalStep + 1)));
  if (many <= 0) return true;
  const authors = authorMatchSql(manager, lookup);
  const [found] = await rows<{ n: number }>(manager, `SELECT COUNT(*) AS n FROM (${authors.sql} LIMIT ?) m`, [
    ...authors.params,
    many,
  ]);
  const creators = int(found?.n);
  if (creators >= many) return true;
  if (above === undefined || creators === 0) return false;
  const [walk] = await rows<{ n: number }>(
    manager,
    'SELECT COUNT(*) AS n FROM (SELECT 1 FROM video_authors WHERE video_id > ? LIMIT ?) w',
    [above, creators],
  );
  return int(walk?.n) < creators;
}

/** The condition that authorship `va`'s creator is found by the names lookup: its index rows, by creator. */
function authorCheckSql(
  manager: EntityManager,
  lookup: Exclude<NameLookup, { mode: 'all' }>,
): { sql: string; params: Params } {
  if (lookup.mode === 'short') {
    const short = shortCondition(manager, lookup, 'names');
    return {
      sql: `EXISTS (SELECT 1 FROM creator_search_shorts s WHERE s.creator_id = va.creator_id AND ${short.sql})`,
      params: short.params,
    };
  }
  if (manager.connection.options.type !== 'mysql') {
    // The creators found, read once into a list (SQLite keeps it as an ephemeral index with a bloom
    // filter) that each authorship is probed against; `+` keeps the walk on the primary key's order
    // instead of the creator index. Checking each authorship's key rows with instr cost ~2.4 µs a row:
    // 30–70 ms for a trigram found in 1,200 creators at 1,000,000 videos, the list 4 ms.
    const found = creatorMatchSql(manager, lookup, 'names');
    return { sql: `+va.creator_id IN (${found.sql})`, params: found.params };
  }
  const condition = keyCondition(lookup, 'names');
  return {
    sql: `EXISTS (SELECT 1 FROM creator_search_keys k WHERE k.creator_id = va.creator_id AND ${condition.sql})`,
    params: condition.params,
  };
}

/** A search text's two lookups (shared titleLookup and nameLookup), when it has a term. */
interface TextLookups {
  title: Exclude<TitleLookup, { mode: 'all' }>;
  names: Exclude<NameLookup, { mode: 'all' }>;
}

/** The text folded once into its lookups; null for a text without a term (every video). */
function textLookups(text: string): TextLookups | null {
  const title = titleLookup(text);
  const names = nameLookup(text);
  return title.mode === 'all' || names.mode === 'all' ? null : { title, names };
}

/** How the text is looked up: with `first`, each half stops at its newest `first` distinct ids. */
interface TextPlan {
  lookups: TextLookups;
  first?: number;
  /** The author half walks the authorships newest first (a names lookup that finds many creators). */
  byNewest?: boolean;
  /** The author half keeps only ids above this one (the rest cannot reach the page). */
  above?: number;
}

/**
 * The two halves of a text lookup, each a SELECT of distinct video `id`s: the videos whose folded title
 * holds the text (the title index) and those an author's names hold it (the name-search index, then
 * video_authors by creator). With `first`, each half is its newest `first` ids, read in id order.
 */
function textHalvesSql(
  manager: EntityManager,
  plan: TextPlan,
): { title: { sql: string; params: Params }; author: { sql: string; params: Params } } {
  const { lookups, first, above } = plan;
  const { title, names } = lookups;
  // The bound and the limit as parameters: one prepared statement whatever the page and the bound.
  const limit = first === undefined ? '' : ` ORDER BY va.video_id DESC LIMIT ?`;
  const limitParams = first === undefined ? [] : [Math.trunc(first)];
  const range = above === undefined ? '' : `va.video_id > ? AND `;
  const rangeParams = above === undefined ? [] : [Math.trunc(above)];
  if (plan.byNewest && first !== undefined) {
    // The newest authorships in key order (video_id, creator_id), each creator checked by its index
    // rows, until `first` videos are found: no sort of every matching creator's videos.
    const check = authorCheckSql(manager, names);
    return {
      title: titleMatchSql(manager, title, first),
      author: {
        sql: `SELECT DISTINCT va.video_id AS id FROM video_authors va WHERE ${range}${check.sql}${limit}`,
        params: [...rangeParams, ...check.params, ...limitParams],
      },
    };
  }
  const authors = authorMatchSql(manager, names);
  // MySQL/MariaDB would turn `creator_id IN (…)` around and read the whole video_authors index,
  // probing each row against the creators found: the creators drive the join there instead.
  // DISTINCT: a video two of them made, or a creator found twice, is one id (a LIMIT counts ids).
  return {
    title: titleMatchSql(manager, title, first),
    author: {
      sql:
        manager.connection.options.type === 'mysql'
          ? `SELECT DISTINCT va.video_id AS id FROM (${authors.sql}) m
               STRAIGHT_JOIN video_authors va ON ${range}va.creator_id = m.creator_id${limit}`
          : `SELECT DISTINCT va.video_id AS id FROM video_authors va
              WHERE ${range}va.creator_id IN (${authors.sql})${limit}`,
      params:
        manager.connection.options.type === 'mysql'
          ? [...authors.params, ...rangeParams, ...limitParams]
          : [...rangeParams, ...authors.params, ...limitParams],
    },
  };
}

/**
 * The ids of every video the text finds (docs/product.md "Names in every script") as one SELECT of
 * `id`s: the union of the title and author halves.
 */
function textMatchSql(manager: EntityManager, lookups: TextLookups): { sql: string; params: Params } {
  const halves = textHalvesSql(manager, { lookups });
  return {
    sql: `SELECT id FROM (${halves.title.sql}) title_half
          UNION
          SELECT id FROM (${halves.author.sql}) author_half`,
    params: [...halves.title.params, ...halves.author.params],
  };
}

/**
 * The newest `first` distinct ids the text finds, newest first, each half read once and merged here;
 * fewer than `first` means every match (neither half was cut). The title half is read first: when it
 * alone holds `first` ids the union holds more than the count asks for, and only author ids above the
 * title's `pageEnd`-th can be among the union's newest `pageEnd`, so the author half reads no further.
 * The ids past `pageEnd` then come from the title alone: enough to count, not the union's (`through`).
 */
async function newestTextIds(
  manager: EntityManager,
  lookups: TextLookups,
  first: number,
  pageEnd: number,
): Promise<TextIds> {
  const titleHalf = titleMatchSql(manager, lookups.title, first);
  const titleIds = await idColumn(manager, titleHalf.sql, titleHalf.params);
  const floor = titleIds.length >= first && pageEnd > 0 ? titleIds[pageEnd - 1] : undefined;
  const wanted = floor === undefined ? first : pageEnd;
  const byNewest = await findsManyAuthors(manager, lookups.names, wanted, floor);
  const halves = textHalvesSql(manager, { lookups, first: wanted, byNewest, above: floor });
  const author = await idColumn(manager, halves.author.sql, halves.author.params);
  const union = [...new Set([...titleIds, ...author])].sort((a, b) => b - a);
  return { ids: union.slice(0, first), through: floor === undefined ? Infinity : pageEnd };
}

/** What a term's kept ids are known by: its lookups (the same text folds the same) and the length. */
function textIdsKey({ title, names }: TextLookups, first: number): string {
  return `${first} ${title.mode} ${title.key} ${names.mode} ${names.key} ${names.initials}`;
}

/**
 * The condition that video `v` (one candidate of a `with:` search) is found by the text: its title key
 * or one of its authors' name keys, each read through a primary key or the creator column of an index.
 */
function textConditionSql(manager: EntityManager, text: string): { sql: string; params: Params } | null {
  const lookups = textLookups(text);
  if (!lookups) return null;
  const { title, names } = lookups;
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
 * A text search's ids and page are read through `memo` when given, and its page then comes as JSON.
 */
export function readVideoPage(
  manager: EntityManager,
  filter: VideoFilter,
  page: { offset: number; limit: number },
): Promise<VideoPage>;
export function readVideoPage(
  manager: EntityManager,
  filter: VideoFilter,
  page: { offset: number; limit: number },
  memo: VideoSearchMemo,
): Promise<Answer<VideoPage>>;
export async function readVideoPage(
  manager: EntityManager,
  filter: VideoFilter,
  page: { offset: number; limit: number },
  memo?: VideoSearchMemo,
): Promise<Answer<VideoPage>> {
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
  const lookups = textLookups(filter.text);
  if (!lookups) {
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
  if (filter.youtube) {
    // The YouTube filter is applied after the text's ids, so those are not cut to the page first.
    const all = textMatchSql(manager, lookups);
    const [count] = await rows<{ total: number }>(
      manager,
      `SELECT COUNT(*) AS total FROM (${all.sql}) m JOIN videos v ON v.id = m.id ${youtube}`,
      all.params,
    );
    const found = await rows<VideoRow>(
      manager,
      `SELECT ${V_COLUMNS} FROM (${all.sql}) m JOIN videos v ON v.id = m.id ${youtube}
        ORDER BY v.id DESC ${paging}`,
      all.params,
    );
    return { total: int(count?.total), items: await withAuthors(manager, found, false) };
  }
  // Counted only to the step past the page: a term in most titles costs what its page costs.
  const step = VIDEO_SEARCH_BOUNDS.totalStep;
  const cap = step * Math.ceil((page.offset + page.limit + 1) / step);
  const pageEnd = page.offset + page.limit;
  const read = () => newestTextIds(manager, lookups, cap + 1, pageEnd);
  const { ids: newest } = memo
    ? await memo.textIds.fitting(textIdsKey(lookups, cap + 1), (kept) => kept.through >= pageEnd, read)
    : await read();
  const pageIds = newest.slice(page.offset, pageEnd);
  const total = Math.min(newest.length, cap);
  const capped = newest.length > cap;
  if (memo) {
    // As JSON.stringify writes the object below: the same keys in the same order.
    const items = (await videoTexts(manager, pageIds, memo.videos)).join(',');
    return new JsonText(`{"total":${total},"items":[${items}]${capped ? ',"totalCapped":true' : ''}}`);
  }
  const found = (await readVideosById(manager, pageIds)).sort((a, b) => b.id - a.id);
  return capped ? { total, items: found, totalCapped: true } : { total, items: found };
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
    const lookups = textLookups(filter.text);
    const text = lookups ? textMatchSql(manager, lookups) : null;
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
