/**
 * Backups: admin-only export as JSON and CSV, and the import of the JSON into an empty
 * database that exports again unchanged — from the embedded SQLite into the database TEST_DB names (the
 * move to MySQL/MariaDB when TEST_DB=mariadb) and back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  API_ROUTES,
  BACKUP_FORMAT,
  BACKUP_MESSAGES,
  BACKUP_ROUTES,
  BACKUP_VERSION,
  HISTORY_ROUTES,
  type BackupData,
  type HistoryPage,
} from '@friends/shared';
import { TOO_DEEP } from '../src/common/request-limits';
import { CountsService } from '../src/counts/counts.service';
import { TransactionRunner } from '../src/database/transaction-runner.service';
import { admin, createCreator, createVideo, expectErrorBody, snapshot } from './support/helpers';
import { startTestApp, TEST_DB, type TestContext } from './support/test-app';

const dirs: string[] = [];
const apps: TestContext[] = [];

/** An app on a fresh database of `engine` ('sqlite' is a temp file whatever TEST_DB says). */
async function appOn(engine: 'sqlite' | 'test-db'): Promise<TestContext> {
  let env = {};
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'friends-backup-'));
    dirs.push(dir);
    env = { DATABASE_URL: `sqlite:${join(dir, 'source.sqlite')}` };
  }
  const t = await startTestApp(env);
  apps.push(t);
  return t;
}

afterAll(async () => {
  for (const t of apps) await t.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A data set with everything a backup must keep: links, aliases, author order, gaps in ids, odd text. */
async function fill(t: TestContext): Promise<void> {
  const ada = await createCreator(t, {
    name: 'Ada Lumen',
    socialLinks: [
      { url: 'https://www.youtube.com/@adalumen' },
      { url: 'https://www.instagram.com/adalumen/' },
      { url: 'https://ada.example/about?x=1,2' },
    ],
  });
  const formula = await createCreator(t, { name: '=HYPERLINK("http://evil.example","click")' });
  const quoted = await createCreator(t, { name: 'Bea "the baker", Åsa-Lind 🍞' });
  const gone = await createCreator(t, 'Gone Soon');
  const merged = await createCreator(t, {
    name: 'Cato Merged',
    socialLinks: [{ url: 'https://www.youtube.com/@cato' }],
  });
  const merged2 = await createCreator(t, 'Cato Twin');
  const first = await createVideo(t, {
    title: 'First, with "quotes"',
    url: 'https://www.youtube.com/watch?v=abcdefghijk',
    date: '2024-02-29',
    authorIds: [quoted.id, ada.id, formula.id],
  });
  // The API refuses line breaks in a title; data from before that rule (or a database edit) may hold one.
  await t.query('UPDATE videos SET title = ? WHERE id = ?', [
    'First, with "quotes"\nand a line break',
    first.id,
  ]);
  await createVideo(t, { title: '+1 trick', url: '', date: '', authorIds: [merged.id, ada.id] });
  await createVideo(t, { title: 'Solo of a creator deleted later', authorIds: [gone.id] });
  await createVideo(t, {
    title: '@mention video',
    url: 'https://youtu.be/zyxwvutsrqp',
    authorIds: [merged2.id],
  });
  const merge = await admin(t)
    .patch(API_ROUTES.creators)
    .send({ primaryId: ada.id, mergeIds: [merged.id, merged2.id] });
  expect(merge.status).toBe(200);
  expect((await admin(t).delete(API_ROUTES.creator(gone.id))).status).toBe(200);
  for (const url of ['https://www.youtube.com/watch?v=suggest0001', '-2+3 https://x.example']) {
    expect((await t.http().post(API_ROUTES.suggestions).send({ url })).status).toBe(201);
  }
}

async function exportOf(t: TestContext): Promise<BackupData> {
  const res = await admin(t).get(BACKUP_ROUTES.backup);
  expect(res.status).toBe(200);
  expect(res.headers['content-disposition']).toMatch(
    /^attachment; filename="friends-backup-\d{4}-\d{2}-\d{2}\.json"$/,
  );
  expect(res.headers['cache-control']).toBe('no-store');
  return res.body as BackupData;
}

describe(`backup export (${TEST_DB})`, () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await appOn('test-db');
    await fill(t);
  });

  it('is admin-only: 401 { error } without a session, for every backup route', async () => {
    for (const path of Object.values(BACKUP_ROUTES)) {
      const res = await t.http().get(path);
      expect(res.status).toBe(401);
      expectErrorBody(res.body);
    }
    const post = await t.http().post(BACKUP_ROUTES.backup).send({});
    expect(post.status).toBe(401);
  });

  it('holds every creator with its links and aliases, every video with its ordered authors, every suggestion', async () => {
    const data = await exportOf(t);
    expect(data.format).toBe(BACKUP_FORMAT);
    expect(data.version).toBe(BACKUP_VERSION);
    const byName = new Map(data.creators.map((c) => [c.name, c]));
    const ada = byName.get('Ada Lumen')!;
    expect(ada.photo).toBe('');
    expect(ada.socialLinks.map((l) => l.url)).toEqual([
      'https://www.youtube.com/@adalumen',
      'https://www.instagram.com/adalumen/',
      'https://ada.example/about?x=1,2',
      'https://www.youtube.com/@cato',
    ]);
    expect(ada.socialLinks[0]?.platform).toBe('YouTube');
    expect(ada.aliases.map((a) => a.name)).toEqual(['Cato Merged', 'Cato Twin']);
    expect(ada.aliases.every((a) => typeof a.mergedCreatorId === 'number')).toBe(true);
    expect(data.creators.map((c) => c.name).sort()).toEqual(
      ['=HYPERLINK("http://evil.example","click")', 'Ada Lumen', 'Bea "the baker", Åsa-Lind 🍞'].sort(),
    );
    const ids = data.creators.map((c) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const quoted = byName.get('Bea "the baker", Åsa-Lind 🍞')!;
    const formula = byName.get('=HYPERLINK("http://evil.example","click")')!;
    expect(data.videos.map((v) => [v.title, v.authorIds])).toEqual([
      ['First, with "quotes"\nand a line break', [quoted.id, ada.id, formula.id]],
      ['+1 trick', [ada.id]],
      ['Solo of a creator deleted later', []],
      ['@mention video', [ada.id]],
    ]);
    expect(data.videos[0]).toMatchObject({
      url: 'https://www.youtube.com/watch?v=abcdefghijk',
      date: '2024-02-29',
    });
    expect(data.suggestions.map((s) => s.url)).toEqual([
      'https://www.youtube.com/watch?v=suggest0001',
      '-2+3 https://x.example',
    ]);
    expect(data.suggestions[0]?.submittedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('gives videos and creators as CSV, escaped, with formulas kept as text', async () => {
    const videos = await admin(t).get(BACKUP_ROUTES.videosCsv);
    expect(videos.status).toBe(200);
    expect(videos.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(videos.headers['content-disposition']).toMatch(/filename="friends-backup-[\d-]+-videos\.csv"/);
    const data = await exportOf(t);
    const [first, second] = data.videos;
    const lines = videos.text.split('\r\n');
    expect(lines[0]).toBe('id,title,url,date,author_ids,authors');
    expect(lines[1]).toBe(
      `${first!.id},"First, with ""quotes""\nand a line break",https://www.youtube.com/watch?v=abcdefghijk,2024-02-29,` +
        `${first!.authorIds.join(' ')},"Bea ""the baker"", Åsa-Lind 🍞; Ada Lumen; =HYPERLINK(""http://evil.example"",""click"")"`,
    );
    expect(lines[2]).toBe(`${second!.id},'+1 trick,,,${second!.authorIds[0]},Ada Lumen`);

    const creators = await admin(t).get(BACKUP_ROUTES.creatorsCsv);
    expect(creators.status).toBe(200);
    const rows = creators.text.split('\r\n');
    expect(rows[0]).toBe('id,name,photo,links,aliases');
    expect(rows).toContain(
      `${data.creators.find((c) => c.name.startsWith('='))!.id},"'=HYPERLINK(""http://evil.example"",""click"")",,,`,
    );
    expect(creators.text.endsWith('\r\n')).toBe(true);
  });

  it('refuses to import into a database that holds data: 409 { error }, nothing changed', async () => {
    const before = await snapshot(t);
    const data = await exportOf(t);
    const res = await admin(t).post(BACKUP_ROUTES.backup).send(data);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: BACKUP_MESSAGES.notEmpty });
    expect(await snapshot(t)).toEqual(before);
  });
});

const pairs: ['sqlite' | 'test-db', 'sqlite' | 'test-db'][] =
  TEST_DB === 'sqlite'
    ? [['sqlite', 'sqlite']]
    : [
        ['sqlite', 'test-db'],
        ['test-db', 'sqlite'],
      ];
const label = (engine: 'sqlite' | 'test-db') => (engine === 'sqlite' ? 'SQLite' : TEST_DB);

describe.each(pairs)('backup round trip %s → %s', (from, to) => {
  it(`${label(from)} → ${label(to)}: export, import into an empty database, export again: the same document`, async () => {
    const source = await appOn(from);
    await fill(source);
    const original = await exportOf(source);
    const target = await appOn(to);
    const res = await admin(target).post(BACKUP_ROUTES.backup).send(original);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ creators: 3, videos: 4, suggestions: 2 });
    expect(await exportOf(target)).toEqual(original);

    // The imported database works like the original: the public reads, a merged-away id, new ids after the old.
    const [list, sourceList] = await Promise.all([
      target.http().get(API_ROUTES.creators),
      source.http().get(API_ROUTES.creators),
    ]);
    expect(list.body).toEqual(sourceList.body);
    const alias = original.creators.find((c) => c.name === 'Ada Lumen')!.aliases[0]!;
    const profile = await target.http().get(API_ROUTES.creatorProfile(alias.mergedCreatorId!));
    expect(profile.status).toBe(200);
    expect(profile.body).toEqual(
      (await source.http().get(API_ROUTES.creatorProfile(alias.mergedCreatorId!))).body,
    );
    const fresh = await createCreator(target, 'After Import');
    expect(fresh.id).toBeGreaterThan(Math.max(...original.creators.map((c) => c.id)));
    expect((await createVideo(target, { title: 'New', authorIds: [fresh.id] })).id).toBeGreaterThan(
      Math.max(...original.videos.map((v) => v.id)),
    );
    // A duplicate name, case aside, is still refused after the import (name keys were rebuilt).
    expect((await admin(target).post(API_ROUTES.creators).send({ name: 'ADA LUMEN' })).status).toBe(409);
    // The restore is in the history (not undoable), and the counts kept on write match a recount.
    const history = (await admin(target).get(HISTORY_ROUTES.history)).body as HistoryPage;
    expect(history.items.filter((item) => item.kind === 'backup.restore')).toEqual([
      expect.objectContaining({ summary: 'Restored a backup (3 creators, 4 videos)', undoable: false }),
    ]);
    const counts = target.app.get(CountsService);
    expect(await target.app.get(TransactionRunner).read((manager) => counts.drift(manager))).toEqual({
      creators: 0,
      eventCounts: 0,
      videos: 0,
      totals: [],
    });
  });
});

describe(`backup import checks (${TEST_DB})`, () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await appOn('test-db');
  });

  const valid = (): BackupData => ({
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    creators: [{ id: 5, name: 'Solo', photo: '', socialLinks: [], aliases: [] }],
    videos: [{ id: 9, title: 'Clip', url: '', date: '', authorIds: [5] }],
    suggestions: [],
  });

  it.each([
    ['not an object', []],
    ['a wrong format', { ...valid(), format: 'other' }],
    ['an unknown field', { ...valid(), extra: 1 }],
    [
      'a video by a creator not in the backup',
      { ...valid(), videos: [{ ...valid().videos[0]!, authorIds: [6] }] },
    ],
    [
      'a repeated creator id',
      { ...valid(), creators: [valid().creators[0]!, { ...valid().creators[0]!, name: 'B' }] },
    ],
    [
      'names equal but for case',
      { ...valid(), creators: [valid().creators[0]!, { ...valid().creators[0]!, id: 6, name: 'SOLO' }] },
    ],
    ['a negative id', { ...valid(), suggestions: [{ id: -1, url: 'x', submittedAt: '' }] }],
    ['a blank title', { ...valid(), videos: [{ ...valid().videos[0]!, title: ' ' }] }],
    ['a bad date', { ...valid(), videos: [{ ...valid().videos[0]!, date: '31/01/2024' }] }],
    [
      'a control character in a name',
      { ...valid(), creators: [{ ...valid().creators[0]!, name: 'So\u0000lo' }] },
    ],
    [
      'a bidirectional override in a title',
      { ...valid(), videos: [{ ...valid().videos[0]!, title: 'Cl\u202eip' }] },
    ],
    ['a lone surrogate in a URL', { ...valid(), suggestions: [{ id: 1, url: 'x\ud800', submittedAt: '' }] }],
    [
      'creators after the videos that name them',
      {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        videos: valid().videos,
        creators: valid().creators,
        suggestions: [],
      },
    ],
    ['a field twice', `{"format":"${BACKUP_FORMAT}","format":"${BACKUP_FORMAT}"}`],
    ['a list that is an object', { ...valid(), suggestions: { 0: { id: 1, url: 'x', submittedAt: '' } } }],
    ['a missing list', { format: BACKUP_FORMAT, version: BACKUP_VERSION, creators: [], videos: [] }],
    ['JSON cut short', JSON.stringify(valid()).slice(0, -20)],
    ['JSON with trailing text', `${JSON.stringify(valid())} and more`],
    [
      'the same video twice under two URL forms',
      {
        ...valid(),
        videos: [
          { id: 1, title: 'A', url: 'https://youtu.be/abcdefghijk', date: '', authorIds: [] },
          { id: 2, title: 'B', url: 'https://www.youtube.com/watch?v=abcdefghijk', date: '', authorIds: [] },
        ],
      },
    ],
  ])('answers 400 { error } for %s and writes nothing', async (_, body) => {
    const res = await admin(t)
      .post(BACKUP_ROUTES.backup)
      .set('Content-Type', 'application/json')
      .send(typeof body === 'string' ? body : JSON.stringify(body));
    expect(res.status).toBe(400);
    expectErrorBody(res.body);
    expect((res.body as { error: string }).error).toMatch(/^This is not a Friends of the Channel backup/);
    expect((await exportOf(t)).creators).toEqual([]);
  });

  it('takes a backup far larger than the API body limit of other routes, which stays in force', async () => {
    const big: BackupData = {
      ...valid(),
      creators: Array.from({ length: 3000 }, (_, i) => ({
        id: i + 1,
        name: `Creator ${i + 1} ${'x'.repeat(60)}`,
        photo: '',
        socialLinks: [{ platform: 'YouTube', url: `https://www.youtube.com/@creator${i + 1}` }],
        aliases: [],
      })),
      videos: Array.from({ length: 1000 }, (_, i) => ({
        id: i + 1,
        title: `Video ${i + 1}`,
        url: `https://www.youtube.com/watch?v=${String(i).padStart(11, 'v')}`,
        date: '2024-01-01',
        authorIds: [i + 1, i + 2],
      })),
    };
    const body = JSON.stringify(big);
    expect(body.length).toBeGreaterThan(512 * 1024);
    const tooBig = await admin(t)
      .post(API_ROUTES.creators)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ name: 'x'.repeat(body.length) }));
    expect(tooBig.status).toBe(413);
    const res = await admin(t).post(BACKUP_ROUTES.backup).set('Content-Type', 'application/json').send(body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ creators: 3000, videos: 1000, suggestions: 0 });
    expect(await exportOf(t)).toEqual(big);
  });

  it('two imports at once into one empty database: one 201, one 409, the data once', async () => {
    const other = await appOn('test-db');
    const data = valid();
    const results = await Promise.all([1, 2].map(() => admin(other).post(BACKUP_ROUTES.backup).send(data)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await exportOf(other)).toEqual(data);
  });
});

describe(`a streamed restore that meets a problem (${TEST_DB})`, () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await appOn('test-db');
  });

  /** A valid backup of `size` creators, each with a solo video, all in batches of the restore. */
  const large = (size: number): BackupData => ({
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    creators: Array.from({ length: size }, (_, i) => ({
      id: i + 1,
      name: `Creator ${i + 1}`,
      photo: '',
      socialLinks: [],
      aliases: [],
    })),
    videos: Array.from({ length: size }, (_, i) => ({
      id: i + 1,
      title: `Video ${i + 1}`,
      url: `https://youtu.be/${String(i).padStart(11, 'v')}`,
      date: '',
      authorIds: [i + 1],
    })),
    suggestions: [{ id: 1, url: 'https://youtu.be/suggested00', submittedAt: '2024-01-01T00:00:00.000Z' }],
  });

  it.each([
    [
      'a bad record far into the stream',
      (data: BackupData) => void (data.videos[2345]!.date = 'soon'),
      'videos[2345].date must be YYYY-MM-DD or empty',
    ],
    [
      'a video id repeated batches later',
      (data: BackupData) => void (data.videos[2400]!.id = 7),
      'videos[2400].id repeats id 7',
    ],
    [
      'a name repeated batches later, case aside',
      (data: BackupData) => void (data.creators[2222]!.name = 'CREATOR 3'),
      'creators[2222].name "CREATOR 3" repeats the name of creator 3',
    ],
    [
      'the same video under another URL form, batches later',
      (data: BackupData) =>
        void (data.videos[2500]!.url = `https://www.youtube.com/watch?v=${'4'.padStart(11, 'v')}`),
      'videos[2500].url is the same video as video 5',
    ],
    [
      'a repeated suggestion id',
      (data: BackupData) => void data.suggestions.push({ ...data.suggestions[0]! }),
      'suggestions[1].id repeats id 1',
    ],
  ])('names %s with 400, after writing earlier batches, and rolls them back', async (_, spoil, problem) => {
    const data = large(3000);
    spoil(data);
    const res = await admin(t).post(BACKUP_ROUTES.backup).send(data);
    expect(res.body).toEqual({ error: `${BACKUP_MESSAGES.invalid}: ${problem}` });
    expect(res.status).toBe(400);
    const empty = await snapshot(t);
    expect(Object.values(empty).flat()).toEqual([]);
    const history = (await admin(t).get(HISTORY_ROUTES.history)).body as HistoryPage;
    expect(history.items).toEqual([]);
  });

  it('refuses a record nested deeper than the API allows, before assembling it', async () => {
    const deep = `{"format":"${BACKUP_FORMAT}","version":1,"creators":[{"id":1,"name":${'['.repeat(5000)}`;
    const res = await admin(t).post(BACKUP_ROUTES.backup).set('Content-Type', 'application/json').send(deep);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: TOO_DEEP });
  });
});
