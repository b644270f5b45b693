/**
 * 20 simultaneous writes of each kind, on SQLite (one write queue) and MariaDB (the pool,
 * unique indexes and locking reads deciding races). Each burst must end consistent — no duplicates, no
 * orphan authorship — with every request answered by a success or a clear 4xx `{ error }`.
 */
import { API_ROUTES, YOUTUBE_ROUTES, type Creator, type ImportResult, type Video } from '@friends/shared';
import type { Response } from 'supertest';
import { admin, createCreator, createVideo } from './support/helpers';
import { FakeYouTube, startFakeYouTube } from './support/fake-youtube';
import { startTestApp, TEST_DB, type TestContext } from './support/test-app';

const BURST = 20;
let fake: FakeYouTube;
let t: TestContext;

beforeAll(async () => {
  fake = await startFakeYouTube();
  t = await startTestApp({
    YOUTUBE_API_KEY: fake.apiKey,
    YOUTUBE_API_BASE_URL: fake.url,
    YOUTUBE_OEMBED_URL: fake.oembedUrl,
    INSTAGRAM_BASE_URL: fake.instagramUrl,
    SUGGESTION_RATE_LIMIT: '1000',
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** Fires every request at once and waits for all of them. */
const burst = (calls: (() => PromiseLike<Response>)[]): Promise<Response[]> =>
  Promise.all(calls.map((call) => call()));

/** Statuses, sorted; and every answer that is not a success must be a 4xx JSON { error }. */
function statuses(responses: Response[]): number[] {
  for (const r of responses) {
    if (r.status >= 300) {
      expect({ status: r.status, body: r.body as unknown }).toEqual({
        status: expect.any(Number),
        body: { error: expect.any(String) },
      });
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
  }
  return responses.map((r) => r.status).sort((a, b) => a - b);
}

const count = (status: number, list: number[]) => list.filter((s) => s === status).length;

/** The database's own integrity, whatever happened before. */
async function expectConsistent(): Promise<void> {
  expect(
    await t.query(
      `SELECT va.video_id, va.creator_id FROM video_authors va
         LEFT JOIN creators c ON c.id = va.creator_id LEFT JOIN videos v ON v.id = va.video_id
        WHERE c.id IS NULL OR v.id IS NULL`,
    ),
  ).toEqual([]);
  for (const [table, column] of [
    ['social_links', 'creator_id'],
    ['creator_aliases', 'creator_id'],
  ]) {
    expect(
      await t.query(
        `SELECT x.id FROM ${table} x LEFT JOIN creators c ON c.id = x.${column} WHERE c.id IS NULL`,
      ),
    ).toEqual([]);
  }
  expect(await t.query('SELECT name_key FROM creators GROUP BY name_key HAVING COUNT(*) > 1')).toEqual([]);
  expect(await t.query("SELECT url FROM videos WHERE url <> '' GROUP BY url HAVING COUNT(*) > 1")).toEqual(
    [],
  );
  // Authors of a video: no creator twice, no two at one position (gaps are fine: a merge keeps positions).
  const rows = await t.query<{ video_id: number; creator_id: number; position: number }>(
    'SELECT video_id, creator_id, position FROM video_authors ORDER BY video_id, position',
  );
  const byVideo = new Map<number, { creators: number[]; positions: number[] }>();
  for (const row of rows) {
    const entry = byVideo.get(Number(row.video_id)) ?? { creators: [], positions: [] };
    entry.creators.push(Number(row.creator_id));
    entry.positions.push(Number(row.position));
    byVideo.set(Number(row.video_id), entry);
  }
  for (const [video, { creators, positions }] of byVideo) {
    expect({ video, duplicates: creators.length - new Set(creators).size }).toEqual({ video, duplicates: 0 });
    expect({ video, positions: new Set(positions).size }).toEqual({ video, positions: positions.length });
  }
}

describe(`${BURST} simultaneous writes of every kind (${TEST_DB})`, () => {
  it('create the same creator name: one 201, the rest 409, one row', async () => {
    const spellings = ['Echo Twin', 'ECHO TWIN', 'echo twin', '  Echo   Twin ', 'Echo twin'];
    const responses = await burst(
      Array.from(
        { length: BURST },
        (_, i) => () =>
          admin(t)
            .post(API_ROUTES.creators)
            .send({ name: spellings[i % spellings.length] }),
      ),
    );
    const list = statuses(responses);
    expect([count(201, list), count(409, list)]).toEqual([1, BURST - 1]);
    expect(await t.query("SELECT id FROM creators WHERE name_key = 'echo twin'")).toHaveLength(1);
    await expectConsistent();
  });

  it('rename different creators to one name: one 200, the rest 409', async () => {
    const creators = [];
    for (let i = 0; i < BURST; i++) creators.push(await createCreator(t, `Rename source ${i}`));
    const list = statuses(
      await burst(
        creators.map(
          (c) => () => admin(t).put(API_ROUTES.creators).send({ id: c.id, name: 'Rename Target' }),
        ),
      ),
    );
    expect([count(200, list), count(409, list)]).toEqual([1, BURST - 1]);
    expect(await t.query("SELECT id FROM creators WHERE name_key = 'rename target'")).toHaveLength(1);
    await expectConsistent();
  });

  it('merge overlapping sets: every answer 200 or 4xx, merged creators gone exactly when a merge said so', async () => {
    const ring: Creator[] = [];
    for (let i = 0; i < 10; i++) ring.push(await createCreator(t, `Ring ${i}`));
    const videos: Video[] = [];
    for (const [i, c] of ring.entries()) {
      videos.push(
        await createVideo(t, {
          title: `Ring solo ${i}`,
          url: `https://youtu.be/RINGsolo0${i}0`,
          authorIds: [c.id],
        }),
      );
    }
    videos.push(await createVideo(t, { title: 'Ring jam', authorIds: ring.slice(0, 6).map((c) => c.id) }));
    // Each creator is the primary of two merges and merged away in four others.
    const merges = Array.from({ length: BURST }, (_, i) => {
      const at = i % 10;
      const step = i < 10 ? 1 : 3;
      return {
        primaryId: ring[at]!.id,
        mergeIds: [ring[(at + step) % 10]!.id, ring[(at + step + 1) % 10]!.id],
      };
    });
    const responses = await burst(merges.map((body) => () => admin(t).patch(API_ROUTES.creators).send(body)));
    const list = statuses(responses);
    expect(count(200, list)).toBeGreaterThanOrEqual(1);

    const removed = new Set(merges.filter((_, i) => responses[i]!.status === 200).flatMap((m) => m.mergeIds));
    const left = (
      await t.query<{ id: number }>(
        `SELECT id FROM creators WHERE id IN (${ring.map((c) => c.id).join(', ')}) ORDER BY id`,
      )
    ).map((r) => Number(r.id));
    expect(left).toEqual(ring.map((c) => c.id).filter((id) => !removed.has(id)));
    // Every merged-away name is remembered as an alias of a creator still there.
    const aliases = await t.query<{ name: string; creator_id: number }>(
      "SELECT name, creator_id FROM creator_aliases WHERE name LIKE 'Ring %'",
    );
    for (const id of removed) {
      const name = ring.find((c) => c.id === id)!.name;
      const alias = aliases.find((a) => a.name === name);
      expect({ name, kept: alias ? left.includes(Number(alias.creator_id)) : false }).toEqual({
        name,
        kept: true,
      });
    }
    // No video lost its authors: each still has at least one, all of them creators still there.
    const all = (await t.http().get(API_ROUTES.videos).expect(200)).body as Video[];
    for (const video of videos) {
      const now = all.find((v) => v.id === video.id);
      expect(now?.authorIds.length).toBeGreaterThan(0);
      for (const id of now!.authorIds) expect(left).toContain(id);
    }
    await expectConsistent();
  });

  it('import the same YouTube videos twice over: each video once, each new creator once, nothing failed', async () => {
    const ids = fake.data.videos
      .filter((v) => v.id.startsWith('JLv') && v.privacy !== 'private')
      .slice(0, 10)
      .map((v) => v.id);
    expect(ids).toHaveLength(10);
    const before = Number((await t.query<{ n: number }>('SELECT COUNT(*) AS n FROM creators'))[0]!.n);
    const responses = await burst(
      Array.from({ length: BURST }, (_, i) => {
        // Two overlapping halves and the whole list, each asked for several times at once.
        const items = (i % 3 === 0 ? ids : i % 3 === 1 ? ids.slice(0, 6) : ids.slice(4)).map((id) => ({
          id,
        }));
        return () => admin(t).post(YOUTUBE_ROUTES.import).send({ items });
      }),
    );
    expect(statuses(responses)).toEqual(Array<number>(BURST).fill(200));
    const results = responses.flatMap((r) => (r.body as ImportResult).results);
    expect(results.filter((r) => r.status === 'failed')).toEqual([]);
    for (const id of ids) {
      const imported = results.filter((r) => r.id === id && r.status === 'imported');
      expect({ id, imported: imported.length }).toEqual({ id, imported: 1 });
      // Every duplicate answer names the one video that was imported.
      const videoIds = new Set(results.filter((r) => r.id === id).map((r) => r.videoId));
      expect({ id, videoIds: [...videoIds] }).toEqual({ id, videoIds: [imported[0]!.videoId] });
    }
    const rows = await t.query<{ url: string }>(
      `SELECT url FROM videos WHERE ${ids.map(() => 'url LIKE ?').join(' OR ')}`,
      ids.map((id) => `%${id}%`),
    );
    expect(rows).toHaveLength(ids.length);
    const created = results.flatMap((r) => r.createdCreators ?? []);
    expect(created.length).toBe(new Set(created.map((n) => n.toLowerCase())).size);
    const after = Number((await t.query<{ n: number }>('SELECT COUNT(*) AS n FROM creators'))[0]!.n);
    expect(after - before).toBe(created.length);
    await expectConsistent();
  });

  it('delete creators while videos naming them are created: no orphan authorship', async () => {
    const doomed: Creator[] = [];
    for (let i = 0; i < 5; i++) doomed.push(await createCreator(t, `Doomed ${i}`));
    const keeper = await createCreator(t, 'Keeper');
    const calls: (() => PromiseLike<Response>)[] = [];
    const videoBodies = Array.from({ length: BURST - doomed.length }, (_, i) => ({
      title: `Raced with a delete ${i}`,
      url: `https://youtu.be/DELrace${String(i).padStart(4, '0')}`,
      authorIds: i % 3 === 0 ? [doomed[i % 5]!.id, keeper.id] : [doomed[i % 5]!.id, doomed[(i + 1) % 5]!.id],
    }));
    for (const body of videoBodies) calls.push(() => admin(t).post(API_ROUTES.videos).send(body));
    for (const c of doomed) calls.push(() => admin(t).delete(API_ROUTES.creator(c.id)));
    const responses = await burst(calls);
    statuses(responses);
    expect(responses.slice(videoBodies.length).map((r) => r.status)).toEqual(Array<number>(5).fill(200));
    for (const r of responses.slice(0, videoBodies.length)) expect([201, 400, 404, 409]).toContain(r.status);

    expect(
      await t.query(`SELECT id FROM creators WHERE id IN (${doomed.map((c) => c.id).join(', ')})`),
    ).toEqual([]);
    const all = (await t.http().get(API_ROUTES.videos).expect(200)).body as Video[];
    for (const [i, body] of videoBodies.entries()) {
      const video = all.find((v) => v.title === body.title);
      if (responses[i]!.status === 201) {
        // Created before its authors were deleted: it stays, with only the authors still there.
        expect(video?.authorIds).toEqual(body.authorIds.filter((id) => id === keeper.id));
      } else {
        expect(video).toBeUndefined();
      }
    }
    await expectConsistent();
  });

  it('delete one creator 20 times: one 200, the rest 404', async () => {
    const victim = await createCreator(t, 'Deleted Twenty Times');
    await createVideo(t, { title: 'Victim video', authorIds: [victim.id] });
    const list = statuses(
      await burst(Array.from({ length: BURST }, () => () => admin(t).delete(API_ROUTES.creator(victim.id)))),
    );
    expect([count(200, list), count(404, list)]).toEqual([1, BURST - 1]);
    await expectConsistent();
  });

  it('one video URL in 20 spellings: one 201, the rest 409', async () => {
    const author = await createCreator(t, 'Spelling Author');
    const forms = [
      'https://youtu.be/SPELLvid001',
      'https://www.youtube.com/watch?v=SPELLvid001',
      'https://youtube.com/shorts/SPELLvid001',
      'https://m.youtube.com/watch?v=SPELLvid001&t=4',
      'https://www.youtube.com/embed/SPELLvid001',
    ];
    const list = statuses(
      await burst(
        Array.from(
          { length: BURST },
          (_, i) => () =>
            admin(t)
              .post(API_ROUTES.videos)
              .send({ title: `Spelling ${i}`, url: forms[i % forms.length], authorIds: [author.id] }),
        ),
      ),
    );
    expect([count(201, list), count(409, list)]).toEqual([1, BURST - 1]);
    expect(await t.query("SELECT id FROM videos WHERE title LIKE 'Spelling %'")).toHaveLength(1);
    await expectConsistent();
  });

  it('20 visitors suggest at once: all stored', async () => {
    const list = statuses(
      await burst(
        Array.from(
          { length: BURST },
          (_, i) => () =>
            t
              .http()
              .post(API_ROUTES.suggestions)
              .send({ url: `https://youtu.be/SUGGburst${String(i).padStart(2, '0')}` }),
        ),
      ),
    );
    expect(list).toEqual(Array<number>(BURST).fill(201));
    expect(
      await t.query("SELECT id FROM suggestions WHERE url LIKE 'https://youtu.be/SUGGburst%'"),
    ).toHaveLength(BURST);
  });
});
