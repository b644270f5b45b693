/**
 * The migration FoldLetterVariants (docs/product.md "Names in every script"): search keys folded before
 * Latin letters with a stroke or bar and the ligatures were read as plain letters (Ø → o, Ł → l, Æ → ae)
 * are rewritten. The stale keys are stood in for by the creators' and the video's search rows taken out
 * (a search by the folded spelling finds nothing either way); the migration's row is taken out and a
 * second app on the same database applies it at start, as a deployment does, while the first keeps
 * running with its cached answers.
 */
import { API_ROUTES, type CreatorPage, type DuplicateGroupPage, type VideoPage } from '@friends/shared';
import { DataSource } from 'typeorm';
import { foldLetterVariants } from '../src/database/migrations/1797995000000-FoldLetterVariants';
import { admin, createCreator, createVideo, snapshot } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

jest.setTimeout(60_000);

const MIGRATION = 'FoldLetterVariants1797995000000';

let first: TestContext;
let second: TestContext;
const id: Record<string, number> = {};
let historyBefore = 0;

const creatorIds = async (t: TestContext, q: string) =>
  (
    (await t.http().get(API_ROUTES.creatorsSearch).query({ q, limit: 50 }).expect(200)).body as CreatorPage
  ).items.map((c) => c.id);
const videoIds = async (t: TestContext, q: string) =>
  (
    (await t.http().get(API_ROUTES.videosSearch).query({ q, limit: 50 }).expect(200)).body as VideoPage
  ).items.map((v) => v.id);
const duplicateGroups = async (t: TestContext) =>
  (
    (await admin(t).get(API_ROUTES.creatorsDuplicates).query({ limit: 200 }).expect(200))
      .body as DuplicateGroupPage
  ).items.map((group) => group.map((item) => item.id));

beforeAll(async () => {
  first = await startTestApp();
  id.soren = (await createCreator(first, 'Søren Ærø')).id;
  id.plainSoren = (await createCreator(first, 'Soren Aero')).id;
  id.lukasz = (
    await createCreator(first, { name: 'Zuk Fan', otherNames: [{ name: 'Łukasz Żuk', lang: 'pl' }] })
  ).id;
  id.control = (await createCreator(first, 'Plain Control')).id;
  id.video = (await createVideo(first, { title: 'Łeba Ferry Vlog', authorIds: [id.control] })).id;

  // What a key folded without the rule cannot be found by: the folded spelling finds none of them.
  const stale = [id.soren, id.lukasz, id.control];
  await first.query(`DELETE FROM creator_search_keys WHERE creator_id IN (?, ?, ?)`, stale);
  await first.query('DELETE FROM video_title_keys WHERE video_id = ?', [id.video]);
  expect(await creatorIds(first, 'soren')).toEqual([id.plainSoren]);
  expect(await creatorIds(first, 'lukasz')).toEqual([]);
  expect(await creatorIds(first, 'plain control')).toEqual([]);
  expect(await videoIds(first, 'leba')).toEqual([]);
  expect(await duplicateGroups(first)).not.toContainEqual([id.soren, id.plainSoren]);
  historyBefore = Number((await first.query<{ n: number }>('SELECT COUNT(*) AS n FROM history'))[0]!.n);

  await first.query('DELETE FROM migrations WHERE name = ?', [MIGRATION]);
  second = await startTestApp({}, { url: first.databaseUrl, drop: first.drop });
});

afterAll(async () => {
  await first?.app.close();
  await second?.close();
});

describe('FoldLetterVariants', () => {
  it('applies at start: the stroke letters and ligatures are found by their plain letters', async () => {
    expect(await second.query('SELECT name FROM migrations WHERE name = ?', [MIGRATION])).toHaveLength(1);
    expect(await creatorIds(second, 'soren')).toEqual([id.soren, id.plainSoren]);
    expect(await creatorIds(second, 'ærø')).toEqual([id.soren, id.plainSoren]);
    expect(await creatorIds(second, 'lukasz')).toEqual([id.lukasz]);
    expect(await videoIds(second, 'leba')).toEqual([id.video]);
    expect(await duplicateGroups(second)).toContainEqual([id.soren, id.plainSoren]);
  });

  it('rewrites only the rows holding such a letter', async () => {
    expect(await creatorIds(second, 'plain control')).toEqual([]);
  });

  it('records no history, and a replica still running answers anew', async () => {
    const [history] = await second.query<{ n: number }>('SELECT COUNT(*) AS n FROM history');
    expect(Number(history!.n)).toBe(historyBefore);
    const deadline = Date.now() + 5000;
    let seen: { creators: number[]; videos: number[] } = { creators: [], videos: [] };
    while (Date.now() < deadline) {
      seen = { creators: await creatorIds(first, 'lukasz'), videos: await videoIds(first, 'leba') };
      if (seen.creators.length > 0 && seen.videos.length > 0) break;
      await new Promise((done) => setTimeout(done, 100));
    }
    expect(seen).toEqual({ creators: [id.lukasz], videos: [id.video] });
  });

  it('changes nothing when run again', async () => {
    const before = await snapshot(second);
    const outcome = await second.app.get(DataSource).transaction((manager) => foldLetterVariants(manager));
    expect(outcome).toEqual({ creators: 0, videos: 0 });
    expect(await snapshot(second)).toEqual(before);
  });
});
