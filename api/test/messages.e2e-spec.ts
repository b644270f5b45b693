/**
 * The reasons the server gives when it refuses a change or cannot do what was asked, on the database
 * TEST_DB names: the admin screens show these words, so they must say what happened (a taken name, a
 * YouTube that cannot be reached), not a generic failure.
 */
import { API_ROUTES, MESSAGES, YOUTUBE_ROUTES, creatorExistsMessage } from '@friends/shared';
import { admin, createCreator, createVideo } from './support/helpers';
import { startTestApp, type TestContext } from './support/test-app';

/**
 * A local port nothing listens on, so connections to it are refused at once: a privileged one, which
 * no test server is given (2: port 1 is one fetch refuses to try). A port freed after listening could be
 * handed to another suite's server running beside this one, which then answers (a 404, not a refusal).
 */
const CLOSED_PORT = 2;

let t: TestContext;

beforeAll(async () => {
  t = await startTestApp({
    YOUTUBE_API_KEY: 'test-key',
    YOUTUBE_API_BASE_URL: `http://127.0.0.1:${CLOSED_PORT}/youtube/v3`,
    YOUTUBE_OEMBED_URL: `http://127.0.0.1:${CLOSED_PORT}/oembed`,
  });
});
afterAll(async () => {
  await t?.close();
});

describe('PUT /api/creators (a refused edit)', () => {
  it('answers 409 naming the creator that already has the name, and changes nothing', async () => {
    await createCreator(t, 'Otis Brightwater');
    const other = await createCreator(t, 'Lark Ellery');
    const response = await admin(t).put(API_ROUTES.creators).send({ id: other.id, name: 'otis brightwater' });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: creatorExistsMessage('otis brightwater') });
    expect(response.body.error).toMatch(/already exists/);
    const [row] = await t.query<{ name: string }>('SELECT name FROM creators WHERE id = ?', [other.id]);
    expect(row?.name).toBe('Lark Ellery');
  });
});

describe('PUT /api/videos (a refused edit)', () => {
  it('answers 409 saying the URL is taken', async () => {
    const author = await createCreator(t, 'Mina Sol');
    await createVideo(t, {
      title: 'First',
      url: 'https://www.youtube.com/watch?v=aaaaaaaaaaa',
      authorIds: [author.id],
    });
    const second = await createVideo(t, {
      title: 'Second',
      url: 'https://www.youtube.com/watch?v=bbbbbbbbbbb',
      authorIds: [author.id],
    });
    const response = await admin(t)
      .put(API_ROUTES.videos)
      .send({
        id: second.id,
        title: 'Second',
        url: 'https://youtu.be/aaaaaaaaaaa',
        date: second.date,
        authorIds: [author.id],
      });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatch(/already exists/);
  });
});

describe('POST /api/youtube/video-info with YouTube unreachable', () => {
  it('answers 502 saying YouTube could not be reached, not that the video may be private', async () => {
    const response = await admin(t)
      .post(YOUTUBE_ROUTES.videoInfo)
      .send({ url: 'https://www.youtube.com/watch?v=ccccccccccc' });
    expect(response.status).toBe(502);
    expect(response.body).toEqual({ error: MESSAGES.youtubeUnreachable });
    expect(response.body.error).not.toBe(MESSAGES.failedToFetchVideoInfo);
  });

  it('says the same for a channel preview', async () => {
    const response = await admin(t)
      .post(YOUTUBE_ROUTES.playlist)
      .send({ url: 'https://www.youtube.com/@someone' });
    expect(response.status).toBe(502);
    expect(response.body).toEqual({ error: MESSAGES.youtubeUnreachable });
  });
});
