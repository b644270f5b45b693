/**
 * The video search by title (docs/product.md "Names in every script"): the shared video-search table
 * answered through the title index and the name-search index, with the same ids in the same order on
 * SQLite and on MariaDB; the index following edits, Undo, deletes and a restore; `with:` and paging.
 */
import { API_ROUTES, BACKUP_ROUTES, type VideoPage } from '@friends/shared';
import {
  VIDEO_SEARCH_AUTHORS,
  VIDEO_SEARCH_CASES,
  VIDEO_SEARCH_VIDEOS,
} from '../../shared/src/fixtures/video-search-cases';
import { TransactionRunner } from '../src/database/transaction-runner.service';
import { readVideoPage, VIDEO_SEARCH_BOUNDS } from '../src/videos/video-reader';
import { admin, createCreator, createVideo, undoLatest } from './support/helpers';
import { startTestApp, TEST_DB, type TestContext } from './support/test-app';

let t: TestContext;
const creatorIds = new Map<string, number>();
const videoIds = new Map<string, number>();

beforeAll(async () => {
  t = await startTestApp();
  for (const author of VIDEO_SEARCH_AUTHORS) {
    const made = await createCreator(t, { name: author.name, otherNames: author.otherNames ?? [] });
    creatorIds.set(author.name, made.id);
  }
  for (const [index, video] of VIDEO_SEARCH_VIDEOS.entries()) {
    const made = await createVideo(t, {
      title: video.title,
      url: `https://www.youtube.com/watch?v=vs${String(index).padStart(9, '0')}`,
      authorIds: video.authors.map((name) => creatorIds.get(name) as number),
    });
    videoIds.set(video.title, made.id);
  }
});
afterAll(() => t?.close());

async function search(q: string, query: Record<string, unknown> = {}): Promise<VideoPage> {
  const response = await t
    .http()
    .get(API_ROUTES.videosSearch)
    .query({ q, limit: 200, ...query })
    .expect(200);
  return response.body as VideoPage;
}

const idsOf = (page: VideoPage) => page.items.map((video) => video.id);

describe(`GET /api/videos/search: the shared video-search table (${TEST_DB})`, () => {
  it.each(VIDEO_SEARCH_CASES)('%j finds %j (%s)', async (query, expected) => {
    const titles = VIDEO_SEARCH_VIDEOS.map((video) => video.title);
    const wanted = (expected === '*' ? titles : expected).map((title) => videoIds.get(title) as number);
    // Fresh databases and one creation order: the ids are the same on SQLite and MariaDB.
    expect([...videoIds.values()]).toEqual(titles.map((_, index) => index + 1));
    const newestFirst = [...wanted].sort((a, b) => b - a);
    const page = await search(query);
    expect(idsOf(page)).toEqual(newestFirst);
    expect(page.total).toBe(newestFirst.length);
    const all = await admin(t).get(API_ROUTES.videosSearchIds).query({ q: query }).expect(200);
    expect(all.body.ids).toEqual(newestFirst);
  });

  it('pages a short and a trigram query newest first with the total', async () => {
    for (const q of ['z', 'jose', 'の']) {
      const every = idsOf(await search(q));
      const pages: number[] = [];
      for (let offset = 0; offset < every.length; offset += 2) {
        const page = await search(q, { limit: 2, offset });
        expect(page.total).toBe(every.length);
        pages.push(...idsOf(page));
      }
      expect(pages).toEqual(every);
    }
  });

  it('counts a step past the page, says when more match, and pages the same either way', async () => {
    // Queries matching several videos through titles, authors or both (one and two characters, 3+).
    const queries = ['z', 'k', 'ok', 'の', 'jose', 'plain', 'night', 'ni'];
    const every = new Map<string, number[]>();
    for (const q of queries) every.set(q, idsOf(await search(q)));
    const saved = { ...VIDEO_SEARCH_BOUNDS };
    try {
      // Both author plans: the newest authorships checked, and the matching creators' videos sorted
      // (each with a page size no other test asks for, so no answer is replayed from the answer cache).
      for (const [manyAuthors, limit] of [
        [0, 3],
        [1_000_000, 4],
      ] as const) {
        Object.assign(VIDEO_SEARCH_BOUNDS, { totalStep: 2, manyAuthors });
        for (const q of queries) {
          const all = every.get(q) as number[];
          const pages: number[] = [];
          for (let offset = 0; offset < all.length; offset += limit) {
            const page = await search(q, { limit, offset });
            // Counted to the step past the page: its end plus one, rounded up to a step of 2.
            const cap = 2 * Math.ceil((offset + limit + 1) / 2);
            expect([q, manyAuthors, offset, page.total, page.totalCapped]).toEqual(
              all.length > cap
                ? [q, manyAuthors, offset, cap, true]
                : [q, manyAuthors, offset, all.length, undefined],
            );
            pages.push(...idsOf(page));
          }
          expect([q, manyAuthors, pages]).toEqual([q, manyAuthors, all]);
        }
      }
    } finally {
      Object.assign(VIDEO_SEARCH_BOUNDS, saved);
    }
    expect((await search('z')).totalCapped).toBeUndefined();
  });

  it('writes a page of kept videos as it writes the videos read', async () => {
    const tx = t.app.get(TransactionRunner);
    const saved = { ...VIDEO_SEARCH_BOUNDS };
    try {
      Object.assign(VIDEO_SEARCH_BOUNDS, { totalStep: 2 });
      // Each query twice: its videos read and kept, then a page written from the kept texts.
      for (const [q, limit, offset] of [
        ['z', 7, 0],
        ['z', 6, 1],
        ['night', 1, 0],
        ['night', 1, 1],
        ['の', 5, 0],
        ['の', 3, 2],
        ['nothing matches', 5, 0],
      ] as const) {
        const sent = await t.http().get(API_ROUTES.videosSearch).query({ q, limit, offset }).expect(200);
        const read = await tx.read((manager) =>
          readVideoPage(manager, { text: q, youtube: false }, { limit, offset }),
        );
        expect([q, limit, offset, sent.text]).toEqual([q, limit, offset, JSON.stringify(read)]);
      }
    } finally {
      Object.assign(VIDEO_SEARCH_BOUNDS, saved);
    }
  });

  it('keeps the text beside with: and the YouTube filter', async () => {
    const page = await search('with:"José García" night');
    expect(idsOf(page)).toEqual([videoIds.get('Night Drive')]);
    expect((await search('with:"Zed" の')).items.map((v) => v.title).sort()).toEqual(
      ['はは の うた', 'ぱぱ の うた'].sort(),
    );
    expect(idsOf(await search('with:"兎田ぺこら" ぺこ'))).toEqual([videoIds.get('Minecraft with friends')]);
    expect(idsOf(await search('with:"Zed" pekora'))).toEqual([]);
    const youtube = await admin(t).get(API_ROUTES.videosSearch).query({ q: 'ni', youtube: 'true', limit: 1 });
    expect(youtube.status).toBe(200);
    expect(youtube.body.total).toBe(3);
    expect(youtube.body.items.map((v: { id: number }) => v.id)).toEqual([videoIds.get('Night Drive')]);
  });
});

describe(`the title index follows every change (${TEST_DB})`, () => {
  it('finds a new title after an edit, the old one after its Undo, nothing after a delete', async () => {
    const zed = creatorIds.get('Zed') as number;
    const made = await createVideo(t, {
      title: 'Ｋａｒｔ Ｒａｃｅ',
      url: 'https://www.youtube.com/watch?v=vsedit00001',
      authorIds: [zed],
    });
    expect(idsOf(await search('kart'))).toEqual([made.id]);
    expect(idsOf(await search('rt'))).toEqual([made.id]);
    await admin(t)
      .put(API_ROUTES.videos)
      .send({ id: made.id, title: 'みこの部屋', url: made.url, authorIds: [zed] })
      .expect(200);
    expect(idsOf(await search('kart'))).toEqual([]);
    expect(idsOf(await search('ミコ'))).toEqual([made.id]);
    expect(idsOf(await search('部'))).toEqual([made.id]);

    await undoLatest(t);
    expect(idsOf(await search('ミコ'))).toEqual([]);
    expect(idsOf(await search('ｋａｒｔ ｒａｃｅ'))).toEqual([made.id]);

    await admin(t).delete(`${API_ROUTES.videos}/${made.id}`).expect(200);
    expect(idsOf(await search('kart'))).toEqual([]);
    const left = await t.query('SELECT video_id FROM video_title_keys WHERE video_id = ?', [made.id]);
    expect(left).toEqual([]);
    // The short pieces went too (no video left holds 'rt').
    expect(idsOf(await search('rt'))).toEqual([]);
  });

  it('shows each video as it is now: a renamed author, a new title, an Undo and a delete', async () => {
    // Each search below is a new URL (a term or a page size not asked before), so what it shows is
    // read, not replayed: the videos a page shows are kept between searches until they change.
    const host = await createCreator(t, 'Memo Host');
    const guest = await createCreator(t, 'Memo Guest');
    const made = await createVideo(t, {
      title: 'Memo Night',
      url: 'https://www.youtube.com/watch?v=vsmemo00001',
      authorIds: [host.id, guest.id],
    });
    const shown = async (q: string, limit: number) => {
      const page = await search(q, { limit });
      return page.items.filter((video) => video.id === made.id);
    };
    expect((await shown('memo night', 200))[0]?.authors.map((a) => a.name)).toEqual([
      'Memo Host',
      'Memo Guest',
    ]);

    await admin(t).put(API_ROUTES.creators).send({ id: guest.id, name: 'Memo Renamed' }).expect(200);
    expect((await shown('memo night', 199))[0]?.authors.map((a) => a.name)).toEqual([
      'Memo Host',
      'Memo Renamed',
    ]);

    await admin(t)
      .put(API_ROUTES.videos)
      .send({ id: made.id, title: 'Memo Morning', url: made.url, authorIds: [guest.id] })
      .expect(200);
    const edited = (await shown('memo', 198))[0];
    expect(edited?.title).toBe('Memo Morning');
    expect(edited?.authors.map((a) => a.name)).toEqual(['Memo Renamed']);

    await undoLatest(t);
    const undone = (await shown('memo', 197))[0];
    expect(undone?.title).toBe('Memo Night');
    expect(undone?.authors.map((a) => a.name)).toEqual(['Memo Host', 'Memo Renamed']);

    await admin(t).delete(`${API_ROUTES.videos}/${made.id}`).expect(200);
    expect(await shown('memo', 196)).toEqual([]);
  });

  it('finds a term through its authors as they are now: a rename, its Undo, an author added', async () => {
    // Each term is asked again with a new page size of the same count step, so its ids are read
    // through what a search keeps of a term between requests, until a name or an authorship changes.
    const other = await createCreator(t, 'Plain Other');
    const made = await createVideo(t, {
      title: 'Harbour Tour',
      url: 'https://www.youtube.com/watch?v=vsauth00001',
      authorIds: [other.id],
    });
    let limit = 60;
    const finds = async (q: string) => idsOf(await search(q, { limit: limit-- })).includes(made.id);
    const findsBoth = async () => [await finds('qx'), await finds('qxv')];
    expect(await findsBoth()).toEqual([false, false]);

    await admin(t).put(API_ROUTES.creators).send({ id: other.id, name: 'Plain Qxv' }).expect(200);
    expect(await findsBoth()).toEqual([true, true]);
    await undoLatest(t);
    expect(await findsBoth()).toEqual([false, false]);

    const named = await createCreator(t, 'Quiet Qxv');
    expect(await findsBoth()).toEqual([false, false]);
    await admin(t)
      .put(API_ROUTES.videos)
      .send({ id: made.id, title: made.title, url: made.url, authorIds: [other.id, named.id] })
      .expect(200);
    expect(await findsBoth()).toEqual([true, true]);
  });

  it('is rebuilt by a restore: the same answers on a restored database', async () => {
    const backup = await admin(t).get(BACKUP_ROUTES.backup).expect(200);
    const target = await startTestApp();
    try {
      await admin(target).post(BACKUP_ROUTES.backup).send(backup.body).expect(201);
      for (const q of ['ペコラ', 'strasse', 'の', 'z', 'jose']) {
        const there = await target.http().get(API_ROUTES.videosSearch).query({ q, limit: 200 }).expect(200);
        expect((there.body as VideoPage).items.map((v) => v.title)).toEqual(
          (await search(q)).items.map((v) => v.title),
        );
      }
    } finally {
      await target.close();
    }
  });
});
