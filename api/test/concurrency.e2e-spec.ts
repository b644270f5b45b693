import { API_ROUTES, type CreatorListItem, type Video } from '@friends/shared';
import { admin, createCreator, createVideo } from './support/helpers';
import { startTestApp, TEST_DB, type TestContext } from './support/test-app';

/**
 * Simultaneous writes (docs/architecture.md "Known traps"): on SQLite they go through one queue, on MariaDB
 * through the pool with unique indexes deciding races. Either way every request gets its right answer
 * and nothing is half-written.
 */
let t: TestContext;
beforeAll(async () => {
  t = await startTestApp({ SUGGESTION_RATE_LIMIT: '100' });
});
afterAll(() => t.close());

describe(`simultaneous writes (${TEST_DB})`, () => {
  it('two creates of the same name: exactly one 201 and one 409', async () => {
    for (let round = 0; round < 5; round++) {
      const responses = await Promise.all(
        [`Twin ${round}`, `TWIN ${round}`].map((name) => admin(t).post(API_ROUTES.creators).send({ name })),
      );
      expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
      const conflict = responses.find((r) => r.status === 409)!;
      expect(conflict.body).toEqual({
        error: expect.stringMatching(/^Creator "twin \d" already exists in the database!$/i),
      });
    }
    const rows = await t.query<{ n: number }>(
      "SELECT COUNT(*) AS n FROM creators WHERE name_key LIKE 'twin %'",
    );
    expect(Number(rows[0]?.n)).toBe(5);
  });

  it('20 mixed writes at once are all answered correctly, nothing half-written', async () => {
    const p = [];
    for (let i = 1; i <= 6; i++) p.push(await createCreator(t, `Pre ${i}`));
    const [p1, p2, p3, p4, p5, p6] = p as [
      (typeof p)[0],
      (typeof p)[0],
      (typeof p)[0],
      (typeof p)[0],
      (typeof p)[0],
      (typeof p)[0],
    ];
    await createVideo(t, { title: 'Pre video', authorIds: [p4.id, p5.id] });

    const requests: { kind: string; run: () => Promise<{ status: number; body: unknown }> }[] = [];
    for (let i = 0; i < 6; i++) {
      requests.push({
        kind: 'create-creator',
        run: () =>
          admin(t)
            .post(API_ROUTES.creators)
            .send({
              name: `Burst ${i}`,
              socialLinks: [{ url: `https://x.com/burst${i}` }, { url: `https://youtube.com/@burst${i}` }],
            }),
      });
    }
    for (const name of ['Same Burst', 'same burst']) {
      requests.push({ kind: 'same-name', run: () => admin(t).post(API_ROUTES.creators).send({ name }) });
    }
    for (const url of [
      'https://youtu.be/ZZZZZZZZZZ1',
      'https://www.youtube.com/watch?v=ZZZZZZZZZZ1&t=3',
      'https://youtube.com/shorts/ZZZZZZZZZZ1',
    ]) {
      requests.push({
        kind: 'same-url',
        run: () =>
          admin(t)
            .post(API_ROUTES.videos)
            .send({ title: 'Raced', url, authorIds: [p1.id, p2.id] }),
      });
    }
    for (let i = 0; i < 2; i++) {
      requests.push({
        kind: 'create-video',
        run: () =>
          admin(t)
            .post(API_ROUTES.videos)
            .send({
              title: `Burst video ${i}`,
              url: `https://youtu.be/YYYYYYYYYY${i}`,
              authorIds: [p2.id, p1.id, p3.id],
            }),
      });
    }
    requests.push({
      kind: 'video-with-merged',
      run: () =>
        admin(t)
          .post(API_ROUTES.videos)
          .send({ title: 'With the merged one', authorIds: [p4.id, p1.id] }),
    });
    for (const name of ['Pre 3 renamed A', 'Pre 3 renamed B']) {
      requests.push({
        kind: 'rename',
        run: () => admin(t).put(API_ROUTES.creators).send({ id: p3.id, name }),
      });
    }
    requests.push({
      kind: 'merge',
      run: () =>
        admin(t)
          .patch(API_ROUTES.creators)
          .send({ primaryId: p5.id, mergeIds: [p4.id] }),
    });
    requests.push({ kind: 'delete', run: () => admin(t).delete(`${API_ROUTES.creators}?id=${p6.id}`) });
    for (let i = 0; i < 2; i++) {
      requests.push({
        kind: 'suggest',
        run: () =>
          t
            .http()
            .post(API_ROUTES.suggestions)
            .send({ url: `https://youtu.be/XXXXXXXXXX${i}` }),
      });
    }
    expect(requests).toHaveLength(20);

    const results = await Promise.all(
      requests.map(async (r) => {
        const response = await r.run();
        return { kind: r.kind, status: response.status, body: response.body as unknown };
      }),
    );
    const statuses = (kind: string) =>
      results
        .filter((r) => r.kind === kind)
        .map((r) => r.status)
        .sort();
    expect(statuses('create-creator')).toEqual([201, 201, 201, 201, 201, 201]);
    expect(statuses('same-name')).toEqual([201, 409]);
    expect(statuses('same-url')).toEqual([201, 409, 409]);
    expect(statuses('create-video')).toEqual([201, 201]);
    expect(statuses('rename')).toEqual([200, 200]);
    expect(statuses('merge')).toEqual([200]);
    expect(statuses('delete')).toEqual([200]);
    expect(statuses('suggest')).toEqual([201, 201]);
    // Before the merge it is a video of p4 (then moved to p5); after it, p4 is unknown.
    const withMerged = results.find((r) => r.kind === 'video-with-merged')!;
    expect([201, 400]).toContain(withMerged.status);
    for (const r of results)
      if (r.status >= 400)
        expect({ kind: r.kind, body: r.body }).toEqual({ kind: r.kind, body: { error: expect.any(String) } });

    const creators = (await t.http().get(API_ROUTES.creators).expect(200)).body as CreatorListItem[];
    const videos = (await t.http().get(API_ROUTES.videos).expect(200)).body as Video[];
    for (let i = 0; i < 6; i++) {
      expect(creators.find((c) => c.name === `Burst ${i}`)?.socialLinks.map((l) => l.url)).toEqual([
        `https://x.com/burst${i}`,
        `https://youtube.com/@burst${i}`,
      ]);
    }
    expect(creators.filter((c) => c.name.toLowerCase() === 'same burst')).toHaveLength(1);
    expect(['Pre 3 renamed A', 'Pre 3 renamed B']).toContain(creators.find((c) => c.id === p3.id)?.name);
    expect(creators.some((c) => c.id === p4.id || c.id === p6.id)).toBe(false);
    expect(creators.find((c) => c.id === p5.id)?.aliases).toEqual(['Pre 4']);
    expect(videos.filter((v) => v.title === 'Raced')).toHaveLength(1);
    expect(videos.filter((v) => v.title === 'Raced')[0]?.authorIds).toEqual([p1.id, p2.id]);
    for (let i = 0; i < 2; i++) {
      expect(videos.find((v) => v.title === `Burst video ${i}`)?.authorIds).toEqual([p2.id, p1.id, p3.id]);
    }
    const merged = videos.find((v) => v.title === 'With the merged one');
    if (withMerged.status === 201) expect(merged?.authorIds).toEqual([p5.id, p1.id]);
    else expect(merged).toBeUndefined();
    // Referential integrity: no authorship points at a missing creator or video.
    const orphans = await t.query(
      `SELECT va.video_id FROM video_authors va
         LEFT JOIN creators c ON c.id = va.creator_id LEFT JOIN videos v ON v.id = va.video_id
        WHERE c.id IS NULL OR v.id IS NULL`,
    );
    expect(orphans).toEqual([]);
    const links = await t.query(
      'SELECT sl.id FROM social_links sl LEFT JOIN creators c ON c.id = sl.creator_id WHERE c.id IS NULL',
    );
    expect(links).toEqual([]);
    expect(
      await t.query("SELECT url FROM suggestions WHERE url LIKE 'https://youtu.be/XXXXXXXXXX%'"),
    ).toHaveLength(2);
  });
});
