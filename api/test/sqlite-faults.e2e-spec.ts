/**
 * A SQLite file that fills up or turns read-only under a running server: writes answer
 * a clear `{ error }` (507 full, 503 read-only), reads and the process carry on, nothing is half-written,
 * and writes work again once the disk has room or the file is writable. Always on a SQLite file (the
 * embedded default), whatever TEST_DB says. The faults are made on the server's own connection:
 * `PRAGMA max_page_count` caps the file as a full disk would, `PRAGMA query_only` refuses writes as a
 * file remounted read-only would (file permissions do not stop root, who runs CI).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_ROUTES, type Creator } from '@friends/shared';
import { DataSource } from 'typeorm';
import { DATABASE_FULL, DATABASE_READ_ONLY } from '../src/common/error-response';
import { WalIndex } from '../src/database/wal-index';
import { admin, createCreator, createVideo, snapshot } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

let t: TestContext;
let closed = false;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'friends-sqlite-faults-'));
  t = await startTestApp({ DATABASE_URL: `sqlite:${join(dir, 'faults.sqlite')}` });
});
afterAll(async () => {
  if (!closed) await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const pageCount = async () =>
  Number((await t.query<{ page_count: number }>('PRAGMA page_count'))[0]?.page_count);

describe('a full SQLite file', () => {
  afterEach(() => t.query('PRAGMA max_page_count = 1073741823'));

  it('answers 507 { error } to writes, keeps serving reads, and takes writes again once there is room', async () => {
    const author = await createCreator(t, 'Before Full');
    await t.query(`PRAGMA max_page_count = ${await pageCount()}`);
    const before = await snapshot(t);
    let full: { status: number; body: unknown } | undefined;
    // Each creator with 20 long links takes pages; the cap is reached within a few writes.
    for (let i = 0; i < 200 && !full; i++) {
      const res = await admin(t)
        .post(API_ROUTES.creators)
        .send({
          name: `Filler ${i}`,
          socialLinks: Array.from({ length: 20 }, (_, k) => ({
            url: `https://e.example/${i}/${k}/${'p'.repeat(1500)}`,
          })),
        });
      if (res.status !== 201) full = res;
    }
    expect(full?.status).toBe(507);
    expect(full?.body).toEqual({ error: DATABASE_FULL });
    // Whatever failed was rolled back whole: no creator without its links.
    const after = await snapshot(t);
    const linksOf = (id: unknown) =>
      after.social_links!.filter((l) => (l as { creator_id: unknown }).creator_id === id);
    for (const c of after.creators!) {
      const name = (c as { name: string }).name;
      if (name.startsWith('Filler')) expect(linksOf((c as { id: unknown }).id)).toHaveLength(20);
    }
    expect(after.creators!.length).toBeGreaterThanOrEqual(before.creators!.length);

    const video = await admin(t)
      .post(API_ROUTES.videos)
      .send({ title: 'x'.repeat(300), authorIds: [author.id] });
    expect([201, 507]).toContain(video.status);
    expect((await t.http().get(API_ROUTES.creators)).status).toBe(200);
    expect((await t.http().get(API_ROUTES.health)).status).toBe(200);

    await t.query('PRAGMA max_page_count = 1073741823');
    const again = await createCreator(t, 'After Room');
    expect(again.name).toBe('After Room');
  });
});

describe('a read-only SQLite file', () => {
  afterEach(() => t.query('PRAGMA query_only = 0'));

  it('answers 503 { error } to every kind of write, changes nothing, serves reads, and recovers', async () => {
    const a: Creator = await createCreator(t, 'Ro One');
    const b: Creator = await createCreator(t, 'Ro Two');
    const v = await createVideo(t, { title: 'Ro video', authorIds: [a.id, b.id] });
    await t.query('PRAGMA query_only = 1');
    const before = await snapshot(t);
    const writes = [
      admin(t).post(API_ROUTES.creators).send({ name: 'Ro Three' }),
      admin(t).put(API_ROUTES.creators).send({ id: a.id, name: 'Ro Renamed' }),
      admin(t)
        .patch(API_ROUTES.creators)
        .send({ primaryId: a.id, mergeIds: [b.id] }),
      admin(t).delete(API_ROUTES.creator(b.id)),
      admin(t)
        .post(API_ROUTES.videos)
        .send({ title: 'Ro new', authorIds: [a.id] }),
      admin(t).delete(API_ROUTES.video(v.id)),
      t.http().post(API_ROUTES.suggestions).send({ url: 'https://www.youtube.com/watch?v=readonly001' }),
    ];
    for (const res of await Promise.all(writes)) {
      expect({ status: res.status, body: res.body as unknown }).toEqual({
        status: 503,
        body: { error: DATABASE_READ_ONLY },
      });
    }
    expect(await snapshot(t)).toEqual(before);
    const list = await t.http().get(API_ROUTES.creators);
    expect(list.status).toBe(200);
    expect((list.body as Creator[]).map((c) => c.name)).toEqual(expect.arrayContaining(['Ro One', 'Ro Two']));
    expect((await t.http().get(API_ROUTES.creatorProfile(a.id))).status).toBe(200);

    await t.query('PRAGMA query_only = 0');
    expect((await admin(t).delete(API_ROUTES.video(v.id))).status).toBe(200);
  });
});

describe('shutting down', () => {
  // Closing the descriptor of the log's index drops the process's locks on it, SQLite's own among
  // them (docs/architecture.md "The log's index keeps its locks"): safe once the connection is closed.
  it("lets go of the log's index only after the database connection is closed", async () => {
    await createCreator(t, 'Last Write');
    const dataSource = t.app.get(DataSource);
    const openAtClose: boolean[] = [];
    const original = WalIndex.prototype.close;
    jest.spyOn(WalIndex.prototype, 'close').mockImplementation(function (this: WalIndex) {
      openAtClose.push(dataSource.isInitialized);
      original.call(this);
    });
    await t.close();
    closed = true;
    expect(openAtClose).toEqual([false]);
  });
});
