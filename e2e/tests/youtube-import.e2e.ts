/**
 * The YouTube tools through the UI against the local YouTube fake: 'Bulk Import Videos' of Juniper Lane's 60-video
 * channel (preview past the first page of 50, progress bar current/total, 'Bulk import complete!'),
 * the creators it ends with (docs/product.md §5 filters), a re-import skipping every video as a duplicate,
 * 'Rescan for Collaborators' (one video, then a selection with progress), and 'Refresh Photos'.
 * The tests of this file run in order on one server: each builds on the data the previous one left.
 */
import { REVIEW_ROUTES, formatDay, type ReviewPage } from '@friends/shared';
import { expect, Page } from '../support/expect';
import { useSuite } from '../support/suite';
import { openAdminView, panel, scrollListTo } from '../support/ui';
import { EXPECTED, MAIN_CHANNEL_HANDLE, expectFakeImagesBlocked, useFakeYouTube } from '../support/youtube';

const yt = useFakeYouTube();
const suite = useSuite({ env: yt.env });

const CHANNEL_URL = `https://www.youtube.com/@${MAIN_CHANNEL_HANDLE}`;
const IMPORT_TIMEOUT = 150_000;

const summary = (imported: number, duplicates: number, failed: number) =>
  `Bulk import complete!\nImported: ${imported}\nDuplicates skipped: ${duplicates}\nFailed: ${failed}`;
const rescanSummary = (added: number, created: number) =>
  `Rescan complete!\nCollaborators added: ${added}\nNew creators created: ${created}`;

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

/**
 * Records, in the page, every state a progress bar of the given label goes through ('current/max' of
 * the <progress> and the text beside it), so a bar that moves fast is still observed.
 */
async function watchProgress(page: Page, label: string): Promise<() => Promise<string[]>> {
  await page.evaluate((name) => {
    const w = window as unknown as { __progress: Record<string, string[]> };
    w.__progress = w.__progress ?? {};
    const seen: string[] = (w.__progress[name] = []);
    const look = () => {
      const bar = document.querySelector<HTMLProgressElement>(`progress[aria-label="${name} progress"]`);
      if (!bar) return;
      const text = bar.parentElement?.querySelector('[role="status"]')?.textContent ?? '';
      const state = `${bar.value}/${bar.max} ${text.trim()}`;
      if (seen[seen.length - 1] !== state) seen.push(state);
    };
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  }, label);
  return () =>
    page.evaluate(
      (name) => (window as unknown as { __progress: Record<string, string[]> }).__progress[name] ?? [],
      label,
    );
}

/** Checks a recorded progress history: total fixed, current rising from below the total to the total. */
function expectProgress(history: string[], label: string, total: number) {
  expect(history.length).toBeGreaterThan(0);
  const steps = history.map((state) => {
    const m = new RegExp(`^(\\d+)/(\\d+) ${label} (\\d+)/(\\d+)$`).exec(state);
    if (!m)
      throw new Error(`unexpected progress state ${JSON.stringify(state)} in ${JSON.stringify(history)}`);
    const [, value, max, current, shownTotal] = m.map(Number) as number[];
    expect(value).toBe(current);
    expect(max).toBe(total);
    expect(shownTotal).toBe(total);
    return current!;
  });
  // Rising, never past the total, with intermediate states seen (the bar moved while work was done).
  for (let i = 1; i < steps.length; i++) expect(steps[i]!).toBeGreaterThanOrEqual(steps[i - 1]!);
  expect(Math.max(...steps)).toBeLessThanOrEqual(total);
  expect(steps.filter((c) => c > 0 && c < total).length).toBeGreaterThanOrEqual(2);
  return steps;
}

/** Fetches the channel in 'Bulk Import Videos' and waits for the 60-item preview. */
async function fetchChannel(page: Page) {
  const bulk = panel(page, 'Bulk Import Videos');
  await bulk.getByLabel('YouTube channel or playlist URL').fill(CHANNEL_URL);
  await bulk.getByRole('button', { name: 'Fetch Videos', exact: true }).click();
  const list = bulk.getByRole('list', { name: 'Videos to import' });
  await expect(list.getByRole('listitem')).toHaveCount(EXPECTED.videoCount, { timeout: 30_000 });
  return { bulk, list };
}

const lower = (s: string) => s.toLowerCase();

describe('YouTube bulk import, rescan and photos', () => {
  it("says 'No creators with YouTube or Instagram links found.' before any creator has one", async () => {
    const s = suite.session;
    const page = await openAuthors();
    s.expectErrors(/^HTTP 404 POST .*\/api\/youtube\/refresh-photos$|ApiClientError: No creators with/);
    const dialog = s.nextDialog(20_000);
    await panel(page, 'Bulk Actions & Cleanup').getByRole('button', { name: 'Refresh Photos' }).click();
    expect(await dialog).toEqual({
      type: 'alert',
      message: 'No creators with YouTube or Instagram links found.',
    });
  });

  it("asks for a URL ('Please enter a YouTube channel or playlist URL')", async () => {
    const s = suite.session;
    const page = await openVideos();
    const bulk = panel(page, 'Bulk Import Videos');
    const fetchButton = bulk.getByRole('button', { name: 'Fetch Videos', exact: true });
    for (const value of ['', '   ']) {
      await bulk.getByLabel('YouTube channel or playlist URL').fill(value);
      const dialog = s.nextDialog();
      await fetchButton.click();
      expect(await dialog).toEqual({
        type: 'alert',
        message: 'Please enter a YouTube channel or playlist URL',
      });
    }
    expect(s.requested('/api/youtube/').filter((u) => !u.endsWith('/status'))).toEqual([]);
  });

  it(
    'imports the 60-video channel with a progress bar and a summary, ending with the right creators',
    async () => {
      const s = suite.session;
      const page = await openVideos();
      const { bulk, list } = await fetchChannel(page);

      // The preview: thumbnail, title, date and channel of each video, newest first, all selected.
      const newest = yt.fake.data.videos
        .filter((v) => v.id.startsWith('JLv'))
        .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))[0]!;
      const first = list.getByRole('listitem').first();
      await expect(first).toContainText(newest.title);
      await expect(first).toContainText(`${formatDay(newest.publishedAt)} · ${EXPECTED.mainCreator}`);
      await expect(first.locator('img')).toHaveAttribute('src', /\/img\/vi\//);
      await expect(bulk.getByText('60 of 60 selected', { exact: true })).toBeVisible();

      // Select none: nothing to import.
      await bulk.getByRole('button', { name: 'Select None', exact: true }).click();
      await expect(bulk.getByText('0 of 60 selected', { exact: true })).toBeVisible();
      await expect(list.getByRole('checkbox', { checked: true })).toHaveCount(0);
      let dialog = s.nextDialog();
      await bulk.getByRole('button', { name: 'Import Selected (0)', exact: true }).click();
      expect(await dialog).toEqual({ type: 'alert', message: 'Please select at least one video to import' });
      expect(s.requested('/api/youtube/import')).toEqual([]);

      // One by hand, then all.
      await list.getByRole('checkbox').nth(3).check();
      await expect(bulk.getByText('1 of 60 selected', { exact: true })).toBeVisible();
      await bulk.getByRole('button', { name: 'Select All', exact: true }).click();
      await expect(bulk.getByText('60 of 60 selected', { exact: true })).toBeVisible();
      await expect(list.getByRole('checkbox', { checked: false })).toHaveCount(0);

      // Import, slowed down so the bar is seen moving.
      const progress = await watchProgress(page, 'Importing');
      yt.fake.setLatency(150);
      try {
        dialog = s.nextDialog(IMPORT_TIMEOUT - 30_000);
        await bulk.getByRole('button', { name: 'Import Selected (60)', exact: true }).click();
        await expect(bulk.getByRole('progressbar', { name: 'Importing progress' })).toBeVisible();
        await expect(bulk.getByRole('button', { name: 'Importing…' })).toBeDisabled();
        expect(await dialog).toEqual({ type: 'alert', message: summary(60, 0, 0) });
      } finally {
        yt.fake.setLatency(0);
      }
      expectProgress(await progress(), 'Importing', 60);

      // The cleared state.
      await expect(bulk.getByLabel('YouTube channel or playlist URL')).toHaveValue('');
      await expect(list).toBeHidden();
      await expect(bulk.getByRole('progressbar')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'All Videos (60)', exact: true })).toBeVisible();

      // Weak detections ('with Priya Castellan', a new @mention) wait in Review; accepting them gives the
      // creators a correct import ends with (the Review screen itself is covered by review.e2e.ts).
      const queue = (await suite.api.request('GET', `${REVIEW_ROUTES.list}?limit=200`)) as ReviewPage;
      expect(queue.items.map((i) => i.name).sort()).toEqual([
        'Priya Castellan',
        'Priya Castellan',
        'milofenwick',
      ]);
      expect(
        await suite.api.request('POST', REVIEW_ROUTES.acceptMany, { ids: queue.items.map((i) => i.id) }),
      ).toEqual({
        done: 3,
        failed: 0,
      });

      // The data: the channel's creator (first), the expected collaborators, none of the filtered names.
      const creators = await suite.api.creators();
      const names = creators.map((c) => c.name);
      expect(names[0]).toBe(EXPECTED.mainCreator);
      expect([...names].sort()).toEqual(
        [EXPECTED.mainCreator, ...EXPECTED.collaborators, ...EXPECTED.mentionCreators].sort(),
      );
      for (const filtered of EXPECTED.filteredNames) expect(names.map(lower)).not.toContain(lower(filtered));
      const main = creators.find((c) => c.name === EXPECTED.mainCreator)!;
      expect(main.socialLinks.map((l) => l.url)).toEqual([CHANNEL_URL]);

      const videos = await suite.api.videos();
      expect(videos).toHaveLength(EXPECTED.videoCount);
      for (const [title, collaborators] of Object.entries(EXPECTED.authorsByTitle)) {
        const video = videos.find((v) => v.title === title);
        expect({ title, authors: video?.authors.map((a) => a.name) }).toEqual({
          title,
          authors: [EXPECTED.mainCreator, ...collaborators],
        });
      }
      const dinner = yt.fake.data.videos.find((v) => v.title === 'Dinner party')!;
      expect(videos.find((v) => v.title === 'Dinner party')).toMatchObject({
        date: dinner.publishedAt.slice(0, 10),
        url: `https://www.youtube.com/watch?v=${dinner.id}`,
      });

      // The imported videos are in the list the admin sees.
      await page.getByLabel('Filter videos', { exact: true }).fill('Dinner party');
      await expect(page.getByRole('article', { name: 'Dinner party', exact: true })).toBeVisible();
    },
    IMPORT_TIMEOUT,
  );

  it(
    're-importing the channel skips every video as a duplicate',
    async () => {
      const s = suite.session;
      const creatorsBefore = (await suite.api.creators()).map((c) => c.name).sort();
      const page = await openVideos();
      const { bulk } = await fetchChannel(page);
      const dialog = s.nextDialog(IMPORT_TIMEOUT - 30_000);
      await bulk.getByRole('button', { name: 'Import Selected (60)', exact: true }).click();
      expect(await dialog).toEqual({ type: 'alert', message: summary(0, 60, 0) });
      await expect(page.getByRole('heading', { name: 'All Videos (60)', exact: true })).toBeVisible();
      expect(await suite.api.videos()).toHaveLength(EXPECTED.videoCount);
      expect((await suite.api.creators()).map((c) => c.name).sort()).toEqual(creatorsBefore);
    },
    IMPORT_TIMEOUT,
  );

  it('rescans one video and adds the guest now named in its description', async () => {
    const s = suite.session;
    const fakeVideo = yt.fake.data.videos.find((v) => v.title === 'Garden tour')!;
    fakeVideo.description = 'Just me and the tomatoes today.\n\nGuests:\nNova Quillfeather\n';
    const page = await openVideos();
    const rescan = panel(page, 'Rescan for Collaborators');
    const button = rescan.getByRole('button', { name: 'Rescan Garden tour', exact: true });
    await scrollListTo(rescan.getByRole('list', { name: 'Videos to rescan' }), button);

    let dialog = s.nextDialog(30_000);
    await button.click();
    expect(await dialog).toEqual({ type: 'alert', message: rescanSummary(1, 1) });
    const garden = (await suite.api.videos()).find((v) => v.title === 'Garden tour')!;
    expect(garden.authors.map((a) => a.name)).toEqual([EXPECTED.mainCreator, 'Nova Quillfeather']);
    await page.getByLabel('Filter videos', { exact: true }).fill('Garden tour');
    await expect(
      page.getByRole('article', { name: 'Garden tour', exact: true }).getByText(/Nova Quillfeather/),
    ).toBeVisible();

    // Nothing new the second time.
    dialog = s.nextDialog(30_000);
    await button.click();
    expect(await dialog).toEqual({ type: 'alert', message: 'No new collaborators detected' });
    expect((await suite.api.creators()).filter((c) => c.name === 'Nova Quillfeather')).toHaveLength(1);
  });

  it(
    'rescans a selection with a progress bar and sums up what it added',
    async () => {
      const s = suite.session;
      const byTitle = (title: string) => yt.fake.data.videos.find((v) => v.title === title)!;
      byTitle('Winter market').description = 'Featuring: Otto Brambleworth\n\nThanks for watching!';
      byTitle('Reading pile').description = 'Guests:\nMarigold Ashby\nNova Quillfeather\n';
      const page = await openVideos();
      const rescan = panel(page, 'Rescan for Collaborators');
      // A page of the list is loaded and the rows in view rendered; Select All still covers all 60.
      await expect(
        rescan.getByRole('list', { name: 'Videos to rescan' }).getByRole('listitem').first(),
      ).toHaveAttribute('aria-setsize', String(EXPECTED.videoCount));
      await rescan.getByRole('button', { name: 'Select All', exact: true }).click();
      await expect(rescan.getByText('60 of 60 selected', { exact: true })).toBeVisible();

      const progress = await watchProgress(page, 'Rescanning');
      yt.fake.setLatency(150);
      try {
        const dialog = s.nextDialog(IMPORT_TIMEOUT - 30_000);
        await rescan.getByRole('button', { name: 'Rescan Selected (60)', exact: true }).click();
        await expect(rescan.getByRole('progressbar', { name: 'Rescanning progress' })).toBeVisible();
        // Otto and Nova reused, Marigold created: three authors added, one new creator.
        expect(await dialog).toEqual({ type: 'alert', message: rescanSummary(3, 1) });
      } finally {
        yt.fake.setLatency(0);
      }
      expectProgress(await progress(), 'Rescanning', 60);
      await expect(rescan.getByText('0 of 60 selected', { exact: true })).toBeVisible();

      const videos = await suite.api.videos();
      const authorsOf = (title: string) => videos.find((v) => v.title === title)!.authors.map((a) => a.name);
      expect(authorsOf('Winter market')).toEqual([EXPECTED.mainCreator, 'Otto Brambleworth']);
      expect(authorsOf('Reading pile')).toEqual([
        EXPECTED.mainCreator,
        'Nova Quillfeather',
        'Marigold Ashby',
      ]);
      const names = (await suite.api.creators()).map((c) => c.name);
      expect(names.filter((n) => n === 'Otto Brambleworth')).toHaveLength(1);
      expect(names.filter((n) => n === 'Marigold Ashby')).toHaveLength(1);
    },
    IMPORT_TIMEOUT,
  );

  it("refreshes photos and shows the 'Updated n profile picture(s).' summary", async () => {
    const s = suite.session;
    const page = await openAuthors();
    const before = await suite.api.creators();
    const linked = before.filter((c) =>
      c.socialLinks.some((l) => /youtube\.com|youtu\.be|instagram\.com/i.test(l.url)),
    );
    // Juniper Lane (photo from the import), Milo Fenwick (YouTube handle), Sunny Abernathy (Instagram),
    // fennarask (unknown to Instagram).
    expect(linked.map((c) => c.name).sort()).toEqual(
      ['Juniper Lane', 'Sunny Abernathy', 'Milo Fenwick', 'Fenna Rask'].sort(),
    );
    const refresh = panel(page, 'Bulk Actions & Cleanup').getByRole('button', { name: 'Refresh Photos' });

    let dialog = s.nextDialog(30_000);
    await refresh.click();
    expect(await dialog).toEqual({
      type: 'alert',
      message:
        'Updated 2 profile picture(s). 1 already up to date. Failed: 1. Not fetched: 1 creator whose channel or profile was not found or has no picture.',
    });
    const after = await suite.api.creators();
    const photoOf = (name: string) => after.find((c) => c.name === name)!.photo;
    expect(photoOf('Sunny Abernathy')).toContain('/img/ig/sunnyabernathy');
    expect(photoOf('Milo Fenwick')).toContain('/img/ch/');
    // The list shows the new picture.
    await expect(
      page.getByRole('article', { name: 'Sunny Abernathy', exact: true }).locator('img').first(),
    ).toHaveAttribute('src', /\/img\/ig\/sunnyabernathy/);

    dialog = s.nextDialog(30_000);
    await refresh.click();
    expect(await dialog).toEqual({
      type: 'alert',
      message:
        'Updated 0 profile picture(s). 3 already up to date. Failed: 1. Not fetched: 1 creator whose channel or profile was not found or has no picture.',
    });
  });
});
