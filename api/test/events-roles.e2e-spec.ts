/**
 * Roles, crew and collab events (docs/product.md "Roles and crew", "Collab events") on the database
 * TEST_DB names: roles given and kept on edit, grouping and ungrouping with their undo, bad input.
 */
import { API_ROUTES, HISTORY_ROUTES, type CollabEvent, type HistoryPage, type Video } from '@friends/shared';
import { admin, createCreator, createVideo, expectErrorBody } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

let t: TestContext;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function latestEntryId(): Promise<number> {
  const res = await admin(t).get(`${HISTORY_ROUTES.history}?limit=1`);
  return (res.body as HistoryPage).items[0]!.id;
}

async function undoLatest(): Promise<void> {
  const res = await admin(t)
    .post(HISTORY_ROUTES.undo(await latestEntryId()))
    .send({});
  if (res.status !== 200) throw new Error(`undo: ${res.status} ${res.text}`);
}

async function readVideo(id: number): Promise<Video> {
  const res = await t.http().get(`${API_ROUTES.videosSearch}?limit=200`);
  return (res.body as { items: Video[] }).items.find((video) => video.id === id)!;
}

describe('roles', () => {
  it('makes the first of authorIds the host and the others guests', async () => {
    const ann = await createCreator(t, 'Ann Role');
    const bo = await createCreator(t, 'Bo Role');
    const video = await createVideo(t, { title: 'Roles by order', authorIds: [ann.id, bo.id] });
    expect(video.authors).toEqual([
      { id: ann.id, name: 'Ann Role', role: 'host', creditedAs: null },
      { id: bo.id, name: 'Bo Role', role: 'guest', creditedAs: null },
    ]);
    expect(video.eventId).toBeNull();
    expect(video.crew).toEqual([]);
  });

  it('takes roles and credited names from authors, and keeps roles on an edit by authorIds', async () => {
    const cy = await createCreator(t, 'Cy Role');
    const di = await createCreator(t, 'Di Role');
    const ed = await createCreator(t, 'Ed Role');
    const created = await admin(t)
      .post(API_ROUTES.videos)
      .send({
        title: 'Roles given',
        authors: [
          { id: cy.id, role: 'host' },
          { id: di.id, role: 'featured', creditedAs: 'DJ Di' },
        ],
      })
      .expect(201);
    const video = created.body as Video;
    expect(video.authorIds).toEqual([cy.id, di.id]);
    expect(video.authors.map((a) => [a.role, a.creditedAs])).toEqual([
      ['host', null],
      ['featured', 'DJ Di'],
    ]);
    // An edit that sends the list it read back, with another author added, keeps the roles.
    const edited = await admin(t)
      .put(API_ROUTES.videos)
      .send({ ...video, authorIds: [cy.id, di.id, ed.id] })
      .expect(200);
    expect((edited.body as Video).authors.map((a) => [a.id, a.role, a.creditedAs])).toEqual([
      [cy.id, 'host', null],
      [di.id, 'featured', 'DJ Di'],
      [ed.id, 'guest', null],
    ]);
    expect((await readVideo(video.id)).authors.map((a) => a.role)).toEqual(['host', 'featured', 'guest']);
  });

  it('gives a merged authorship the strongest role the merged creators had, and Undo restores both', async () => {
    const host = await createCreator(t, 'Merge Host Role');
    const guest = await createCreator(t, 'Merge Guest Role');
    const video = await createVideo(t, { title: 'Roles merged', authorIds: [host.id, guest.id] });
    // The guest stays and the host is merged into it: the video keeps a host.
    await admin(t)
      .patch(API_ROUTES.creators)
      .send({ primaryId: guest.id, mergeIds: [host.id] })
      .expect(200);
    expect((await readVideo(video.id)).authors.map((a) => [a.id, a.role])).toEqual([[guest.id, 'host']]);
    await undoLatest();
    expect((await readVideo(video.id)).authors.map((a) => [a.id, a.role])).toEqual([
      [host.id, 'host'],
      [guest.id, 'guest'],
    ]);
  });

  it('refuses a role outside the list', async () => {
    const fay = await createCreator(t, 'Fay Role');
    const res = await admin(t)
      .post(API_ROUTES.videos)
      .send({ title: 'Bad role', authors: [{ id: fay.id, role: 'editor' }] })
      .expect(400);
    expectErrorBody(res.body);
    expect(res.body.error).toMatch(/role/);
  });
});

describe('POST and DELETE /api/events', () => {
  it('groups uploads, reads the event, ungroups it, and undoes both', async () => {
    const gus = await createCreator(t, 'Gus Event');
    const hal = await createCreator(t, 'Hal Event');
    const a = await createVideo(t, {
      title: 'Cook-off (Gus POV)',
      date: '2026-03-14',
      authorIds: [gus.id, hal.id],
    });
    const b = await createVideo(t, {
      title: 'Cook-off (Hal POV)',
      date: '2026-03-15',
      authorIds: [hal.id, gus.id],
    });
    const made = await admin(t)
      .post(API_ROUTES.events)
      .send({ videoIds: [b.id, a.id] })
      .expect(201);
    const event = made.body as CollabEvent;
    expect(event).toEqual({
      id: expect.any(Number),
      title: 'Cook-off (Gus POV)',
      date: '2026-03-14',
      videos: [
        { id: a.id, title: a.title, url: a.url, date: '2026-03-14', authorIds: [gus.id, hal.id] },
        { id: b.id, title: b.title, url: b.url, date: '2026-03-15', authorIds: [hal.id, gus.id] },
      ],
      authorIds: [gus.id, hal.id],
      authors: [
        { id: gus.id, name: 'Gus Event' },
        { id: hal.id, name: 'Hal Event' },
      ],
      evidence: '',
    });
    expect((await t.http().get(API_ROUTES.event(event.id)).expect(200)).body).toEqual(event);
    expect((await readVideo(a.id)).eventId).toBe(event.id);

    // Undo the grouping: the event is gone and the videos stand alone.
    await undoLatest();
    await t.http().get(API_ROUTES.event(event.id)).expect(404);
    expect((await readVideo(a.id)).eventId).toBeNull();

    // Group again, ungroup, and undo the ungrouping: the same event comes back.
    const again = (
      await admin(t)
        .post(API_ROUTES.events)
        .send({ videoIds: [a.id, b.id] })
        .expect(201)
    ).body as CollabEvent;
    await admin(t).delete(API_ROUTES.event(again.id)).expect(200);
    await t.http().get(API_ROUTES.event(again.id)).expect(404);
    expect((await readVideo(b.id)).eventId).toBeNull();
    await undoLatest();
    expect((await t.http().get(API_ROUTES.event(again.id)).expect(200)).body).toEqual({
      ...event,
      id: again.id,
    });
    expect((await readVideo(b.id)).eventId).toBe(again.id);
  });

  it('refuses an event of one video, of unknown videos, or of videos already in another event', async () => {
    const ivy = await createCreator(t, 'Ivy Event');
    const c = await createVideo(t, { title: 'Solo upload', authorIds: [ivy.id] });
    const d = await createVideo(t, { title: 'Second upload', authorIds: [ivy.id] });
    const e = await createVideo(t, { title: 'Third upload', authorIds: [ivy.id] });
    const one = await admin(t)
      .post(API_ROUTES.events)
      .send({ videoIds: [c.id, c.id] })
      .expect(400);
    expectErrorBody(one.body);
    const unknown = await admin(t)
      .post(API_ROUTES.events)
      .send({ videoIds: [c.id, 987654] })
      .expect(404);
    expect(unknown.body.error).toContain('987654');
    const first = (
      await admin(t)
        .post(API_ROUTES.events)
        .send({ videoIds: [c.id, d.id] })
        .expect(201)
    ).body as CollabEvent;
    const taken = await admin(t)
      .post(API_ROUTES.events)
      .send({ videoIds: [d.id, e.id] })
      .expect(400);
    expect(taken.body.error).toContain(`video ${d.id} (event ${first.id})`);
    expect((await readVideo(e.id)).eventId).toBeNull();
    await admin(t).delete(API_ROUTES.event(999999)).expect(404);
    await t.http().get(API_ROUTES.event(999999)).expect(404);
  });

  it('needs the admin session to group or ungroup', async () => {
    await t
      .http()
      .post(API_ROUTES.events)
      .send({ videoIds: [1, 2] })
      .expect(401);
    await t.http().delete(API_ROUTES.event(1)).expect(401);
  });
});
