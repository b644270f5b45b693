/**
 * Without YOUTUBE_API_KEY the product still runs: Fetch Video Info fills the title through oEmbed (no key
 * needed), the tools that need the Data API say so and are disabled or hidden, and creator info falls
 * back to the Instagram username. The server talks to the local fake, with the key left out.
 */
import { expect, Page } from '../support/expect';
import { useSuite } from '../support/suite';
import { openAdminView, panel } from '../support/ui';
import { expectFakeImagesBlocked, useFakeYouTube } from '../support/youtube';

const KEY_MISSING = 'YouTube API key is not configured';
const KEY_NEEDED =
  'Needs a YouTube API key: the server has no YOUTUBE_API_KEY. Fetch Video Info still works (through oEmbed).';

const yt = useFakeYouTube({ benchVideos: 0 });
beforeAll(() => {
  delete yt.env.YOUTUBE_API_KEY; // runs after the fake filled env, before the suite starts the server
});
const suite = useSuite({
  env: yt.env,
  seed: async (api) => {
    const creator = await api.createCreator({
      name: 'Keyless Channel',
      socialLinks: [{ url: 'https://www.youtube.com/@keylesschannel' }],
    });
    const video = await api.createVideo({
      title: 'Keyless video',
      url: 'https://www.youtube.com/watch?v=keyLess0001',
      date: '2024-05-05',
      authorIds: [creator.id],
    });
    return { creator, video };
  },
});

async function open(view: 'videos' | 'authors', title: string): Promise<Page> {
  await suite.loginAdmin();
  const { page } = suite.session;
  expectFakeImagesBlocked(suite.session, yt.fake);
  suite.session.expectErrors(
    /^HTTP 503 POST .*\/api\/youtube\/|ApiClientError: YouTube API key is not configured/,
  );
  await openAdminView(page, view, title);
  return page;
}

async function alertAfter(click: () => Promise<void>): Promise<string> {
  const dialog = suite.session.nextDialog(20_000);
  await click();
  const d = await dialog;
  expect(d.type).toBe('alert');
  return d.message;
}

describe('without a YouTube API key', () => {
  it("fills a video's title through oEmbed", async () => {
    const page = await open('videos', 'Manage Videos');
    const dinner = yt.fake.data.videos.find((v) => v.title === 'Dinner party')!;
    const form = panel(page, 'Add New Video');
    await form.getByLabel('URL', { exact: true }).fill(`https://youtu.be/${dinner.id}`);
    // The count is what the panel offers: the channel's creator, new here, named by oEmbed.
    expect(await alertAfter(() => form.getByRole('button', { name: 'Fetch Video Info' }).click())).toBe(
      'Video info fetched! Detected 1 collaborator(s).',
    );
    await expect(form.getByLabel('Title', { exact: true })).toHaveValue('Dinner party');
    expect(yt.fake.calls.filter((c) => c.endpoint !== 'oembed')).toEqual([]);
  });

  it('disables bulk import and rescan, saying a key is needed', async () => {
    const page = await open('videos', 'Manage Videos');
    const bulk = panel(page, 'Bulk Import Videos');
    await expect(bulk.getByText(KEY_NEEDED)).toBeVisible();
    await expect(bulk.getByRole('button', { name: 'Fetch Videos', exact: true })).toBeDisabled();
    const rescan = panel(page, 'Rescan for Collaborators');
    await expect(rescan.getByText(KEY_NEEDED)).toBeVisible();
    await expect(rescan.getByRole('button')).toHaveCount(0);
    // The rest of the screen still works.
    await expect(page.getByRole('heading', { name: 'All Videos (1)', exact: true })).toBeVisible();
  });

  it('says so in the creator tools, and takes an Instagram name without a key', async () => {
    const page = await open('authors', 'Manage Creators');
    const form = panel(page, 'Add New Creator');
    await expect(
      form.getByText('YouTube channel info needs a YouTube API key (YOUTUBE_API_KEY); Instagram links work'),
    ).toBeVisible();
    await form.getByLabel('Link URL').fill('https://www.youtube.com/@keylesschannel');
    expect(await alertAfter(() => form.getByRole('button', { name: 'Fetch Creator Info' }).click())).toBe(
      KEY_MISSING,
    );
    // An Instagram user the fake does not know: the username fills the name (no error).
    await form.getByLabel('Link URL').fill('https://www.instagram.com/nobody_here/');
    expect(await alertAfter(() => form.getByRole('button', { name: 'Fetch Creator Info' }).click())).toBe(
      'Creator info fetched from Instagram!',
    );
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue('nobody_here');

    const bulk = panel(page, 'Bulk Actions & Cleanup');
    await expect(bulk.getByText(/only Instagram photos are refreshed/)).toBeVisible();
    expect(await alertAfter(() => bulk.getByRole('button', { name: 'Refresh Photos' }).click())).toBe(
      KEY_MISSING,
    );
    await expect(page.getByRole('article', { name: 'Keyless Channel', exact: true })).toBeVisible();
  });
});
