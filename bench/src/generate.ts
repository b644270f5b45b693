/**
 * The benchmark's data: a deterministic (seeded, for one day) world of creators and videos with a
 * realistic shape — a power law of videos per creator, mostly solo videos, collaborations of 2–5
 * creators drawn mostly from the owner's community, one to four social links per creator, dates over
 * the ten years up to the day it is made — loaded into SQLite (the API's own migrations on a fresh
 * file, then prepared statements in one transaction) or a MariaDB database (same migrations, then
 * multi-row INSERTs). SQLite files are cached in bench/.cache, keyed by size, seed, generator version,
 * day and migrations.
 *
 *   node bench/dist/bench/src/generate.js [--creators=10000] [--videos=100000] [--seed=42]
 */
import 'reflect-metadata';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { canonicalVideoUrl, detectPlatform, normalizeName, seededRandom } from '@friends/shared';
import { CountsService } from '../../api/src/counts/counts.service';
import { pieceToken, videoTitleIndexRows } from '../../api/src/videos/video-title-keys';
import {
  creatorSearchKeyRows,
  creatorSearchShortRows,
  trigrams,
  type SearchKeyRow,
  type SearchShortRow,
} from '../../api/src/creators/creator-search-keys';
import { dataSourceOptions } from '../../api/src/database/data-source-options';
import { MIGRATIONS } from '../../api/src/database/migrations';
import { ftsTables, mergeLikeTheApi } from '../../api/src/database/fts-merges';
import { BENCH_DIR, CACHE_DIR, arg } from './util';

/** Bump when the shape of the generated data changes: cached databases are then rebuilt. */
const GENERATOR_VERSION = 5;

/**
 * The last day videos are dated (today, UTC). The API counts its week, month and year leaderboards up
 * to today, so a set dated up to a fixed day measures them on ever emptier windows; a cached set is
 * therefore kept for the day it was made on.
 */
export const generationDay = (): string => new Date().toISOString().slice(0, 10);

export interface Size {
  creators: number;
  videos: number;
  seed: number;
}

export const DEFAULT_SIZE: Size = { creators: 10_000, videos: 100_000, seed: 42 };
/** The large size, ten times the default, where cost must not grow with the data. */
export const LARGE_SIZE: Size = { creators: 100_000, videos: 1_000_000, seed: 42 };

export interface GeneratedCreator {
  name: string;
  photo: string;
  links: { platform: string; url: string }[];
  aliases: string[];
}

export interface GeneratedVideo {
  title: string;
  url: string;
  date: string;
  /** 1-based creator ids, in author order (the first is the uploader). */
  authors: number[];
}

export interface DatasetMeta {
  size: Size;
  authorships: number;
  collaborations: number;
  links: number;
  /** The creator whose video count is nearest to 1,000 (the creator page the browser opens). */
  bigCreator: { id: number; name: string; videoCount: number };
  /** The most prolific creator. */
  topCreator: { id: number; name: string; videoCount: number };
  /** Videos per creator at a few percentiles (the power law, for the report). */
  videosPerCreator: { p50: number; p90: number; p99: number; max: number };
}

export interface Dataset {
  creators: GeneratedCreator[];
  videos: GeneratedVideo[];
  meta: DatasetMeta;
}

/** What generated names are made of (and so what a search finds them by). */
export const SYLLABLES = (
  'ka ri mo ta ne lu vi sa do pe ra zu li en ar os by ce fa go hi ja ko le mi no pa qu ro si tu va wy xa ' +
  'ze bel cor dan fen gar hal ion jor kel lin mar nor pol quin ros sel tor ulm ven wil yar zan'
).split(' ');
/** What generated titles are made of: a topic, a format, a number and maybe a guest's name. */
export const TOPICS = (
  'cooking gaming travel science music comedy fitness tech history art crafts cars gardening chess ' +
  'movies books skating coding physics camping baking puzzles fashion drones sailing'
).split(' ');
export const FORMATS = [
  'Challenge',
  'Q&A',
  'Vlog',
  'Review',
  'Tutorial',
  'Live',
  'Podcast',
  'Collab',
  'Reacts',
  'Tour',
];

/** The video's canonical URL key: the same hash the API stores (videos.service.ts videoUrlKey). */
export const urlKey = (url: string): string =>
  createHash('sha256').update(canonicalVideoUrl(url)).digest('hex');

const YOUTUBE_ID_CHARS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function generate(size: Size, through: string = generationDay()): Dataset {
  const random = seededRandom(size.seed);
  const word = (min: number, max: number) => {
    const count = min + Math.floor(random() * (max - min + 1));
    let text = '';
    for (let i = 0; i < count; i++) text += pick(random, SYLLABLES);
    return capitalised(text);
  };

  // Creators: unique names (case-insensitively, as the API requires), 1–4 links, a few aliases.
  const seen = new Set<string>();
  const creators: GeneratedCreator[] = [];
  while (creators.length < size.creators) {
    const name = `${word(1, 3)} ${word(2, 3)}`;
    const key = normalizeName(name);
    if (seen.has(key)) continue;
    seen.add(key);
    const handle = name.replace(/\s+/g, '').toLowerCase();
    const candidates = [
      `https://www.youtube.com/@${handle}`,
      `https://www.instagram.com/${handle}`,
      `https://x.com/${handle}`,
      `https://www.tiktok.com/@${handle}`,
    ];
    const linkCount = random() < 0.05 ? 0 : 1 + Math.floor(random() * random() * 4);
    const links = candidates.slice(0, linkCount).map((url) => ({ platform: detectPlatform(url), url }));
    creators.push({ name, photo: '', links, aliases: [] });
  }
  for (let i = 0; i < creators.length / 100; i++) {
    const alias = `${word(2, 3)} ${word(2, 3)}`;
    const key = normalizeName(alias);
    if (seen.has(key)) continue;
    seen.add(key);
    pick(random, creators).aliases.push(alias);
  }

  // Videos per creator: a Zipf law over a random order of the creators (exponent 0.65: at 10,000
  // creators the most prolific has about 1% of the videos, the median a handful).
  const order = creators.map((_, index) => index + 1);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  const cumulative = new Float64Array(order.length);
  let total = 0;
  for (let rank = 0; rank < order.length; rank++) {
    total += 1 / Math.pow(rank + 1, 0.65);
    cumulative[rank] = total;
  }
  const zipf = (): number => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((cumulative[mid] as number) < target) low = mid + 1;
      else high = mid;
    }
    return order[low] as number;
  };
  // Communities of about 40 creators (by id): collaborators come from the owner's community 85% of the time.
  const COMMUNITY = 40;
  const communityMember = (owner: number): number => {
    const base = Math.floor((owner - 1) / COMMUNITY) * COMMUNITY;
    return Math.min(creators.length, base + 1 + Math.floor(random() * COMMUNITY));
  };

  // The ten years that end with the day `through` (YYYY-MM-DD).
  const [year, month, day] = through.split('-').map(Number) as [number, number, number];
  const start = Date.UTC(year - 10, month - 1, day + 1);
  const span = Date.UTC(year, month - 1, day + 1) - 1 - start;
  const videos: GeneratedVideo[] = [];
  const usedIds = new Set<string>();
  for (let i = 0; i < size.videos; i++) {
    const owner = zipf();
    const authors = [owner];
    if (random() >= 0.75) {
      const roll = random();
      const count = roll < 0.6 ? 2 : roll < 0.85 ? 3 : roll < 0.95 ? 4 : 5;
      for (let guard = 0; authors.length < count && guard < 50; guard++) {
        const other = random() < 0.85 ? communityMember(owner) : zipf();
        if (!authors.includes(other)) authors.push(other);
      }
    }
    let youtubeId: string;
    do {
      youtubeId = '';
      for (let c = 0; c < 11; c++) youtubeId += pick(random, YOUTUBE_ID_CHARS);
    } while (usedIds.has(youtubeId));
    usedIds.add(youtubeId);
    // More videos in recent years (sqrt skews towards the end of the span).
    const date = new Date(start + Math.sqrt(random()) * span).toISOString().slice(0, 10);
    const guests = authors.length > 1 ? ` w/ ${creators[(authors[1] as number) - 1]?.name}` : '';
    const title = `${pick(random, TOPICS)} ${pick(random, FORMATS)} #${i + 1}${guests}`;
    videos.push({
      title: capitalised(title),
      url: `https://www.youtube.com/watch?v=${youtubeId}`,
      date: random() < 0.02 ? '' : date,
      authors,
    });
  }

  const counts = new Array<number>(creators.length + 1).fill(0);
  let authorships = 0;
  let collaborations = 0;
  for (const video of videos) {
    for (const id of video.authors) counts[id] = (counts[id] as number) + 1;
    authorships += video.authors.length;
    if (video.authors.length > 1) collaborations++;
  }
  let big = 1;
  let top = 1;
  for (let id = 1; id <= creators.length; id++) {
    if (Math.abs((counts[id] as number) - 1000) < Math.abs((counts[big] as number) - 1000)) big = id;
    if ((counts[id] as number) > (counts[top] as number)) top = id;
  }
  const sorted = counts.slice(1).sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  const describe = (id: number) => ({
    id,
    name: creators[id - 1]?.name ?? '',
    videoCount: counts[id] as number,
  });
  return {
    creators,
    videos,
    meta: {
      size,
      authorships,
      collaborations,
      links: creators.reduce((sum, c) => sum + c.links.length, 0),
      bigCreator: describe(big),
      topCreator: describe(top),
      videosPerCreator: { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: sorted[sorted.length - 1] ?? 0 },
    },
  };
}

const migrationsKey = (): string =>
  createHash('sha256')
    .update(MIGRATIONS.map((m) => m.name).join(','))
    .digest('hex')
    .slice(0, 8);

export const sizeLabel = (size: Size): string => `c${size.creators}-v${size.videos}-s${size.seed}`;

export interface CachedDatabase {
  file: string;
  meta: DatasetMeta;
  /** Seconds spent generating and loading (0 when it came from the cache). */
  buildSeconds: number;
}

/** Every cached file of `size` starts so (whatever its version, day and migrations). */
const sizePrefix = (size: Size): string => `sqlite-${sizeLabel(size)}-`;
/** The cached files of `size` made by this generator on `day`, before the migrations' key. */
const dayPrefix = (size: Size, day: string): string => `${sizePrefix(size)}g${GENERATOR_VERSION}-d${day}-m`;
const cacheBase = (size: Size, day: string): string =>
  join(CACHE_DIR, `${dayPrefix(size, day)}${migrationsKey()}`);

/**
 * The cached database for `size`, or null. A file generated before a migration was added is brought
 * up to date by running the new migrations on it (seconds) instead of generating it again.
 */
export async function cachedSqlite(size: Size, day = generationDay()): Promise<CachedDatabase | null> {
  const base = cacheBase(size, day);
  const file = `${base}.sqlite`;
  const metaFile = `${base}.json`;
  if (existsSync(file) && existsSync(metaFile)) {
    return { file, meta: JSON.parse(readFileSync(metaFile, 'utf8')) as DatasetMeta, buildSeconds: 0 };
  }
  const prefix = dayPrefix(size, day);
  const older = existsSync(CACHE_DIR)
    ? readdirSync(CACHE_DIR).find((name) => name.startsWith(prefix) && name.endsWith('.json'))
    : undefined;
  if (!older) return null;
  const olderBase = join(CACHE_DIR, older.slice(0, -'.json'.length));
  if (!existsSync(`${olderBase}.sqlite`)) return null;
  const partial = `${base}.partial.sqlite`;
  for (const suffix of ['', '-wal', '-shm']) rmSync(partial + suffix, { force: true });
  renameSync(`${olderBase}.sqlite`, partial);
  try {
    await migrate(
      dataSourceOptions({ type: 'sqlite', path: partial, embedded: false, seedDemo: false }) as never,
    );
    const db = new Database(partial);
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
  } catch {
    rmSync(partial, { force: true }); // a migration that cannot run forward: generate afresh
    rmSync(`${olderBase}.json`, { force: true });
    return null;
  }
  renameSync(partial, file);
  renameSync(`${olderBase}.json`, metaFile);
  return { file, meta: JSON.parse(readFileSync(metaFile, 'utf8')) as DatasetMeta, buildSeconds: 0 };
}

/** A generated SQLite database for `size`, from bench/.cache when present, else built (and cached). */
export async function sqliteDatabase(size: Size): Promise<CachedDatabase> {
  const day = generationDay();
  const cached = await cachedSqlite(size, day);
  if (cached) return cached;
  mkdirSync(CACHE_DIR, { recursive: true });
  // The sets of this size made on other days or by other versions (up to 0.9 GB each) go first.
  for (const name of readdirSync(CACHE_DIR)) {
    if (name.startsWith(sizePrefix(size))) rmSync(join(CACHE_DIR, name), { force: true });
  }
  const base = cacheBase(size, day);
  const file = `${base}.sqlite`;
  const metaFile = `${base}.json`;
  const started = performance.now();
  const dataset = generate(size, day);
  const partial = `${base}.partial.sqlite`;
  for (const suffix of ['', '-wal', '-shm']) rmSync(partial + suffix, { force: true });
  await migrate(
    dataSourceOptions({ type: 'sqlite', path: partial, embedded: false, seedDemo: false }) as never,
  );
  loadSqlite(partial, dataset);
  await rebuildCounts(
    dataSourceOptions({ type: 'sqlite', path: partial, embedded: false, seedDemo: false }) as never,
  );
  const db = new Database(partial);
  // The search indexes' segments as a running API keeps them (merged in pauses of the writes).
  const tables = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table'").all();
  for (const table of ftsTables(tables as { name: string; sql: string | null }[])) {
    mergeLikeTheApi(db, table);
  }
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  renameSync(partial, file);
  writeFileSync(metaFile, JSON.stringify(dataset.meta, null, 2));
  return { file, meta: dataset.meta, buildSeconds: (performance.now() - started) / 1000 };
}

/**
 * The name-search index rows of every creator (api creator-search-keys.ts, the API's own rules): its
 * name and aliases, and its first link as the channel; the short-query pieces one creator at a time.
 */
function searchRows(dataset: Dataset): { keys: SearchKeyRow[]; shorts: SearchShortRow[] } {
  const keys: SearchKeyRow[] = [];
  const shorts: SearchShortRow[] = [];
  dataset.creators.forEach((c, index) => {
    const channel = c.links.find((l) => l.url.trim())?.url ?? '';
    const mine = creatorSearchKeyRows(index + 1, [c.name, ...c.aliases], channel);
    for (const row of mine) keys.push(row);
    for (const row of creatorSearchShortRows(mine)) shorts.push(row);
  });
  return { keys, shorts };
}

type DataSourceOptions = ConstructorParameters<typeof DataSource>[0];

/** Runs `work` on a DataSource opened with `options` (no entities: raw SQL only), then closes it. */
async function withDataSource(
  options: DataSourceOptions,
  work: (dataSource: DataSource) => Promise<unknown>,
) {
  const dataSource = new DataSource({ ...options, entities: [] } as DataSourceOptions);
  await dataSource.initialize();
  try {
    await work(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

/**
 * Every count the API keeps on write (per creator, video, pair, month and period), recomputed from the
 * loaded rows by the API's own rebuild: the rows bypassed the API, so without it the pairs, months and
 * periods would be empty and every answer reading them cheap and wrong.
 */
const rebuildCounts = (options: DataSourceOptions) =>
  withDataSource(options, (dataSource) =>
    dataSource.transaction((manager) => new CountsService().rebuildCounts(manager)),
  );

/** Runs the API's migrations (the schema is never written twice). */
const migrate = (options: DataSourceOptions) =>
  withDataSource(options, (dataSource) => dataSource.runMigrations({ transaction: 'all' }));

function loadSqlite(file: string, dataset: Dataset): void {
  const db = new Database(file);
  try {
    db.pragma('synchronous = OFF');
    const creator = db.prepare('INSERT INTO creators (id, name, name_key, photo) VALUES (?, ?, ?, ?)');
    const link = db.prepare(
      'INSERT INTO social_links (creator_id, position, platform, url) VALUES (?, ?, ?, ?)',
    );
    const alias = db.prepare('INSERT INTO creator_aliases (creator_id, name, name_key) VALUES (?, ?, ?)');
    const video = db.prepare('INSERT INTO videos (id, title, url, url_key, date) VALUES (?, ?, ?, ?, ?)');
    const author = db.prepare('INSERT INTO video_authors (video_id, creator_id, position) VALUES (?, ?, ?)');
    const searchKey = db.prepare(
      'INSERT INTO creator_search_keys (creator_id, field, initials, whole, search_key) VALUES (?, ?, ?, ?, ?)',
    );
    const searchShort = db.prepare(
      'INSERT INTO creator_search_shorts (gram, creator_id, in_name) VALUES (?, ?, ?)',
    );
    const titleKey = db.prepare('INSERT INTO video_title_keys (video_id, title_key) VALUES (?, ?)');
    const titleShort = db.prepare('INSERT INTO video_title_shorts (rowid, pieces) VALUES (?, ?)');
    db.transaction(() => {
      dataset.creators.forEach((c, index) => {
        const id = index + 1;
        creator.run(id, c.name, normalizeName(c.name), c.photo);
        c.links.forEach((l, position) => link.run(id, position, l.platform, l.url));
        for (const name of c.aliases) alias.run(id, name, normalizeName(name));
      });
      dataset.videos.forEach((v, index) => {
        const id = index + 1;
        video.run(id, v.title, v.url, urlKey(v.url), v.date);
        v.authors.forEach((creatorId, position) => author.run(id, creatorId, position));
        // The video-title index (its FTS5 table follows the keys through its trigger).
        const { key, shorts } = videoTitleIndexRows(v.title);
        titleKey.run(id, key);
        titleShort.run(id, shorts.map(pieceToken).join(' '));
      });
      // The rows above bypass the API, so its name-search index kept on write is written here once (the
      // FTS5 table follows the keys through its trigger); the counts follow (rebuildCounts).
      const { keys, shorts } = searchRows(dataset);
      for (const k of keys) searchKey.run(k.creatorId, k.field, k.initials, k.whole, k.key);
      for (const short of shorts) searchShort.run(short.gram, short.creatorId, short.inName);
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

/**
 * Creates database `name` on the MariaDB at `adminUrl` (mysql://user:pass@host:port), runs the API's
 * migrations and bulk-loads the dataset with multi-row INSERTs. Returns the database URL.
 */
export async function loadMariadb(adminUrl: string, name: string, dataset: Dataset): Promise<string> {
  const admin = await createConnection(adminUrl);
  await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
  await admin.end();
  const url = `${adminUrl}/${name}`;
  await migrate(dataSourceOptions({ type: 'mysql', url, seedDemo: false }) as never);

  const db = await createConnection({ uri: url, multipleStatements: false });
  try {
    await db.query('SET foreign_key_checks = 0, unique_checks = 0');
    await db.beginTransaction();
    const insert = async (table: string, columns: string[], values: unknown[][]) => {
      const BATCH = 2000;
      for (let i = 0; i < values.length; i += BATCH) {
        const part = values.slice(i, i + BATCH);
        const row = `(${columns.map(() => '?').join(',')})`;
        await db.query(
          `INSERT INTO \`${table}\` (${columns.join(', ')}) VALUES ${part.map(() => row).join(',')}`,
          part.flat(),
        );
      }
    };
    await insert(
      'creators',
      ['id', 'name', 'name_key', 'photo'],
      dataset.creators.map((c, i) => [i + 1, c.name, normalizeName(c.name), c.photo]),
    );
    await insert(
      'social_links',
      ['creator_id', 'position', 'platform', 'url'],
      dataset.creators.flatMap((c, i) => c.links.map((l, position) => [i + 1, position, l.platform, l.url])),
    );
    await insert(
      'creator_aliases',
      ['creator_id', 'name', 'name_key'],
      dataset.creators.flatMap((c, i) => c.aliases.map((a) => [i + 1, a, normalizeName(a)])),
    );
    await insert(
      'videos',
      ['id', 'title', 'url', 'url_key', 'date'],
      dataset.videos.map((v, i) => [i + 1, v.title, v.url, urlKey(v.url), v.date]),
    );
    await insert(
      'video_authors',
      ['video_id', 'creator_id', 'position'],
      dataset.videos.flatMap((v, i) => v.authors.map((creatorId, position) => [i + 1, creatorId, position])),
    );
    // The name-search index: keys with their ids, the whole keys' trigrams, the short-query pieces.
    const { keys, shorts } = searchRows(dataset);
    await insert(
      'creator_search_keys',
      ['id', 'creator_id', 'field', 'initials', 'whole', 'search_key'],
      keys.map((k, i) => [i + 1, k.creatorId, k.field, k.initials, k.whole, k.key]),
    );
    await insert(
      'creator_search_grams',
      ['gram', 'key_id'],
      keys.flatMap((k, i) => (k.whole ? trigrams(k.key).map((gram) => [Buffer.from(gram), i + 1]) : [])),
    );
    await insert(
      'creator_search_shorts',
      ['gram', 'creator_id', 'in_name'],
      shorts.map((short) => [Buffer.from(short.gram), short.creatorId, short.inName]),
    );
    // The video-title index: folded titles, their short pieces and trigrams.
    const titles = dataset.videos.map((v) => videoTitleIndexRows(v.title));
    await insert(
      'video_title_keys',
      ['video_id', 'title_key'],
      titles.map((title, i) => [i + 1, title.key]),
    );
    await insert(
      'video_title_shorts',
      ['gram', 'video_id'],
      titles.flatMap((title, i) => title.shorts.map((gram) => [Buffer.from(gram), i + 1])),
    );
    await insert(
      'video_title_grams',
      ['gram', 'video_id'],
      titles.flatMap((title, i) => title.grams.map((gram) => [Buffer.from(gram), i + 1])),
    );
    await db.commit();
    await db.query('SET foreign_key_checks = 1, unique_checks = 1');
  } finally {
    await db.end();
  }
  await rebuildCounts(dataSourceOptions({ type: 'mysql', url, seedDemo: false }) as never);
  return url;
}

async function main(): Promise<void> {
  const size: Size = {
    creators: Number(arg('creators', String(DEFAULT_SIZE.creators))),
    videos: Number(arg('videos', String(DEFAULT_SIZE.videos))),
    seed: Number(arg('seed', String(DEFAULT_SIZE.seed))),
  };
  const result = await sqliteDatabase(size);
  console.log(JSON.stringify({ ...result, file: result.file.replace(`${BENCH_DIR}/`, 'bench/') }, null, 2));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
