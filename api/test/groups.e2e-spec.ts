/**
 * Groups over time (docs/product.md "Groups") on the database TEST_DB names: groups and dated
 * memberships with several periods per creator, the board as of a day, inside/across at a video's
 * date across a graduation, the marks of the pair page and the profile, bad input, and the undo of
 * every kind of change.
 */
import {
  API_ROUTES,
  GROUP_ROUTES,
  HISTORY_ROUTES,
  NETWORK_ROUTES,
  addDays,
  utcDay,
  type CreatorProfile,
  type Group,
  type GroupLeaderboard,
  type GroupListItem,
  type GroupMember,
  type GroupPeriodLeaderboard,
  type GroupStats,
  type HistoryPage,
  type Paged,
  type PairVideos,
} from '@friends/shared';
import { admin, createCreator, createVideo, expectErrorBody } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

let t: TestContext;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function createGroup(name: string, kind = 'group'): Promise<Group> {
  const res = await admin(t).post(GROUP_ROUTES.groups).send({ name, kind });
  expect(res.status).toBe(201);
  return res.body as Group;
}

async function addMember(
  groupId: number,
  creatorId: number,
  from: string,
  to: string | null = null,
): Promise<GroupMember> {
  const res = await admin(t).post(GROUP_ROUTES.members(groupId)).send({ creatorId, from, to });
  expect(res.status).toBe(201);
  return res.body as GroupMember;
}

async function getJson<T>(url: string): Promise<T> {
  const res = await t.http().get(url);
  expect(res.status).toBe(200);
  return res.body as T;
}

async function latestEntryId(): Promise<number> {
  const res = await admin(t).get(`${HISTORY_ROUTES.history}?limit=1`);
  return (res.body as HistoryPage).items[0]!.id;
}

async function undoLatest(): Promise<void> {
  const res = await admin(t)
    .post(HISTORY_ROUTES.undo(await latestEntryId()))
    .send({});
  expect(res.status).toBe(200);
}

describe('groups and memberships', () => {
  it('keeps several periods of one creator and lists them by start', async () => {
    const group = await createGroup('Aurora Live', 'agency');
    expect(group).toEqual({ id: expect.any(Number), name: 'Aurora Live', kind: 'agency', members: [] });
    const mira = await createCreator(t, 'Mira Solberg');
    const juno = await createCreator(t, 'Juno Park');
    // Read before the memberships exist: the writes below must drop these answers.
    expect((await getJson<CreatorProfile>(API_ROUTES.creatorProfile(mira.id))).memberships).toEqual([]);
    expect((await getJson<Group>(GROUP_ROUTES.group(group.id))).members).toEqual([]);
    const first = await addMember(group.id, mira.id, '2019-04-01', '2021-12-31');
    const second = await addMember(group.id, mira.id, '2023-02-01');
    await addMember(group.id, juno.id, '2020-01-15');
    expect(first).toEqual({
      id: expect.any(Number),
      creatorId: mira.id,
      name: 'Mira Solberg',
      from: '2019-04-01',
      to: '2021-12-31',
    });

    const read = await getJson<Group>(GROUP_ROUTES.group(group.id));
    expect(read).toEqual({
      id: group.id,
      name: 'Aurora Live',
      kind: 'agency',
      members: [
        { id: first.id, creatorId: mira.id, name: 'Mira Solberg', from: '2019-04-01', to: '2021-12-31' },
        { id: expect.any(Number), creatorId: juno.id, name: 'Juno Park', from: '2020-01-15', to: null },
        { id: second.id, creatorId: mira.id, name: 'Mira Solberg', from: '2023-02-01', to: null },
      ],
    });

    const profile = await getJson<CreatorProfile>(API_ROUTES.creatorProfile(mira.id));
    expect(profile.memberships).toEqual([
      { groupId: group.id, groupName: 'Aurora Live', from: '2019-04-01', to: '2021-12-31' },
      { groupId: group.id, groupName: 'Aurora Live', from: '2023-02-01', to: null },
    ]);

    // An edit that would overlap the other period is refused; one that does not is kept.
    const overlap = await admin(t)
      .put(GROUP_ROUTES.member(group.id, first.id))
      .send({ from: '2019-04-01', to: '2023-06-30' });
    expect(overlap.status).toBe(400);
    expect(overlap.body.error).toMatch(/^from and to overlap .*2023-02-01 to now/);
    const edited = await admin(t)
      .put(GROUP_ROUTES.member(group.id, first.id))
      .send({ from: '2019-04-01', to: '2022-03-31' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: first.id, creatorId: mira.id, to: '2022-03-31' });
  });

  it('pages and searches groups by name with the shared name key', async () => {
    await createGroup('Nova  Crew', 'team');
    await createGroup('Nova Records', 'group');
    const page = await getJson<Paged<GroupListItem>>(
      `${GROUP_ROUTES.groups}?q=${encodeURIComponent(' NOVA ')}`,
    );
    expect(page.total).toBe(2);
    expect(page.items.map((g) => [g.name, g.kind, g.currentMembers])).toEqual([
      ['Nova Crew', 'team', 0],
      ['Nova Records', 'group', 0],
    ]);
    const second = await getJson<Paged<GroupListItem>>(`${GROUP_ROUTES.groups}?q=nova&offset=1&limit=1`);
    expect(second).toEqual({ total: 2, items: [expect.objectContaining({ name: 'Nova Records' })] });
    const none = await getJson<Paged<GroupListItem>>(`${GROUP_ROUTES.groups}?q=${encodeURIComponent('%')}`);
    expect(none).toEqual({ total: 0, items: [] });
    const all = await getJson<Paged<GroupListItem>>(GROUP_ROUTES.groups);
    expect(all.items.find((g) => g.name === 'Aurora Live')?.currentMembers).toBe(2);
  });

  it('answers bad input with 4xx naming the field, and writes nothing', async () => {
    const group = await createGroup('Bad Input Club');
    const creator = await createCreator(t, 'Tess Okoro');
    await addMember(group.id, creator.id, '2020-01-01', '2020-12-31');
    const before = await t.query('SELECT * FROM group_members ORDER BY id');
    const cases: [string, number, RegExp, () => Promise<{ status: number; body: unknown }>][] = [
      ['unknown group', 404, /Group not found/, () => t.http().get(GROUP_ROUTES.group(999999))],
      ['unknown group stats', 404, /Group not found/, () => t.http().get(GROUP_ROUTES.stats(999999))],
      [
        'unknown group members',
        404,
        /Group not found/,
        () => admin(t).post(GROUP_ROUTES.members(999999)).send({ creatorId: creator.id, from: '2021-01-01' }),
      ],
      [
        'unknown creator',
        404,
        /Creator not found/,
        () => admin(t).post(GROUP_ROUTES.members(group.id)).send({ creatorId: 999999, from: '2021-01-01' }),
      ],
      [
        'from after to',
        400,
        /from must not be after to/,
        () =>
          admin(t)
            .post(GROUP_ROUTES.members(group.id))
            .send({ creatorId: creator.id, from: '2022-02-01', to: '2022-01-01' }),
      ],
      [
        'malformed from',
        400,
        /^from /,
        () =>
          admin(t).post(GROUP_ROUTES.members(group.id)).send({ creatorId: creator.id, from: '2022-02-30' }),
      ],
      [
        'malformed to',
        400,
        /^to /,
        () =>
          admin(t)
            .post(GROUP_ROUTES.members(group.id))
            .send({ creatorId: creator.id, from: '2022-02-01', to: '01/03/2022' }),
      ],
      [
        'overlapping periods',
        400,
        /overlap/,
        () =>
          admin(t)
            .post(GROUP_ROUTES.members(group.id))
            .send({ creatorId: creator.id, from: '2020-12-31', to: '2021-06-30' }),
      ],
      [
        'unknown kind',
        400,
        /kind must be one of agency, group, team/,
        () => admin(t).post(GROUP_ROUTES.groups).send({ name: 'Kindless', kind: 'band' }),
      ],
      [
        'blank name',
        400,
        /name/,
        () => admin(t).post(GROUP_ROUTES.groups).send({ name: '  ', kind: 'team' }),
      ],
      [
        'same name',
        409,
        /already exists/,
        () => admin(t).post(GROUP_ROUTES.groups).send({ name: 'bad input  CLUB', kind: 'team' }),
      ],
      [
        'unknown membership',
        404,
        /Membership not found/,
        () => admin(t).delete(GROUP_ROUTES.member(group.id, 999999)),
      ],
      [
        'malformed asOf',
        400,
        /asOf/,
        () => t.http().get(`${API_ROUTES.leaderboard}?group=${group.id}&asOf=2024-1-1`),
      ],
      ['malformed group', 400, /group/, () => t.http().get(`${API_ROUTES.leaderboard}?group=abc`)],
      [
        'unknown board group',
        404,
        /Group not found/,
        () => t.http().get(`${API_ROUTES.leaderboard}?group=999999`),
      ],
      [
        'visitor write',
        401,
        /./,
        () => t.http().post(GROUP_ROUTES.groups).send({ name: 'Sneaky', kind: 'team' }),
      ],
    ];
    for (const [name, status, message, call] of cases) {
      const res = await call();
      expect([name, res.status]).toEqual([name, status]);
      expectErrorBody(res.body);
      expect([name, (res.body as { error: string }).error]).toEqual([name, expect.stringMatching(message)]);
    }
    expect(await t.query('SELECT * FROM group_members ORDER BY id')).toEqual(before);
  });
});

describe('boards as of a day, and inside vs across', () => {
  let group: Group;
  const ids: Record<string, number> = {};
  const today = utcDay();

  beforeAll(async () => {
    group = await createGroup('Graduation Test', 'group');
    for (const name of ['Grad Ada', 'Grad Bo', 'Grad Cy', 'Grad Out'])
      ids[name] = (await createCreator(t, name)).id;
    // Ada graduates on 2022-06-30; Bo stays; Cy joins in 2023; Out is never a member.
    await addMember(group.id, ids['Grad Ada']!, '2020-01-01', '2022-06-30');
    await addMember(group.id, ids['Grad Bo']!, '2020-01-01');
    await addMember(group.id, ids['Grad Cy']!, '2023-01-01');
    const video = (date: string, ...names: string[]) =>
      createVideo(t, { title: `${names.join(' & ')} ${date}`, date, authorIds: names.map((n) => ids[n]!) });
    await video('2022-06-01', 'Grad Ada', 'Grad Bo'); // inside: before the graduation
    await video('2022-07-15', 'Grad Ada', 'Grad Bo'); // across: Ada had left
    await video('2022-08-01', 'Grad Bo', 'Grad Out'); // across
    await video('2022-09-01', 'Grad Ada', 'Grad Out'); // no member then: not the group's
    await video('2023-03-01', 'Grad Bo', 'Grad Cy'); // inside
    await video('2023-04-01', 'Grad Bo', 'Grad Cy', 'Grad Out'); // across
    await video(addDays(today, -2), 'Grad Bo', 'Grad Cy'); // inside, this week
    await video('2023-05-01', 'Grad Cy'); // solo: not counted
  });

  it('counts inside and across per year at each video date, across the graduation', async () => {
    // Today's year is later than 2023 (the videos of 2022 and 2023 are fixed dates).
    expect(await getJson<GroupStats>(GROUP_ROUTES.stats(group.id))).toEqual([
      { year: 2022, inside: 1, across: 2 },
      { year: 2023, inside: 1, across: 1 },
      { year: Number(today.slice(0, 4)), inside: 1, across: 0 },
    ]);
  });

  it('ranks the members of the day asked, today by default', async () => {
    const past = await getJson<GroupLeaderboard>(
      `${API_ROUTES.leaderboard}?group=${group.id}&asOf=2022-01-01`,
    );
    expect(past.group).toEqual({ id: group.id, name: 'Graduation Test', kind: 'group' });
    expect(past.asOf).toBe('2022-01-01');
    expect(past.members).toBe(2);
    // All-time counts of the members of that day: Bo 6 collaborations, Ada 3.
    expect(past.mostCollaborations.map((e) => [e.name, e.count])).toEqual([
      ['Grad Bo', 6],
      ['Grad Ada', 3],
    ]);
    const now = await getJson<GroupLeaderboard>(`${API_ROUTES.leaderboard}?group=${group.id}`);
    expect(now.asOf).toBe(today);
    expect(now.mostCollaborations.map((e) => e.name)).toEqual(['Grad Bo', 'Grad Cy']);
    expect(now.mostCollaborators.map((e) => [e.name, e.count])).toEqual([
      ['Grad Bo', 3],
      ['Grad Cy', 2],
    ]);
    const before = await getJson<GroupLeaderboard>(
      `${API_ROUTES.leaderboard}?group=${group.id}&asOf=2019-12-31`,
    );
    expect(before).toMatchObject({ members: 0, mostCollaborations: [], mostCollaborators: [] });
  });

  it('combines with a period: the window of the members only', async () => {
    const week = await getJson<GroupPeriodLeaderboard>(
      `${API_ROUTES.leaderboard}?group=${group.id}&period=week`,
    );
    expect(week.period).toBe('week');
    expect(week.asOf).toBe(today);
    expect(week.mostCollaborations.map((e) => [e.name, e.count])).toEqual([
      ['Grad Bo', 1],
      ['Grad Cy', 1],
    ]);
    expect(week.newPairs).toEqual([]); // Bo and Cy made videos together before
    const then = await getJson<GroupPeriodLeaderboard>(
      `${API_ROUTES.leaderboard}?group=${group.id}&period=week&asOf=2021-01-01`,
    );
    expect(then.mostCollaborations.map((e) => e.name)).toEqual(['Grad Bo']); // Ada was a member, Cy not
  });

  it('marks the pair page inside or across as of each date', async () => {
    const pair = await getJson<PairVideos>(NETWORK_ROUTES.pair(ids['Grad Ada']!, ids['Grad Bo']!));
    const byDate = new Map(pair.videos.map((v) => [v.date, v.id]));
    expect(pair.sides).toEqual(
      expect.arrayContaining([
        {
          videoId: byDate.get('2022-07-15'),
          side: 'across',
        },
        {
          videoId: byDate.get('2022-06-01'),
          side: 'inside',
          groups: [{ groupId: group.id, groupName: 'Graduation Test' }],
        },
      ]),
    );
    expect(pair.sides).toHaveLength(2);

    // A later change of a period moves the marks at once (the cached pair answer reads the groups).
    const group2 = await getJson<Group>(GROUP_ROUTES.group(group.id));
    const ada = group2.members.find((m) => m.creatorId === ids['Grad Ada'])!;
    const moved = await admin(t)
      .put(GROUP_ROUTES.member(group.id, ada.id))
      .send({ from: '2020-01-01', to: '2022-12-31' });
    expect(moved.status).toBe(200);
    const after = await getJson<PairVideos>(NETWORK_ROUTES.pair(ids['Grad Ada']!, ids['Grad Bo']!));
    expect(after.sides.filter((s) => s.side === 'inside')).toHaveLength(2);
    await undoLatest();
  });
});

describe('undo', () => {
  it('undoes each kind of change exactly', async () => {
    const state = () =>
      Promise.all([
        t.query('SELECT * FROM creator_groups ORDER BY id'),
        t.query('SELECT * FROM group_members ORDER BY id'),
      ]).then((tables) => JSON.stringify(tables));
    const creator = await createCreator(t, 'Undo Uma');

    const start = await state();
    const group = await createGroup('Undo Union', 'team');
    await undoLatest();
    expect(await state()).toBe(start);
    expect((await t.http().get(GROUP_ROUTES.group(group.id))).status).toBe(404);

    const again = await createGroup('Undo Union', 'team');
    const withGroup = await state();
    const renamed = await admin(t)
      .put(GROUP_ROUTES.group(again.id))
      .send({ name: 'Undo Unity', kind: 'agency' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Undo Unity', kind: 'agency' });
    await undoLatest();
    expect(await state()).toBe(withGroup);
    expect((await getJson<Group>(GROUP_ROUTES.group(again.id))).name).toBe('Undo Union');

    const member = await addMember(again.id, creator.id, '2021-01-01');
    const withMember = await state();
    await undoLatest();
    expect(await state()).toBe(withGroup);
    const member2 = await addMember(again.id, creator.id, '2021-01-01');
    const withMember2 = await state();
    expect(member2.id).not.toBe(member.id);

    const edited = await admin(t)
      .put(GROUP_ROUTES.member(again.id, member2.id))
      .send({ from: '2021-01-01', to: '2021-12-31' });
    expect(edited.status).toBe(200);
    await undoLatest();
    expect(await state()).toBe(withMember2);

    const removed = await admin(t).delete(GROUP_ROUTES.member(again.id, member2.id));
    expect(removed.status).toBe(200);
    expect((await getJson<Group>(GROUP_ROUTES.group(again.id))).members).toEqual([]);
    await undoLatest();
    expect(await state()).toBe(withMember2);
    expect((await getJson<Group>(GROUP_ROUTES.group(again.id))).members).toHaveLength(1);

    const deleted = await admin(t).delete(GROUP_ROUTES.group(again.id));
    expect(deleted.status).toBe(200);
    expect((await t.http().get(GROUP_ROUTES.group(again.id))).status).toBe(404);
    await undoLatest();
    expect(await state()).toBe(withMember2);
    expect(withMember).not.toBe(withMember2);

    // Deleting the creator takes its memberships with it, and its undo brings them back.
    const gone = await admin(t).delete(API_ROUTES.creator(creator.id));
    expect(gone.status).toBe(200);
    expect((await getJson<Group>(GROUP_ROUTES.group(again.id))).members).toEqual([]);
    await undoLatest();
    expect(await state()).toBe(withMember2);
  });
});
