/**
 * The bench's generated sets carry every count the API keeps on write. The generator writes its rows
 * behind the API, so each kept table is right only if the generator rebuilds it: for months the pairs,
 * months and periods were empty in every set and the bench rows reading them measured empty tables.
 *
 * The generator is compiled (the bench's own tsconfig) and run as a child process into a temporary
 * folder: it imports the API's counts module, which jest here cannot load (Nest ships ES modules only).
 * The set it writes is then checked table by table against recounts from the base tables (videos,
 * video_authors, creators), written here in plain SQL, independently of the API's own SQL. Every table of
 * the migrated schema must be named below, so a kept table added later cannot be forgotten silently.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { COLLABORATION_MIN_AUTHORS, PERIOD_DAYS, utcDay } from '@friends/shared';

const run = promisify(execFile);
const BENCH = resolve(__dirname, '..');
const ROOT = resolve(BENCH, '..');
/** Small, so that compiling and generating take seconds; large enough for pairs, months and a year's periods. */
const SIZE = { creators: 300, videos: 3000, seed: 42 };

/** The rows the generator writes itself, from which every kept count is recounted here. */
const BASE = ['creators', 'social_links', 'creator_aliases', 'videos', 'video_authors'];

/** The counts kept on write (api/src/counts), each recounted below. */
const KEPT_COUNTS = [
  'creator_counts',
  'video_counts',
  'count_totals',
  'creator_event_counts',
  'creator_video_dates',
  'video_months',
  'collaboration_months',
  'creator_pairs',
  'period_counts',
  'period_new_pairs',
  'period_state',
];

/** The search indexes kept on write (the generator writes their keys, the FTS5 tables follow by trigger). */
const KEPT_SEARCH = [
  'creator_search_keys',
  'creator_search_shorts',
  'creator_search_docs',
  'video_title_keys',
  'video_title_fts',
  'video_title_shorts',
];

/**
 * Tables the generated sets hold no rows of, each with why: their sources are not generated (groups,
 * events, other names, crew, descriptions), they are written by users or the server at run time, or they
 * are the schema's bookkeeping. A kept table here must stay empty because its source is (checked below).
 */
const EMPTY_BY_DESIGN: Record<string, string> = {
  creator_other_names: 'not generated',
  creator_groups: 'not generated',
  group_members: 'not generated',
  group_videos: 'kept per group (api/src/groups/group-counts.ts): no groups are generated',
  group_year_counts: 'kept per group (api/src/groups/group-counts.ts): no groups are generated',
  events: 'not generated',
  event_proposals: 'not generated',
  event_rejections: 'not generated',
  video_crew: 'not generated',
  suggestions: 'written by visitors',
  review_proposals: 'written by the review queue',
  review_rejections: 'written by the review queue',
  channel_name_counts: 'counted from video descriptions at review, which are not generated',
  history: 'written by changes through the API',
  history_rows: 'written by changes through the API',
  history_entities: 'written by changes through the API',
  network_runs: 'computed by the server on demand, not kept on write',
  network_communities: 'computed by the server on demand, not kept on write',
  network_members: 'computed by the server on demand, not kept on write',
  admin_sessions: 'run-time state',
  api_keys: 'run-time state',
  auth_state: 'run-time state',
  login_limits: 'run-time state',
  read_limits: 'run-time state',
  leases: 'run-time state (the migrations leave one row)',
  answer_versions: 'answer invalidation bookkeeping',
  data_version: 'answer invalidation bookkeeping',
  migrations: 'the migrations run',
  sqlite_sequence: 'SQLite bookkeeping',
};

/** Kept tables that stay empty only while their sources are: source table per kept table. */
const EMPTY_WHILE_SOURCE_EMPTY: Record<string, string> = {
  group_videos: 'creator_groups',
  group_year_counts: 'creator_groups',
};

/** The search indexes' tables on MariaDB only (SQLite keeps them in its FTS5 tables). */
const MARIADB_ONLY = ['creator_search_grams', 'video_title_grams'];

/**
 * The tables the SQL of `files` (from the repository root) writes: INSERT INTO, DELETE FROM and UPDATE,
 * and the names in a `…_TABLES = [...]` list (period-counts.ts writes through a helper taking the name).
 */
function tablesWritten(files: string[]): Set<string> {
  const written = new Set<string>();
  for (const file of files) {
    const source = readFileSync(join(ROOT, file), 'utf8');
    for (const match of source.matchAll(/\b(?:INSERT INTO (\w+) \(|DELETE FROM (\w+)\b|UPDATE (\w+) SET)/g))
      written.add((match[1] ?? match[2] ?? match[3]) as string);
    for (const list of source.matchAll(/_TABLES = \[([^\]]*)\]/g))
      for (const table of (list[1] as string).matchAll(/'(\w+)'/g)) written.add(table[1] as string);
  }
  return written;
}

let dir: string;
let db: InstanceType<typeof Database>;
let dayBefore: string;
let dayAfter: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bench-generate-'));
  const out = join(dir, 'out');
  // Type errors are the typecheck's business; the emit alone takes a few seconds.
  await run(
    process.execPath,
    [require.resolve('typescript/bin/tsc'), '-p', join(BENCH, 'tsconfig.json'), '--outDir', out, '--noCheck'],
    { cwd: ROOT },
  );
  // The compiled generator writes its set under <dir>/.cache (<dir> stands for bench/, <out> for
  // bench/dist); it finds the packages through NODE_PATH, as it does up from bench/dist.
  const nodePath = [join(ROOT, 'node_modules'), join(BENCH, 'node_modules')].join(':');
  dayBefore = utcDay();
  await run(
    process.execPath,
    [
      join(out, 'bench/src/generate.js'),
      `--creators=${SIZE.creators}`,
      `--videos=${SIZE.videos}`,
      `--seed=${SIZE.seed}`,
    ],
    { cwd: dir, env: { ...process.env, NODE_PATH: nodePath } },
  );
  dayAfter = utcDay();
  const cache = join(dir, '.cache');
  const file = readdirSync(cache).find((name) => name.endsWith('.sqlite') && !name.includes('partial'));
  if (!file) throw new Error(`the generator wrote no set in ${cache}`);
  db = new Database(join(cache, file));
}, 120_000);

afterAll(() => {
  db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const count = (sql: string, ...params: unknown[]): number =>
  (db.prepare(sql).get(...params) as { n: number }).n;

/**
 * Rows of `expected` not in `stored` and the other way round (a few of each), with both counts: equal
 * sets of rows give `{ missing: [], extra: [] }` and equal counts.
 */
function compare(expected: string, stored: string, params: Record<string, unknown> = {}) {
  const sample = (sql: string) => db.prepare(`${sql} LIMIT 5`).all(params);
  return {
    rows: count(`SELECT COUNT(*) AS n FROM (${stored})`, params),
    expectedRows: count(`SELECT COUNT(*) AS n FROM (${expected})`, params),
    missing: sample(`SELECT * FROM (${expected} EXCEPT ${stored})`),
    extra: sample(`SELECT * FROM (${stored} EXCEPT ${expected})`),
  };
}

/** Checks a kept table against its recount; `nonEmpty`: the generated data implies rows. */
function expectSame(expected: string, stored: string, params: Record<string, unknown> = {}, nonEmpty = true) {
  const result = compare(expected, stored, params);
  expect(result.missing).toEqual([]);
  expect(result.extra).toEqual([]);
  expect(result.rows).toBe(result.expectedRows);
  if (nonEmpty) expect(result.rows).toBeGreaterThan(0);
}

/** Each video's number of authors (every video, none without authors in the generated sets). */
const AUTHORS = `SELECT v.id AS video_id, (SELECT COUNT(*) FROM video_authors va WHERE va.video_id = v.id) AS n
                   FROM videos v`;
/** Videos with enough authors to be a collaboration (docs/product.md). */
const COLLABORATIONS = `SELECT video_id FROM (${AUTHORS}) WHERE n >= ${COLLABORATION_MIN_AUTHORS}`;
/** Collaborations with a date: the ones months and periods count. */
const DATED = `SELECT v.id, v.date, v.event_id FROM videos v
                WHERE v.date <> '' AND v.id IN (${COLLABORATIONS})`;

describe('a generated bench set', () => {
  it('names every table of the schema here', () => {
    const tables = (
      db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
        name: string;
        sql: string;
      }[]
    )
      .filter((t) => !t.name.startsWith('sqlite_stat'))
      // An FTS5 table's own storage (its _data, _idx, _config, _docsize and _content tables).
      .filter(
        (t, _, all) => !all.some((v) => /VIRTUAL TABLE/i.test(v.sql) && t.name.startsWith(`${v.name}_`)),
      )
      .map((t) => t.name);
    const known = new Set([...BASE, ...KEPT_COUNTS, ...KEPT_SEARCH, ...Object.keys(EMPTY_BY_DESIGN)]);
    // A table here and not in the schema is a list gone stale; one in the schema and not here is new.
    expect(tables.filter((t) => !known.has(t))).toEqual([]);
    expect([...known].filter((t) => !tables.includes(t))).toEqual([]);
  });

  it('checks every table the modules that keep data on write write', () => {
    // The counts (api/src/counts), the search indexes and a group's counts, as their SQL names them.
    const counts = tablesWritten(
      readdirSync(join(ROOT, 'api/src/counts'))
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))
        .map((f) => `api/src/counts/${f}`),
    );
    expect(counts.size).toBeGreaterThanOrEqual(KEPT_COUNTS.length);
    expect([...counts].filter((t) => !KEPT_COUNTS.includes(t)).sort()).toEqual([]);
    const search = tablesWritten([
      'api/src/creators/creator-search-keys.ts',
      'api/src/videos/video-title-keys.ts',
    ]);
    expect([...search].filter((t) => !KEPT_SEARCH.includes(t) && !MARIADB_ONLY.includes(t)).sort()).toEqual(
      [],
    );
    const groups = tablesWritten(['api/src/groups/group-counts.ts']);
    expect(groups.size).toBeGreaterThan(0);
    expect([...groups].filter((t) => !(t in EMPTY_WHILE_SOURCE_EMPTY)).sort()).toEqual([]);
  });

  it('has the base rows of its size', () => {
    expect(count('SELECT COUNT(*) AS n FROM creators')).toBe(SIZE.creators);
    expect(count('SELECT COUNT(*) AS n FROM videos')).toBe(SIZE.videos);
    expect(count(`SELECT COUNT(*) AS n FROM (${COLLABORATIONS})`)).toBeGreaterThan(0);
    expect(count(`SELECT COUNT(*) AS n FROM (${DATED})`)).toBeGreaterThan(0);
  });

  it('keeps every video its number of authors', () => {
    expectSame(
      'SELECT v.id, COUNT(va.creator_id) FROM videos v LEFT JOIN video_authors va ON va.video_id = v.id GROUP BY v.id',
      'SELECT video_id, authors FROM video_counts',
    );
  });

  it('keeps every creator its videos, collaborations and distinct collaborators', () => {
    expectSame(
      `SELECT c.id,
              (SELECT COUNT(*) FROM video_authors va WHERE va.creator_id = c.id),
              (SELECT COUNT(*) FROM video_authors va
                WHERE va.creator_id = c.id AND va.video_id IN (${COLLABORATIONS})),
              (SELECT COUNT(DISTINCT b.creator_id) FROM video_authors a
                 JOIN video_authors b ON b.video_id = a.video_id AND b.creator_id <> a.creator_id
                WHERE a.creator_id = c.id)
         FROM creators c`,
      'SELECT creator_id, videos, collaborations, collaborators FROM creator_counts',
    );
  });

  it('keeps every creator its collaborations counted by event', () => {
    // A video in no event counts on its own (event ids are positive, so -id keys it apart).
    expectSame(
      `SELECT va.creator_id, COUNT(DISTINCT COALESCE(v.event_id, -v.id))
         FROM video_authors va JOIN videos v ON v.id = va.video_id
        WHERE va.video_id IN (${COLLABORATIONS})
        GROUP BY va.creator_id`,
      'SELECT creator_id, events FROM creator_event_counts',
    );
  });

  it('keeps the totals', () => {
    expectSame(
      `SELECT 1,
              (SELECT COUNT(*) FROM creators),
              (SELECT COUNT(*) FROM videos),
              (SELECT COUNT(*) FROM (${COLLABORATIONS})),
              (SELECT COUNT(DISTINCT creator_id) FROM video_authors)`,
      'SELECT id, creators, videos, collaborations, creators_with_videos FROM count_totals',
    );
  });

  it('keeps every authorship with its video date', () => {
    expectSame(
      'SELECT va.creator_id, va.video_id, v.date FROM video_authors va JOIN videos v ON v.id = va.video_id',
      'SELECT creator_id, video_id, date FROM creator_video_dates',
    );
  });

  it('keeps every pair of creators, both ways, with their videos and events together', () => {
    expectSame(
      `SELECT a.creator_id, b.creator_id, COUNT(*), COUNT(DISTINCT COALESCE(v.event_id, -v.id))
         FROM video_authors a
         JOIN video_authors b ON b.video_id = a.video_id AND b.creator_id <> a.creator_id
         JOIN videos v ON v.id = a.video_id
        GROUP BY a.creator_id, b.creator_id`,
      'SELECT creator_id, other_id, videos, events FROM creator_pairs',
    );
  });

  it('keeps the dated collaborations and their count per month', () => {
    expectSame(
      `SELECT id, SUBSTR(date, 1, 7), date, event_id FROM (${DATED})`,
      'SELECT video_id, month, date, event_id FROM video_months',
    );
    expectSame(
      `SELECT SUBSTR(date, 1, 7), COUNT(*) FROM (${DATED}) GROUP BY SUBSTR(date, 1, 7)`,
      'SELECT month, collaborations FROM collaboration_months',
    );
  });

  describe('per period', () => {
    let day: string;
    beforeAll(() => {
      day = (db.prepare('SELECT day FROM period_state WHERE id = 1').get() as { day: string } | undefined)
        ?.day as string;
    });

    it('is right for the day it was generated on', () => {
      expect(count('SELECT COUNT(*) AS n FROM period_state')).toBe(1);
      expect([dayBefore, dayAfter]).toContain(day);
    });

    it('holds no collab event (each way of counting is then counted alike)', () => {
      // Recounting by event (a unit per event, dated by its earliest upload) is not written here: a
      // generator that makes events needs it.
      expect(count('SELECT COUNT(*) AS n FROM videos WHERE event_id IS NOT NULL')).toBe(0);
    });

    // Each window ends on the day (docs/product.md): current [day - (n - 1), day], previous the n days before.
    const windows = (period: string) => {
      const days = PERIOD_DAYS[period as keyof typeof PERIOD_DAYS];
      return {
        period,
        day,
        currentFrom: shift(day, -(days - 1)),
        previousFrom: shift(day, -(2 * days - 1)),
        previousTo: shift(day, -days),
      };
    };
    const shift = (date: string, days: number): string =>
      (db.prepare(`SELECT date(?, ?) AS d`).get(date, `${days} days`) as { d: string }).d;

    /** Each author of a dated collaboration, with each co-author: x, y, id, date. */
    const TOGETHER = `SELECT a.creator_id AS x, b.creator_id AS y, d.id, d.date FROM (${DATED}) d
                        JOIN video_authors a ON a.video_id = d.id
                        JOIN video_authors b ON b.video_id = d.id AND b.creator_id <> a.creator_id`;

    it.each(['week', 'month', 'year'])('keeps every creator its collaborations of the %s', (period) => {
      const params = windows(period);
      const expected = `
        SELECT :period, c.counting, x,
               COUNT(DISTINCT CASE WHEN date BETWEEN :currentFrom AND :day THEN id END) AS cur,
               COUNT(DISTINCT CASE WHEN date BETWEEN :previousFrom AND :previousTo THEN id END) AS prev,
               COUNT(DISTINCT CASE WHEN date BETWEEN :currentFrom AND :day THEN y END),
               COUNT(DISTINCT CASE WHEN date BETWEEN :previousFrom AND :previousTo THEN y END)
          FROM (${TOGETHER}) CROSS JOIN (SELECT 'videos' AS counting UNION ALL SELECT 'events') c
         GROUP BY c.counting, x
        HAVING cur + prev > 0`;
      const stored = `
        SELECT period, counting, creator_id, current_collaborations, previous_collaborations,
               current_collaborators, previous_collaborators
          FROM period_counts WHERE period = :period`;
      // Rows wherever the set has dated collaborations in the two windows (none once they are past).
      const implied = count(
        `SELECT COUNT(*) AS n FROM (${DATED}) WHERE date BETWEEN :previousFrom AND :day`,
        params,
      );
      expectSame(expected, stored, params, implied > 0);
    });

    it.each(['week', 'month', 'year'])('keeps the new pairs of the %s', (period) => {
      const params = windows(period);
      // A pair is new when its first dated collaboration together falls in the current window.
      const expected = `
        SELECT :period, c.counting, x, y, MIN(date) AS first,
               COUNT(DISTINCT CASE WHEN date BETWEEN :currentFrom AND :day THEN id END)
          FROM (${TOGETHER}) CROSS JOIN (SELECT 'videos' AS counting UNION ALL SELECT 'events') c
         WHERE x < y
         GROUP BY c.counting, x, y
        HAVING first BETWEEN :currentFrom AND :day`;
      const stored = `
        SELECT period, counting, a, b, first_date, videos FROM period_new_pairs WHERE period = :period`;
      const implied = count(
        `SELECT COUNT(*) AS n FROM (${DATED}) WHERE date BETWEEN :currentFrom AND :day`,
        params,
      );
      expectSame(expected, stored, params, implied > 0);
    });

    it('has rows in at least one period while the set is dated within two years', () => {
      const { previousFrom } = windows('year');
      const recent = count(`SELECT COUNT(*) AS n FROM (${DATED}) WHERE date >= ?`, previousFrom);
      if (recent > 0) expect(count('SELECT COUNT(*) AS n FROM period_counts')).toBeGreaterThan(0);
      else expect(count('SELECT COUNT(*) AS n FROM period_counts')).toBe(0);
    });
  });

  it('keeps the name-search keys of every creator', () => {
    // The keys follow the API's folding rules (creator-search-keys.ts), so their text is not recounted
    // here: every creator has its name's whole key, every alias and first link their own.
    expect(
      count(`SELECT COUNT(*) AS n FROM creators c WHERE NOT EXISTS (SELECT 1 FROM creator_search_keys k
               WHERE k.creator_id = c.id AND k.field = 'name' AND k.whole = 1)`),
    ).toBe(0);
    expect(count("SELECT COUNT(*) AS n FROM creator_search_keys WHERE field = 'name' AND whole = 1")).toBe(
      count('SELECT COUNT(*) AS n FROM creators') + count('SELECT COUNT(*) AS n FROM creator_aliases'),
    );
    expect(count("SELECT COUNT(*) AS n FROM creator_search_keys WHERE field = 'channel' AND whole = 1")).toBe(
      count("SELECT COUNT(DISTINCT creator_id) AS n FROM social_links WHERE TRIM(url) <> ''"),
    );
    expect(
      count(`SELECT COUNT(*) AS n FROM creators c
              WHERE NOT EXISTS (SELECT 1 FROM creator_search_shorts s WHERE s.creator_id = c.id)`),
    ).toBe(0);
  });

  it('keeps one title key per video', () => {
    expectSame('SELECT id FROM videos', 'SELECT video_id FROM video_title_keys');
    expect(count("SELECT COUNT(*) AS n FROM video_title_keys WHERE title_key = ''")).toBe(0);
  });

  it('keeps the full-text indexes in step with their keys', () => {
    // Each whole key finds its creator's document by its own text; the index agrees with its content table.
    const whole = db
      .prepare(
        'SELECT creator_id, search_key FROM creator_search_keys WHERE whole = 1 AND LENGTH(search_key) >= 3',
      )
      .all() as { creator_id: number; search_key: string }[];
    expect(whole.length).toBeGreaterThan(0);
    const findKey = db.prepare(
      'SELECT rowid AS id FROM creator_search_docs WHERE creator_search_docs MATCH ?',
    );
    const lost = whole.filter(
      (k) =>
        !findKey
          .all(`"${k.search_key.replace(/"/g, '""')}"`)
          .some((r) => (r as { id: number }).id === k.creator_id),
    );
    expect(lost.slice(0, 5)).toEqual([]);
    const titles = db.prepare('SELECT video_id, title_key FROM video_title_keys').all() as {
      video_id: number;
      title_key: string;
    }[];
    const findTitle = db.prepare('SELECT -rowid AS id FROM video_title_fts WHERE title_key MATCH ?');
    const unfound = titles
      .filter((t, i) => i % 10 === 0 && t.title_key.length >= 3)
      .filter(
        (t) =>
          !findTitle
            .all(`"${t.title_key.replace(/"/g, '""')}"`)
            .some((r) => (r as { id: number }).id === t.video_id),
      );
    expect(unfound.slice(0, 5)).toEqual([]);
    // The short pieces' index holds no text to compare: one entry per video.
    expect(count('SELECT COUNT(*) AS n FROM video_title_shorts_docsize')).toBe(SIZE.videos);
    // FTS5's own check (the indexes store no content: each is checked on its own).
    for (const table of ['creator_search_docs', 'video_title_fts', 'video_title_shorts'])
      expect(() =>
        db.prepare(`INSERT INTO ${table} (${table}) VALUES ('integrity-check')`).run(),
      ).not.toThrow();
  });

  it('leaves empty the kept tables whose sources are not generated', () => {
    for (const [table, source] of Object.entries(EMPTY_WHILE_SOURCE_EMPTY)) {
      // A generator that writes groups needs their kept counts rebuilt and recounted here.
      expect([source, count(`SELECT COUNT(*) AS n FROM ${source}`)]).toEqual([source, 0]);
      expect([table, count(`SELECT COUNT(*) AS n FROM ${table}`)]).toEqual([table, 0]);
    }
  });
});
