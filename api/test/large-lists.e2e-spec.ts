import { API_ROUTES, type CreatorListItem, type Video } from '@friends/shared';
import { startTestApp, type TestContext } from './support/test-app';

/**
 * The whole-table answers at the size of the benchmark: 150,000 authorships and 130,000 social links
 * once overflowed the call stack (rows spread into push()) and answered 500.
 */
const CREATORS = 65_000;
const VIDEOS = 75_000;
const BATCH = 1_000;
let t: TestContext;

async function insertInBatches(count: number, sql: string, row: (i: number) => unknown[]): Promise<void> {
  for (let start = 0; start < count; start += BATCH) {
    const size = Math.min(BATCH, count - start);
    const width = row(start).length;
    const placeholders = Array.from({ length: size }, () => `(${Array(width).fill('?').join(', ')})`);
    const params = Array.from({ length: size }, (_, offset) => row(start + offset)).flat();
    await t.query(`${sql} VALUES ${placeholders.join(', ')}`, params);
  }
}

beforeAll(async () => {
  t = await startTestApp();
  await insertInBatches(CREATORS, 'INSERT INTO creators (id, name, name_key, photo)', (i) => [
    i + 1,
    `Creator ${i + 1}`,
    `creator ${i + 1}`,
    '',
  ]);
  await insertInBatches(
    CREATORS * 2,
    'INSERT INTO social_links (creator_id, position, platform, url)',
    (i) => [(i >> 1) + 1, i & 1, 'YouTube', `https://www.youtube.com/@c${i}`],
  );
  await insertInBatches(VIDEOS, 'INSERT INTO videos (id, title, url, url_key, date)', (i) => [
    i + 1,
    `Video ${i + 1}`,
    '',
    null,
    '2024-01-01',
  ]);
  await insertInBatches(VIDEOS * 2, 'INSERT INTO video_authors (video_id, creator_id, position)', (i) => [
    (i >> 1) + 1,
    ((i * 7919) % CREATORS) + 1,
    i & 1,
  ]);
}, 120_000);
afterAll(() => t.close());

it('answers every video with its authors', async () => {
  const videos = (await t.http().get(API_ROUTES.videos).expect(200)).body as Video[];
  expect(videos).toHaveLength(VIDEOS);
  expect(videos.every((video) => video.authorIds.length === 2)).toBe(true);
}, 60_000);

it('answers every creator with their links', async () => {
  const creators = (await t.http().get(API_ROUTES.creators).expect(200)).body as CreatorListItem[];
  expect(creators).toHaveLength(CREATORS);
  expect(creators.every((creator) => creator.socialLinks.length === 2)).toBe(true);
}, 60_000);
