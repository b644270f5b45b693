/**
 * A handle is not a name: before a creator is made from an @handle (a credit at import, an accepted
 * proposal, the add-video form's detections) the API asks YouTube's channels.list for the channel of
 * that handle and names the creator after it, with the channel's link. An unknown handle (an empty
 * list) keeps the credit as it was; without a key or with YouTube failing the product says so and still
 * answers. On the database TEST_DB names, against the local fake YouTube.
 */
import {
  MESSAGES,
  REVIEW_ROUTES,
  YOUTUBE_ROUTES,
  type ImportResult,
  type ReviewDecision,
  type ReviewPage,
  type VideoInfo,
} from '@friends/shared';
import { FakeYouTube, MAIN_CHANNEL_ID, MAIN_CHANNEL_NAME, startFakeYouTube } from './support/fake-youtube';
import { startTestApp, type TestContext } from './support/test-app';

let fake: FakeYouTube;
let t: TestContext;

const youtubeEnv = (f: FakeYouTube, key = f.apiKey) => ({
  YOUTUBE_API_KEY: key,
  YOUTUBE_API_BASE_URL: f.url,
  YOUTUBE_OEMBED_URL: f.oembedUrl,
  INSTAGRAM_BASE_URL: f.instagramUrl,
});

/** Channels YouTube knows by handle (and one creator made from a handle it does not know). */
const CHANNELS = [
  { id: 'UCdeltaDancerFakeChan0001', title: 'Delta Dancer', handle: 'deltadancer' },
  { id: 'UCepsilonEditsFakeChan001', title: 'Epsilon Edits', handle: 'epsiloneditor' },
  { id: 'UCgammaGroveFakeChan00001', title: 'Gamma Grove', handle: 'gammagrove' },
  { id: 'UCiotaIrisFakeChan0000001', title: 'Iota Iris', handle: 'iotairis' },
  { id: 'UCthetaOwlFakeChan0000001', title: 'Theta Owl', handle: 'thetaowl' },
];

/** Uploads of the main channel, each crediting someone by handle. */
const UPLOADS: [id: string, title: string, description: string][] = [
  ['HNv00000001', 'Dance-off against @deltadancer', ''],
  ['HNv00000002', 'Studio day', 'Featuring:\nEpsilon Editor : @epsiloneditor\n'],
  ['HNv00000003', 'Garden party', 'Guests:\nGem G : @gammagrove\n'],
  ['HNv00000004', 'Kite flying', 'Appearances:\nKappa Kite : @kappakiteunknown\n'],
  ['HNv00000005', 'Rematch against @deltadancer', ''],
  ['HNv00000006', 'Shout-out to @nobodyhasthis', ''],
  ['HNv00000007', 'Duet with @iotairis', ''],
  ['HNv00000008', 'Trio with @thetaowl', ''],
];

async function post<T>(
  path: string,
  body: object = {},
  c: TestContext = t,
): Promise<{ status: number; body: T }> {
  const res = await c.http().post(path).set('Cookie', c.cookie).send(body);
  return { status: res.status, body: res.body as T };
}

async function creator(name: string): Promise<{ id: number; links: string[] } | null> {
  const [row] = await t.query<{ id: number }>('SELECT id FROM creators WHERE name = ?', [name]);
  if (!row) return null;
  const links = await t.query<{ url: string }>(
    'SELECT url FROM social_links WHERE creator_id = ? ORDER BY position',
    [row.id],
  );
  return { id: Number(row.id), links: links.map((l) => l.url) };
}

async function proposalFor(title: string): Promise<ReviewPage['items'][number]> {
  const page = (await t.http().get(`${REVIEW_ROUTES.list}?limit=200`).set('Cookie', t.cookie))
    .body as ReviewPage;
  const found = page.items.find((i) => i.videoTitle === title);
  if (!found) throw new Error(`no proposal for ${title}: ${JSON.stringify(page.items)}`);
  return found;
}

/** The forHandle values channels.list was asked for since the last reset. */
const handlesAsked = () =>
  fake.calls
    .filter((c) => c.endpoint === 'channels')
    .map((c) => c.params.forHandle)
    .filter((h): h is string => h !== undefined);

beforeAll(async () => {
  fake = await startFakeYouTube();
  for (const c of CHANNELS)
    fake.data.channels.push({
      ...c,
      description: '',
      publishedAt: '2020-01-01T00:00:00Z',
      uploadsPlaylistId: `UU${c.id.slice(2)}`,
    });
  for (const [id, title, description] of UPLOADS)
    fake.data.videos.push({
      id,
      channelId: MAIN_CHANNEL_ID,
      title,
      description,
      publishedAt: '2025-03-01T15:00:00Z',
    });
  t = await startTestApp(youtubeEnv(fake));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('a credit by handle at import', () => {
  it('names the new creator after the channel, keeps a credited name that is plainly the same person', async () => {
    fake.resetCalls();
    const res = await post<ImportResult>(YOUTUBE_ROUTES.import, {
      items: UPLOADS.slice(0, 4).map(([id]) => ({ id })),
    });
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(4);
    expect(res.body.notice).toBeUndefined();
    // Only the credits that would make a creator are looked up, once each (mentions wait for review).
    expect(handlesAsked().sort()).toEqual(['@epsiloneditor', '@gammagrove', '@kappakiteunknown']);

    // 'Epsilon Editor : @epsiloneditor': the credited name is the handle written out, so it stays.
    expect(await creator('Epsilon Editor')).toEqual({
      id: expect.any(Number),
      links: ['https://www.youtube.com/@epsiloneditor'],
    });
    expect(await creator('Epsilon Edits')).toBeNull();
    // 'Gem G : @gammagrove': another name than the channel's, so the channel's title; 'Gem G' is kept
    // as what the video credited.
    const gamma = await creator('Gamma Grove');
    expect(gamma?.links).toEqual(['https://www.youtube.com/@gammagrove']);
    expect(await creator('Gem G')).toBeNull();
    const [credit] = await t.query<{ credited_as: string | null }>(
      `SELECT va.credited_as FROM video_authors va JOIN videos v ON v.id = va.video_id
        WHERE v.title = 'Garden party' AND va.creator_id = ?`,
      [gamma!.id],
    );
    expect(credit?.credited_as).toBe('Gem G');
    // An unknown handle: channels.list answers an empty list, the credit is kept as written.
    expect(await creator('Kappa Kite')).toEqual({
      id: expect.any(Number),
      links: ['https://www.instagram.com/kappakiteunknown/'],
    });
  });
});

describe('accepting a proposed @mention', () => {
  it('makes the creator under the channel title with the channel link, and reuses it next time', async () => {
    const imported = await post<ImportResult>(YOUTUBE_ROUTES.import, {
      items: [UPLOADS[4]!, UPLOADS[5]!].map(([id]) => ({ id })),
    });
    expect(imported.body.imported).toBe(2);
    const first = await proposalFor('Dance-off against @deltadancer');
    expect(first).toMatchObject({ name: 'deltadancer', creatorId: null, source: 'mention' });

    fake.resetCalls();
    const accepted = await post<ReviewDecision>(REVIEW_ROUTES.accept(first.id));
    expect(accepted.status).toBe(200);
    expect(handlesAsked()).toEqual(['@deltadancer']);
    const delta = await creator('Delta Dancer');
    expect(delta).toEqual({ id: accepted.body.creatorId, links: ['https://www.youtube.com/@deltadancer'] });
    expect(await creator('deltadancer')).toBeNull();

    // The second mention of the same handle links the same creator: no second 'Delta Dancer'.
    const second = await proposalFor('Rematch against @deltadancer');
    const again = await post<ReviewDecision>(REVIEW_ROUTES.accept(second.id));
    expect(again.body.creatorId).toBe(delta!.id);
    const [count] = await t.query<{ n: number | string }>(
      "SELECT COUNT(*) AS n FROM creators WHERE name IN ('Delta Dancer', 'deltadancer')",
    );
    expect(Number(count?.n)).toBe(1);
  });

  it('keeps the handle when channels.list answers an empty list', async () => {
    const proposal = await proposalFor('Shout-out to @nobodyhasthis');
    fake.resetCalls();
    const accepted = await post<ReviewDecision>(REVIEW_ROUTES.accept(proposal.id));
    expect(accepted.status).toBe(200);
    expect(accepted.body.notice).toBeUndefined();
    expect(handlesAsked()).toEqual(['@nobodyhasthis']);
    expect(await creator('nobodyhasthis')).toEqual({
      id: accepted.body.creatorId,
      // A title's @mention is read as a YouTube handle; the link is kept as the credit gave it.
      links: ['https://www.youtube.com/@nobodyhasthis'],
    });
  });
});

describe('Fetch Video Info', () => {
  it('offers the channel title and link for a handle, or the creator that already has the channel', async () => {
    const info = await post<VideoInfo>(YOUTUBE_ROUTES.videoInfo, {
      url: 'https://www.youtube.com/watch?v=HNv00000007',
    });
    expect(info.status).toBe(200);
    expect(info.body.channelTitle).toBe(MAIN_CHANNEL_NAME);
    expect(info.body.detected.toCreate).toEqual([
      { name: 'Iota Iris', url: 'https://www.youtube.com/@iotairis' },
    ]);
    const delta = await creator('Delta Dancer');
    const known = await post<VideoInfo>(YOUTUBE_ROUTES.videoInfo, {
      url: 'https://www.youtube.com/watch?v=HNv00000005',
    });
    expect(known.body.detected).toEqual({ existingIds: [delta!.id], toCreate: [] });
  });
});

describe('when YouTube cannot answer', () => {
  it('keeps the handle and says YouTube could not be reached (never a 500)', async () => {
    await post<ImportResult>(YOUTUBE_ROUTES.import, { items: [{ id: UPLOADS[6]![0] }] });
    const proposal = await proposalFor('Duet with @iotairis');
    fake.injectFailure({ endpoint: 'channels', status: 503, times: 20 });
    try {
      const accepted = await post<ReviewDecision>(REVIEW_ROUTES.accept(proposal.id));
      expect(accepted.status).toBe(200);
      expect(accepted.body.notice).toBe(MESSAGES.handlesKeptUnreachable);
      expect(accepted.body.notice).toMatch(/YouTube could not be reached/);
      expect(await creator('iotairis')).toEqual({
        id: accepted.body.creatorId,
        links: ['https://www.youtube.com/@iotairis'],
      });
    } finally {
      fake.clearFailures();
    }
  });

  it('without a key: keeps the handle and says why', async () => {
    await post<ImportResult>(YOUTUBE_ROUTES.import, { items: [{ id: UPLOADS[7]![0] }] });
    const proposal = await proposalFor('Trio with @thetaowl');
    const noKey = await startTestApp({ ...youtubeEnv(fake, ''), DATABASE_URL: t.databaseUrl });
    try {
      const accepted = await post<ReviewDecision>(REVIEW_ROUTES.accept(proposal.id), {}, noKey);
      expect(accepted.status).toBe(200);
      expect(accepted.body.notice).toBe(MESSAGES.handlesKeptNoKey);
      const [row] = await noKey.query<{ name: string }>('SELECT name FROM creators WHERE id = ?', [
        accepted.body.creatorId,
      ]);
      expect(row?.name).toBe('thetaowl');
    } finally {
      await noKey.app.close();
    }
  });
});
