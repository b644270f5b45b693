/**
 * The change history and undo on the database TEST_DB names: every admin
 * change is logged in its own transaction, and undoing a random run of changes newest first gives
 * back a byte-identical backup export of where it started.
 */
import {
  API_ROUTES,
  BACKUP_ROUTES,
  HISTORY_MESSAGES,
  HISTORY_ROUTES,
  REVIEW_ROUTES,
  YOUTUBE_ROUTES,
  type HistoryItem,
  type HistoryPage,
  type ReviewPage,
} from '@friends/shared';
import { FakeYouTube, MAIN_CHANNEL_HANDLE, startFakeYouTube } from './support/fake-youtube';
import { admin, createCreator, createVideo, expectErrorBody } from './support/helpers';
import { ADMIN_PASSWORD, startTestApp, type TestContext } from './support/test-app';

let fake: FakeYouTube;
let t: TestContext;
/** YouTube ids of the fake channel's videos, imported a few at a time by the tests. */
let youtubeIds: string[] = [];

beforeAll(async () => {
  fake = await startFakeYouTube();
  t = await startTestApp({
    YOUTUBE_API_KEY: fake.apiKey,
    YOUTUBE_API_BASE_URL: fake.url,
    YOUTUBE_OEMBED_URL: fake.oembedUrl,
    INSTAGRAM_BASE_URL: fake.instagramUrl,
  });
  const preview = await admin(t)
    .post(YOUTUBE_ROUTES.playlist)
    .send({ url: `https://www.youtube.com/@${MAIN_CHANNEL_HANDLE}` });
  expect(preview.status).toBe(200);
  youtubeIds = (preview.body.items as { id: string }[]).map((item) => item.id);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function history(query = ''): Promise<HistoryPage> {
  const res = await admin(t).get(`${HISTORY_ROUTES.history}${query}`);
  expect(res.status).toBe(200);
  return res.body as HistoryPage;
}

const latest = async (): Promise<HistoryItem> => (await history('?limit=1')).items[0] as HistoryItem;

async function exportText(): Promise<string> {
  const res = await admin(t).get(BACKUP_ROUTES.backup);
  expect(res.status).toBe(200);
  return res.text;
}

/**
 * What the backup leaves out but an undo must put back too: the review queue, remembered rejections,
 * the per-channel name counts (boilerplate) and every link's evidence.
 */
async function reviewState(): Promise<string> {
  return JSON.stringify([
    await t.query('SELECT * FROM review_proposals ORDER BY id'),
    await t.query('SELECT * FROM review_rejections ORDER BY id'),
    await t.query('SELECT * FROM channel_name_counts ORDER BY channel_key, name_key'),
    await t.query('SELECT * FROM video_authors ORDER BY video_id, creator_id'),
  ]);
}

async function reviewQueue(): Promise<ReviewPage> {
  const res = await admin(t).get(`${REVIEW_ROUTES.list}?limit=200`);
  expect(res.status).toBe(200);
  return res.body as ReviewPage;
}

const fakeId = (title: string) => fake.data.videos.find((v) => v.title === title)!.id;

const undo = (id: number) => admin(t).post(HISTORY_ROUTES.undo(id)).send({});

async function importVideos(ids: string[]): Promise<void> {
  const res = await admin(t)
    .post(YOUTUBE_ROUTES.import)
    .send({ items: ids.map((id) => ({ id })) });
  expect(res.status).toBe(200);
}

describe('access', () => {
  it('answers 401 without the admin session', async () => {
    for (const res of [
      await t.http().get(HISTORY_ROUTES.history),
      await t.http().post(HISTORY_ROUTES.undo(1)).send({}),
      await t
        .http()
        .post(HISTORY_ROUTES.videosBulkDelete)
        .send({ ids: [1] }),
      await t
        .http()
        .post(HISTORY_ROUTES.creatorsBulkDelete)
        .send({ ids: [1] }),
    ]) {
      expect(res.status).toBe(401);
      expectErrorBody(res.body);
    }
  });
});

describe('GET /api/history', () => {
  it('lists changes newest first with actor, kind and summary, in pages', async () => {
    const a = await createCreator(t, 'History Ada');
    const b = await createCreator(t, 'History Bea');
    const video = await createVideo(t, { title: 'History duet', authorIds: [a.id, b.id] });
    expect((await admin(t).put(API_ROUTES.creators).send({ id: a.id, name: 'History Ada L' })).status).toBe(
      200,
    );

    const page = await history('?limit=2');
    expect(page.items.map((i) => i.kind)).toEqual(['creator.update', 'video.create']);
    expect(page.items[0]).toEqual({
      id: expect.any(Number),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      actor: expect.stringMatching(/^admin · [0-9a-f]{6}$/),
      actorName: 'You (this session)',
      kind: 'creator.update',
      summary: 'Renamed creator "History Ada" to "History Ada L"',
      undoable: true,
      undoneBy: null,
      undoes: null,
    });
    expect(page.nextBefore).toBe(page.items[1]?.id);
    const next = await history(`?limit=2&before=${page.nextBefore}`);
    expect(next.items.map((i) => i.summary)).toEqual([
      'Added creator "History Bea"',
      'Added creator "History Ada"',
    ]);

    const ofVideo = await history(`?video=${video.id}`);
    expect(ofVideo.items.map((i) => i.kind)).toEqual(['video.create']);
    const ofAda = await history(`?creator=${a.id}`);
    expect(ofAda.items.map((i) => i.kind)).toEqual(['creator.update', 'video.create', 'creator.create']);
  });

  it('sums up a video edit naming every field it changed', async () => {
    const a = await createCreator(t, 'Summary Ann');
    const b = await createCreator(t, 'Summary Ben');
    const c = await createCreator(t, 'Summary Cy');
    const video = await createVideo(t, {
      title: 'Summary duet',
      date: '2024-01-05',
      authorIds: [a.id, b.id],
    });
    await admin(t)
      .put(API_ROUTES.videos)
      .send({ id: video.id, title: 'Summary trio', url: '', date: '2024-02-01', authorIds: [a.id, c.id] })
      .expect(200);
    const [entry] = (await history(`?video=${video.id}&limit=1`)).items;
    expect(entry?.summary).toBe(
      'Renamed video "Summary duet" to "Summary trio", changed date 2024-01-05 → 2024-02-01, ' +
        'added author "Summary Cy", removed author "Summary Ben"',
    );
    await admin(t)
      .put(API_ROUTES.videos)
      .send({
        id: video.id,
        title: 'Summary trio',
        url: '',
        date: '2024-02-01',
        authors: [{ id: a.id }, { id: c.id, role: 'featured' }],
      })
      .expect(200);
    const [roleEntry] = (await history(`?video=${video.id}&limit=1`)).items;
    expect(roleEntry?.summary).toBe('Edited video "Summary trio": "Summary Cy" now featured');
  });

  it.each([
    ['?limit=0'],
    ['?limit=201'],
    ['?limit=1e2'],
    ['?before=abc'],
    ['?creator=-1'],
    ['?creator=1&video=1'],
  ])('answers 400 to %s', async (query) => {
    const res = await admin(t).get(`${HISTORY_ROUTES.history}${query}`);
    expect(res.status).toBe(400);
    expectErrorBody(res.body);
  });

  it('never stores the password, the session cookie or its hash', async () => {
    const token = decodeURIComponent(t.cookie.split('=')[1] ?? '');
    const stored = JSON.stringify([
      await t.query('SELECT * FROM history'),
      await t.query('SELECT * FROM history_rows'),
    ]);
    expect(stored).not.toContain(ADMIN_PASSWORD);
    expect(stored).not.toContain(token.split('.')[0]);
    expect(stored).not.toContain(token.split('.')[1]);
    const [session] = await t.query<{ token_hash: string }>('SELECT token_hash FROM admin_sessions');
    expect(stored).not.toContain(session?.token_hash.slice(0, 12));
  });
});

describe('POST /api/history/:id/undo', () => {
  it('answers 404 for an unknown entry and 400 for a bad id', async () => {
    const missing = await undo(999_999);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: HISTORY_MESSAGES.notFound });
    expect((await admin(t).post('/api/history/abc/undo').send({})).status).toBe(400);
  });

  it('splits a merge back: ids, links, aliases and authorship as they were', async () => {
    const p = await createCreator(t, { name: 'Merge Primary', socialLinks: [{ url: 'https://p.example' }] });
    const m = await createCreator(t, { name: 'Merge Other', socialLinks: [{ url: 'https://m.example' }] });
    await createVideo(t, { title: 'Merge solo', authorIds: [m.id] });
    await createVideo(t, { title: 'Merge both', authorIds: [m.id, p.id] });
    const start = await exportText();
    expect(
      (
        await admin(t)
          .patch(API_ROUTES.creators)
          .send({ primaryId: p.id, mergeIds: [m.id] })
      ).status,
    ).toBe(200);
    const merge = await latest();
    expect(merge).toMatchObject({
      kind: 'creator.merge',
      summary: 'Merged "Merge Other" into "Merge Primary"',
    });
    const res = await undo(merge.id);
    expect(res.status).toBe(200);
    expect(res.body.entry).toMatchObject({ kind: 'undo', undoes: merge.id, undoable: true });
    expect(await exportText()).toBe(start);
    const again = await undo(merge.id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: HISTORY_MESSAGES.alreadyUndone });
    expect((await history(`?limit=2`)).items[1]).toMatchObject({
      id: merge.id,
      undoable: false,
      undoneBy: res.body.entry.id,
    });

    // The undo is a change too: undoing it merges again.
    expect((await undo(res.body.entry.id)).status).toBe(200);
    const aliases = await t.query<{ name: string }>('SELECT name FROM creator_aliases WHERE creator_id = ?', [
      p.id,
    ]);
    expect(aliases.map((a) => a.name)).toEqual(['Merge Other']);
    expect(await t.query('SELECT id FROM creators WHERE id = ?', [m.id])).toEqual([]);
  });

  it('brings a bulk delete back whole', async () => {
    const c = await createCreator(t, 'Bulk Maker');
    const videos = [];
    for (let i = 0; i < 5; i++) videos.push(await createVideo(t, { title: `Bulk ${i}`, authorIds: [c.id] }));
    const start = await exportText();
    const res = await admin(t)
      .post(HISTORY_ROUTES.videosBulkDelete)
      .send({ ids: videos.map((v) => v.id) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: 5, message: 'Deleted 5 videos' });
    const entry = await latest();
    expect(entry.kind).toBe('videos.delete');
    expect((await undo(entry.id)).status).toBe(200);
    expect(await exportText()).toBe(start);
  });

  it('brings a bulk delete of creators back whole, as one entry', async () => {
    const a = await createCreator(t, { name: 'Gone A', socialLinks: [{ url: 'https://gone-a.example' }] });
    const b = await createCreator(t, 'Gone B');
    const keep = await createCreator(t, 'Stays C');
    await createVideo(t, { title: 'Gone duet', authorIds: [a.id, b.id, keep.id] });
    await createVideo(t, { title: 'Gone solo', authorIds: [b.id] });
    const start = await exportText();
    const before = await latest();
    const res = await admin(t)
      .post(HISTORY_ROUTES.creatorsBulkDelete)
      .send({ ids: [a.id, b.id] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: 2, message: 'Deleted 2 creators' });
    const entries = (await history('?limit=5')).items.filter((i) => i.id > before.id);
    expect(entries.map((i) => [i.kind, i.summary])).toEqual([['creators.delete', 'Deleted 2 creators']]);
    expect(await t.query('SELECT id FROM creators WHERE id IN (?, ?)', [a.id, b.id])).toEqual([]);
    expect((await undo(entries[0]!.id)).status).toBe(200);
    expect(await exportText()).toBe(start);
  });

  it.each([
    ['videos', HISTORY_ROUTES.videosBulkDelete, 'Video(s) not found: 987654'],
    ['creators', HISTORY_ROUTES.creatorsBulkDelete, 'Creator(s) not found: 987654'],
  ] as const)(
    'answers 404 naming the unknown %s of a bulk delete, and deletes nothing',
    async (table, route, error) => {
      const c = await createCreator(t, `Bulk Keeper of ${table}`);
      const v = await createVideo(t, { title: `Kept from ${table}`, authorIds: [c.id] });
      const kept = table === 'videos' ? v.id : c.id;
      const res = await admin(t)
        .post(route)
        .send({ ids: [kept, 987654] });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error });
      expect(await t.query(`SELECT id FROM ${table} WHERE id = ?`, [kept])).toHaveLength(1);
      for (const body of [{ ids: [] }, { ids: ['x'] }, { ids: [0] }, {}]) {
        const bad = await admin(t).post(route).send(body);
        expect(bad.status).toBe(400);
        expectErrorBody(bad.body);
      }
    },
  );

  it('records review decisions, one and many, and undoes them', async () => {
    const origin = [await exportText(), await reviewState()];
    const imported = await admin(t)
      .post(YOUTUBE_ROUTES.import)
      .send({
        items: [
          'Camping in the rain with Priya Castellan',
          'Pancake race against @milofenwick',
          'Harvest song ft. Dario Quill',
        ].map((title) => ({ id: fakeId(title) })),
      });
    expect(imported.body).toMatchObject({ imported: 3, proposed: 2 });
    const importEntry = await latest();
    const pending = (await reviewQueue()).items;
    const priya = pending.find((p) => p.name === 'Priya Castellan')!;
    const milo = pending.find((p) => p.name === 'milofenwick')!;
    expect(priya && milo).toBeTruthy();
    const start = [await exportText(), await reviewState()];

    expect((await admin(t).post(REVIEW_ROUTES.accept(milo.id)).send({})).status).toBe(200);
    const accepted = await latest();
    expect(accepted).toMatchObject({
      kind: 'review.decision',
      summary: 'Accepted "milofenwick" for "Pancake race against @milofenwick"',
    });
    expect((await history(`?video=${milo.videoId}&limit=1`)).items[0]?.id).toBe(accepted.id);
    expect((await admin(t).post(REVIEW_ROUTES.reject(priya.id)).send({})).status).toBe(200);
    const rejected = await latest();
    expect(rejected.summary).toBe(
      'Rejected "Priya Castellan" for "Camping in the rain with Priya Castellan"',
    );
    expect((await reviewQueue()).items.map((i) => i.id)).not.toContain(priya.id);

    // Newest first: the rejection is forgotten, then the link and the creator it made go.
    expect((await undo(rejected.id)).status).toBe(200);
    expect(await t.query('SELECT id FROM review_rejections')).toEqual([]);
    expect((await undo(accepted.id)).status).toBe(200);
    expect(await t.query("SELECT id FROM creators WHERE name = 'Milo Fenwick'")).toEqual([]);
    expect([await exportText(), await reviewState()]).toEqual(start);

    // A bulk decision is one entry, undone whole; an unknown id is counted as failed.
    const bulk = await admin(t)
      .post(REVIEW_ROUTES.acceptMany)
      .send({ ids: [priya.id, milo.id, 987654] });
    expect(bulk.body).toEqual({ done: 2, failed: 1 });
    const entry = await latest();
    expect(entry).toMatchObject({ kind: 'review.decision', summary: 'Accepted 2 proposed collaborators' });
    expect((await reviewQueue()).items.map((i) => i.id)).not.toContain(milo.id);
    expect((await undo(entry.id)).status).toBe(200);
    expect([await exportText(), await reviewState()]).toEqual(start);

    const none = await admin(t)
      .post(REVIEW_ROUTES.rejectMany)
      .send({ ids: [987654] });
    expect(none.body).toEqual({ done: 0, failed: 1 });
    expect((await latest()).id).toBe(entry.id + 1); // the undo, and nothing after it
    expect((await undo(importEntry.id)).status).toBe(200);
    expect([await exportText(), await reviewState()]).toEqual(origin);
  }, 30_000);

  it('records a suggestion decision (Deny or Review & Add) and brings the suggestion back', async () => {
    const url = 'https://www.youtube.com/watch?v=histsuggest';
    expect((await t.http().post(API_ROUTES.suggestions).send({ url })).status).toBe(201);
    const before = await t.query('SELECT * FROM suggestions ORDER BY id');
    const [row] = await t.query<{ id: number }>('SELECT id FROM suggestions WHERE url = ?', [url]);
    expect((await admin(t).delete(API_ROUTES.suggestion(Number(row!.id)))).status).toBe(200);
    const entry = await latest();
    expect(entry).toMatchObject({ kind: 'suggestion.delete', summary: `Removed suggestion "${url}"` });
    expect((await undo(entry.id)).status).toBe(200);
    expect(await t.query('SELECT * FROM suggestions ORDER BY id')).toEqual(before);
  });

  it('takes back the channel counts an import added (boilerplate statistics)', async () => {
    const counts = () =>
      t.query('SELECT * FROM channel_name_counts ORDER BY channel_key, name_key').then(JSON.stringify);
    const start = [await exportText(), await counts()];
    await importVideos(youtubeIds.slice(6, 8));
    const first = await latest();
    await importVideos(youtubeIds.slice(8, 10));
    const second = await latest();
    expect([first.kind, second.kind]).toEqual(['import', 'import']);
    expect(await counts()).not.toBe(start[1]);
    expect((await undo(second.id)).status).toBe(200);
    expect((await undo(first.id)).status).toBe(200);
    expect([await exportText(), await counts()]).toEqual(start);
  }, 60_000);

  it('answers 409 naming the later change that depends on the rows', async () => {
    const c = await createCreator(t, 'Depended On');
    const created = await latest();
    expect((await admin(t).put(API_ROUTES.creators).send({ id: c.id, name: 'Depended On 2' })).status).toBe(
      200,
    );
    const edit = await latest();
    const res = await undo(created.id);
    expect(res.status).toBe(409);
    expect(res.body.error).toContain(`#${edit.id}`);
    expect(res.body.error).toContain('Renamed creator');

    const v = await createVideo(t, { title: 'Uses it', authorIds: [c.id] });
    const video = await latest();
    expect((await undo(edit.id)).status).toBe(200);
    const blocked = await undo(created.id);
    expect(blocked.status).toBe(409);
    expect(blocked.body.error).toContain(`#${video.id}`);
    expect((await undo(video.id)).status).toBe(200);
    expect((await undo(created.id)).status).toBe(200);
    expect(await t.query('SELECT id FROM creators WHERE id = ?', [c.id])).toEqual([]);
    expect(await t.query('SELECT id FROM videos WHERE id = ?', [v.id])).toEqual([]);
  });

  it('removes an import batch, keeping the creators it made that something uses since', async () => {
    const start = await exportText();
    await importVideos(youtubeIds.slice(0, 6));
    const batch = await latest();
    expect(batch.kind).toBe('import');
    expect(batch.summary).toMatch(/^Imported 6 videos \(\d+ new creators?\)$/);
    const made = await t.query<{ id: number; name: string }>(
      `SELECT c.id, c.name FROM creators c JOIN history_rows r
         ON r.table_name = 'creators' AND r.row_key = ${t.databaseUrl.startsWith('sqlite') ? 'CAST(c.id AS TEXT)' : 'CAST(c.id AS CHAR)'}
       WHERE r.history_id = ? AND r.before_row IS NULL ORDER BY c.id`,
      [batch.id],
    );
    expect(made.length).toBeGreaterThan(0);
    const used = made[0]!;
    const mine = await createVideo(t, { title: 'Mine, with an imported creator', authorIds: [used.id] });
    expect((await undo(batch.id)).status).toBe(200);
    const left = await t.query<{ id: number }>('SELECT id FROM creators ORDER BY id');
    expect(left.map((r) => Number(r.id))).toContain(Number(used.id));
    for (const other of made.slice(1)) expect(left.map((r) => Number(r.id))).not.toContain(Number(other.id));
    expect(await t.query('SELECT id FROM videos WHERE id = ?', [mine.id])).toHaveLength(1);
    // Undo the video, then the creator the import left behind is all that remains of it.
    expect((await undo((await history(`?video=${mine.id}&limit=1`)).items[0]!.id)).status).toBe(200);
    expect((await admin(t).delete(API_ROUTES.creator(used.id))).status).toBe(200);
    expect(await exportText()).toBe(start);
  }, 60_000);
});

describe('concurrent review decisions', () => {
  it('two accepts naming the same new creator make it once and link it to both videos', async () => {
    const start = [await exportText(), await reviewState()];
    const first = (await history('?limit=1')).items[0]?.id ?? 0;
    await importVideos(
      ['Camping in the rain with Priya Castellan', 'Tent repair with Priya Castellan'].map(fakeId),
    );
    const priya = (await reviewQueue()).items.filter((i) => i.name === 'Priya Castellan');
    expect(priya).toHaveLength(2);
    const answers = await Promise.all(priya.map((p) => admin(t).post(REVIEW_ROUTES.accept(p.id)).send({})));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const made = await t.query<{ id: number }>("SELECT id FROM creators WHERE name = 'Priya Castellan'");
    expect(made).toHaveLength(1);
    const linked = await t.query('SELECT video_id FROM video_authors WHERE creator_id = ?', [made[0]!.id]);
    expect(linked).toHaveLength(2);

    for (const entry of (await history('?limit=10')).items.filter((i) => i.id > first && i.undoable))
      expect((await undo(entry.id)).status).toBe(200);
    expect([await exportText(), await reviewState()]).toEqual(start);
  }, 30_000);
});

describe('concurrent undo and edit of the same rows', () => {
  it('lets one win; the other gets 409 and nothing is half-applied', async () => {
    for (let round = 0; round < 6; round++) {
      const c = await createCreator(t, `Race ${round}`);
      expect(
        (
          await admin(t)
            .put(API_ROUTES.creators)
            .send({ id: c.id, name: `Race ${round} b` })
        ).status,
      ).toBe(200);
      const edit = await latest();
      const [undone, edited] = await Promise.all([
        undo(edit.id),
        admin(t)
          .put(API_ROUTES.creators)
          .send({
            id: c.id,
            name: `Race ${round} c`,
            socialLinks: [{ url: `https://race${round}.example` }],
          }),
      ]);
      expect(edited.status).toBe(200);
      const [row] = await t.query<{ name: string }>('SELECT name FROM creators WHERE id = ?', [c.id]);
      const links = await t.query('SELECT url FROM social_links WHERE creator_id = ?', [c.id]);
      // The edit always applies last: either it came first (the undo finds it and answers 409) or
      // after the undo (the undo's rename back is then overwritten).
      expect(row?.name).toBe(`Race ${round} c`);
      expect(links).toHaveLength(1);
      if (undone.status === 409) expect(undone.body.error).toContain(`to "Race ${round} c"`);
      else expect(undone.status).toBe(200);

      // Undone, or overtaken by the later edit: either way a second try is refused.
      expect((await undo(edit.id)).status).toBe(409);
    }
  }, 30_000);

  it('two undos of one change: one wins, the other gets 409', async () => {
    for (let round = 0; round < 6; round++) {
      const c = await createCreator(t, `Twice ${round}`);
      const v = await createVideo(t, { title: `Twice ${round}`, authorIds: [c.id] });
      expect((await admin(t).delete(API_ROUTES.video(v.id))).status).toBe(200);
      const entry = await latest();
      const results = await Promise.all([undo(entry.id), undo(entry.id)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await t.query('SELECT creator_id FROM video_authors WHERE video_id = ?', [v.id])).toHaveLength(
        1,
      );
    }
  }, 30_000);
});

/** A small seeded generator, so a failing sequence can be replayed from its seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('a random run of changes undone newest first', () => {
  it.each([[11], [29]])(
    'restores a byte-identical backup export (seed %i)',
    async (seed) => {
      const rand = random(seed);
      const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(rand() * items.length)];
      const start = [await exportText(), await reviewState()];
      const firstEntry = (await latest()).id;
      // Weak detections first, so the run has proposals to accept and reject.
      await importVideos(
        [
          'Camping in the rain with Priya Castellan',
          'Tent repair with Priya Castellan',
          'Pancake race against @milofenwick',
        ].map(fakeId),
      );
      let importFrom = seed === 11 ? 10 : 25;
      let made = 0;

      for (let step = 0; step < 30; step++) {
        const data = JSON.parse(await exportText()) as {
          creators: { id: number; name: string }[];
          videos: { id: number; authorIds: number[] }[];
        };
        const creators = data.creators.map((c) => c.id);
        const videos = data.videos.map((v) => v.id);
        const op = Math.floor(rand() * 11);
        const someCreators = () =>
          [...new Set([pick(creators), pick(creators)])].filter((id): id is number => !!id);
        if (op === 0 || creators.length < 3) {
          await createCreator(t, {
            name: `Random ${seed}-${made++}`,
            socialLinks: rand() < 0.5 ? [{ url: `https://r${seed}-${made}.example` }] : [],
          });
        } else if (op === 1) {
          const id = pick(creators)!;
          const res = await admin(t)
            .put(API_ROUTES.creators)
            .send({
              id,
              name: `Renamed ${seed}-${made++}`,
              socialLinks: [{ url: `https://e${made}.example` }],
            });
          expect(res.status).toBe(200);
        } else if (op === 2) {
          expect((await admin(t).delete(API_ROUTES.creator(pick(creators)!))).status).toBe(200);
        } else if (op === 3) {
          await createVideo(t, { title: `Video ${seed}-${made++}`, authorIds: someCreators() });
        } else if (op === 4 && videos.length > 0) {
          const res = await admin(t)
            .put(API_ROUTES.videos)
            .send({
              id: pick(videos),
              title: `Edited ${made++}`,
              date: '2024-01-02',
              authorIds: someCreators(),
            });
          expect(res.status).toBe(200);
        } else if (op === 5 && videos.length > 0) {
          expect((await admin(t).delete(API_ROUTES.video(pick(videos)!))).status).toBe(200);
        } else if (op === 6 && videos.length > 1) {
          const ids = [...new Set([pick(videos)!, pick(videos)!, pick(videos)!])];
          expect((await admin(t).post(HISTORY_ROUTES.videosBulkDelete).send({ ids })).status).toBe(200);
        } else if (op === 7) {
          const [primaryId, ...mergeIds] = [...new Set([pick(creators)!, pick(creators)!, pick(creators)!])];
          if (mergeIds.length === 0) continue;
          expect((await admin(t).patch(API_ROUTES.creators).send({ primaryId, mergeIds })).status).toBe(200);
        } else if (op === 8 && importFrom < youtubeIds.length) {
          await importVideos(youtubeIds.slice(importFrom, importFrom + 3));
          importFrom += 3;
        } else if (op === 9 && creators.length > 3) {
          const ids = someCreators();
          expect((await admin(t).post(HISTORY_ROUTES.creatorsBulkDelete).send({ ids })).status).toBe(200);
        } else if (op === 10) {
          const pending = (await reviewQueue()).items.map((i) => i.id);
          if (pending.length === 0) continue;
          const route =
            rand() < 0.5
              ? (id: number) => REVIEW_ROUTES.accept(id)
              : (id: number) => REVIEW_ROUTES.reject(id);
          const res =
            rand() < 0.5
              ? await admin(t)
                  .post(route(pick(pending)!))
                  .send({})
              : await admin(t)
                  .post(rand() < 0.5 ? REVIEW_ROUTES.acceptMany : REVIEW_ROUTES.rejectMany)
                  .send({ ids: pending.slice(0, 3) });
          expect(res.status).toBe(200);
        }
      }

      const entries = (await history('?limit=200')).items.filter((i) => i.id > firstEntry && i.undoable);
      expect(entries.length).toBeGreaterThan(10);
      expect(entries.map((e) => e.kind)).toEqual(
        expect.arrayContaining(['creators.delete', 'videos.delete', 'creator.merge', 'review.decision']),
      );
      for (const entry of entries) {
        const res = await undo(entry.id);
        if (res.status !== 200)
          throw new Error(`undo #${entry.id} ${entry.summary}: ${res.status} ${res.text}`);
      }
      expect([await exportText(), await reviewState()]).toEqual(start);
    },
    60_000,
  );
});
