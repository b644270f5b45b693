/**
 * Merging creators keeps their group memberships (docs/product.md "Groups") on the database TEST_DB
 * names: the merged creators' periods move to the primary in the merge's one change, an exact
 * duplicate kept once and overlapping periods joined, and Undo of the merge puts every period back.
 */
import {
  API_ROUTES,
  GROUP_ROUTES,
  HISTORY_ROUTES,
  type CreatorProfile,
  type Group,
  type GroupMember,
  type HistoryPage,
} from '@friends/shared';
import { admin, createCreator } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

let t: TestContext;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function createGroup(name: string): Promise<Group> {
  const res = await admin(t).post(GROUP_ROUTES.groups).send({ name, kind: 'group' });
  expect(res.status).toBe(201);
  return res.body as Group;
}

async function addMember(groupId: number, creatorId: number, from: string, to: string | null): Promise<void> {
  const res = await admin(t).post(GROUP_ROUTES.members(groupId)).send({ creatorId, from, to });
  expect(res.status).toBe(201);
}

/** A group's periods as (creator, from, to), without the row ids. */
async function periods(groupId: number): Promise<[string, string, string | null][]> {
  const res = await t.http().get(GROUP_ROUTES.group(groupId));
  expect(res.status).toBe(200);
  return (res.body as Group).members
    .map((m: GroupMember): [string, string, string | null] => [m.name, m.from, m.to])
    .sort((a, b) => a[1].localeCompare(b[1]) || a[0].localeCompare(b[0]));
}

/** A group's rows exactly (ids included), to compare before a merge and after its Undo. */
async function rowsOf(groupId: number): Promise<GroupMember[]> {
  const res = await t.http().get(GROUP_ROUTES.group(groupId));
  return [...(res.body as Group).members].sort((a, b) => a.id - b.id);
}

describe('merging creators moves their group memberships', () => {
  it('moves, deduplicates and joins the periods, and Undo of the merge restores them exactly', async () => {
    const primary = await createCreator(t, 'Merge Prima');
    const twin = await createCreator(t, 'Merge Twin');
    const other = await createCreator(t, 'Merge Other');
    const stays = await createCreator(t, 'Merge Bystander');
    const band = await createGroup('Merge Band');
    const label = await createGroup('Merge Label');
    const club = await createGroup('Merge Club');

    await addMember(band.id, primary.id, '2020-01-01', '2020-12-31');
    await addMember(band.id, twin.id, '2020-01-01', '2020-12-31'); // exact duplicate of the primary's
    await addMember(band.id, twin.id, '2022-01-01', null); // moves as it is
    await addMember(band.id, stays.id, '2020-06-01', null); // another creator: untouched
    await addMember(label.id, twin.id, '2019-01-01', '2019-06-30'); // a group the primary was never in
    await addMember(club.id, primary.id, '2021-03-01', '2021-09-30');
    await addMember(club.id, other.id, '2021-01-01', '2021-04-30'); // overlaps: joined with the primary's

    const before = await Promise.all([band, label, club].map((g) => rowsOf(g.id)));

    const merged = await admin(t)
      .patch(API_ROUTES.creators)
      .send({ primaryId: primary.id, mergeIds: [twin.id, other.id] });
    expect(merged.status).toBe(200);

    expect(await periods(band.id)).toEqual([
      ['Merge Prima', '2020-01-01', '2020-12-31'],
      ['Merge Bystander', '2020-06-01', null],
      ['Merge Prima', '2022-01-01', null],
    ]);
    expect(await periods(label.id)).toEqual([['Merge Prima', '2019-01-01', '2019-06-30']]);
    expect(await periods(club.id)).toEqual([['Merge Prima', '2021-01-01', '2021-09-30']]);
    const profile = await t.http().get(API_ROUTES.creatorProfile(primary.id));
    expect(profile.status).toBe(200);
    expect((profile.body as CreatorProfile).memberships.map((m) => [m.groupName, m.from, m.to])).toEqual([
      ['Merge Label', '2019-01-01', '2019-06-30'],
      ['Merge Band', '2020-01-01', '2020-12-31'],
      ['Merge Club', '2021-01-01', '2021-09-30'],
      ['Merge Band', '2022-01-01', null],
    ]);

    const history = await admin(t).get(`${HISTORY_ROUTES.history}?limit=1`);
    const entry = (history.body as HistoryPage).items[0]!;
    expect(entry.summary).toContain('Merged');
    const undone = await admin(t).post(HISTORY_ROUTES.undo(entry.id)).send({});
    expect(undone.status).toBe(200);

    expect(await Promise.all([band, label, club].map((g) => rowsOf(g.id)))).toEqual(before);
    expect(await periods(club.id)).toEqual([
      ['Merge Other', '2021-01-01', '2021-04-30'],
      ['Merge Prima', '2021-03-01', '2021-09-30'],
    ]);
  });
});
