/**
 * The public searches on search threads (search-threads/search-threads.service.ts): on a SQLite file
 * they are answered by a thread, with the answer the main thread's path gives; a thread that dies
 * with a search in hand leaves that search to the main thread and is replaced; MariaDB keeps them on
 * the main thread.
 */
import { API_ROUTES, type CreatorPage, type VideoPage } from '@friends/shared';
import { valueOf } from '../src/common/json-text';
import { searchCreatorPage } from '../src/creators/creator-list';
import { CreatorsService } from '../src/creators/creators.service';
import { TransactionRunner } from '../src/database/transaction-runner.service';
import { SearchThreads } from '../src/search-threads/search-threads.service';
import { readVideoPage } from '../src/videos/video-reader';
import { VideosService } from '../src/videos/videos.service';
import { createCreator, createVideo } from './support/helpers';
import { TEST_DB, startTestApp, type TestContext } from './support/test-app';

let t: TestContext;
let threads: SearchThreads;
let tx: TransactionRunner;
let creators: CreatorsService;
let videos: VideosService;
beforeAll(async () => {
  t = await startTestApp({ SEARCH_THREADS: '2' });
  threads = t.app.get(SearchThreads);
  tx = t.app.get(TransactionRunner);
  creators = t.app.get(CreatorsService);
  videos = t.app.get(VideosService);
  const ids: number[] = [];
  for (const name of ['Anna Karo', 'Karl Mon', 'Mona Tal', 'Talia Nel', 'Nelly Ka', 'Bo', 'Ka Ren']) {
    ids.push((await createCreator(t, name)).id);
  }
  for (const [i, title] of ['Karaoke night', 'Mountain karts', 'Talk show', 'A ka story'].entries()) {
    await createVideo(t, { title, url: `https://example.com/v${i}`, authorIds: [ids[i]!, ids[i + 1]!] });
  }
});
afterAll(async () => t.close());

const creatorSearch = (q: string, limit = 3, offset = 0) =>
  `${API_ROUTES.creatorsSearch}?q=${encodeURIComponent(q)}&limit=${limit}&offset=${offset}`;
const videoSearch = (q: string, limit = 2) =>
  `${API_ROUTES.videosSearch}?q=${encodeURIComponent(q)}&limit=${limit}`;

/** The same searches computed on the main thread, in the request's read. */
const inProcessCreators = (text: string, limit = 3, offset = 0) =>
  tx.read((manager) => searchCreatorPage(manager, { text }, 'all', { limit, offset }));
const inProcessVideos = (text: string, limit = 2) =>
  tx.read((manager) => readVideoPage(manager, { text, youtube: false }, { limit, offset: 0 }));

/** Searches a thread answers per request: one on SQLite, none on MariaDB (its driver is asynchronous). */
const VIA_THREAD = TEST_DB === 'sqlite' ? 1 : 0;

describe('search threads', () => {
  it('answer creator and video searches with the main thread’s answers', async () => {
    for (const [q, limit, offset] of [
      ['kar', 3, 0],
      ['kar', 2, 2],
      ['mon', 3, 0],
      ['nobody', 3, 0],
    ] as const) {
      const before = threads.answered;
      const response = await t
        .http()
        .get(creatorSearch(q, limit, offset))
        .expect(200);
      expect(threads.answered).toBe(before + VIA_THREAD);
      const body = response.body as CreatorPage;
      expect(body).toEqual(await inProcessCreators(q, limit, offset));
    }
    for (const q of ['kar', 'talk', 'nel', 'zzz']) {
      const before = threads.answered;
      const response = await t.http().get(videoSearch(q)).expect(200);
      expect(threads.answered).toBe(before + VIA_THREAD);
      expect(response.body as VideoPage).toEqual(await inProcessVideos(q));
    }
    expect(threads.threadIds()).toHaveLength(VIA_THREAD * 2);
  });

  it('leave the empty term and one- or two-character terms on the main thread', async () => {
    const before = threads.answered;
    for (const [q, limit, offset] of [
      ['ka', 3, 0],
      ['ka', 2, 2],
      ['k', 3, 0],
      ['', 3, 1],
    ] as const) {
      const response = await t
        .http()
        .get(creatorSearch(q, limit, offset))
        .expect(200);
      expect(response.body as CreatorPage).toEqual(await inProcessCreators(q, limit, offset));
      const videos = await t.http().get(videoSearch(q, limit)).expect(200);
      expect(videos.body as VideoPage).toEqual(await inProcessVideos(q, limit));
    }
    expect(threads.answered).toBe(before);
  });

  it('see a write made after the last search', async () => {
    const first = (await t.http().get(creatorSearch('zed')).expect(200)).body as CreatorPage;
    expect(first.total).toBe(0);
    await createCreator(t, 'Zed Ka');
    const after = (await t.http().get(creatorSearch('zed')).expect(200)).body as CreatorPage;
    expect(after.items.map((item) => item.name)).toEqual(['Zed Ka']);
    expect(after).toEqual(await inProcessCreators('zed'));
  });

  it('answer the searches of threads that die, and replace the threads', async () => {
    await t.http().get(creatorSearch('mon')).expect(200);
    const dying = threads.threadIds();
    // The searches are handed to the threads at once (SearchThreads.run), then the threads end.
    const searches = [
      creators.search({ text: 'kar' }, 'all', { limit: 3, offset: 0 }),
      videos.search({ text: 'kar', youtube: false }, { limit: 2, offset: 0 }),
    ];
    await Promise.all(dying.map((id) => threads.kill(id)));
    const [found, foundVideos] = await Promise.all(searches);
    expect(found).toEqual(await inProcessCreators('kar'));
    expect(valueOf(foundVideos)).toEqual(await inProcessVideos('kar'));
    const before = threads.answered;
    const response = await t.http().get(creatorSearch('tal')).expect(200);
    expect(response.body).toEqual(await inProcessCreators('tal'));
    expect(threads.answered).toBe(before + VIA_THREAD);
    const replaced = threads.threadIds();
    expect(replaced).toHaveLength(dying.length);
    for (const id of dying) expect(replaced).not.toContain(id);
  });

  it('stay off on MariaDB', () => {
    expect(threads.enabled).toBe(TEST_DB === 'sqlite');
  });
});
