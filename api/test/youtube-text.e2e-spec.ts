/**
 * The plain-text rule for text that comes from YouTube rather than a form: titles, channel names and
 * descriptions with control characters, bidi overrides and lone surrogates go through the same shared
 * plain-text rule (shared/src/text.ts) on the way in, for video and creator info, imports and rescans
 * (the Data API and the oEmbed fallback), against the local fake.
 */
import {
  hasUnsafeCharacters,
  YOUTUBE_ROUTES,
  type CreatorInfo,
  type ImportResult,
  type VideoInfo,
} from '@friends/shared';
import { fakeYouTubeEnv, startFakeYouTube, type FakeYouTube } from './support/fake-youtube';
import { startTestApp, TEST_DB, type TestContext } from './support/test-app';

let fake: FakeYouTube;
let t: TestContext;

const CHANNEL_ID = 'UCneonvaleunsafetext000';
const VIDEO_ID = 'NVunsafe001';

beforeAll(async () => {
  fake = await startFakeYouTube();
  fake.data.channels.push({
    id: CHANNEL_ID,
    title: 'Ne\u0000on \u202eVale\u0007',
    handle: 'neonvaleunsafe',
    description: 'About\u0000 me',
    publishedAt: '2020-01-01T00:00:00Z',
    uploadsPlaylistId: `UU${CHANNEL_ID.slice(2)}`,
  });
  fake.data.videos.push({
    id: VIDEO_ID,
    channelId: CHANNEL_ID,
    title: 'Night\u0000 walk\nwith\tfriends \u2066again\u2069\ud800',
    description: 'Guests:\nMira\u0000 Sol\u202e\n',
    publishedAt: '2024-03-05T10:00:00Z',
  });
  t = await startTestApp(fakeYouTubeEnv(fake));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.setQuotaExceeded(false));

const post = (path: string, body: object) => t.http().post(path).set('Cookie', t.cookie).send(body);

/** The text fields of `value` that break the plain-text rule (descriptions may hold line breaks). */
const unsafeFields = (value: object): string[] =>
  Object.entries(value)
    .filter(([, text]) => typeof text === 'string')
    .filter(([key, text]) => hasUnsafeCharacters(text as string, { multiline: key === 'description' }))
    .map(([key]) => key);

describe(`text from YouTube (${TEST_DB})`, () => {
  it.each([false, true])('video info (oEmbed fallback: %p) answers it as plain text', async (oembed) => {
    fake.setQuotaExceeded(oembed);
    const res = await post(YOUTUBE_ROUTES.videoInfo, { url: `https://youtu.be/${VIDEO_ID}` });
    expect(res.status).toBe(200);
    const info = res.body as VideoInfo & { source: string };
    expect(info).toMatchObject({
      source: oembed ? 'oembed' : 'api',
      title: 'Night walk with friends again',
      channelTitle: 'Neon Vale',
    });
    expect(unsafeFields(info)).toEqual([]);
  });

  it('creator info names the channel in plain text', async () => {
    const res = await post(YOUTUBE_ROUTES.creatorInfo, { urls: ['https://www.youtube.com/@neonvaleunsafe'] });
    expect(res.status).toBe(200);
    expect((res.body as CreatorInfo).name).toBe('Neon Vale');
  });

  it('an import stores the title, the channel and the guests from the description as plain text', async () => {
    const res = await post(YOUTUBE_ROUTES.import, { items: [{ id: VIDEO_ID }] });
    expect(res.status).toBe(200);
    expect((res.body as ImportResult).imported).toBe(1);
    const [video] = await t.query<{ id: number; title: string }>('SELECT id, title FROM videos');
    expect(video?.title).toBe('Night walk with friends again');
    const names = (await t.query<{ name: string }>('SELECT name FROM creators ORDER BY id')).map(
      (c) => c.name,
    );
    expect(names).toEqual(['Neon Vale', 'Mira Sol']);

    // A rescan reads the description again: a new guest there arrives as plain text too.
    fake.video(VIDEO_ID).description = 'Guests:\nMira Sol\nKai\u0000 Rowe\u202e\u0008\n';
    const rescan = await post(YOUTUBE_ROUTES.rescanOne(video!.id), {});
    expect(rescan.status).toBe(200);
    const after = (await t.query<{ name: string }>('SELECT name FROM creators ORDER BY id')).map(
      (c) => c.name,
    );
    expect(after).toEqual(['Neon Vale', 'Mira Sol', 'Kai Rowe']);
  });
});
