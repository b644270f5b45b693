/** docs/product.md §2 author-page: stats, frequent collaborators, videos newest first, Watch links, Back to Search. */
import { AdminApi } from '../support/api';
import { expect, Page } from '../support/expect';
import { seedWorld, videoUrl } from '../support/fixtures';
import { useSuite } from '../support/suite';
import { openApp, searchBox, tab } from '../support/ui';

/** Solo videos of a creator of their own (no other count changes): more than one page of the list. */
const PROLIFIC = { name: 'Pat Prolific', videos: 30 };

async function seedProlific(api: AdminApi): Promise<void> {
  const { id } = await api.createCreator({ name: PROLIFIC.name });
  for (let i = 1; i <= PROLIFIC.videos; i++) {
    // 'Pat video 1' is the newest.
    const date = `2022-01-${String(PROLIFIC.videos + 1 - i).padStart(2, '0')}`;
    await api.createVideo({ title: `Pat video ${i}`, url: videoUrl(100 + i), date, authorIds: [id] });
  }
}

const suite = useSuite({
  seed: async (api) => {
    const world = await seedWorld(api);
    await seedProlific(api);
    return world;
  },
});

async function openCreator(page: Page, name: string) {
  await openApp(page);
  await searchBox(page).fill(name);
  await page.getByText(name, { exact: true }).first().click();
  await expect(page.getByRole('button', { name: /Back to Search/ })).toBeVisible();
}

/** The number shown with a stat label, wherever the layout puts it (before or after the label). */
async function stat(page: Page, label: string): Promise<number> {
  const box = page
    .locator('div, li, section')
    .filter({ has: page.getByText(label, { exact: true }) })
    .filter({ hasText: /\d/ })
    .last();
  const text = (await box.innerText()).replace(label, ' ');
  const m = text.match(/\d+/);
  if (!m) throw new Error(`no number next to '${label}': ${JSON.stringify(text)}`);
  return Number(m[0]);
}

describe('creator page', () => {
  it('shows the four stats', async () => {
    const { page } = suite.session;
    await openCreator(page, 'Alice Archer');
    await expect(page.getByText('Total Videos', { exact: true })).toBeVisible();
    expect(await stat(page, 'Total Videos')).toBe(5);
    expect(await stat(page, 'Solo Videos')).toBe(1);
    expect(await stat(page, 'Collaborations')).toBe(4);
    expect(await stat(page, 'Collaborators')).toBe(4);
  });

  it('hides the tab bar', async () => {
    const { page } = suite.session;
    await openCreator(page, 'Alice Archer');
    await expect(tab(page, 'Search Creators')).toBeHidden();
  });

  it('lists all videos newest first, with Collaboration badges and Watch links', async () => {
    const { page } = suite.session;
    const { videos } = suite.data;
    await openCreator(page, 'Alice Archer');
    await expect(page.getByText('All Videos (5)', { exact: true })).toBeVisible();

    const titles = [
      'Alice and Eve explore',
      'Alice alone',
      'Dance build-off',
      'Cooking with Carol',
      'Treehouse build',
    ];
    const positions = [];
    for (const t of titles) {
      const box = await page.getByText(t, { exact: true }).first().boundingBox();
      if (!box) throw new Error(`video '${t}' is not shown`);
      positions.push(box.y);
    }
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    const watch = page.getByRole('link', { name: /Watch/ });
    await expect(watch).toHaveCount(5);
    const hrefs = await watch.evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    expect(hrefs).toEqual([videos.v7.url, videos.v4.url, videos.v3.url, videos.v2.url, videos.v1.url]);
    expect(hrefs).toContain(videoUrl(1));

    // Four of the five have more than one author.
    await expect(page.getByText('Collaboration', { exact: true })).toHaveCount(4);
    await expect(
      page
        .getByText('2024-06-01')
        .or(page.getByText(/Jun(e)? 1, 2024|1 Jun(e)? 2024|6\/1\/2024/))
        .first(),
    ).toBeVisible();
  });

  it('navigates through a frequent-collaborator chip and an author chip', async () => {
    const { page } = suite.session;
    await openCreator(page, 'Alice Archer');
    const frequent = page
      .locator('section, div')
      .filter({ has: page.getByText('Frequent Collaborators', { exact: true }) })
      .filter({ hasText: 'Bob Builder' })
      .last();
    await expect(frequent).toBeVisible();
    await frequent.getByText('Bob Builder').first().click();
    await expect(page.getByText('All Videos (3)', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Bob Builder' })).toBeVisible();

    // An author chip of a video (not the current creator) opens that creator.
    await page
      .getByRole('button', { name: /Eve Explorer/ })
      .first()
      .click();
    await expect(page.getByText('All Videos (2)', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Eve Explorer' })).toBeVisible();
  });

  it('renders a long list a page at a time, by scrolling or with the keyboard', async () => {
    const { page } = suite.session;
    await openCreator(page, PROLIFIC.name);
    await expect(page.getByText(`All Videos (${PROLIFIC.videos})`, { exact: true })).toBeVisible();
    expect(await stat(page, 'Total Videos')).toBe(PROLIFIC.videos);

    const status = page.getByRole('status').filter({ hasText: /^Showing \d+ of \d+$/ });
    await expect(status).toHaveText(new RegExp(`^Showing \\d+ of ${PROLIFIC.videos}$`));
    const pageSize = Number((await status.innerText()).match(/\d+/)![0]);
    expect(pageSize).toBeLessThan(PROLIFIC.videos);
    const watch = page.getByRole('link', { name: /^Watch/ });
    await expect(watch).toHaveCount(pageSize);

    // Keyboard: focusing the button scrolls it into view, so whether the button or the scroll adds the
    // page, focus lands on the first new row.
    await page.getByRole('button', { name: 'Show more videos' }).focus();
    await page.keyboard.press('Enter');
    await expect(watch).toHaveCount(Math.min(pageSize * 2, PROLIFIC.videos));
    await expect(page.locator('li:focus')).toContainText(`Pat video ${pageSize + 1}`);
    await expect(page.getByText(`Pat video ${PROLIFIC.videos}`, { exact: true })).toBeVisible();

    // Scrolling: a fresh visit of the page starts again from one page; the end coming into view adds
    // the rest.
    await page.getByRole('button', { name: /Back to Search/ }).click();
    await page.getByText(PROLIFIC.name, { exact: true }).first().click();
    await expect(watch).toHaveCount(pageSize);
    await watch.last().scrollIntoViewIfNeeded();
    await expect(watch).toHaveCount(PROLIFIC.videos);
    await expect(page.getByRole('button', { name: 'Show more videos' })).toHaveCount(0);
    await expect(page.locator('li:focus')).toHaveCount(0);
  });

  it("shows the channel link and 'No videos found for this creator' for a creator without videos", async () => {
    const { page } = suite.session;
    await openCreator(page, 'Gina Newcomer');
    await expect(page.getByText('No videos found for this creator', { exact: true })).toBeVisible();
    await expect(page.locator('a[href="https://twitter.com/ginanew"]').first()).toBeVisible();
  });

  it("returns to the search view with 'Back to Search'", async () => {
    const { page } = suite.session;
    await openCreator(page, 'Frank Solo');
    await page.getByRole('button', { name: /Back to Search/ }).click();
    await expect(page.getByText(/^(All Creators|Search Results) \(\d+\)$/)).toBeVisible();
    await expect(tab(page, 'Search Creators')).toBeVisible();
  });
});
