/**
 * Backups: admin-only export as JSON and CSV, and the import of the JSON into an empty
 * database that exports again unchanged — from the embedded SQLite into the database TEST_DB names (the
 * move to MySQL/MariaDB when TEST_DB=mariadb) and back. The document carries roles and credited names,
 * crew, events, groups with dated memberships, other names and pending event proposals; a version 1
 * document (taken before those) still restores, with their defaults.
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
  GROUP_ROUTES,
  HISTORY_ROUTES,
  REVIEW_ROUTES,
  SHARE_ROUTES,
  type BackupData,
  type BackupAuthor,
  type BackupCreator,
  type BackupDataV1,
  type BackupVideo,
  type CrewJob,
  type CreatedApiKey,
  type CreatorPage,
  type Group,
  type HistoryPage,
  type Video,
  nameMatchKey,
} from '@friends/shared';
import { TOO_DEEP } from '../src/common/request-limits';
import { CountsService } from '../src/counts/counts.service';
import { ReviewService } from '../src/review/review.service';
import { TransactionRunner } from '../src/database/transaction-runner.service';
import { admin, createCreator, createVideo, expectErrorBody, snapshot } from './support/helpers';
import { startTestApp, TEST_DB, type TestContext } from './support/test-app';

/** The evidence of a link an admin made, as a backup gives it (`linkedAt` left to the caller). */
const manual = { source: 'manual', evidence: '', confidence: 'high' } as const;
/** The evidence a version 1 backup restores with: none was kept. */
const unknown = { source: 'unknown', evidence: '', confidence: '', linkedAt: '' } as const;
const anyTime = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as unknown as string;

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

/**
 * A data set with everything a backup must keep: links, aliases, other names in other scripts, author
 * order, roles and credited names, crew with and without a creator, an event of two videos, a group
 * with two dated memberships, a pending event proposal, gaps in ids, odd text.
 */
async function fill(t: TestContext): Promise<void> {
  const ada = await createCreator(t, {
    name: 'Ada Lumen',
    socialLinks: [
      { url: 'https://www.youtube.com/@adalumen' },
      { url: 'https://www.instagram.com/adalumen/' },
      { url: 'https://ada.example/about?x=1,2' },
    ],
    otherNames: [
      { name: 'エイダ・ルーメン', lang: 'ja' },
      { name: 'Ада Люмен', lang: 'ru' },
      { name: '에이다 루멘' },
    ],
  });
  const formula = await createCreator(t, { name: '=HYPERLINK("http://evil.example","click")' });
  const quoted = await createCreator(t, {
    name: 'Bea "the baker", Åsa-Lind 🍞',
    otherNames: [{ name: 'بيا الخبازة', lang: 'ar' }],
  });
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
    authors: [
      { id: quoted.id, role: 'host' },
      { id: ada.id, role: 'featured', creditedAs: 'Ada L. (エイダ)' },
      { id: formula.id, role: 'guest' },
    ],
  });
  // The API refuses line breaks in a title; data from before that rule (or a database edit) may hold one.
  await t.query('UPDATE videos SET title = ? WHERE id = ?', [
    'First, with "quotes"\nand a line break',
    first.id,
  ]);
  // Crew comes from a YouTube import's description ("Edited by …"); written here as that import leaves it.
  await t.query(
    'INSERT INTO video_crew (video_id, position, name, job, creator_id) VALUES (?, 0, ?, ?, NULL), (?, 1, ?, ?, ?)',
    [first.id, 'Kō Editor', 'editor', first.id, 'Ada Lumen', 'thumbnail', ada.id],
  );
  const second = await createVideo(t, {
    title: '+1 trick',
    url: '',
    date: '',
    authorIds: [merged.id, ada.id],
  });
  await createVideo(t, { title: 'Solo of a creator deleted later', authorIds: [gone.id] });
  const fourth = await createVideo(t, {
    title: '@mention video',
    url: 'https://youtu.be/zyxwvutsrqp',
    authorIds: [merged2.id],
  });
  const merge = await admin(t)
    .patch(API_ROUTES.creators)
    .send({ primaryId: ada.id, mergeIds: [merged.id, merged2.id] });
  expect(merge.status).toBe(200);
  expect((await admin(t).delete(API_ROUTES.creator(gone.id))).status).toBe(200);
  expect(
    (
      await admin(t)
        .post(API_ROUTES.events)
        .send({ videoIds: [first.id, fourth.id] })
    ).status,
  ).toBe(201);
  // The import's weak grouping waits in review; written as the import leaves it.
  await t.query('INSERT INTO event_proposals (video_a, video_b, evidence, created_at) VALUES (?, ?, ?, ?)', [
    first.id,
    second.id,
    'Both uploaded within 48 hours, crediting each other',
    '2024-03-01T10:00:00.000Z',
  ]);
  // A second weak grouping, rejected: the rejection (by the uploads' URL keys) is kept.
  await t.query('INSERT INTO event_proposals (video_a, video_b, evidence, created_at) VALUES (?, ?, ?, ?)', [
    second.id,
    fourth.id,
    'Same title words',
    '2024-03-02T10:00:00.000Z',
  ]);
  const [rejectedGrouping] = await t.query<{ id: number }>(
    'SELECT id FROM event_proposals WHERE video_b = ?',
    [fourth.id],
  );
  expect((await admin(t).post(REVIEW_ROUTES.rejectEvent(Number(rejectedGrouping!.id)))).status).toBe(200);
  // Detected collaborators waiting in Review, written as an import leaves them; one is rejected.
  for (const [name, creatorId, source, confidence] of [
    ['Mirela Quince', null, 'description', 'medium'],
    ['Bea', quoted.id, 'mention', 'low'],
  ] as const)
    await t.query(
      `INSERT INTO review_proposals
         (video_id, creator_id, name, name_key, source, evidence, confidence, url, channel_key, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        fourth.id,
        creatorId,
        name,
        nameMatchKey(name),
        source,
        `ft. ${name}`,
        confidence,
        '',
        'channel:uc123',
        '2024-03-03T10:00:00.000Z',
      ],
    );
  const [rejectedName] = await t.query<{ id: number }>('SELECT id FROM review_proposals WHERE name = ?', [
    'Bea',
  ]);
  expect((await admin(t).post(REVIEW_ROUTES.reject(Number(rejectedName!.id)))).status).toBe(200);
  // The channel's boilerplate counts, as imports of five of its descriptions leave them ('' counts the
  // descriptions): 'studio lumen' is in all five, so it is the channel's boilerplate.
  for (const [nameKey, count] of [
    ['', 5],
    ['studio lumen', 5],
    ['mirela quince', 1],
  ] as const)
    await t.query('INSERT INTO channel_name_counts (channel_key, name_key, count) VALUES (?, ?, ?)', [
      'channel:uc123',
      nameKey,
      count,
    ]);
  const group = await admin(t)
    .post(GROUP_ROUTES.groups)
    .send({ name: 'Lumen 星 Collective', kind: 'agency' });
  expect(group.status).toBe(201);
  const groupId = (group.body as Group).id;
  for (const member of [
    { creatorId: ada.id, from: '2020-04-01', to: '2022-06-30' },
    { creatorId: quoted.id, from: '2023-01-15', to: null },
  ])
    expect((await admin(t).post(GROUP_ROUTES.members(groupId)).send(member)).status).toBe(201);
  for (const url of ['https://www.youtube.com/watch?v=suggest0001', '-2+3 https://x.example']) {
    expect((await t.http().post(API_ROUTES.suggestions).send({ url })).status).toBe(201);
  }
}

/** The ids of the creators a name search finds. */
async function searchIds(t: TestContext, q: string): Promise<number[]> {
  const res = await t.http().get(API_ROUTES.creatorsSearch).query({ q });
  expect(res.status).toBe(200);
  return (res.body as CreatorPage).items.map((item) => item.id);
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

  it('holds other names, roles and credited names, crew, the event, the group and its periods, the proposal', async () => {
    const data = await exportOf(t);
    const byName = new Map(data.creators.map((c) => [c.name, c]));
    const ada = byName.get('Ada Lumen')!;
    const quoted = byName.get('Bea "the baker", Åsa-Lind 🍞')!;
    const formula = byName.get('=HYPERLINK("http://evil.example","click")')!;
    expect(ada.otherNames).toEqual([
      { name: 'エイダ・ルーメン', lang: 'ja' },
      { name: 'Ада Люмен', lang: 'ru' },
      { name: '에이다 루멘', lang: null },
    ]);
    expect(quoted.otherNames).toEqual([{ name: 'بيا الخبازة', lang: 'ar' }]);
    expect(formula.otherNames).toEqual([]);
    const [first, second, third, fourth] = data.videos;
    expect(first!.authors).toEqual([
      { id: quoted.id, role: 'host', creditedAs: null, ...manual, linkedAt: anyTime },
      { id: ada.id, role: 'featured', creditedAs: 'Ada L. (エイダ)', ...manual, linkedAt: anyTime },
      { id: formula.id, role: 'guest', creditedAs: null, ...manual, linkedAt: anyTime },
    ]);
    // Ada was a guest beside the merged creator, its host: the one authorship left keeps the host role.
    expect(second!.authors).toEqual([
      { id: ada.id, role: 'host', creditedAs: null, ...manual, linkedAt: anyTime },
    ]);
    expect(third!.authors).toEqual([]);
    expect(first!.crew).toEqual([
      { name: 'Kō Editor', job: 'editor', creatorId: null },
      { name: 'Ada Lumen', job: 'thumbnail', creatorId: ada.id },
    ]);
    expect(second!.crew).toEqual([]);
    expect(data.events).toEqual([
      { id: expect.any(Number), title: 'First, with "quotes"\nand a line break' },
    ]);
    const eventId = data.events[0]!.id;
    expect(data.videos.map((v) => v.eventId)).toEqual([eventId, null, null, eventId]);
    expect(data.groups).toEqual([
      {
        id: expect.any(Number),
        name: 'Lumen 星 Collective',
        kind: 'agency',
        members: [
          { id: expect.any(Number), creatorId: ada.id, from: '2020-04-01', to: '2022-06-30' },
          { id: expect.any(Number), creatorId: quoted.id, from: '2023-01-15', to: null },
        ],
      },
    ]);
    expect(data.eventProposals).toEqual([
      {
        id: expect.any(Number),
        videoA: first!.id,
        videoB: second!.id,
        evidence: 'Both uploaded within 48 hours, crediting each other',
        createdAt: '2024-03-01T10:00:00.000Z',
      },
    ]);
    expect(fourth!.title).toBe('@mention video');
    // The Review queue and the admin's rejections, so a restored database proposes nothing rejected again.
    expect(data.reviewProposals).toEqual([
      {
        id: expect.any(Number),
        videoId: fourth!.id,
        creatorId: null,
        name: 'Mirela Quince',
        source: 'description',
        evidence: 'ft. Mirela Quince',
        confidence: 'medium',
        url: '',
        channelKey: 'channel:uc123',
        createdAt: '2024-03-03T10:00:00.000Z',
      },
    ]);
    // Keyed by the video's URL key (a hash of its canonical URL), so they outlive a re-import; a matched
    // creator is rejected by name and by id.
    const fourthKey = data.reviewRejections[0]?.urlKey;
    expect(fourthKey).toMatch(/^[0-9a-f]{64}$/);
    expect(data.reviewRejections).toEqual([
      { urlKey: fourthKey, nameKey: 'bea', createdAt: anyTime },
      { urlKey: fourthKey, nameKey: `creator:${quoted.id}`, createdAt: anyTime },
    ]);
    // A video without a URL is keyed by its id.
    expect(data.eventRejections).toEqual([
      { keyA: fourthKey, keyB: `video:${second!.id}`, createdAt: anyTime },
    ]);
    // Descriptions are not kept, so the counts that decide a channel's boilerplate travel with it.
    expect(data.channelNameCounts).toEqual([
      { channelKey: 'channel:uc123', nameKey: '', count: 5 },
      { channelKey: 'channel:uc123', nameKey: 'mirela quince', count: 1 },
      { channelKey: 'channel:uc123', nameKey: 'studio lumen', count: 5 },
    ]);
    // The document's fields in the order a restore reads them.
    expect(Object.keys(data)).toEqual([
      'format',
      'version',
      'creators',
      'groups',
      'events',
      'videos',
      'suggestions',
      'eventProposals',
      'reviewProposals',
      'reviewRejections',
      'eventRejections',
      'channelNameCounts',
    ]);
  });

  it('carries no secrets: no API key, session or password anywhere in the document', async () => {
    const created = await admin(t).post(SHARE_ROUTES.keys).send({ name: 'backup probe' });
    expect(created.status).toBe(201);
    const text = JSON.stringify(await exportOf(t));
    expect(text).not.toContain((created.body as CreatedApiKey).key);
    expect(text).not.toMatch(/key_?hash|session|token|password|backup probe/i);
  });

  it('gives videos and creators as CSV, escaped, with formulas kept as text', async () => {
    const videos = await admin(t).get(BACKUP_ROUTES.videosCsv);
    expect(videos.status).toBe(200);
    expect(videos.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(videos.headers['content-disposition']).toMatch(/filename="friends-backup-[\d-]+-videos\.csv"/);
    const data = await exportOf(t);
    const [first, second] = data.videos;
    const lines = videos.text.split('\r\n');
    expect(lines[0]).toBe(
      'id,title,url,date,author_ids,authors,author_roles,credited_as,event_id,crew,crew_creator_ids',
    );
    const ada = data.creators.find((c) => c.name === 'Ada Lumen')!;
    const event = data.events[0]!.id;
    expect(lines[1]).toBe(
      `${first!.id},"First, with ""quotes""\nand a line break",https://www.youtube.com/watch?v=abcdefghijk,2024-02-29,` +
        `${first!.authorIds.join(' ')},"Bea ""the baker"", Åsa-Lind 🍞; Ada Lumen; =HYPERLINK(""http://evil.example"",""click"")",` +
        `host; featured; guest,; Ada L. (エイダ); ,${event},editor: Kō Editor; thumbnail: Ada Lumen,; ${ada.id}`,
    );
    expect(lines[2]).toBe(`${second!.id},'+1 trick,,,${second!.authorIds[0]},Ada Lumen,host,,,,`);

    const creators = await admin(t).get(BACKUP_ROUTES.creatorsCsv);
    expect(creators.status).toBe(200);
    const rows = creators.text.split('\r\n');
    expect(rows[0]).toBe('id,name,photo,links,aliases,other_names,groups');
    expect(rows).toContain(
      `${data.creators.find((c) => c.name.startsWith('='))!.id},"'=HYPERLINK(""http://evil.example"",""click"")",,,,,`,
    );
    expect(rows).toContain(
      `${ada.id},Ada Lumen,,"https://www.youtube.com/@adalumen https://www.instagram.com/adalumen/ ` +
        'https://ada.example/about?x=1,2 https://www.youtube.com/@cato",Cato Merged; Cato Twin,' +
        'エイダ・ルーメン (ja); Ада Люмен (ru); 에이다 루멘,Lumen 星 Collective (2020-04-01 to 2022-06-30)',
    );
    expect(rows.find((row) => row.includes('Åsa-Lind'))).toMatch(
      /,بيا الخبازة \(ar\),Lumen 星 Collective \(2023-01-15 to now\)$/,
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
    expect(res.body).toEqual({
      creators: 3,
      groups: 1,
      events: 1,
      videos: 4,
      suggestions: 2,
      eventProposals: 1,
      reviewProposals: 1,
      reviewRejections: 2,
      eventRejections: 1,
      channelNameCounts: 3,
    });
    const again = await exportOf(target);
    expect(again).toEqual(original);
    // Identical to the byte, so a backup of the restored database is the backup that made it.
    expect(JSON.stringify(again)).toBe(JSON.stringify(original));
    // The CSV views too.
    for (const route of [BACKUP_ROUTES.videosCsv, BACKUP_ROUTES.creatorsCsv])
      expect((await admin(target).get(route)).text).toBe((await admin(source).get(route)).text);

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
    // The search keys were built for the restored names: other names in every script find their creator.
    const ada = original.creators.find((c) => c.name === 'Ada Lumen')!;
    const bea = original.creators.find((c) => c.name.startsWith('Bea'))!;
    for (const [query, id] of [
      ['エイダ', ada.id],
      ['ада люмен', ada.id],
      ['에이다', ada.id],
      ['الخبازة', bea.id],
    ] as const)
      expect({ query, ids: await searchIds(target, query) }).toEqual({ query, ids: [id] });
    // The group, its periods, the event and each link's evidence read back through their own routes.
    const evidence = original.videos.map((video) => REVIEW_ROUTES.videoEvidence(video.id));
    for (const route of evidence) {
      const [after, before] = await Promise.all([admin(target).get(route), admin(source).get(route)]);
      expect(after.status).toBe(200);
      expect(after.body).toEqual(before.body);
    }
    // The restored channel keeps its boilerplate: detection leaves 'Studio Lumen' out of its next upload.
    const boilerplate = (app: TestContext) =>
      app.app.get(ReviewService).boilerplate('channel:uc123', ['With Mirela Quince.']);
    expect([...(await boilerplate(target))]).toEqual([...(await boilerplate(source))]);
    expect(await boilerplate(target)).toContain('studio lumen');
    for (const route of [REVIEW_ROUTES.list, REVIEW_ROUTES.events]) {
      const [after, before] = await Promise.all([admin(target).get(route), admin(source).get(route)]);
      expect(after.status).toBe(200);
      expect(after.body).toEqual(before.body);
    }
    for (const route of [
      GROUP_ROUTES.group(original.groups[0]!.id),
      API_ROUTES.event(original.events[0]!.id),
    ]) {
      const [after, before] = await Promise.all([target.http().get(route), source.http().get(route)]);
      expect(after.status).toBe(200);
      expect(after.body).toEqual(before.body);
    }
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
      pairs: 0,
      videoDates: 0,
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
    creators: [
      { id: 5, name: 'Solo', photo: '', socialLinks: [], aliases: [], otherNames: [] },
      { id: 6, name: 'Duo', photo: '', socialLinks: [], aliases: [], otherNames: [] },
    ],
    groups: [
      {
        id: 3,
        name: 'Team',
        kind: 'team',
        members: [{ id: 4, creatorId: 5, from: '2020-01-01', to: '2020-12-31' }],
      },
    ],
    events: [{ id: 2, title: 'Cook-off' }],
    videos: [
      {
        id: 9,
        title: 'Clip',
        url: '',
        date: '',
        authorIds: [5],
        authors: [{ id: 5, role: 'host', creditedAs: null, ...manual, linkedAt: '' }],
        crew: [],
        eventId: 2,
      },
      {
        id: 10,
        title: 'Other POV',
        url: '',
        date: '',
        authorIds: [6],
        authors: [{ id: 6, role: 'host', creditedAs: null, ...manual, linkedAt: '' }],
        crew: [],
        eventId: 2,
      },
    ],
    suggestions: [],
    eventProposals: [],
    reviewProposals: [
      {
        id: 7,
        videoId: 9,
        creatorId: null,
        name: 'Guesty',
        source: 'description',
        evidence: 'ft. Guesty',
        confidence: 'medium',
        url: '',
        channelKey: '',
        createdAt: '2024-01-01T00:00:00.000Z',
      },
    ],
    reviewRejections: [{ urlKey: 'video:9', nameKey: 'creator:6', createdAt: '2024-01-02T00:00:00.000Z' }],
    eventRejections: [{ keyA: 'video:10', keyB: 'video:9', createdAt: '2024-01-03T00:00:00.000Z' }],
    channelNameCounts: [
      { channelKey: 'channel:uc1', nameKey: '', count: 3 },
      { channelKey: 'channel:uc1', nameKey: 'guesty', count: 3 },
    ],
  });
  type Spoil = (data: BackupData) => void;
  /** `valid()` changed by `spoil`. */
  const spoiled = (spoil: Spoil): BackupData => {
    const data = valid();
    spoil(data);
    return data;
  };
  const clip = (data: BackupData) => data.videos[0]!;
  const v1 = (): BackupDataV1 => ({
    format: BACKUP_FORMAT,
    version: 1,
    creators: [
      { id: 5, name: 'Solo', photo: '', socialLinks: [], aliases: [] },
      {
        id: 7,
        name: 'Guest',
        photo: '',
        socialLinks: [],
        aliases: [{ name: 'Old Guest', mergedCreatorId: 8 }],
      },
    ],
    videos: [
      { id: 9, title: 'Clip', url: 'https://youtu.be/abcdefghijk', date: '2023-05-01', authorIds: [7, 5] },
    ],
    suggestions: [{ id: 1, url: 'https://youtu.be/suggested00', submittedAt: '2023-05-02T00:00:00.000Z' }],
  });
  /** Every table a backup writes holds nothing. */
  const expectEmpty = async (target: TestContext) => {
    const data = await exportOf(target);
    expect(
      [
        data.creators,
        data.groups,
        data.events,
        data.videos,
        data.eventProposals,
        data.reviewProposals,
        data.reviewRejections,
        data.eventRejections,
        data.channelNameCounts,
      ].flat(),
    ).toEqual([]);
  };

  it.each([
    ['not an object', []],
    ['a wrong format', { ...valid(), format: 'other' }],
    ['an unknown version', { ...valid(), version: 3 }],
    ['an unknown field', { ...valid(), extra: 1 }],
    [
      'a video by a creator not in the backup',
      spoiled((d) => {
        clip(d).authorIds = [8];
        clip(d).authors = [{ id: 8, role: 'host', creditedAs: null, ...manual, linkedAt: '' }];
      }),
    ],
    ['a version 2 video without authors', spoiled((d) => delete (clip(d) as Partial<BackupVideo>).authors)],
    ['authors that are not authorIds', spoiled((d) => void (clip(d).authors[0]!.id = 6))],
    ['an unknown role', spoiled((d) => void Object.assign(clip(d).authors[0]!, { role: 'star' }))],
    [
      'an unknown evidence source',
      spoiled((d) => void Object.assign(clip(d).authors[0]!, { source: 'rumour' })),
    ],
    [
      'an author without its evidence',
      spoiled((d) => delete (clip(d).authors[0] as Partial<BackupAuthor>).linkedAt),
    ],
    ['a blank credited name', spoiled((d) => void (clip(d).authors[0]!.creditedAs = ' '))],
    [
      'a crew job outside the list',
      spoiled((d) => void (clip(d).crew = [{ name: 'X', job: 'catering' as CrewJob, creatorId: null }])),
    ],
    [
      'a crew credit of a creator not in the backup',
      spoiled((d) => void (clip(d).crew = [{ name: 'X', job: 'editor', creatorId: 77 }])),
    ],
    [
      'a control character in a crew name',
      spoiled((d) => void (clip(d).crew = [{ name: 'Ed\u0007itor', job: 'editor', creatorId: null }])),
    ],
    ['a video of an event not in the backup', spoiled((d) => void (clip(d).eventId = 99))],
    ['a repeated event id', spoiled((d) => void d.events.push({ id: 2, title: 'Again' }))],
    [
      'a membership of a creator not in the backup',
      spoiled((d) => void (d.groups[0]!.members[0]!.creatorId = 42)),
    ],
    [
      'a membership that ends before it starts',
      spoiled((d) => void (d.groups[0]!.members[0]!.to = '2019-01-01')),
    ],
    ['a membership date that is no day', spoiled((d) => void (d.groups[0]!.members[0]!.from = '2020-02-30'))],
    [
      'overlapping periods of one creator in a group',
      spoiled((d) => void d.groups[0]!.members.push({ id: 5, creatorId: 5, from: '2020-06-01', to: null })),
    ],
    [
      'a repeated membership id',
      spoiled((d) => void d.groups[0]!.members.push({ id: 4, creatorId: 6, from: '2020-06-01', to: null })),
    ],
    ['an unknown group kind', spoiled((d) => void Object.assign(d.groups[0]!, { kind: 'band' }))],
    [
      'group names equal but for case',
      spoiled((d) => void d.groups.push({ id: 4, name: 'TEAM', kind: 'group', members: [] })),
    ],
    [
      'an other name with a malformed language tag',
      spoiled((d) => void (d.creators[0]!.otherNames = [{ name: 'ソロ', lang: 'not a tag!' }])),
    ],
    [
      'an other name with a zero-width space',
      spoiled((d) => void (d.creators[0]!.otherNames = [{ name: 'So\u200blo', lang: null }])),
    ],
    [
      'an event proposal of a video not in the backup',
      spoiled(
        (d) => void d.eventProposals.push({ id: 1, videoA: 9, videoB: 11, evidence: '', createdAt: '' }),
      ),
    ],
    [
      'a version 2 creator without its other names',
      spoiled((d) => delete (d.creators[0] as Partial<BackupCreator>).otherNames),
    ],
    [
      'a version 2 field in a version 1 document',
      { ...v1(), creators: v1().creators.map((c) => ({ ...c, otherNames: [] })) },
    ],
    ['a version 2 list in a version 1 document', { ...v1(), groups: [] }],
    [
      'lists before the version',
      {
        format: BACKUP_FORMAT,
        creators: [],
        groups: [],
        events: [],
        videos: [],
        suggestions: [],
        eventProposals: [],
        version: 2,
      },
    ],
    [
      'groups before the creators they name',
      {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        groups: valid().groups,
        creators: valid().creators,
        events: [],
        videos: [],
        suggestions: [],
        eventProposals: [],
      },
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
    ['a blank title', spoiled((d) => void (clip(d).title = ' '))],
    ['a bad date', spoiled((d) => void (clip(d).date = '31/01/2024'))],
    [
      'a control character in a name',
      { ...valid(), creators: [{ ...valid().creators[0]!, name: 'So\u0000lo' }] },
    ],
    ['a bidirectional override in a title', spoiled((d) => void (clip(d).title = 'Cl\u202eip'))],
    ['a lone surrogate in a URL', { ...valid(), suggestions: [{ id: 1, url: 'x\ud800', submittedAt: '' }] }],
    [
      'creators after the videos that name them',
      {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        videos: valid().videos,
        creators: valid().creators,
        groups: [],
        events: valid().events,
        suggestions: [],
        eventProposals: [],
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
          { ...valid().videos[0]!, id: 1, url: 'https://youtu.be/abcdefghijk' },
          { ...valid().videos[1]!, id: 2, url: 'https://www.youtube.com/watch?v=abcdefghijk' },
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
    await expectEmpty(t);
  });

  it('names the field of a problem in a version 2 record', async () => {
    for (const [spoil, problem] of [
      [
        (d) => void Object.assign(clip(d).authors[0]!, { role: 'star' }),
        'videos[0].authors[0].role must be one of host, featured, guest',
      ],
      [(d) => void (clip(d).eventId = 99), 'videos[0].eventId refers to event 99, not in the backup'],
      [
        (d) => void (d.groups[0]!.members[0]!.to = '2019-01-01'),
        'groups[0].members[0] from must not be after to',
      ],
      [
        (d) => void (d.reviewProposals[0]!.videoId = 99),
        'reviewProposals[0].videoId refers to video 99, not in the backup',
      ],
      [
        (d) => void Object.assign(d.reviewProposals[0]!, { confidence: '' }),
        'reviewProposals[0].confidence must be one of high, medium, low',
      ],
      [
        (d) => void d.reviewProposals.push({ ...d.reviewProposals[0]!, id: 8, name: 'GUESTY' }),
        'reviewProposals[1].name repeats a name proposed for the same video',
      ],
      [
        (d) => void d.reviewRejections.push({ ...d.reviewRejections[0]! }),
        'reviewRejections[1] repeats an earlier rejection',
      ],
      [
        (d) => void d.channelNameCounts.push({ ...d.channelNameCounts[1]!, count: 1 }),
        'channelNameCounts[2] repeats an earlier count of the same channel and name',
      ],
      [
        (d) => void (d.channelNameCounts[0]!.count = 0),
        'channelNameCounts[0].count must be a positive integer',
      ],
      [
        (d) => void (d.channelNameCounts[1]!.channelKey = ' '),
        'channelNameCounts[1].channelKey must not be blank',
      ],
      [
        (d) => void (d.eventRejections[0] = { ...d.eventRejections[0]!, keyA: 'video:9', keyB: 'video:10' }),
        'eventRejections[0].keyA must sort before keyB',
      ],
      [
        (d) => void (d.creators[1]!.otherNames = [{ name: 'デュオ', lang: 'x!' }]),
        'creators[1].otherNames[0].lang must be a BCP 47 language tag such as ja, ja-Latn or ko, or null',
      ],
    ] as [Spoil, string][]) {
      const res = await admin(t).post(BACKUP_ROUTES.backup).send(spoiled(spoil));
      expect(res.body).toEqual({ error: `${BACKUP_MESSAGES.invalid}: ${problem}` });
      expect(res.status).toBe(400);
    }
    await expectEmpty(t);
  });

  it('restores a version 1 backup (taken before roles, crew, events, groups and other names) with their defaults', async () => {
    const target = await appOn('test-db');
    const old = v1();
    const res = await admin(target).post(BACKUP_ROUTES.backup).send(old);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      creators: 2,
      groups: 0,
      events: 0,
      videos: 1,
      suggestions: 1,
      eventProposals: 0,
      reviewProposals: 0,
      reviewRejections: 0,
      eventRejections: 0,
      channelNameCounts: 0,
    });
    const data = await exportOf(target);
    expect(data).toEqual({
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      creators: old.creators.map((c) => ({ ...c, otherNames: [] })),
      groups: [],
      events: [],
      videos: [
        {
          ...old.videos[0]!,
          authors: [
            { id: 7, role: 'host', creditedAs: null, ...unknown },
            { id: 5, role: 'guest', creditedAs: null, ...unknown },
          ],
          crew: [],
          eventId: null,
        },
      ],
      suggestions: old.suggestions,
      eventProposals: [],
      reviewProposals: [],
      reviewRejections: [],
      eventRejections: [],
      channelNameCounts: [],
    });
    // What the restore wrote reads as the API would have made it: the first author hosts.
    const videos = await target.http().get(API_ROUTES.videos);
    expect(videos.status).toBe(200);
    expect((videos.body as Video[])[0]!.authors.map((a) => [a.id, a.role])).toEqual([
      [7, 'host'],
      [5, 'guest'],
    ]);
  });

  it('restores a version 2 backup taken before the Review queue was kept, with an empty queue', async () => {
    const target = await appOn('test-db');
    const { reviewProposals, reviewRejections, eventRejections, channelNameCounts, ...older } = valid();
    const lists = [reviewProposals, reviewRejections, eventRejections, channelNameCounts];
    expect(lists.every((list) => list.length > 0)).toBe(true);
    const res = await admin(target).post(BACKUP_ROUTES.backup).send(older);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      videos: 2,
      reviewProposals: 0,
      reviewRejections: 0,
      eventRejections: 0,
      channelNameCounts: 0,
    });
    expect(await exportOf(target)).toEqual({
      ...older,
      reviewProposals: [],
      reviewRejections: [],
      eventRejections: [],
      channelNameCounts: [],
    });
  });

  it('restores names written in NFD as the API stores them, in NFC, and refuses an NFD repeat of a name', async () => {
    const target = await appOn('test-db');
    const nfd = spoiled((d) => {
      d.creators[0]!.name = 'Beyonce\u0301';
      d.creators[0]!.aliases = [{ name: 'Zoe\u0308', mergedCreatorId: null }];
      d.creators[0]!.otherNames = [{ name: 'ヘ\u3099ヨンセ', lang: 'ja' }];
      d.groups[0]!.name = 'Cafe\u0301 Team';
    });
    const res = await admin(target).post(BACKUP_ROUTES.backup).send(nfd);
    expect(res.status).toBe(201);
    const restored = await exportOf(target);
    expect(restored.creators[0]).toMatchObject({
      name: 'Beyoncé',
      aliases: [{ name: 'Zoë', mergedCreatorId: null }],
      otherNames: [{ name: 'ベヨンセ', lang: 'ja' }],
    });
    expect(restored.groups[0]!.name).toBe('Café Team');
    // Before names were kept in NFC, Beyoncé could be there twice; such a backup names the repeat.
    const twice = await appOn('test-db');
    const repeat = await admin(twice)
      .post(BACKUP_ROUTES.backup)
      .send(
        spoiled((d) => {
          d.creators[0]!.name = 'Beyoncé';
          d.creators[1]!.name = 'Beyonce\u0301';
        }),
      );
    expect(repeat.status).toBe(400);
    expect(repeat.body.error).toContain('creators[1].name');
    await expectEmpty(twice);
  });

  it('restores a version 2 backup taken before the boilerplate counts were kept, without them', async () => {
    const target = await appOn('test-db');
    const { channelNameCounts, ...older } = valid();
    expect(channelNameCounts.length).toBeGreaterThan(0);
    const res = await admin(target).post(BACKUP_ROUTES.backup).send(older);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ reviewRejections: 1, channelNameCounts: 0 });
    expect(await exportOf(target)).toEqual({ ...older, channelNameCounts: [] });
  });

  it('restores into a database emptied by hand, replacing the counts its imports left', async () => {
    const target = await appOn('test-db');
    // Counts outlive the videos that made them: deleting every video leaves them.
    await target.query('INSERT INTO channel_name_counts (channel_key, name_key, count) VALUES (?, ?, ?)', [
      'channel:old',
      '',
      7,
    ]);
    const res = await admin(target).post(BACKUP_ROUTES.backup).send(valid());
    expect(res.status).toBe(201);
    expect((await exportOf(target)).channelNameCounts).toEqual(valid().channelNameCounts);
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
        otherNames: [{ name: `クリエイター ${i + 1}`, lang: 'ja' }],
      })),
      groups: [],
      events: [],
      videos: Array.from({ length: 1000 }, (_, i) => ({
        id: i + 1,
        title: `Video ${i + 1}`,
        url: `https://www.youtube.com/watch?v=${String(i).padStart(11, 'v')}`,
        date: '2024-01-01',
        authorIds: [i + 1, i + 2],
        authors: [
          { id: i + 1, role: 'host', creditedAs: null, ...manual, linkedAt: '2024-01-02T03:04:05.000Z' },
          {
            id: i + 2,
            role: i % 3 ? 'guest' : 'featured',
            creditedAs: i % 5 ? null : `Guest ${i}`,
            source: 'description',
            evidence: `with Creator ${i + 2}`,
            confidence: i % 2 ? 'medium' : 'high',
            linkedAt: '2024-01-02T03:04:05.000Z',
          },
        ],
        crew: i % 4 ? [] : [{ name: `Editor ${i}`, job: 'editor', creatorId: i % 8 ? null : i + 3 }],
        eventId: null,
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
    expect(res.body).toEqual({
      creators: 3000,
      groups: 0,
      events: 0,
      videos: 1000,
      suggestions: 0,
      eventProposals: 0,
      reviewProposals: 1,
      reviewRejections: 1,
      eventRejections: 1,
      channelNameCounts: 2,
    });
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
      otherNames: [],
    })),
    groups: [],
    events: [],
    videos: Array.from({ length: size }, (_, i) => ({
      id: i + 1,
      title: `Video ${i + 1}`,
      url: `https://youtu.be/${String(i).padStart(11, 'v')}`,
      date: '',
      authorIds: [i + 1],
      authors: [{ id: i + 1, role: 'host', creditedAs: null, ...manual, linkedAt: '' }],
      crew: [],
      eventId: null,
    })),
    suggestions: [{ id: 1, url: 'https://youtu.be/suggested00', submittedAt: '2024-01-01T00:00:00.000Z' }],
    eventProposals: [],
    reviewProposals: [],
    reviewRejections: [],
    eventRejections: [],
    channelNameCounts: [],
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
    const before = await snapshot(t);
    expect([before.creators, before.videos, before.suggestions]).toEqual([[], [], []]);
    const res = await admin(t).post(BACKUP_ROUTES.backup).send(data);
    expect(res.body).toEqual({ error: `${BACKUP_MESSAGES.invalid}: ${problem}` });
    expect(res.status).toBe(400);
    expect(await snapshot(t)).toEqual(before);
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
