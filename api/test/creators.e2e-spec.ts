import {
  API_ROUTES,
  DEMO_ADMIN_PASSWORD,
  creatorExistsMessage,
  defaultAvatarUrl,
  type CreatorListItem,
} from '@friends/shared';
import { admin, createCreator, createVideo, expectErrorBody, snapshot } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const list = async (): Promise<CreatorListItem[]> =>
  (await t.http().get(API_ROUTES.creators).expect(200)).body;

describe('POST /api/creators', () => {
  it('creates a creator: trims the name, drops blank links, re-detects platforms, derives channel and photo', async () => {
    const response = await admin(t)
      .post(API_ROUTES.creators)
      .send({
        name: '  Ada   Lovelace ',
        channel: 'ignored when links exist',
        photo: '',
        socialLinks: [
          { platform: 'Twitter', url: ' ' },
          { platform: 'Other', url: 'https://www.youtube.com/@ada' },
          { url: 'https://instagram.com/ada' },
          { url: 'https://www.youtube.com/@ada' },
        ],
      })
      .expect(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      name: 'Ada Lovelace',
      channel: 'https://www.youtube.com/@ada',
      photo: defaultAvatarUrl('Ada Lovelace'),
      socialLinks: [
        { platform: 'YouTube', url: 'https://www.youtube.com/@ada' },
        { platform: 'Instagram', url: 'https://instagram.com/ada' },
      ],
      otherNames: [],
    });
    const rows = await t.query('SELECT name, name_key, photo FROM creators WHERE id = ?', [response.body.id]);
    expect(rows).toEqual([{ name: 'Ada Lovelace', name_key: 'ada lovelace', photo: '' }]);
  });

  it('turns a legacy channel-only payload into one social link', async () => {
    const creator = await createCreator(t, {
      name: 'Legacy Larry',
      channel: 'https://twitch.tv/larry',
      photo: '',
    });
    expect(creator.socialLinks).toEqual([{ platform: 'Twitch', url: 'https://twitch.tv/larry' }]);
    expect(creator.channel).toBe('https://twitch.tv/larry');
  });

  it('keeps a given photo and answers channel "" without links', async () => {
    const creator = await createCreator(t, { name: 'Photo Phil', photo: 'https://img.example.com/phil.png' });
    expect(creator).toMatchObject({
      channel: '',
      photo: 'https://img.example.com/phil.png',
      socialLinks: [],
    });
  });

  it('never stores the generated avatar URL, so a rename keeps a matching avatar', async () => {
    const creator = await createCreator(t, { name: 'Avatar Ann', photo: defaultAvatarUrl('Avatar Ann') });
    const [row] = await t.query<{ photo: string }>('SELECT photo FROM creators WHERE id = ?', [creator.id]);
    expect(row?.photo).toBe('');
  });

  it.each(['alice', 'ALICE', '  Alice  ', 'aLiCe'])(
    'rejects the duplicate name %p with 409',
    async (name) => {
      if (!(await list()).some((c) => c.name === 'Alice')) await createCreator(t, 'Alice');
      const before = await snapshot(t);
      const response = await admin(t).post(API_ROUTES.creators).send({ name }).expect(409);
      expect(response.body).toEqual({ error: creatorExistsMessage(name.trim()) });
      expect(await snapshot(t)).toEqual(before);
    },
  );

  it.each([
    // [what is wrong, body, expected words of the error]
    ['blank name', { name: '' }, 'Please provide a creator name'],
    ['blank name (spaces)', { name: '   ' }, 'Please provide a creator name'],
    ['missing name', {}, 'name'],
    ['numeric name', { name: 42 }, 'name must be a string'],
    [
      'name over 100 characters',
      { name: 'x'.repeat(101) },
      'name must be shorter than or equal to 100 characters',
    ],
    [
      'socialLinks not an array',
      { name: 'Links', socialLinks: 'https://x.com/a' },
      'socialLinks must be an array',
    ],
    ['numeric link URL', { name: 'Links', socialLinks: [{ url: 5 }] }, 'url must be a string'],
    ['link not an object', { name: 'Links', socialLinks: ['https://x.com/a'] }, 'socialLinks'],
    [
      '21 links',
      { name: 'Links', socialLinks: Array.from({ length: 21 }, (_, i) => ({ url: `https://x.com/${i}` })) },
      'socialLinks',
    ],
    [
      'javascript: link',
      { name: 'Links', socialLinks: [{ url: 'javascript:alert(1)' }] },
      'is not an http(s) URL',
    ],
    ['javascript: photo', { name: 'Photo', photo: 'javascript:alert(1)' }, 'photo must be an http(s) URL'],
    ['unknown field id', { name: 'Extra', id: 5 }, 'property id should not exist'],
    ['unknown field videoCount', { name: 'Extra', videoCount: 5 }, 'property videoCount should not exist'],
  ])('rejects %s with 400', async (_what, body, message) => {
    const before = await snapshot(t);
    const response = await admin(t).post(API_ROUTES.creators).send(body).expect(400);
    expectErrorBody(response.body);
    expect(response.body.error).toContain(message);
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('GET /api/creators', () => {
  it('lists every creator with video and collab counts, links and aliases', async () => {
    const a = await createCreator(t, 'Count Alpha');
    const b = await createCreator(t, 'Count Beta');
    const c = await createCreator(t, 'Count Gamma');
    await createVideo(t, { title: 'solo', authorIds: [a.id] });
    await createVideo(t, { title: 'pair', authorIds: [a.id, b.id] });
    await createVideo(t, { title: 'trio', authorIds: [c.id, a.id, b.id] });
    const byId = new Map((await list()).map((creator) => [creator.id, creator]));
    expect(byId.get(a.id)).toEqual({ ...a, videoCount: 3, collabCount: 2, aliases: [] });
    expect(byId.get(b.id)).toMatchObject({ videoCount: 2, collabCount: 2 });
    expect(byId.get(c.id)).toMatchObject({ videoCount: 1, collabCount: 1 });
  });

  it('is public and answers JSON', async () => {
    const response = await t.http().get(API_ROUTES.creators).expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(Array.isArray(response.body)).toBe(true);
  });
});

describe('PUT /api/creators', () => {
  it('updates name, photo and links; platform re-detected; channel from the first link', async () => {
    const creator = await createCreator(t, { name: 'Edit Me', socialLinks: [{ url: 'https://x.com/edit' }] });
    const response = await admin(t)
      .put(API_ROUTES.creators)
      .send({
        id: creator.id,
        name: 'Edited',
        channel: creator.channel,
        photo: 'https://img.example.com/e.png',
        socialLinks: [
          { platform: 'Twitter', url: 'https://tiktok.com/@edited' },
          { platform: '', url: '' },
        ],
      })
      .expect(200);
    expect(response.body).toEqual({
      id: creator.id,
      name: 'Edited',
      channel: 'https://tiktok.com/@edited',
      photo: 'https://img.example.com/e.png',
      socialLinks: [{ platform: 'TikTok', url: 'https://tiktok.com/@edited' }],
      otherNames: [],
    });
  });

  it('keeps the stored links when an older client sends only name, channel and photo', async () => {
    const creator = await createCreator(t, {
      name: 'Legacy Edit',
      socialLinks: [{ url: 'https://www.youtube.com/@legacyedit' }, { url: 'https://x.com/legacyedit' }],
    });
    const put = async (body: object) =>
      (
        await admin(t)
          .put(API_ROUTES.creators)
          .send({ id: creator.id, ...body })
          .expect(200)
      ).body as {
        channel: string;
        socialLinks: { platform: string; url: string }[];
      };
    const both = [
      { platform: 'YouTube', url: 'https://www.youtube.com/@legacyedit' },
      { platform: 'Twitter', url: 'https://x.com/legacyedit' },
    ];
    // The same channel, or none at all: every link stays.
    expect((await put({ name: 'Legacy Edit', channel: creator.channel, photo: '' })).socialLinks).toEqual(
      both,
    );
    expect((await put({ name: 'Legacy Edited' })).socialLinks).toEqual(both);
    // A new channel replaces the first link only; a blank one removes it.
    const moved = await put({ name: 'Legacy Edited', channel: ' https://www.twitch.tv/legacyedit ' });
    expect(moved.channel).toBe('https://www.twitch.tv/legacyedit');
    expect(moved.socialLinks).toEqual([
      { platform: 'Twitch', url: 'https://www.twitch.tv/legacyedit' },
      { platform: 'Twitter', url: 'https://x.com/legacyedit' },
    ]);
    expect((await put({ name: 'Legacy Edited', channel: '' })).socialLinks).toEqual([
      { platform: 'Twitter', url: 'https://x.com/legacyedit' },
    ]);
    // An explicit list is the whole list, as the admin form sends it.
    expect((await put({ name: 'Legacy Edited', socialLinks: [] })).socialLinks).toEqual([]);
  });

  it('refuses a legacy channel that is not an http(s) URL and changes nothing', async () => {
    const creator = await createCreator(t, {
      name: 'Legacy Bad',
      socialLinks: [{ url: 'https://x.com/lb' }],
    });
    const before = await snapshot(t);
    expectErrorBody(
      (
        await admin(t)
          .put(API_ROUTES.creators)
          .send({ id: creator.id, name: 'Legacy Bad', channel: 'javascript:alert(1)' })
          .expect(400)
      ).body,
    );
    expect(await snapshot(t)).toEqual(before);
  });

  it('allows changing only the case of its own name', async () => {
    const creator = await createCreator(t, 'case change');
    await admin(t).put(API_ROUTES.creators).send({ id: creator.id, name: 'Case Change' }).expect(200);
  });

  it('rejects a name another creator has with 409 and changes nothing', async () => {
    const one = await createCreator(t, 'Unique One');
    await createCreator(t, 'Unique Two');
    const before = await snapshot(t);
    const response = await admin(t)
      .put(API_ROUTES.creators)
      .send({ id: one.id, name: 'unique two' })
      .expect(409);
    expect(response.body).toEqual({ error: creatorExistsMessage('unique two') });
    expect(await snapshot(t)).toEqual(before);
  });

  it('answers 404 for an unknown id and 400 for a blank name or a bad id', async () => {
    expect(
      (await admin(t).put(API_ROUTES.creators).send({ id: 999999, name: 'Nobody' }).expect(404)).body,
    ).toEqual({
      error: 'Creator not found',
    });
    const creator = await createCreator(t, 'Blank Later');
    expectErrorBody(
      (await admin(t).put(API_ROUTES.creators).send({ id: creator.id, name: ' ' }).expect(400)).body,
    );
    for (const id of [0, -1, 1.5, '7', null]) {
      expectErrorBody(
        (await admin(t).put(API_ROUTES.creators).send({ id, name: 'Bad Id' }).expect(400)).body,
      );
    }
    expectErrorBody((await admin(t).put(API_ROUTES.creators).send({ name: 'No Id' }).expect(400)).body);
  });
});

describe('DELETE /api/creators?id=', () => {
  it('deletes the creator, its links and its authorships in one go; its videos stay', async () => {
    const gone = await createCreator(t, { name: 'Gone Soon', socialLinks: [{ url: 'https://x.com/gone' }] });
    const stays = await createCreator(t, 'Stays Here');
    const shared = await createVideo(t, { title: 'shared video', authorIds: [gone.id, stays.id] });
    const solo = await createVideo(t, { title: 'solo video of the deleted', authorIds: [gone.id] });
    const response = await admin(t).delete(`${API_ROUTES.creators}?id=${gone.id}`).expect(200);
    expect(response.body).toEqual({ message: expect.any(String) });
    expect(await t.query('SELECT * FROM creators WHERE id = ?', [gone.id])).toEqual([]);
    expect(await t.query('SELECT * FROM social_links WHERE creator_id = ?', [gone.id])).toEqual([]);
    expect(await t.query('SELECT * FROM video_authors WHERE creator_id = ?', [gone.id])).toEqual([]);
    const videos = (await t.http().get(API_ROUTES.videos).expect(200)).body as {
      id: number;
      authorIds: number[];
    }[];
    expect(videos.find((v) => v.id === shared.id)?.authorIds).toEqual([stays.id]);
    // A video left without authors is kept (documented choice): its data is still worth having.
    expect(videos.find((v) => v.id === solo.id)?.authorIds).toEqual([]);
    expect((await list()).find((c) => c.id === stays.id)).toMatchObject({ videoCount: 1, collabCount: 0 });
  });

  it('answers 404 for an unknown id and 400 for a missing or malformed id', async () => {
    expect((await admin(t).delete(`${API_ROUTES.creators}?id=999999`).expect(404)).body).toEqual({
      error: 'Creator not found',
    });
    for (const query of [
      '',
      '?id=',
      '?id=abc',
      '?id=-3',
      '?id=1.5',
      '?id=1e3',
      '?id=0x10',
      '?id=99999999999',
    ]) {
      expectErrorBody((await admin(t).delete(`${API_ROUTES.creators}${query}`).expect(400)).body);
    }
  });
});

describe('DELETE /api/creators/:id', () => {
  it('deletes like the query form', async () => {
    const creator = await createCreator(t, 'Bulk Deleted');
    await admin(t).delete(API_ROUTES.creator(creator.id)).expect(200);
    expect((await list()).some((c) => c.id === creator.id)).toBe(false);
    await admin(t).delete(API_ROUTES.creator(creator.id)).expect(404);
    expectErrorBody((await admin(t).delete('/api/creators/abc').expect(400)).body);
  });
});

describe('PATCH /api/creators (merge)', () => {
  it('moves authorships without duplicates, moves links deduplicated, records aliases, deletes the others', async () => {
    const primary = await createCreator(t, {
      name: 'Merge Primary',
      socialLinks: [{ url: 'https://x.com/same' }],
    });
    const dupA = await createCreator(t, {
      name: 'merge primary (old)',
      socialLinks: [{ url: 'https://x.com/same' }, { url: 'https://www.instagram.com/mp' }],
      photo: 'https://img.example.com/old.png',
    });
    const dupB = await createCreator(t, {
      name: 'MP Second',
      socialLinks: [{ url: 'https://www.twitch.tv/mp' }],
    });
    const other = await createCreator(t, 'Merge Bystander');
    const both = await createVideo(t, {
      title: 'primary and dupA',
      authorIds: [dupA.id, primary.id, other.id],
    });
    const dupsOnly = await createVideo(t, {
      title: 'dupA and dupB',
      authorIds: [other.id, dupB.id, dupA.id],
    });
    const single = await createVideo(t, { title: 'dupB alone', authorIds: [dupB.id] });

    const response = await admin(t)
      .patch(API_ROUTES.creators)
      .send({ primaryId: primary.id, mergeIds: [dupA.id, dupB.id, dupA.id] })
      .expect(200);
    expect(response.body).toEqual({ message: 'Merged 2 creator(s) into Merge Primary' });

    const videos = new Map(
      ((await t.http().get(API_ROUTES.videos).expect(200)).body as { id: number; authorIds: number[] }[]).map(
        (v) => [v.id, v.authorIds],
      ),
    );
    expect(videos.get(both.id)).toEqual([primary.id, other.id]);
    expect(videos.get(dupsOnly.id)).toEqual([other.id, primary.id]);
    expect(videos.get(single.id)).toEqual([primary.id]);

    const creators = await list();
    expect(creators.some((c) => c.id === dupA.id || c.id === dupB.id)).toBe(false);
    expect(creators.find((c) => c.id === primary.id)).toEqual({
      id: primary.id,
      name: 'Merge Primary',
      channel: 'https://x.com/same',
      photo: 'https://img.example.com/old.png',
      socialLinks: [
        { platform: 'Twitter', url: 'https://x.com/same' },
        { platform: 'Instagram', url: 'https://www.instagram.com/mp' },
        { platform: 'Twitch', url: 'https://www.twitch.tv/mp' },
      ],
      videoCount: 3,
      collabCount: 2,
      aliases: ['merge primary (old)', 'MP Second'],
      otherNames: [],
    });
    const aliases = await t.query(
      'SELECT name, merged_creator_id FROM creator_aliases WHERE creator_id = ? ORDER BY id',
      [primary.id],
    );
    expect(aliases.map((a) => ({ ...a, merged_creator_id: Number(a.merged_creator_id) }))).toEqual([
      { name: 'merge primary (old)', merged_creator_id: dupA.id },
      { name: 'MP Second', merged_creator_id: dupB.id },
    ]);
  });

  it("resolves a merged-away creator's profile to the primary, also after a second merge", async () => {
    const first = await createCreator(t, 'Chain First');
    const second = await createCreator(t, 'Chain Second');
    const third = await createCreator(t, 'Chain Third');
    await admin(t)
      .patch(API_ROUTES.creators)
      .send({ primaryId: second.id, mergeIds: [first.id] })
      .expect(200);
    expect((await t.http().get(API_ROUTES.creatorProfile(first.id)).expect(200)).body.creator.id).toBe(
      second.id,
    );
    await admin(t)
      .patch(API_ROUTES.creators)
      .send({ primaryId: third.id, mergeIds: [second.id] })
      .expect(200);
    expect((await t.http().get(API_ROUTES.creatorProfile(first.id)).expect(200)).body.creator.id).toBe(
      third.id,
    );
    expect((await t.http().get(API_ROUTES.creatorProfile(second.id)).expect(200)).body.creator.id).toBe(
      third.id,
    );
    expect((await list()).find((c) => c.id === third.id)?.aliases).toEqual(['Chain First', 'Chain Second']);
  });

  it('changes nothing when any id is unknown (one transaction)', async () => {
    const primary = await createCreator(t, 'Atomic Primary');
    const merged = await createCreator(t, {
      name: 'Atomic Merged',
      socialLinks: [{ url: 'https://x.com/atomic' }],
    });
    await createVideo(t, { title: 'atomic video', authorIds: [merged.id] });
    const before = await snapshot(t);
    const response = await admin(t)
      .patch(API_ROUTES.creators)
      .send({ primaryId: primary.id, mergeIds: [merged.id, 999999] })
      .expect(404);
    expect(response.body.error).toContain('999999');
    expect(await snapshot(t)).toEqual(before);
  });

  it.each([
    [{ primaryId: 1, mergeIds: [1] }, 400],
    [{ primaryId: 1, mergeIds: [] }, 400],
    [{ primaryId: 1 }, 400],
    [{ mergeIds: [2] }, 400],
    [{ primaryId: '1', mergeIds: [2] }, 400],
    [{ primaryId: 1, mergeIds: ['2'] }, 400],
    [{ primaryId: 1, mergeIds: 2 }, 400],
    [{ primaryId: 999998, mergeIds: [999999] }, 404],
  ])('rejects %j with %i and changes nothing', async (body, status) => {
    const before = await snapshot(t);
    expectErrorBody((await admin(t).patch(API_ROUTES.creators).send(body).expect(status)).body);
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('GET /api/creators/:id/profile', () => {
  it('answers the creator, its four figures, frequent collaborators and its videos newest first', async () => {
    const me = await createCreator(t, 'Profile Me');
    const friend = await createCreator(t, 'Profile Friend');
    const pal = await createCreator(t, 'Profile Pal');
    const old = await createVideo(t, { title: 'old', date: '2021-05-01', authorIds: [me.id, friend.id] });
    const undated = await createVideo(t, { title: 'undated', authorIds: [me.id] });
    const recent = await createVideo(t, {
      title: 'recent',
      date: '2024-02-29',
      authorIds: [pal.id, me.id, friend.id],
    });
    const response = await t.http().get(API_ROUTES.creatorProfile(me.id)).expect(200);
    expect(response.body).toEqual({
      creator: me,
      stats: { totalVideos: 3, soloVideos: 1, collaborations: 2, collaborators: 2 },
      frequentCollaborators: [
        { id: friend.id, name: 'Profile Friend', photo: friend.photo, count: 2 },
        { id: pal.id, name: 'Profile Pal', photo: pal.photo, count: 1 },
      ],
      memberships: [],
      videos: [recent, old, undated],
      videosTotal: 3,
      collaborationEvents: 2,
    });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await t.http().get(API_ROUTES.creatorProfile(999999)).expect(404)).body).toEqual({
      error: 'Creator not found',
    });
    expectErrorBody((await t.http().get('/api/creators/x1/profile').expect(400)).body);
  });

  it('is public (no session needed)', async () => {
    const creator = await createCreator(t, 'Public Profile');
    await t.http().get(API_ROUTES.creatorProfile(creator.id)).expect(200);
    expect(DEMO_ADMIN_PASSWORD).toBeTruthy();
  });
});
