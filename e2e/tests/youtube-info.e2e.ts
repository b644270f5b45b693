/**
 * The YouTube tools through the UI against the local YouTube fake: 'Fetch Video Info' in the add-video form (title
 * and date filled, collaborators pre-selected or offered in the detected-collaborators panel), 'Fetch
 * Creator Info' in the creator form (YouTube and Instagram), their validation and failure alerts, and
 * the API key never reaching the browser (docs/architecture.md "Deliberate departures" 3 and 6).
 */
import { FAKE_YOUTUBE_KEY } from '../../api/test/support/fake-youtube';
import { expect, Page } from '../support/expect';
import { useSuite } from '../support/suite';
import { openAdminView, panel } from '../support/ui';
import {
  expectFakeImagesBlocked,
  recordResponses,
  UNKNOWN_VIDEO_ID,
  useFakeYouTube,
} from '../support/youtube';

/** A key no build could have baked in: it exists only for this run. */
const API_KEY = `e2e-yt-key-${process.pid}-${Date.now().toString(36)}`;

const yt = useFakeYouTube({ apiKey: API_KEY, benchVideos: 0 });
const suite = useSuite({
  env: yt.env,
  seed: async (api) => ({
    juniper: await api.createCreator({
      name: 'Juniper Lane',
      socialLinks: [{ url: 'https://www.youtube.com/@juniperlane' }],
    }),
    rosa: await api.createCreator({ name: 'Rosa Delacroix' }),
  }),
});

const fakeVideo = (title: string) => yt.fake.data.videos.find((v) => v.title === title)!;

async function openVideos(): Promise<Page> {
  await suite.loginAdmin();
  const { page } = suite.session;
  expectFakeImagesBlocked(suite.session, yt.fake);
  await openAdminView(page, 'videos', 'Manage Videos');
  return page;
}

async function openAuthors(): Promise<Page> {
  await suite.loginAdmin();
  const { page } = suite.session;
  expectFakeImagesBlocked(suite.session, yt.fake);
  await openAdminView(page, 'authors', 'Manage Creators');
  return page;
}

/** Clicks and returns the alert the click raised. */
async function alertAfter(click: () => Promise<void>, timeout = 20_000): Promise<string> {
  const dialog = suite.session.nextDialog(timeout);
  await click();
  const d = await dialog;
  expect(d.type).toBe('alert');
  return d.message;
}

describe('Fetch Video Info', () => {
  it('asks for a URL, then a YouTube one, and says when the video cannot be fetched', async () => {
    const page = await openVideos();
    const form = panel(page, 'Add New Video');
    const url = form.getByLabel('URL', { exact: true });
    const fetchInfo = () => form.getByRole('button', { name: 'Fetch Video Info' }).click();

    expect(await alertAfter(fetchInfo)).toBe('Please enter a video URL first');
    await url.fill('https://example.com/some/page');
    expect(await alertAfter(fetchInfo)).toBe(
      "Could not extract video ID from URL. Make sure it's a valid YouTube URL.",
    );
    expect(suite.session.requested('/api/youtube/').filter((u) => !u.endsWith('/status'))).toEqual([]);
    await url.fill(`https://www.youtube.com/watch?v=${UNKNOWN_VIDEO_ID}`);
    suite.session.expectErrors(
      /^HTTP 404 POST .*\/api\/youtube\/video-info$|ApiClientError: Failed to fetch video info/,
    );
    expect(await alertAfter(fetchInfo)).toBe(
      "Failed to fetch video info. Make sure it's a valid YouTube URL and the video is public.",
    );
    await expect(form.getByLabel('Title', { exact: true })).toHaveValue('');
  });

  it('fills title and date, selects the channel creator, offers known and new guests, adds the video', async () => {
    const { juniper, rosa } = suite.data;
    const page = await openVideos();
    const form = panel(page, 'Add New Video');
    const dinner = fakeVideo('Dinner party');
    await form.getByLabel('URL', { exact: true }).fill(`https://youtu.be/${dinner.id}`);

    expect(await alertAfter(() => form.getByRole('button', { name: 'Fetch Video Info' }).click())).toBe(
      'Video info fetched! Detected 2 collaborator(s).',
    );
    await expect(form.getByLabel('Title', { exact: true })).toHaveValue('Dinner party');
    await expect(form.locator('input[type="date"]')).toHaveValue(dinner.publishedAt.slice(0, 10));
    // The channel's creator is selected; the known guest and the unknown one are both offered.
    expect(await form.getByLabel('Juniper Lane', { exact: true }).isChecked()).toBe(true);
    expect(await form.getByLabel('Rosa Delacroix', { exact: true }).isChecked()).toBe(false);
    await expect(form.getByText(/Current collaborators:\s*Juniper Lane$/)).toBeVisible();
    const detected = page.getByRole('region', { name: 'Detected collaborators' });
    await expect(detected).toBeVisible();
    await expect(detected.getByRole('listitem')).toHaveCount(2);
    await expect(detected.getByRole('listitem').nth(0)).toContainText('Rosa Delacroix · existing creator');
    await expect(detected.getByRole('listitem').nth(1)).toContainText('Theo Marchetti · new creator');

    await detected.getByRole('button', { name: 'Add Rosa Delacroix', exact: true }).click();
    await expect(form.getByText(/Current collaborators:\s*Juniper Lane, Rosa Delacroix$/)).toBeVisible();
    await detected.getByRole('button', { name: 'Add Theo Marchetti', exact: true }).click();
    await expect(detected).toBeHidden();
    await expect(
      form.getByText(/Current collaborators:\s*Juniper Lane, Rosa Delacroix, Theo Marchetti$/),
    ).toBeVisible();
    const theo = (await suite.api.creators()).find((c) => c.name === 'Theo Marchetti');
    expect(theo).toBeDefined();

    expect(await alertAfter(() => form.getByRole('button', { name: 'Add Video', exact: true }).click())).toBe(
      'Video added with detected collaborators!',
    );
    await expect(page.getByRole('article', { name: 'Dinner party', exact: true })).toBeVisible();
    const saved = (await suite.api.videos()).find((v) => v.title === 'Dinner party');
    expect(saved).toMatchObject({
      url: `https://youtu.be/${dinner.id}`,
      date: dinner.publishedAt.slice(0, 10),
      authorIds: [juniper.id, rosa.id, theo!.id],
    });
    await expect(form.getByLabel('Title', { exact: true })).toHaveValue('');
  });

  it('lets the admin skip a detected collaborator or clear them all', async () => {
    const page = await openVideos();
    const form = panel(page, 'Add New Video');
    const film = fakeVideo('Short film: The Lighthouse');
    await form.getByLabel('URL', { exact: true }).fill(`https://www.youtube.com/watch?v=${film.id}`);
    expect(await alertAfter(() => form.getByRole('button', { name: 'Fetch Video Info' }).click())).toBe(
      'Video info fetched! Detected 2 collaborator(s).',
    );
    await expect(form.getByLabel('Title', { exact: true })).toHaveValue('Short film: The Lighthouse');
    const detected = page.getByRole('region', { name: 'Detected collaborators' });
    await expect(detected.getByRole('listitem')).toHaveCount(2);
    await detected.getByRole('button', { name: 'Skip Ilse Varga', exact: true }).click();
    await expect(detected.getByRole('listitem')).toHaveCount(1);
    await expect(detected.getByRole('listitem')).toContainText('Bram Kowalczyk');
    await detected.getByRole('button', { name: 'Clear All', exact: true }).click();
    await expect(detected).toBeHidden();
    const names = (await suite.api.creators()).map((c) => c.name);
    expect(names).not.toContain('Ilse Varga');
    expect(names).not.toContain('Bram Kowalczyk');
  });
});

describe('Rescan of one video', () => {
  it("alerts 'No video data found' as it is, without an 'Error: ' prefix", async () => {
    await suite.api.createVideo({
      title: 'Gone missing',
      url: `https://www.youtube.com/watch?v=${UNKNOWN_VIDEO_ID}`,
      date: '2024-01-01',
      authorIds: [suite.data.rosa.id],
    });
    const page = await openVideos();
    suite.session.expectErrors(
      /^HTTP 404 POST .*\/api\/youtube\/rescan\/\d+$|ApiClientError: No video data found/,
    );
    const rescan = panel(page, 'Rescan for Collaborators');
    expect(
      await alertAfter(() =>
        rescan.getByRole('button', { name: 'Rescan Gone missing', exact: true }).click(),
      ),
    ).toBe('No video data found');
  });
});

describe('Fetch Creator Info', () => {
  it('needs a YouTube or Instagram link', async () => {
    const page = await openAuthors();
    const form = panel(page, 'Add New Creator');
    const fetchInfo = () => form.getByRole('button', { name: 'Fetch Creator Info' }).click();
    const message = 'Please enter a YouTube or Instagram URL in one of the social links first';
    expect(await alertAfter(fetchInfo)).toBe(message);
    await form.getByLabel('Link URL').fill('https://example.com/me');
    expect(await alertAfter(fetchInfo)).toBe(message);
    expect(suite.session.requested('/api/youtube/').filter((u) => !u.endsWith('/status'))).toEqual([]);
  });

  it("fills name and photo from YouTube ('Creator info fetched from YouTube!') and saves them", async () => {
    const page = await openAuthors();
    const form = panel(page, 'Add New Creator');
    await form.getByLabel('Link URL').fill('https://www.youtube.com/@ottobrambleworth');
    expect(await alertAfter(() => form.getByRole('button', { name: 'Fetch Creator Info' }).click())).toBe(
      'Creator info fetched from YouTube!',
    );
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Otto Brambleworth');
    const photo = await form.getByLabel('Photo URL').inputValue();
    expect(photo).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/img\/ch\//);
    await form.getByRole('button', { name: 'Add Creator', exact: true }).click();
    await expect(page.getByRole('article', { name: 'Otto Brambleworth', exact: true })).toBeVisible();
    const otto = (await suite.api.creators()).find((c) => c.name === 'Otto Brambleworth');
    expect(otto).toMatchObject({
      photo,
      socialLinks: [{ platform: 'YouTube', url: 'https://www.youtube.com/@ottobrambleworth' }],
    });
  });

  it("fills name and photo from Instagram ('Creator info fetched from Instagram!'), or the username alone", async () => {
    const page = await openAuthors();
    const form = panel(page, 'Add New Creator');
    const link = form.getByLabel('Link URL');
    const fetchInfo = () => form.getByRole('button', { name: 'Fetch Creator Info' }).click();

    await link.fill('https://www.instagram.com/wrenhalvorsen/');
    expect(await alertAfter(fetchInfo)).toBe('Creator info fetched from Instagram!');
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Wren Halvorsen');
    expect(await form.getByLabel('Photo URL').inputValue()).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/img\/ig\/wrenhalvorsen\.jpg/,
    );

    await form.getByLabel('Name', { exact: true }).fill('');
    await form.getByLabel('Photo URL').fill('');
    // Instagram answers 404 for this one: the username fills the name instead of an error.
    await link.fill('https://www.instagram.com/nobody_here/');
    expect(await alertAfter(fetchInfo)).toBe('Creator info fetched from Instagram!');
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue('nobody_here');
    await expect(form.getByLabel('Photo URL')).toHaveValue('');
  });
});

describe('the YouTube API key', () => {
  it('never reaches the browser: no response body, bundle or request carries it', async () => {
    const s = suite.session;
    const recorder = recordResponses(s.context);
    expect(yt.env.YOUTUBE_API_KEY).toBe(API_KEY);

    // Every YouTube feature of the admin screens, so every bundle and every answer is loaded.
    const page = await openVideos();
    const bulk = panel(page, 'Bulk Import Videos');
    await bulk
      .getByLabel('YouTube channel or playlist URL')
      .fill('https://www.youtube.com/@ottobrambleworth');
    await bulk.getByRole('button', { name: 'Fetch Videos', exact: true }).click();
    await expect(bulk.getByRole('list', { name: 'Videos to import' }).getByRole('listitem')).toHaveCount(3, {
      timeout: 20_000,
    });
    expect(
      await alertAfter(() => bulk.getByRole('button', { name: 'Import Selected (3)' }).click(), 60_000),
    ).toMatch(/^Bulk import complete!\nImported: 3\n/);

    const form = panel(page, 'Add New Video');
    await form.getByLabel('URL', { exact: true }).fill(`https://youtu.be/${fakeVideo('Jam session').id}`);
    expect(await alertAfter(() => form.getByRole('button', { name: 'Fetch Video Info' }).click())).toMatch(
      /^Video info fetched!/,
    );
    const rescan = panel(page, 'Rescan for Collaborators');
    const otto = fakeVideo('Otto bakes rye bread');
    otto.description = 'Guests:\nPeregrine Solace\n';
    expect(
      await alertAfter(() => rescan.getByRole('button', { name: 'Rescan Otto bakes rye bread' }).click()),
    ).toMatch(/^Rescan complete!/);

    // Every body read before leaving the page: a navigation evicts them, and a POST's (the rescan's)
    // cannot be asked for again. The load state alone does not wait for it (the page loaded long ago).
    await recorder.settle();
    await openAdminView(page, 'authors', 'Manage Creators');
    const creatorForm = panel(page, 'Add New Creator');
    await creatorForm.getByLabel('Link URL').fill('https://www.youtube.com/@priyacastellan');
    expect(
      await alertAfter(() => creatorForm.getByRole('button', { name: 'Fetch Creator Info' }).click()),
    ).toBe('Creator info fetched from YouTube!');
    expect(
      await alertAfter(() =>
        panel(page, 'Bulk Actions & Cleanup').getByRole('button', { name: 'Refresh Photos' }).click(),
      ),
    ).toMatch(/^Updated \d+ profile picture\(s\)\./);
    // Let the lists re-read after the refresh before leaving, so no answer is navigated away from unread.
    await page.waitForLoadState('networkidle');
    await recorder.settle();
    await page.goto('/');
    await page.waitForLoadState('networkidle');

    const responses = await recorder.settle();
    const own = responses.filter((r) => r.url.startsWith(suite.server.baseURL));
    const scripts = own.filter((r) => /\.m?js(\?|$)/.test(new URL(r.url).pathname));
    // The flow really loaded the app: the host, both remotes' scripts and the YouTube answers.
    expect(scripts.filter((r) => r.url.includes('/remotes/admin/')).length).toBeGreaterThan(0);
    expect(
      own.filter((r) => new URL(r.url).pathname.startsWith('/api/youtube/')).length,
    ).toBeGreaterThanOrEqual(6);
    // Every body the browser got could be read (redirects and empty answers have none).
    const unread = own.filter(
      (r) => r.body === null && r.status !== 204 && !(r.status >= 300 && r.status < 400),
    );
    expect(unread.map((r) => `${r.status} ${r.url}: ${r.error}`)).toEqual([]);

    const secrets = [API_KEY, FAKE_YOUTUBE_KEY, process.env.YOUTUBE_API_KEY].filter(
      (k): k is string => !!k && k.length >= 8,
    );
    for (const r of responses) {
      const text = r.body?.toString('latin1') ?? '';
      for (const secret of secrets) {
        expect({ url: r.url, leaks: text.includes(secret) }).toEqual({ url: r.url, leaks: false });
      }
    }
    for (const url of s.requests) {
      for (const secret of secrets) expect(url).not.toContain(secret);
      // The browser never calls YouTube, oEmbed or Instagram itself; the API does (it may show thumbnails).
      const path = new URL(url).pathname;
      expect(
        path.startsWith('/youtube/v3') || path.startsWith('/oembed') || path.startsWith('/instagram'),
      ).toBe(false);
    }
    // And the API did use the key with YouTube.
    expect(yt.fake.calls.some((c) => c.params.key === API_KEY)).toBe(true);
  }, 120_000);
});
