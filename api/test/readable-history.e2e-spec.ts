/**
 * The history as a person reads it, on the database TEST_DB names: an edit's summary names every field
 * it changed, entries name their actor for the reader, a filtered page names whose changes they are
 * (also once deleted), and GET /api/history/:id lists the rows an entry changed by name.
 */
import { API_ROUTES, HISTORY_ROUTES, type HistoryDetail, type HistoryPage } from '@friends/shared';
import { admin, createCreator, createVideo, expectErrorBody } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

let t: TestContext;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const page = async (query = ''): Promise<HistoryPage> =>
  (await admin(t).get(`${HISTORY_ROUTES.history}${query}`).expect(200)).body as HistoryPage;

describe('GET /api/history', () => {
  it('summarises a rename that also added a link with both, and names the actor for the reader', async () => {
    const ada = await createCreator(t, 'Ada Quill');
    await admin(t)
      .put(API_ROUTES.creators)
      .send({
        id: ada.id,
        name: 'Ada Quillon',
        socialLinks: [{ url: 'https://www.youtube.com/@adaquillon' }],
      })
      .expect(200);
    const [latest] = (await page('?limit=1')).items;
    expect(latest?.summary).toBe(
      'Renamed creator "Ada Quill" to "Ada Quillon", added link youtube.com/@adaquillon',
    );
    expect(latest?.actorName).toBe('You (this session)');
    expect(latest?.actor).toMatch(/^admin · /);
  });

  it('names whose changes a filtered page lists, by name, also once deleted', async () => {
    const bo = await createCreator(t, 'Bo Brightwater');
    const video = await createVideo(t, { title: 'Harbour swim', authorIds: [bo.id] });
    expect((await page(`?creator=${bo.id}`)).subject).toEqual({
      kind: 'creator',
      id: bo.id,
      name: 'Bo Brightwater',
    });
    expect((await page(`?video=${video.id}`)).subject).toEqual({
      kind: 'video',
      id: video.id,
      name: 'Harbour swim',
    });
    await admin(t).delete(`${API_ROUTES.videos}?id=${video.id}`).expect(200);
    expect((await page(`?video=${video.id}`)).subject).toEqual({
      kind: 'video',
      id: video.id,
      name: 'Harbour swim',
    });
    expect((await page('?limit=1')).subject).toBeUndefined();
  });
});

describe('GET /api/history/:id', () => {
  it('lists the rows an entry changed, by name, with the fields that changed', async () => {
    const cy = await createCreator(t, 'Cy Marsh');
    const dee = await createCreator(t, 'Dee Fenn');
    const video = await createVideo(t, { title: 'Kite build', authorIds: [cy.id, dee.id] });
    const [added] = (await page('?limit=1')).items;
    const detail = (await admin(t).get(HISTORY_ROUTES.entry(added!.id)).expect(200)).body as HistoryDetail;
    expect(detail.entry).toMatchObject({
      id: added!.id,
      kind: 'video.create',
      actorName: 'You (this session)',
    });
    expect(detail.total).toBe(detail.rows.length);
    const whats = detail.rows.map((row) => `${row.change} ${row.what}`);
    expect(whats).toEqual(
      expect.arrayContaining([
        'added Video "Kite build"',
        'added Cy Marsh on "Kite build"',
        'added Dee Fenn on "Kite build"',
      ]),
    );

    await admin(t)
      .put(API_ROUTES.videos)
      .send({ id: video.id, title: 'Kite build at dawn', url: '', date: '', authorIds: [cy.id, dee.id] })
      .expect(200);
    const [edited] = (await page('?limit=1')).items;
    const edit = (await admin(t).get(HISTORY_ROUTES.entry(edited!.id)).expect(200)).body as HistoryDetail;
    const titleRow = edit.rows.find((row) => row.table === 'videos');
    expect(titleRow).toMatchObject({ change: 'changed', what: 'Video "Kite build at dawn"' });
    expect(titleRow?.fields).toContainEqual({
      field: 'title',
      before: 'Kite build',
      after: 'Kite build at dawn',
    });
  });

  it('answers 404 for an unknown entry and 400 for a bad id, and 401 without a session', async () => {
    expectErrorBody((await admin(t).get(HISTORY_ROUTES.entry(999999)).expect(404)).body);
    expectErrorBody((await admin(t).get(`${HISTORY_ROUTES.history}/abc`).expect(400)).body);
    await t.http().get(HISTORY_ROUTES.entry(1)).expect(401);
  });
});
