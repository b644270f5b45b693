/**
 * One user action is one history entry and one Undo, through the unit of work (docs/architecture.md
 * "One unit of work"), on the database TEST_DB names: an import run carried by several requests, a bulk
 * delete, a merge; and an undo that would give two authors of a video one place answers 409 naming the
 * change in the way, and changes nothing.
 */
import {
  API_ROUTES,
  HISTORY_ROUTES,
  LIMITS,
  YOUTUBE_ROUTES,
  type HistoryItem,
  type HistoryPage,
} from '@friends/shared';
import { FakeYouTube, MAIN_CHANNEL_HANDLE, startFakeYouTube } from './support/fake-youtube';
import { admin, createCreator, createVideo, dataOf, expectErrorBody, snapshot } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

let fake: FakeYouTube;
let t: TestContext;
let youtubeIds: string[] = [];
let nextVideo = 0;

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

/** The next `n` videos of the fake channel no test has imported yet. */
function take(n: number): string[] {
  const ids = youtubeIds.slice(nextVideo, nextVideo + n);
  nextVideo += n;
  expect(ids).toHaveLength(n);
  return ids;
}

async function entries(): Promise<HistoryItem[]> {
  const res = await admin(t).get(`${HISTORY_ROUTES.history}?limit=200`);
  expect(res.status).toBe(200);
  return (res.body as HistoryPage).items;
}

const undo = (id: number) => admin(t).post(HISTORY_ROUTES.undo(id)).send({});

const importBatch = (ids: string[], extra: Record<string, unknown> = {}) =>
  admin(t)
    .post(YOUTUBE_ROUTES.import)
    .send({ items: ids.map((id) => ({ id })), ...extra });

const count = async (table: string) =>
  Number(((await t.query(`SELECT COUNT(*) AS n FROM ${table}`))[0] as { n: number | string }).n);

describe('POST /api/youtube/import with an importId', () => {
  it('makes one history entry of two batches, and one Undo removes every video and creator made', async () => {
    const before = await snapshot(t);
    const known = new Set((await entries()).map((e) => e.id));
    const first = await importBatch(take(3), { importId: 'run-one' });
    expect(first.status).toBe(200);
    expect(first.body.imported).toBe(3);
    const second = await importBatch(take(3), { importId: 'run-one', last: true });
    expect(second.status).toBe(200);
    expect(second.body.imported).toBe(3);

    const made = (await entries()).filter((e) => !known.has(e.id));
    expect(made).toHaveLength(1);
    const [entry] = made as [HistoryItem];
    expect(entry.kind).toBe('import');
    expect(entry.summary).toMatch(/^Imported 6 videos \(\d+ new creators?\)$/);
    expect((await count('videos')) - before.videos!.length).toBe(6);
    expect(await count('creators')).toBeGreaterThan(before.creators!.length);

    expect((await undo(entry.id)).status).toBe(200);
    expect(dataOf(await snapshot(t))).toEqual(dataOf(before));
  });

  it('starts a new entry when the importId comes again after its last batch or its undo', async () => {
    const known = new Set((await entries()).map((e) => e.id));
    expect((await importBatch(take(1), { importId: 'run-again', last: true })).status).toBe(200);
    expect((await importBatch(take(1), { importId: 'run-again' })).status).toBe(200);
    const [newer, older] = (await entries()).filter((e) => !known.has(e.id)) as [HistoryItem, HistoryItem];
    expect([newer.kind, older.kind]).toEqual(['import', 'import']);
    expect(newer.summary).toBe('Imported 1 video');

    expect((await undo(newer.id)).status).toBe(200);
    const seen = new Set((await entries()).map((e) => e.id));
    expect((await importBatch(take(1), { importId: 'run-again' })).status).toBe(200);
    const after = (await entries()).filter((e) => !seen.has(e.id));
    expect(after.map((e) => [e.kind, e.summary])).toEqual([['import', 'Imported 1 video']]);
  });

  it('keeps runs apart whose ids differ only in case or accents, on either database', async () => {
    const known = new Set((await entries()).map((e) => e.id));
    expect((await importBatch(take(1), { importId: 'Run-Café', last: true })).status).toBe(200);
    expect((await importBatch(take(1), { importId: 'run-cafe', last: true })).status).toBe(200);
    expect((await importBatch(take(1), { importId: 'run-cafe', last: false })).status).toBe(200);
    const made = (await entries()).filter((e) => !known.has(e.id));
    expect(made.map((e) => e.summary)).toEqual(['Imported 1 video', 'Imported 1 video', 'Imported 1 video']);
  });

  it('takes 64 emoji as one run, however many bytes they are', async () => {
    const known = new Set((await entries()).map((e) => e.id));
    const importId = '❤️'.repeat(LIMITS.importId);
    expect((await importBatch(take(1), { importId })).status).toBe(200);
    expect((await importBatch(take(1), { importId, last: true })).status).toBe(200);
    const made = (await entries()).filter((e) => !known.has(e.id));
    expect(made.map((e) => e.summary)).toEqual(['Imported 2 videos']);
  });

  it('keeps requests without an importId apart', async () => {
    const known = new Set((await entries()).map((e) => e.id));
    expect((await importBatch(take(1))).status).toBe(200);
    expect((await importBatch(take(1))).status).toBe(200);
    expect((await entries()).filter((e) => !known.has(e.id))).toHaveLength(2);
  });

  it.each([
    ['longer than the limit', 'x'.repeat(LIMITS.importId + 1)],
    ['a control character', 'run\u0007'],
    ['a bidi override', 'run\u202e'],
    ['empty', ''],
    ['not a string', 42],
  ])('answers 400 naming importId when it is %s, and imports nothing', async (_, importId) => {
    const before = await snapshot(t);
    const res = await importBatch([youtubeIds[youtubeIds.length - 1] as string], { importId });
    expect(res.status).toBe(400);
    expectErrorBody(res.body);
    expect(res.body.error).toContain('importId');
    expect(await snapshot(t)).toEqual(before);
  });

  it('takes an importId of exactly the limit', async () => {
    const res = await importBatch(take(1), { importId: 'y'.repeat(LIMITS.importId) });
    expect(res.status).toBe(200);
  });

  it('answers 400 when last is not a boolean', async () => {
    const res = await importBatch(take(1), { importId: 'run-x', last: 'yes' });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('last');
  });
});

describe('one action, one entry', () => {
  it('a bulk delete of videos is one entry, and one Undo brings every video back', async () => {
    const c = await createCreator(t, 'Bulk Owner');
    const ids = [];
    for (let i = 0; i < 4; i++)
      ids.push((await createVideo(t, { title: `Bulk ${i}`, authorIds: [c.id] })).id);
    const before = await snapshot(t);
    const known = new Set((await entries()).map((e) => e.id));
    expect((await admin(t).post(HISTORY_ROUTES.videosBulkDelete).send({ ids })).status).toBe(200);
    const made = (await entries()).filter((e) => !known.has(e.id));
    expect(made.map((e) => e.kind)).toEqual(['videos.delete']);
    expect((await undo(made[0]!.id)).status).toBe(200);
    expect(dataOf(await snapshot(t))).toEqual(dataOf(before));
  });

  it('a merge is one entry, and one Undo splits it back', async () => {
    const primary = await createCreator(t, {
      name: 'Merge Keep',
      socialLinks: [{ url: 'https://keep.example' }],
    });
    const other = await createCreator(t, {
      name: 'Merge Gone',
      socialLinks: [{ url: 'https://gone.example' }],
    });
    const third = await createCreator(t, 'Merge Third');
    await createVideo(t, { title: 'Merge both', authorIds: [other.id, primary.id, third.id] });
    await createVideo(t, { title: 'Merge other', authorIds: [third.id, other.id] });
    const before = await snapshot(t);
    const known = new Set((await entries()).map((e) => e.id));
    const res = await admin(t)
      .patch(API_ROUTES.creators)
      .send({ primaryId: primary.id, mergeIds: [other.id] });
    expect(res.status).toBe(200);
    const made = (await entries()).filter((e) => !known.has(e.id));
    expect(made.map((e) => e.kind)).toEqual(['creator.merge']);
    expect((await undo(made[0]!.id)).status).toBe(200);
    expect(dataOf(await snapshot(t))).toEqual(dataOf(before));
  });
});

describe('an undo the schema would refuse', () => {
  it('answers 409 naming the edit that took the place, and changes nothing', async () => {
    const a = await createCreator(t, 'Place A');
    const b = await createCreator(t, 'Place B');
    const c = await createCreator(t, 'Place C');
    const video = await createVideo(t, { title: 'Places', authorIds: [a.id, b.id] });
    expect((await admin(t).delete(API_ROUTES.creator(a.id))).status).toBe(200);
    const removal = (await entries())[0]!;
    expect(removal.kind).toBe('creator.delete');
    const edit = await admin(t)
      .put(API_ROUTES.videos)
      .send({ id: video.id, title: 'Places', authorIds: [c.id, b.id] });
    expect(edit.status).toBe(200);
    const editEntry = (await entries())[0]!;

    const before = await snapshot(t);
    const res = await undo(removal.id);
    expect(res.status).toBe(409);
    expectErrorBody(res.body);
    expect(res.body.error).toContain(`#${editEntry.id}`);
    expect(await snapshot(t)).toEqual(before);
    const positions = (await t.query(
      'SELECT position FROM video_authors WHERE video_id = ? ORDER BY position',
      [video.id],
    )) as { position: number | string }[];
    expect(positions.map((p) => Number(p.position))).toEqual([0, 1]);

    // Taking the edit back first frees the place: then the delete's undo goes through.
    expect((await undo(editEntry.id)).status).toBe(200);
    expect((await undo(removal.id)).status).toBe(200);
    const authors = (await t.query(
      'SELECT creator_id FROM video_authors WHERE video_id = ? ORDER BY position',
      [video.id],
    )) as { creator_id: number | string }[];
    expect(authors.map((r) => Number(r.creator_id))).toEqual([a.id, b.id]);
  });

  it('undoes an edit that swapped two authors (their places cross on the way back)', async () => {
    const a = await createCreator(t, 'Swap A');
    const b = await createCreator(t, 'Swap B');
    const video = await createVideo(t, { title: 'Swap', authorIds: [a.id, b.id] });
    const res = await admin(t)
      .put(API_ROUTES.videos)
      .send({ id: video.id, title: 'Swap', authorIds: [b.id, a.id] });
    expect(res.status).toBe(200);
    const edit = (await entries())[0]!;
    expect((await undo(edit.id)).status).toBe(200);
    const authors = (await t.query(
      'SELECT creator_id FROM video_authors WHERE video_id = ? ORDER BY position',
      [video.id],
    )) as { creator_id: number | string }[];
    expect(authors.map((r) => Number(r.creator_id))).toEqual([a.id, b.id]);
  });

  it('the schema itself refuses two authors in one place', async () => {
    const a = await createCreator(t, 'Schema A');
    const b = await createCreator(t, 'Schema B');
    const video = await createVideo(t, { title: 'Schema', authorIds: [a.id] });
    await expect(
      t.query('INSERT INTO video_authors (video_id, creator_id, position) VALUES (?, ?, 0)', [
        video.id,
        b.id,
      ]),
    ).rejects.toThrow();
  });
});
