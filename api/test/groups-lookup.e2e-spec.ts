/**
 * GET /api/groups/of (docs/product.md "Groups"): the groups a network graph's creators are members of
 * today, on the database TEST_DB names. Creators in several groups list each; past and future periods
 * do not count; a membership change shows at once; bad ids are 400 naming the field.
 */
import { GROUP_LIMITS, GROUP_ROUTES, addDays, utcDay, type Group, type GroupLookup } from '@friends/shared';
import { admin, createCreator, expectErrorBody } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

let t: TestContext;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function createGroup(name: string, kind: string): Promise<Group> {
  const res = await admin(t).post(GROUP_ROUTES.groups).send({ name, kind });
  expect(res.status).toBe(201);
  return res.body as Group;
}

async function addMember(groupId: number, creatorId: number, from: string, to: string | null = null) {
  const res = await admin(t).post(GROUP_ROUTES.members(groupId)).send({ creatorId, from, to });
  expect(res.status).toBe(201);
  return res.body as { id: number };
}

async function lookup(ids: number[]): Promise<GroupLookup> {
  const res = await t.http().get(GROUP_ROUTES.ofIds(ids));
  expect(res.status).toBe(200);
  return res.body as GroupLookup;
}

describe('GET /api/groups/of', () => {
  it("answers each creator's groups of today, the fullest group first", async () => {
    const today = utcDay();
    const agency = await createGroup('Lookup Agency', 'agency');
    const team = await createGroup('Lookup Team', 'team');
    const [ana, ben, cho, dev] = await Promise.all(
      ['Lookup Ana', 'Lookup Ben', 'Lookup Cho', 'Lookup Dev'].map((name) => createCreator(t, name)),
    );
    await addMember(agency.id, ana!.id, '2020-01-01');
    await addMember(agency.id, ben!.id, '2021-05-01', today); // the last day counts
    await addMember(team.id, ana!.id, addDays(today, -10));
    await addMember(agency.id, cho!.id, '2019-01-01', addDays(today, -1)); // graduated yesterday
    await addMember(team.id, dev!.id, addDays(today, 1)); // joins tomorrow

    const answer = await lookup([dev!.id, cho!.id, ben!.id, ana!.id]);
    expect(answer).toEqual({
      asOf: today,
      groups: [
        { id: agency.id, name: 'Lookup Agency', kind: 'agency', members: 2 },
        { id: team.id, name: 'Lookup Team', kind: 'team', members: 1 },
      ],
      members: [
        [ben!.id, agency.id],
        [ana!.id, agency.id],
        [ana!.id, team.id],
      ],
    });

    // A membership written after the answer was cached shows at once.
    await addMember(team.id, cho!.id, addDays(today, -1));
    const after = await lookup([dev!.id, cho!.id, ben!.id, ana!.id]);
    expect(after.members).toContainEqual([cho!.id, team.id]);
    expect(after.groups.map((group) => [group.id, group.members])).toEqual([
      [agency.id, 2],
      [team.id, 2],
    ]);
  });

  it('answers creators in no group, and unknown ids, with nothing', async () => {
    const loner = await createCreator(t, 'Lookup Loner');
    expect(await lookup([loner.id, 987654])).toEqual({ asOf: utcDay(), groups: [], members: [] });
  });

  it('refuses a missing or malformed id list with 400 naming ids', async () => {
    const tooMany = Array.from({ length: GROUP_LIMITS.lookupIds + 1 }, (_, i) => i + 1);
    for (const url of [
      GROUP_ROUTES.of,
      `${GROUP_ROUTES.of}?ids=`,
      `${GROUP_ROUTES.of}?ids=1,x`,
      `${GROUP_ROUTES.of}?ids=0`,
      GROUP_ROUTES.ofIds(tooMany),
    ]) {
      const res = await t.http().get(url);
      expect(res.status).toBe(400);
      expectErrorBody(res.body);
      expect((res.body as { error: string }).error).toMatch(/id/);
    }
  });
});
