/**
 * The counts kept per period (api/src/counts/period-counts.ts) on the database TEST_DB names: after
 * every kind of change, and after the day moves on, each period board read from them is exactly the
 * board computed from every collaboration of its two windows; and the collaborations per month
 * (the analytics chart) are those counted from scratch.
 */
import {
  API_ROUTES,
  INSIGHTS_ROUTES,
  NETWORK_ROUTES,
  addDays,
  utcDay,
  type DatedPeriod,
  type LeaderboardCount,
  type PeriodLeaderboard,
} from '@friends/shared';
import { periodStateDay, rebuildPeriodCounts } from '../src/counts/period-counts';
import { TransactionRunner } from '../src/database/transaction-runner.service';
import { LeaderboardsService } from '../src/queries/leaderboards.service';
import { admin, createCreator, createVideo } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

let t: TestContext;
// Some eighty writes before the first test, and every board computed twice after each change.
jest.setTimeout(180_000);
const today = utcDay();
const day = (offset: number) => addDays(today, offset);
const PERIODS: DatedPeriod[] = ['week', 'month', 'year'];
const COUNTINGS: LeaderboardCount[] = ['videos', 'events'];

/** A small deterministic generator, so a failure replays. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const creators: number[] = [];
const videos: { id: number; authorIds: number[]; date: string }[] = [];
const next = random(7);
const pick = (max: number) => Math.floor(next() * max);
/** Days spread over both year windows, a few in the future and some undated. */
const someDay = () => {
  const roll = next();
  if (roll < 0.08) return '';
  if (roll < 0.12) return day(1 + pick(3));
  if (roll < 0.5) return day(-pick(40));
  return day(-pick(800));
};
const someAuthors = () => {
  const count = 1 + pick(4);
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(creators[pick(creators.length)] as number);
  return [...chosen];
};

async function expectStoredEqualsComputed(): Promise<void> {
  // The analytics chart: collaborations per month, kept on write, equal to a count from scratch.
  const months = await t.query<{ month: string; count: number }>(
    `SELECT SUBSTR(v.date, 1, 7) AS month, COUNT(*) AS count FROM videos v
      WHERE v.date <> '' AND (SELECT COUNT(*) FROM video_authors va WHERE va.video_id = v.id) >= 2
      GROUP BY SUBSTR(v.date, 1, 7) ORDER BY month`,
  );
  expect((await t.http().get(NETWORK_ROUTES.allActivity).expect(200)).body).toEqual(
    months.map((row) => ({ month: String(row.month), count: Number(row.count) })),
  );
  const service = t.app.get(LeaderboardsService);
  const tx = t.app.get(TransactionRunner);
  for (const period of PERIODS) {
    for (const count of COUNTINGS) {
      const res = await t.http().get(INSIGHTS_ROUTES.leaderboard(period, count));
      expect(res.status).toBe(200);
      const computed = await tx.read((manager) =>
        service.periodLeaderboard(manager, period, today, undefined, count),
      );
      expect({ period, count, board: res.body as PeriodLeaderboard }).toEqual({
        period,
        count,
        board: JSON.parse(JSON.stringify(computed)) as PeriodLeaderboard,
      });
    }
  }
}

beforeAll(async () => {
  t = await startTestApp();
  for (let i = 0; i < 14; i++)
    creators.push((await createCreator(t, `Period ${String.fromCharCode(65 + i)}`)).id);
  for (let i = 0; i < 70; i++) {
    const authorIds = someAuthors();
    const date = someDay();
    videos.push({ id: (await createVideo(t, { title: `P${i}`, date, authorIds })).id, authorIds, date });
  }
});

afterAll(async () => {
  await t?.close();
});

describe('period boards from the counts kept per period', () => {
  it('are built for today and equal the computed boards', async () => {
    expect(await t.app.get(TransactionRunner).read((manager) => periodStateDay(manager))).toBe(today);
    await expectStoredEqualsComputed();
  });

  it('stay equal after new videos, edits of authors and dates, and deletions', async () => {
    for (let round = 0; round < 6; round++) {
      const target = videos[pick(videos.length)]!;
      const authorIds = someAuthors();
      const date = round % 2 === 0 ? day(-pick(30)) : someDay();
      const res = await admin(t)
        .put(API_ROUTES.videos)
        .send({ id: target.id, title: `Edited ${target.id}`, date, authorIds });
      expect(res.status).toBe(200);
      Object.assign(target, { authorIds, date });
      await expectStoredEqualsComputed();
    }
    const gone = videos.splice(pick(videos.length), 1)[0]!;
    expect((await admin(t).delete(API_ROUTES.video(gone.id))).status).toBe(200);
    await expectStoredEqualsComputed();
    const creator = creators.splice(pick(creators.length), 1)[0]!;
    expect((await admin(t).delete(API_ROUTES.creator(creator)).send({})).status).toBe(200);
    await expectStoredEqualsComputed();
    const renamed = creators[0]!;
    expect((await admin(t).put(API_ROUTES.creators).send({ id: renamed, name: 'Aaa Renamed' })).status).toBe(
      200,
    );
    await expectStoredEqualsComputed();
  });

  it('count each event once after grouping uploads with the same authors on one day', async () => {
    const authorIds = someAuthors().slice(0, 2);
    if (authorIds.length < 2) authorIds.push(creators.find((id) => id !== authorIds[0])!);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await createVideo(t, { title: `Event upload ${i}`, date: day(-5), authorIds })).id);
    expect((await admin(t).post(API_ROUTES.events).send({ videoIds: ids })).status).toBe(201);
    await expectStoredEqualsComputed();
  });

  it('move to a new day by recomputing the creators of the days that moved', async () => {
    const tx = t.app.get(TransactionRunner);
    for (const back of [1, 9, 45, 400]) {
      // The rows as they were some days ago; the next read brings them to today.
      await tx.write((manager) => rebuildPeriodCounts(manager, day(-back)), { affectsAnswers: false });
      // Edits on the old day are kept for it, then moved with the rest.
      const target = videos[pick(videos.length)]!;
      const res = await admin(t)
        .put(API_ROUTES.videos)
        .send({ id: target.id, title: `Moved ${target.id}`, date: day(-pick(20)), authorIds: someAuthors() });
      expect(res.status).toBe(200);
      await expectStoredEqualsComputed();
      expect(await tx.read((manager) => periodStateDay(manager))).toBe(today);
    }
  });
});
