/**
 * A group's counts kept on write (groups/group-counts.ts, the counts kept per period) on the database
 * TEST_DB names: after every kind of change that moves them (a video added, re-dated, its authors
 * changed, deleted; a membership added, edited, ended, deleted; a group deleted; a merge; Undo of
 * each), the stats and the period boards answer what a computation from the members' videos does.
 */
import {
  API_ROUTES,
  GROUP_ROUTES,
  HISTORY_ROUTES,
  addDays,
  utcDay,
  type Group,
  type GroupMember,
  type GroupPeriodLeaderboard,
  type GroupStats,
  type HistoryPage,
  type LeaderboardCount,
  type Video,
} from '@friends/shared';
import { DataSource } from 'typeorm';
import { rebuildGroupCounts } from '../src/groups/group-counts';
import { GroupBoards } from '../src/queries/group-boards';
import { admin, createCreator, createVideo } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

let t: TestContext;

// Some forty writes, each checked against a computation from scratch: slow on a loaded MariaDB.
jest.setTimeout(180_000);

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const today = utcDay();
/** Days before today (inside the last 365 days, or the year before). */
const daysAgo = (n: number) => addDays(today, -n);

async function ok<T>(
  call: Promise<{ status: number; body: unknown; text: string }>,
  status = 200,
): Promise<T> {
  const res = await call;
  if (res.status !== status) throw new Error(`${res.status} ${res.text}`);
  return res.body as T;
}

async function undoLatest(): Promise<void> {
  const page = await ok<HistoryPage>(admin(t).get(`${HISTORY_ROUTES.history}?limit=1`));
  await ok(admin(t).post(HISTORY_ROUTES.undo(page.items[0]!.id)).send({}));
}

/** Every group's kept stats and boards equal the computation from the members' videos. */
async function expectKeptEqualsComputed(groupIds: number[], step: string): Promise<void> {
  const boards = t.app.get(GroupBoards);
  for (const id of groupIds) {
    const stats = await t.http().get(GROUP_ROUTES.stats(id));
    if (stats.status === 404) continue; // a deleted group
    expect({ step, id, stats: stats.body as GroupStats }).toEqual({
      step,
      id,
      stats: await boards.statsFromScratch(id),
    });
    for (const count of ['videos', 'events'] as LeaderboardCount[]) {
      for (const period of ['year'] as const) {
        const kept = await ok<GroupPeriodLeaderboard>(
          t.http().get(GROUP_ROUTES.leaderboard(id, undefined, period, count)),
        );
        const computed = await boards.periodBoardFromScratch(id, today, period, count);
        const { group: _group, asOf: _asOf, members: _members, ...board } = kept;
        expect({ step, id, period, count, board }).toEqual({ step, id, period, count, board: computed });
      }
    }
  }
  // The kept rows themselves: nothing left behind for a deleted group, no empty years.
  const stray = await t.query(
    `SELECT group_id FROM group_year_counts
      WHERE group_id NOT IN (SELECT id FROM creator_groups) OR (inside = 0 AND across = 0)`,
  );
  expect({ step, stray }).toEqual({ step, stray: [] });
}

describe('group counts kept on write', () => {
  it('answer as computed from scratch after each kind of change and its Undo', async () => {
    const [ana, ben, cai, dee, eli] = await Promise.all(
      ['Ana Kept', 'Ben Kept', 'Cai Kept', 'Dee Kept', 'Eli Kept'].map((name) => createCreator(t, name)),
    );
    const ids = (...cs: { id: number }[]) => cs.map((c) => c.id);
    const group = await ok<Group>(
      admin(t).post(GROUP_ROUTES.groups).send({ name: 'Kept Crew', kind: 'group' }),
      201,
    );
    const other = await ok<Group>(
      admin(t).post(GROUP_ROUTES.groups).send({ name: 'Kept Team', kind: 'team' }),
      201,
    );
    const groups = [group.id, other.id];
    const member = (groupId: number, creatorId: number, from: string, to: string | null = null) =>
      ok<GroupMember>(admin(t).post(GROUP_ROUTES.members(groupId)).send({ creatorId, from, to }), 201);

    // Videos on both sides of a graduation 200 days ago, in the last 365 days and the year before.
    const v1 = await createVideo(t, { date: daysAgo(10), authorIds: ids(ana!, ben!) });
    const v2 = await createVideo(t, { date: daysAgo(300), authorIds: ids(ana!, cai!) });
    const v3 = await createVideo(t, { date: daysAgo(500), authorIds: ids(ben!, cai!, dee!) });
    await createVideo(t, { date: daysAgo(40), authorIds: ids(cai!, dee!) });
    await createVideo(t, { date: daysAgo(5), authorIds: ids(dee!) });
    await createVideo(t, { authorIds: ids(ana!, dee!) }); // undated: counts nowhere
    await expectKeptEqualsComputed(groups, 'videos before any member');

    await member(group.id, ana!.id, daysAgo(900));
    const graduated = await member(group.id, ben!.id, daysAgo(900), daysAgo(200));
    await member(group.id, cai!.id, daysAgo(400));
    await member(other.id, cai!.id, daysAgo(900));
    await member(other.id, dee!.id, daysAgo(900));
    await expectKeptEqualsComputed(groups, 'members added');
    const stats = await ok<GroupStats>(t.http().get(GROUP_ROUTES.stats(group.id)));
    expect(stats.reduce((sum, y) => sum + y.inside + y.across, 0)).toBeGreaterThan(0);

    // Videos: added, re-dated, authors changed, deleted, each undone too.
    const v7 = await createVideo(t, { date: daysAgo(20), authorIds: ids(ana!, cai!, eli!) });
    await expectKeptEqualsComputed(groups, 'video added');
    const update = (video: Video, change: object) =>
      ok(
        admin(t)
          .put(API_ROUTES.videos)
          .send({ id: video.id, title: video.title, date: video.date, ...change }),
      );
    await update(v1, { date: daysAgo(250), authorIds: ids(ana!, ben!) });
    await expectKeptEqualsComputed(groups, 'video re-dated across the graduation');
    await undoLatest();
    await expectKeptEqualsComputed(groups, 're-date undone');
    await update(v7, { authorIds: ids(ana!, cai!) });
    await expectKeptEqualsComputed(groups, 'an outsider removed: now inside');
    await update(v2, { authorIds: ids(ana!, cai!, dee!, eli!) });
    await expectKeptEqualsComputed(groups, 'authors added');
    await undoLatest();
    await expectKeptEqualsComputed(groups, 'authors change undone');
    await ok(admin(t).delete(`${API_ROUTES.videos}/${v3.id}`));
    await expectKeptEqualsComputed(groups, 'video deleted');
    await undoLatest();
    await expectKeptEqualsComputed(groups, 'video delete undone');

    // Memberships: edited, ended, deleted, each undone.
    await ok(
      admin(t)
        .put(GROUP_ROUTES.member(group.id, graduated.id))
        .send({ from: daysAgo(900), to: daysAgo(5) }),
    );
    await expectKeptEqualsComputed(groups, 'graduation moved later');
    await undoLatest();
    await expectKeptEqualsComputed(groups, 'graduation edit undone');
    const late = await member(group.id, eli!.id, daysAgo(30));
    await ok(
      admin(t)
        .put(GROUP_ROUTES.member(group.id, late.id))
        .send({ from: daysAgo(30), to: daysAgo(15) }),
    );
    await expectKeptEqualsComputed(groups, 'membership ended');
    await ok(admin(t).delete(GROUP_ROUTES.member(group.id, late.id)));
    await expectKeptEqualsComputed(groups, 'membership deleted');
    await undoLatest();
    await expectKeptEqualsComputed(groups, 'membership delete undone');

    // A merge moves the merged creator's videos (its periods go with it), and is undone.
    await ok(
      admin(t)
        .patch(API_ROUTES.creators)
        .send({ primaryId: eli!.id, mergeIds: [dee!.id] }),
    );
    await expectKeptEqualsComputed(groups, 'merged');
    await undoLatest();
    await expectKeptEqualsComputed(groups, 'merge undone');

    // A creator deleted, undone; a group deleted, undone.
    await ok(admin(t).delete(`${API_ROUTES.creators}?id=${cai!.id}`));
    await expectKeptEqualsComputed(groups, 'creator deleted');
    await undoLatest();
    await expectKeptEqualsComputed(groups, 'creator delete undone');
    const before = await ok<GroupStats>(t.http().get(GROUP_ROUTES.stats(other.id)));
    await ok(admin(t).delete(GROUP_ROUTES.group(other.id)));
    expect((await t.http().get(GROUP_ROUTES.stats(other.id))).status).toBe(404);
    await expectKeptEqualsComputed(groups, 'group deleted');
    await undoLatest();
    expect(await ok<GroupStats>(t.http().get(GROUP_ROUTES.stats(other.id)))).toEqual(before);
    await expectKeptEqualsComputed(groups, 'group delete undone');

    // The rows kept change by change are the rows a rebuild (a restore, the migration) writes.
    const kept = async () => ({
      videos: await t.query(
        'SELECT group_id, video_id, year, inside FROM group_videos ORDER BY group_id, video_id',
      ),
      years: await t.query(
        'SELECT group_id, year, inside, across FROM group_year_counts ORDER BY group_id, year',
      ),
    });
    const incremental = await kept();
    expect(incremental.videos.length).toBeGreaterThan(3);
    await t.app.get(DataSource).transaction((manager) => rebuildGroupCounts(manager));
    expect(await kept()).toEqual(incremental);
  });
});
