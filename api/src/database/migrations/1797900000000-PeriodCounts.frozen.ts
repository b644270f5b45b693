/**
 * What the PeriodCounts migration runs to fill the counts per period, frozen: a copy of the rebuild in
 * counts/period-counts.ts as it was at that migration (and of the helpers it used from shared and
 * database/), so that a later change to the application's code cannot change what the migration does.
 * Do not edit it to follow the application: a later migration states a new rule itself.
 */
import type { EntityManager } from 'typeorm';

type DatedPeriod = 'week' | 'month' | 'year';
const PERIODS: readonly DatedPeriod[] = ['week', 'month', 'year'];
const PERIOD_COUNTINGS = ['videos', 'events'] as const;
type PeriodCounting = (typeof PERIOD_COUNTINGS)[number];
const PERIOD_DAYS: Record<DatedPeriod, number> = { week: 7, month: 30, year: 365 };
const DAY_MS = 86_400_000;
/** Creators recomputed per statement batch. */
const BATCH = 500;
/** Rows per multi-row INSERT. */
const INSERT_ROWS = 100;

function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

function periodWindows(period: DatedPeriod, today: string) {
  const days = PERIOD_DAYS[period];
  return {
    current: { from: addDays(today, -(days - 1)), to: today },
    previous: { from: addDays(today, -(2 * days - 1)), to: addDays(today, -days) },
  };
}

const placeholders = (count: number): string => `(${new Array<string>(count).fill('?').join(', ')})`;

function chunks<T>(items: readonly T[], size = 500): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

async function rows<T extends object>(
  manager: EntityManager,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  return (await manager.query(sql, params)) as T[];
}

const int = (value: unknown): number => Number(value ?? 0);

interface Unit {
  date: string;
  authors: Set<number>;
}

interface CreatorRow {
  period: DatedPeriod;
  counting: PeriodCounting;
  creatorId: number;
  currentCollaborations: number;
  previousCollaborations: number;
  currentCollaborators: number;
  previousCollaborators: number;
}

interface PairRow {
  period: DatedPeriod;
  counting: PeriodCounting;
  a: number;
  b: number;
  first: string;
  videos: number;
}

/** Recomputes every row for `day` (migration, restore, repair, a day far from the stored one). */
export async function rebuildPeriodCountsFrozen(manager: EntityManager, day: string): Promise<void> {
  await manager.query('DELETE FROM period_counts');
  await manager.query('DELETE FROM period_new_pairs');
  await manager.query('DELETE FROM period_state');
  const widest = periodWindows('year', day);
  const creators = await creatorsWithUnitsOn(manager, [[widest.previous.from, day]]);
  await recompute(manager, day, creators, true, await everything(manager, widest.previous.from, day));
  await manager.query('INSERT INTO period_state (id, day) VALUES (1, ?)', [day]);
}

/**
 * Creators with a unit dated in one of the ranges: authors of a collaborative video dated there, and
 * every author of an event with an upload there (its unit's date may be that upload's).
 */
async function creatorsWithUnitsOn(manager: EntityManager, ranges: [string, string][]): Promise<number[]> {
  const open = ranges.filter(([from, to]) => from <= to);
  if (open.length === 0) return [];
  const within = open.map(() => '(v.date >= ? AND v.date <= ?)').join(' OR ');
  const params = open.flat();
  const found = new Set<number>();
  for (const row of await rows<{ creator_id: number }>(
    manager,
    `SELECT DISTINCT va.creator_id
       FROM videos v
       JOIN video_counts vc ON vc.video_id = v.id
       JOIN video_authors va ON va.video_id = v.id
      WHERE (${within}) AND vc.authors >= 2`,
    params,
  ))
    found.add(int(row.creator_id));
  for (const row of await rows<{ creator_id: number }>(
    manager,
    `SELECT DISTINCT va.creator_id
       FROM videos w
       JOIN video_counts wc ON wc.video_id = w.id
       JOIN video_authors va ON va.video_id = w.id
      WHERE w.event_id IN (SELECT v.event_id FROM videos v WHERE v.event_id IS NOT NULL AND (${within}))
        AND wc.authors >= 2`,
    params,
  ))
    found.add(int(row.creator_id));
  return [...found];
}

/**
 * Replaces the rows of `creatorIds` for `day`. A pair of two of them is written once (from the smaller
 * id); a pair with a creator not named keeps being written from the named side, which sees every unit
 * of the pair (each has the named creator among its authors).
 */
async function recompute(
  manager: EntityManager,
  day: string,
  creatorIds: number[],
  emptyAlready = false,
  source: Source,
): Promise<void> {
  if (creatorIds.length === 0) return;
  const named = new Set(creatorIds);
  if (!emptyAlready) {
    for (const part of chunks(creatorIds)) {
      const list = placeholders(part.length);
      await manager.query(`DELETE FROM period_counts WHERE creator_id IN ${list}`, part);
      await manager.query(`DELETE FROM period_new_pairs WHERE a IN ${list}`, part);
      await manager.query(`DELETE FROM period_new_pairs WHERE b IN ${list}`, part);
    }
  }
  for (const part of chunks(creatorIds, BATCH)) {
    const { creators, pairs } = await computeBatch(manager, day, part, named, source);
    await insertRows(
      manager,
      'period_counts',
      [
        'period',
        'counting',
        'creator_id',
        'current_collaborations',
        'previous_collaborations',
        'current_collaborators',
        'previous_collaborators',
      ],
      creators.map((r) => [
        r.period,
        r.counting,
        r.creatorId,
        r.currentCollaborations,
        r.previousCollaborations,
        r.currentCollaborators,
        r.previousCollaborators,
      ]),
    );
    await insertRows(
      manager,
      'period_new_pairs',
      ['period', 'counting', 'a', 'b', 'first_date', 'videos'],
      pairs.map((r) => [r.period, r.counting, r.a, r.b, r.first, r.videos]),
    );
  }
}

async function insertRows(
  manager: EntityManager,
  table: string,
  columns: readonly string[],
  values: (string | number)[][],
): Promise<void> {
  const row = placeholders(columns.length);
  for (const part of chunks(values, INSERT_ROWS)) {
    await manager.query(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${part.map(() => row).join(', ')}`,
      part.flat(),
    );
  }
}

interface WindowRow {
  x: number;
  id: number;
  date: string;
  event_id: number | null;
  y: number;
}

interface EventRow {
  event_id: number;
  date: string;
  creator_id: number;
}

/**
 * Where a batch's rows come from: for a few creators, indexed reads of theirs; for a rebuild, every row
 * read once (per creator, a thousand batches would each read the window's videos again).
 */
interface Source {
  /** Per authorship of a batch creator in a dated collaborative video of the range: each co-author. */
  windowRows(manager: EntityManager, batch: number[], from: string, to: string): Promise<Iterable<WindowRow>>;
  /** Every dated collaborative upload's authors, of every event a batch creator has one in. */
  eventRows(manager: EntityManager, batch: number[]): Promise<Iterable<EventRow>>;
  /** The table of dated collaborative videos to look for a pair's earlier one in (alias `w`). */
  dated: string;
}

const WINDOW_ROWS_SQL = (where: string) => `
  SELECT a.creator_id AS x, v.id, v.date, v.event_id, b.creator_id AS y
    FROM video_authors a
    JOIN videos v ON v.id = a.video_id
    JOIN video_counts vc ON vc.video_id = v.id
    JOIN video_authors b ON b.video_id = a.video_id AND b.creator_id <> a.creator_id
   WHERE ${where} AND v.date >= ? AND v.date <= ? AND vc.authors >= 2`;

const EVENT_ROWS_SQL = (where: string) => `
  SELECT v.event_id, v.date, va.creator_id
    FROM videos v
    JOIN video_counts vc ON vc.video_id = v.id
    JOIN video_authors va ON va.video_id = v.id
   WHERE ${where} AND v.date <> '' AND vc.authors >= 2`;

/** Dated collaborative videos in `videos` (before `video_months` holds dates, in the migration). */
const DATED_VIDEOS = "(SELECT id AS video_id, date, event_id FROM videos WHERE date <> '')";

/** Every row of the range and every event's, read once and handed out per batch. */
async function everything(manager: EntityManager, from: string, to: string): Promise<Source> {
  const byCreator = new Map<number, WindowRow[]>();
  for (const row of await rows<WindowRow>(manager, WINDOW_ROWS_SQL('1 = 1'), [from, to])) {
    const x = int(row.x);
    let own = byCreator.get(x);
    if (!own) byCreator.set(x, (own = []));
    own.push(row);
  }
  const byEvent = new Map<number, EventRow[]>();
  const eventsOf = new Map<number, Set<number>>();
  for (const row of await rows<EventRow>(manager, EVENT_ROWS_SQL('v.event_id IS NOT NULL'))) {
    const id = int(row.event_id);
    let own = byEvent.get(id);
    if (!own) byEvent.set(id, (own = []));
    own.push(row);
    const creator = int(row.creator_id);
    let of = eventsOf.get(creator);
    if (!of) eventsOf.set(creator, (of = new Set()));
    of.add(id);
  }
  return {
    dated: DATED_VIDEOS,
    windowRows: async (_manager, batch) => batch.flatMap((id) => byCreator.get(id) ?? []),
    eventRows: async (_manager, batch) => {
      const ids = new Set(batch.flatMap((id) => [...(eventsOf.get(id) ?? [])]));
      return [...ids].flatMap((id) => byEvent.get(id) ?? []);
    },
  };
}

/** The rows of a batch of creators, from their units in the widest window and their pairs' first dates. */
async function computeBatch(
  manager: EntityManager,
  day: string,
  batch: number[],
  named: ReadonlySet<number>,
  source: Source,
): Promise<{ creators: CreatorRow[]; pairs: PairRow[] }> {
  const widest = periodWindows('year', day);

  // Units per creator of the batch, by way of counting (keyed by video id, or -event id).
  const units: Record<PeriodCounting, Map<number, Map<number, Unit>>> = {
    videos: new Map(),
    events: new Map(),
  };
  const unitsOf = (counting: PeriodCounting, creator: number) => {
    let found = units[counting].get(creator);
    if (!found) units[counting].set(creator, (found = new Map()));
    return found;
  };
  for (const row of await source.windowRows(manager, batch, widest.previous.from, day)) {
    const x = int(row.x);
    const id = int(row.id);
    const kinds: PeriodCounting[] = row.event_id === null ? ['videos', 'events'] : ['videos'];
    for (const counting of kinds) {
      const own = unitsOf(counting, x);
      const unit = own.get(id) ?? { date: String(row.date), authors: new Set<number>([x]) };
      unit.authors.add(int(row.y));
      own.set(id, unit);
    }
  }

  // Counted by event: every event a creator of the batch has a dated collaborative upload in, whole.
  const events = new Map<number, Unit>();
  const eventsOf = new Map<number, Set<number>>();
  {
    for (const row of await source.eventRows(manager, batch)) {
      const id = int(row.event_id);
      const date = String(row.date);
      const event = events.get(id) ?? { date, authors: new Set<number>() };
      if (date < event.date) event.date = date;
      event.authors.add(int(row.creator_id));
      events.set(id, event);
    }
  }
  for (const [id, event] of events) {
    for (const author of event.authors) {
      if (!named.has(author)) continue;
      let of = eventsOf.get(author);
      if (!of) eventsOf.set(author, (of = new Set()));
      of.add(id);
      if (event.date >= widest.previous.from && event.date <= day && event.authors.size > 1)
        unitsOf('events', author).set(-id, event);
    }
  }

  // A pair is new in a window when it has no dated unit before it. Units in the widest window are at
  // hand; only pairs with none in the year's previous window can have one before it, which is looked
  // for from the side with fewer videos (a pair with a prolific creator would read thousands of rows).
  const earliest = (counting: PeriodCounting, x: number, y: number): string | undefined => {
    let first: string | undefined;
    for (const unit of units[counting].get(x)?.values() ?? [])
      if (unit.authors.has(y) && (first === undefined || unit.date < first)) first = unit.date;
    return first;
  };
  const candidates = new Map<string, [number, number]>();
  for (const counting of PERIOD_COUNTINGS)
    for (const [x, own] of units[counting])
      for (const unit of own.values())
        if (unit.date >= widest.current.from)
          for (const y of unit.authors)
            if (y !== x && (earliest(counting, x, y) as string) >= widest.current.from)
              candidates.set(`${x}-${y}`, [x, y]);
  const earlierVideo = new Set<string>();
  const earlierPlain = new Set<string>();
  await pairsBefore(
    manager,
    source.dated,
    [...candidates.values()],
    widest.previous.from,
    earlierVideo,
    earlierPlain,
  );
  const hadEarlier = (counting: PeriodCounting, x: number, y: number): boolean => {
    const key = x < y ? `${x}-${y}` : `${y}-${x}`;
    if (counting === 'videos') return earlierVideo.has(key);
    if (earlierPlain.has(key)) return true;
    for (const id of eventsOf.get(x) ?? []) {
      const event = events.get(id) as Unit;
      if (event.authors.has(y) && event.date < widest.previous.from) return true;
    }
    return false;
  };

  const creators: CreatorRow[] = [];
  const pairs: PairRow[] = [];
  for (const period of PERIODS) {
    const { current, previous } = periodWindows(period, day);
    for (const counting of PERIOD_COUNTINGS) {
      for (const x of batch) {
        const own = units[counting].get(x);
        if (!own) continue;
        let currentCollaborations = 0;
        let previousCollaborations = 0;
        const currentWith = new Map<number, number>();
        const previousWith = new Set<number>();
        for (const unit of own.values()) {
          if (unit.date >= current.from && unit.date <= current.to) {
            currentCollaborations += 1;
            for (const y of unit.authors) if (y !== x) currentWith.set(y, (currentWith.get(y) ?? 0) + 1);
          } else if (unit.date >= previous.from && unit.date <= previous.to) {
            previousCollaborations += 1;
            for (const y of unit.authors) if (y !== x) previousWith.add(y);
          }
        }
        if (currentCollaborations + previousCollaborations === 0) continue;
        creators.push({
          period,
          counting,
          creatorId: x,
          currentCollaborations,
          previousCollaborations,
          currentCollaborators: currentWith.size,
          previousCollaborators: previousWith.size,
        });
        for (const [y, videos] of currentWith) {
          if (named.has(y) && y < x) continue;
          const first = earliest(counting, x, y) as string;
          if (first < current.from || hadEarlier(counting, x, y)) continue;
          pairs.push({ period, counting, a: Math.min(x, y), b: Math.max(x, y), first, videos });
        }
      }
    }
  }
  return { creators, pairs };
}

/**
 * Which of the pairs have a dated collaborative video together before `before`: every such pair into
 * `video`, those with one in no event also into `plain` (keys `smaller-larger`). Read from the side of
 * the creator with fewer videos (the counts kept on write).
 */
async function pairsBefore(
  manager: EntityManager,
  dated: string,
  pairs: [number, number][],
  before: string,
  video: Set<string>,
  plain: Set<string>,
): Promise<void> {
  if (pairs.length === 0) return;
  const ids = [...new Set(pairs.flat())];
  const videos = new Map<number, number>();
  for (const part of chunks(ids))
    for (const row of await rows<{ creator_id: number; videos: number }>(
      manager,
      `SELECT creator_id, videos FROM creator_counts WHERE creator_id IN ${placeholders(part.length)}`,
      part,
    ))
      videos.set(int(row.creator_id), int(row.videos));
  const partnersOf = new Map<number, Set<number>>();
  for (const [x, y] of pairs) {
    const [fewer, more] = (videos.get(x) ?? 0) <= (videos.get(y) ?? 0) ? [x, y] : [y, x];
    let of = partnersOf.get(fewer);
    if (!of) partnersOf.set(fewer, (of = new Set()));
    of.add(more);
  }
  for (const part of chunks([...partnersOf.keys()], 200)) {
    const others = [...new Set(part.flatMap((id) => [...(partnersOf.get(id) as Set<number>)]))];
    for (const slice of chunks(others))
      for (const row of await rows<{ x: number; y: number; plain: number }>(
        manager,
        `SELECT x.creator_id AS x, y.creator_id AS y,
                MAX(CASE WHEN w.event_id IS NULL THEN 1 ELSE 0 END) AS plain
           FROM video_authors x
           JOIN video_authors y ON y.video_id = x.video_id
           JOIN ${dated} w ON w.video_id = x.video_id
          WHERE x.creator_id IN ${placeholders(part.length)} AND +y.creator_id IN ${placeholders(slice.length)}
            AND w.date < ?
          GROUP BY x.creator_id, y.creator_id`,
        [...part, ...slice, before],
      )) {
        const [a, b] = [int(row.x), int(row.y)];
        if (!partnersOf.get(a)?.has(b)) continue;
        const key = a < b ? `${a}-${b}` : `${b}-${a}`;
        video.add(key);
        if (int(row.plain) === 1) plain.add(key);
      }
  }
}
