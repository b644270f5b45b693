import { API_ROUTES, type Creator, type Video } from '@friends/shared';
import { admin, createCreator, createVideo, expectErrorBody, snapshot } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

let t: TestContext;
let ann: Creator;
let bob: Creator;
let cat: Creator;
beforeAll(async () => {
  t = await startTestApp();
  ann = await createCreator(t, 'Ann');
  bob = await createCreator(t, 'Bob');
  cat = await createCreator(t, 'Cat');
});
afterAll(() => t.close());

const videos = async (): Promise<Video[]> => (await t.http().get(API_ROUTES.videos).expect(200)).body;

describe('POST /api/videos', () => {
  it('creates a video with ordered, deduplicated authors', async () => {
    const response = await admin(t)
      .post(API_ROUTES.videos)
      .send({
        title: '  Building a Raft  ',
        url: ' https://www.youtube.com/watch?v=AAAAAAAAAA1 ',
        date: '2024-03-01',
        authorIds: [bob.id, ann.id, bob.id, cat.id, ann.id],
      })
      .expect(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      title: 'Building a Raft',
      url: 'https://www.youtube.com/watch?v=AAAAAAAAAA1',
      date: '2024-03-01',
      authorIds: [bob.id, ann.id, cat.id],
      authors: [
        { id: bob.id, name: 'Bob', role: 'host', creditedAs: null },
        { id: ann.id, name: 'Ann', role: 'guest', creditedAs: null },
        { id: cat.id, name: 'Cat', role: 'guest', creditedAs: null },
      ],
      eventId: null,
      crew: [],
    });
  });

  it('accepts a video without URL or date', async () => {
    const video = await createVideo(t, { title: 'No link', authorIds: [ann.id] });
    expect(video).toMatchObject({ url: '', date: '' });
    const second = await createVideo(t, { title: 'No link either', url: '', date: '', authorIds: [bob.id] });
    expect(second.url).toBe('');
  });

  it.each([
    'https://youtu.be/BBBBBBBBBB2',
    'https://www.youtube.com/watch?v=BBBBBBBBBB2&t=42s&list=PL123',
    'https://m.youtube.com/watch?feature=share&v=BBBBBBBBBB2',
    'https://www.youtube.com/embed/BBBBBBBBBB2?autoplay=1',
    'https://youtube.com/shorts/BBBBBBBBBB2',
    'https://www.youtube.com/live/BBBBBBBBBB2',
    'youtu.be/BBBBBBBBBB2',
    'https://youtu.be/BBBBBBBBBB2?si=tracking#t=10',
  ])('rejects %s as the same video (409) and changes nothing', async (url) => {
    if (!(await videos()).some((v) => v.url === 'https://www.youtube.com/watch?v=BBBBBBBBBB2')) {
      await createVideo(t, {
        title: 'Original',
        url: 'https://www.youtube.com/watch?v=BBBBBBBBBB2',
        authorIds: [ann.id],
      });
    }
    const before = await snapshot(t);
    const response = await admin(t)
      .post(API_ROUTES.videos)
      .send({ title: 'Again', url, authorIds: [bob.id] })
      .expect(409);
    expect(response.body).toEqual({ error: 'A video with this URL already exists' });
    expect(await snapshot(t)).toEqual(before);
  });

  it('treats other sites by canonical URL too (host case, trailing slash, fragment)', async () => {
    await createVideo(t, { title: 'Vimeo', url: 'https://vimeo.com/12345', authorIds: [ann.id] });
    await admin(t)
      .post(API_ROUTES.videos)
      .send({ title: 'Vimeo again', url: 'https://VIMEO.com/12345/#x', authorIds: [ann.id] })
      .expect(409);
    await createVideo(t, { title: 'Other Vimeo', url: 'https://vimeo.com/54321', authorIds: [ann.id] });
  });

  it.each([
    ['a blank title', { title: '   ', authorIds: [1] }, 'Title is required'],
    ['no title', { authorIds: [1] }, 'title'],
    ['a numeric title', { title: 5, authorIds: [1] }, 'title must be a string'],
    [
      'a huge title',
      { title: 'x'.repeat(301), authorIds: [1] },
      'title must be shorter than or equal to 300 characters',
    ],
    ['no authors', { title: 'T', authorIds: [] }, 'Select at least one creator'],
    ['no authorIds', { title: 'T' }, 'authorIds'],
    ['authorIds of strings', { title: 'T', authorIds: ['1'] }, 'authorIds'],
    ['a negative author id', { title: 'T', authorIds: [-1] }, 'authorIds'],
    ['a fractional author id', { title: 'T', authorIds: [1.5] }, 'authorIds'],
    [
      'unknown authors',
      { title: 'T', authorIds: [1, 424242, 434343] },
      'Unknown creator id(s): 424242, 434343',
    ],
    [
      'a javascript: URL',
      { title: 'T', url: 'javascript:alert(1)', authorIds: [1] },
      'url must be an http(s) URL',
    ],
    ['a relative URL', { title: 'T', url: '/watch?v=1', authorIds: [1] }, 'url must be an http(s) URL'],
    [
      'a huge URL',
      { title: 'T', url: `https://x.com/${'a'.repeat(2100)}`, authorIds: [1] },
      'url must be shorter',
    ],
    ['a date in another format', { title: 'T', date: '03/01/2024', authorIds: [1] }, 'YYYY-MM-DD'],
    ['an impossible date', { title: 'T', date: '2023-02-29', authorIds: [1] }, 'YYYY-MM-DD'],
    ['a numeric date', { title: 'T', date: 20240101, authorIds: [1] }, 'date must be a string'],
    ['an unknown field', { title: 'T', authorIds: [1], views: 3 }, 'property views should not exist'],
    ['51 authors', { title: 'T', authorIds: Array.from({ length: 51 }, (_, i) => i + 1) }, 'authorIds'],
  ])('rejects %s with 400 and changes nothing', async (_label, body, message) => {
    const before = await snapshot(t);
    const response = await admin(t).post(API_ROUTES.videos).send(body).expect(400);
    expectErrorBody(response.body);
    expect(response.body.error).toContain(message);
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('GET /api/videos', () => {
  it('lists every video with ordered authors, by id, publicly', async () => {
    const list = await videos();
    expect(list.length).toBeGreaterThan(0);
    expect(list.map((v) => v.id)).toEqual([...list.map((v) => v.id)].sort((a, b) => a - b));
    for (const video of list) expect(video.authors.map((a) => a.id)).toEqual(video.authorIds);
  });
});

describe('PUT /api/videos', () => {
  it('replaces title, URL, date and authors', async () => {
    const video = await createVideo(t, {
      title: 'Before',
      url: 'https://youtu.be/CCCCCCCCCC3',
      authorIds: [ann.id],
    });
    const response = await admin(t)
      .put(API_ROUTES.videos)
      .send({
        id: video.id,
        title: 'After',
        url: 'https://youtu.be/CCCCCCCCCC4',
        date: '2020-01-01',
        authorIds: [cat.id, ann.id],
      })
      .expect(200);
    expect(response.body).toEqual({
      id: video.id,
      title: 'After',
      url: 'https://youtu.be/CCCCCCCCCC4',
      date: '2020-01-01',
      authorIds: [cat.id, ann.id],
      authors: [
        { id: cat.id, name: 'Cat', role: 'guest', creditedAs: null },
        { id: ann.id, name: 'Ann', role: 'host', creditedAs: null },
      ],
      eventId: null,
      crew: [],
    });
    // Its old URL is free again; re-saving its own URL is not a conflict.
    await createVideo(t, {
      title: 'Takes the old URL',
      url: 'https://www.youtube.com/watch?v=CCCCCCCCCC3',
      authorIds: [bob.id],
    });
    await admin(t)
      .put(API_ROUTES.videos)
      .send({
        id: video.id,
        title: 'After',
        url: 'https://www.youtube.com/watch?v=CCCCCCCCCC4',
        authorIds: [cat.id],
      })
      .expect(200);
  });

  it('accepts the authors list a client read from GET /api/videos (ignored)', async () => {
    const video = await createVideo(t, { title: 'Round trip', authorIds: [ann.id] });
    const response = await admin(t)
      .put(API_ROUTES.videos)
      .send({ ...video, authorIds: [bob.id] })
      .expect(200);
    expect(response.body.authors).toEqual([{ id: bob.id, name: 'Bob', role: 'host', creditedAs: null }]);
  });

  it("rejects another video's URL with 409 and changes nothing", async () => {
    await createVideo(t, { title: 'Owner', url: 'https://youtu.be/DDDDDDDDDD5', authorIds: [ann.id] });
    const other = await createVideo(t, { title: 'Other', authorIds: [ann.id] });
    const before = await snapshot(t);
    const response = await admin(t)
      .put(API_ROUTES.videos)
      .send({
        id: other.id,
        title: 'Other',
        url: 'https://www.youtube.com/embed/DDDDDDDDDD5',
        authorIds: [ann.id],
      })
      .expect(409);
    expect(response.body).toEqual({ error: 'A video with this URL already exists' });
    expect(await snapshot(t)).toEqual(before);
  });

  it('answers 404 for an unknown video, 400 without authors or with unknown ones, and changes nothing', async () => {
    const video = await createVideo(t, { title: 'Stable', authorIds: [ann.id] });
    const before = await snapshot(t);
    expect(
      (
        await admin(t)
          .put(API_ROUTES.videos)
          .send({ id: 999999, title: 'x', authorIds: [ann.id] })
          .expect(404)
      ).body,
    ).toEqual({ error: 'Video not found' });
    expectErrorBody(
      (await admin(t).put(API_ROUTES.videos).send({ id: video.id, title: 'x', authorIds: [] }).expect(400))
        .body,
    );
    expectErrorBody(
      (
        await admin(t)
          .put(API_ROUTES.videos)
          .send({ id: video.id, title: 'x', authorIds: [999999] })
          .expect(400)
      ).body,
    );
    expectErrorBody(
      (
        await admin(t)
          .put(API_ROUTES.videos)
          .send({ id: video.id, title: '', authorIds: [ann.id] })
          .expect(400)
      ).body,
    );
    expectErrorBody(
      (
        await admin(t)
          .put(API_ROUTES.videos)
          .send({ title: 'x', authorIds: [ann.id] })
          .expect(400)
      ).body,
    );
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('DELETE /api/videos?id=', () => {
  it('deletes the video and its authorships', async () => {
    const video = await createVideo(t, { title: 'Delete me', authorIds: [ann.id, bob.id] });
    expect((await admin(t).delete(`${API_ROUTES.videos}?id=${video.id}`).expect(200)).body).toEqual({
      message: expect.any(String),
    });
    expect(await t.query('SELECT * FROM video_authors WHERE video_id = ?', [video.id])).toEqual([]);
    expect((await videos()).some((v) => v.id === video.id)).toBe(false);
    expect((await admin(t).delete(`${API_ROUTES.videos}?id=${video.id}`).expect(404)).body).toEqual({
      error: 'Video not found',
    });
    expectErrorBody((await admin(t).delete(`${API_ROUTES.videos}?id=one`).expect(400)).body);
    expectErrorBody((await admin(t).delete(API_ROUTES.videos).expect(400)).body);
  });
});

describe('DELETE /api/videos/:id', () => {
  it('deletes like the query form', async () => {
    const video = await createVideo(t, { title: 'Bulk delete me', authorIds: [cat.id] });
    await admin(t).delete(API_ROUTES.video(video.id)).expect(200);
    await admin(t).delete(API_ROUTES.video(video.id)).expect(404);
    expectErrorBody((await admin(t).delete('/api/videos/-4').expect(400)).body);
  });
});
