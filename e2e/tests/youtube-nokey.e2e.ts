/**
 * Issue 5 item 9: without YOUTUBE_API_KEY the product still runs, and every YouTube feature of the admin
 * screens shows 'YouTube API key is not configured' instead of failing silently or crashing.
 * (The suite's server points YouTube at an unreachable address and has no key.)
 */
import { expect, Page } from '../support/expect';
import { useSuite } from '../support/suite';
import { openAdminView, panel } from '../support/ui';

const KEY_MISSING = 'YouTube API key is not configured';

const suite = useSuite({
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
  it('says so in the video tools: bulk import, video info, rescan', async () => {
    const page = await open('videos', 'Manage Videos');
    const bulk = panel(page, 'Bulk Import Videos');
    await bulk.getByLabel('YouTube channel or playlist URL').fill('https://www.youtube.com/@juniperlane');
    expect(
      await alertAfter(() => bulk.getByRole('button', { name: 'Fetch Videos', exact: true }).click()),
    ).toBe(KEY_MISSING);
    await expect(bulk.getByRole('button', { name: 'Fetch Videos', exact: true })).toBeEnabled();

    const form = panel(page, 'Add New Video');
    await form.getByLabel('URL', { exact: true }).fill('https://youtu.be/keyLess0002');
    expect(await alertAfter(() => form.getByRole('button', { name: 'Fetch Video Info' }).click())).toBe(
      KEY_MISSING,
    );

    const rescan = panel(page, 'Rescan for Collaborators');
    expect(
      await alertAfter(() =>
        rescan.getByRole('button', { name: 'Rescan Keyless video', exact: true }).click(),
      ),
    ).toBe(`Error: ${KEY_MISSING}`);

    // The rest of the screen still works.
    await expect(page.getByRole('heading', { name: 'All Videos (1)', exact: true })).toBeVisible();
  });

  it('says so in the creator tools: creator info, refresh photos', async () => {
    const page = await open('authors', 'Manage Creators');
    const form = panel(page, 'Add New Creator');
    await form.getByLabel('Link URL').fill('https://www.youtube.com/@keylesschannel');
    expect(await alertAfter(() => form.getByRole('button', { name: 'Fetch Creator Info' }).click())).toBe(
      KEY_MISSING,
    );
    expect(
      await alertAfter(() =>
        panel(page, 'Bulk Actions & Cleanup').getByRole('button', { name: 'Refresh Photos' }).click(),
      ),
    ).toBe(KEY_MISSING);
    await expect(page.getByRole('article', { name: 'Keyless Channel', exact: true })).toBeVisible();
  });
});
