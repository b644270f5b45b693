/**
 * The admin screens with long lists (2,000 creators, 5,000 videos, imported as a backup): only the rows
 * in view are in the page however far a list scrolls, what is typed or ticked in a row survives scrolling
 * it away, and a write shows at once without reading the whole video list (the lists are read a page at
 * a time).
 */
import { BACKUP_FORMAT, BACKUP_ROUTES, PAGING, type BackupDataV1 } from '@friends/shared';
import { eventually, expect, Locator, Page } from '../support/expect';
import { useSuite } from '../support/suite';
import { openAdminView, panel } from '../support/ui';
import { useFakeYouTube } from '../support/youtube';

const CREATORS = 2000;
const VIDEOS = 5000;
const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** The admin's lists show the newest video first: the last ones written lead. */
const NEWEST = `Long video ${pad(VIDEOS, 4)}`;
const SECOND = `Long video ${pad(VIDEOS - 1, 4)}`;
const THIRD = `Long video ${pad(VIDEOS - 2, 4)}`;

/** A version 1 backup: the shortest way to a long catalogue (roles and the rest take their defaults). */
function longCatalogue(): BackupDataV1 {
  return {
    format: BACKUP_FORMAT,
    version: 1,
    creators: Array.from({ length: CREATORS }, (_, i) => ({
      id: i + 1,
      name: `Long Creator ${pad(i + 1, 4)}`,
      photo: '',
      socialLinks: [{ platform: 'YouTube', url: `https://www.youtube.com/@longcreator${i + 1}` }],
      aliases: [],
    })),
    videos: Array.from({ length: VIDEOS }, (_, i) => ({
      id: i + 1,
      title: `Long video ${pad(i + 1, 4)}`,
      url: `https://www.youtube.com/watch?v=long${pad(i + 1, 7)}`,
      date: '2024-05-01',
      authorIds: i % 2 ? [(i % CREATORS) + 1] : [(i % CREATORS) + 1, ((i + 7) % CREATORS) + 1],
    })),
    suggestions: [],
  };
}

// The rescan list shows only when a YouTube Data API key is configured: the fake provides one.
const yt = useFakeYouTube();
const suite = useSuite({
  env: yt.env,
  seed: async (api) => {
    await api.request('POST', BACKUP_ROUTES.backup, longCatalogue());
  },
});

interface RowsInPage {
  count: number;
  /** The position of the first row in the page, and of the furthest (aria-posinset). */
  first: number;
  furthest: number;
}

/** The rows of a list that are in the page: how many, and where they start and end. */
async function rowsInPage(list: Locator): Promise<RowsInPage> {
  return list.evaluate((ul) => {
    const rows = Array.from(ul.querySelectorAll(':scope > li[aria-posinset]'));
    const positions = rows.map((li) => Number(li.getAttribute('aria-posinset')));
    return { count: rows.length, first: positions[0] ?? 0, furthest: Math.max(0, ...positions) };
  });
}

async function scrollList(list: Locator, to: 'end' | 'top'): Promise<void> {
  await list.evaluate((ul, where) => {
    const area = ul.closest('.admin-scroll') ?? ul.parentElement;
    if (area) area.scrollTop = where === 'end' ? area.scrollHeight : 0;
  }, to);
}

/**
 * Scrolls to the end until the list has reached row `n` (more rows are added as the end comes into
 * view), and answers the rows in the page at that moment: once the new rows are measured, the window
 * may settle a row or two back from where it was.
 */
async function scrollUntil(list: Locator, n: number): Promise<RowsInPage> {
  let reached = { count: 0, first: 0, furthest: 0 };
  await eventually(
    async () => {
      await scrollList(list, 'end');
      reached = await rowsInPage(list);
      return reached.furthest >= n;
    },
    `row ${n} after scrolling to the end`,
    30_000,
  );
  return reached;
}

async function openVideos(): Promise<Page> {
  await suite.loginAdmin();
  const { page } = suite.session;
  await openAdminView(page, 'videos', 'Manage Videos');
  await expect(page.getByRole('heading', { name: `All Videos (${VIDEOS})`, exact: true })).toBeVisible({
    timeout: 30_000,
  });
  return page;
}

describe('long lists in the admin', () => {
  it('keeps only the rows in view in the page, however far the video list scrolls', async () => {
    const page = await openVideos();
    const list = page.getByRole('list', { name: 'All videos' });
    await expect(list.getByRole('article', { name: NEWEST, exact: true })).toBeVisible();
    await expect(list.getByRole('listitem').first()).toHaveAttribute('aria-setsize', String(VIDEOS));

    await scrollUntil(list, 450);
    const after = await rowsInPage(list);
    expect(after.count).toBeLessThan(80);
    await expect(list.getByRole('article', { name: NEWEST, exact: true })).toHaveCount(0);
    // The two other long lists of the screen, windowed the same way, each read a page at a time.
    for (const name of ['Videos to delete', 'Videos to rescan']) {
      const other = page.getByRole('list', { name });
      await expect(other.getByRole('listitem').first()).toHaveAttribute('aria-setsize', String(VIDEOS));
      expect((await rowsInPage(other)).count).toBeLessThanOrEqual(PAGING.videosPage);
      await scrollUntil(other, 300);
      expect((await rowsInPage(other)).count).toBeLessThan(80);
    }
    // Pages only: the whole video list is never read.
    expect(suite.session.requests.filter((url) => new URL(url).pathname === '/api/videos')).toEqual([]);

    await scrollList(list, 'top');
    await expect(list.getByRole('article', { name: NEWEST, exact: true })).toBeVisible();
  });

  it('keeps an open edit form, and a ticked row, through scrolling away and back', async () => {
    const page = await openVideos();
    const list = page.getByRole('list', { name: 'All videos' });
    await list
      .getByRole('article', { name: SECOND, exact: true })
      .getByRole('button', { name: 'Edit' })
      .click();
    const editor = page.getByRole('form', { name: `Edit video ${SECOND}` });
    await editor.getByLabel('Title', { exact: true }).fill(`${SECOND} half edited`);

    const bulk = panel(page, 'Bulk Delete Videos');
    const toDelete = bulk.getByRole('list', { name: 'Videos to delete' });
    await toDelete.getByLabel(THIRD, { exact: true }).check();
    await expect(bulk.getByText('1 selected', { exact: true })).toBeVisible();

    await scrollUntil(list, 300);
    await scrollUntil(toDelete, 300);
    await expect(toDelete.getByLabel(THIRD, { exact: true })).toHaveCount(0);
    // The row being edited stays mounted while out of view.
    await expect(editor.getByLabel('Title', { exact: true })).toHaveValue(`${SECOND} half edited`);

    await scrollList(list, 'top');
    await scrollList(toDelete, 'top');
    await expect(editor.getByLabel('Title', { exact: true })).toHaveValue(`${SECOND} half edited`);
    expect(await toDelete.getByLabel(THIRD, { exact: true }).isChecked()).toBe(true);
    await expect(bulk.getByText('1 selected', { exact: true })).toBeVisible();
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(list.getByRole('article', { name: SECOND, exact: true })).toBeVisible();
  });

  it('shows an added, then deleted, video at once without reading the whole video list again', async () => {
    const s = suite.session;
    const page = await openVideos();
    const videoListReads = () => s.requests.filter((url) => new URL(url).pathname === '/api/videos').length;
    const creatorReads = () => s.requested('/api/creators').length;
    const readsBefore = videoListReads();
    const creatorsBefore = creatorReads();

    const form = panel(page, 'Add New Video');
    await form.getByLabel('Title', { exact: true }).fill('Added to a long list');
    await form.getByLabel('Filter creators').fill('Long Creator 1999');
    await form.getByLabel('Long Creator 1999', { exact: true }).check();
    await form.getByRole('button', { name: 'Add Video', exact: true }).click();
    await expect(
      page.getByRole('heading', { name: `All Videos (${VIDEOS + 1})`, exact: true }),
    ).toBeVisible();

    await page.getByLabel('Filter videos', { exact: true }).fill('Added to a long list');
    const added = page.getByRole('article', { name: 'Added to a long list', exact: true });
    await expect(added).toBeVisible();
    // The creator counts are read again (a new video changes them); the 5,000 videos are not.
    await eventually(() => creatorReads() > creatorsBefore, 'GET /api/creators after the write');
    expect(videoListReads()).toBe(readsBefore + 1); // + the POST itself

    s.answerDialogs(true);
    await added.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('heading', { name: `All Videos (${VIDEOS})`, exact: true })).toBeVisible();
    await expect(added).toHaveCount(0);
    expect((await suite.api.videos()).some((v) => v.title === 'Added to a long list')).toBe(false);
  });

  it('windows the Analytics cards, a grid, a whole row of cards at a time', async () => {
    await suite.loginAdmin();
    const { page } = suite.session;
    await openAdminView(page, 'stats', 'Analytics');
    await expect(page.getByRole('heading', { name: `Creators (${CREATORS})`, exact: true })).toBeVisible();
    const list = page.getByRole('list', { name: 'Creator statistics' });
    // Pages of 50 are fetched as the end comes into view; the rows are read when row 400 is reached.
    const { count, first } = await scrollUntil(list, 400);
    expect(count).toBeLessThan(120);
    expect(first).toBeGreaterThan(1);
    // Whole rows of the grid: the first card in the page starts a row, so the cards stay in their columns.
    const columns = await list.evaluate((ul) => getComputedStyle(ul).gridTemplateColumns.split(' ').length);
    expect(columns).toBeGreaterThan(1);
    expect((first - 1) % columns).toBe(0);
    // Settled, the window still starts a row.
    const settled = await rowsInPage(list);
    expect((settled.first - 1) % columns).toBe(0);
  });

  it('reads 2,000 creators a page at a time, and Select All covers every match, loaded or not', async () => {
    await suite.loginAdmin();
    const s = suite.session;
    const { page } = s;
    // JSON bytes of the creator reads that opening the screen makes (bodies as decoded by the browser).
    let creatorBytes = 0;
    const pending: Promise<unknown>[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/creators'))
        pending.push(
          response.body().then(
            (body) => (creatorBytes += body.length),
            () => undefined,
          ),
        );
    });
    await openAdminView(page, 'authors', 'Manage Creators');
    await expect(
      page.getByRole('heading', { name: `All Creators (${CREATORS})`, exact: true }),
    ).toBeVisible();
    const list = page.getByRole('list', { name: 'All creators' });
    const rows = list.locator(':scope > li');
    // The first page (24) is loaded, and only the rows in view of it are in the page.
    await expect(rows.first()).toHaveAttribute('aria-setsize', String(CREATORS));
    expect(await rows.count()).toBeLessThanOrEqual(24);
    await Promise.all(pending);
    const whole = await suite.api.creators();
    expect(whole).toHaveLength(CREATORS);
    // A page, not the list: under 5% of the whole list's JSON (which grows with the data; a page does not).
    expect(creatorBytes).toBeGreaterThan(0);
    expect(creatorBytes).toBeLessThan(JSON.stringify(whole).length * 0.05);
    await list.getByLabel('Select Long Creator 0001', { exact: true }).check();
    const bulk = panel(page, 'Bulk Actions & Cleanup');
    await expect(bulk.getByText('1 selected', { exact: true })).toBeVisible();

    // The next pages arrive as the end of the list scrolls into view.
    await eventually(
      async () => {
        await scrollList(list, 'end');
        return (await rowsInPage(list)).furthest >= 72;
      },
      'three pages of creators after scrolling',
      30_000,
    );
    await scrollList(list, 'top');
    const first = list.getByLabel('Select Long Creator 0001', { exact: true });
    await expect(first).toBeVisible();
    expect(await first.isChecked()).toBe(true);

    // A creator far down the list is one filter away, answered by the API.
    const all = page.getByRole('region', { name: /^All Creators/ });
    await all.getByLabel('Filter creators').fill('creator 19');
    await expect(all.getByText('100 matching', { exact: true })).toBeVisible();
    await expect(list.getByRole('article', { name: 'Long Creator 1900', exact: true })).toBeVisible();
    expect(await rows.count()).toBeLessThanOrEqual(100); // matches only
    await all.getByRole('checkbox', { name: 'Select All', exact: true }).check();
    await expect(bulk.getByText('101 selected', { exact: true })).toBeVisible();
    await expect(bulk.getByRole('button', { name: 'Delete Selected (101)' })).toBeVisible();
    await all.getByRole('checkbox', { name: 'Select All', exact: true }).uncheck();
    await expect(bulk.getByText('1 selected', { exact: true })).toBeVisible();

    // No screen of the admin reads the whole creator list.
    expect(s.requests.filter((url) => new URL(url).pathname === '/api/creators')).toEqual([]);
  });

  it('windows 2,000 creators and keeps an open edit form through scrolling away and back', async () => {
    await suite.loginAdmin();
    const { page } = suite.session;
    await openAdminView(page, 'authors', 'Manage Creators');
    const list = page.getByRole('list', { name: 'All creators' });
    await list
      .getByRole('article', { name: 'Long Creator 0002', exact: true })
      .getByRole('button', { name: 'Edit' })
      .click();
    const editor = page.getByRole('form', { name: 'Edit creator Long Creator 0002' });
    await editor.getByLabel('Name', { exact: true }).fill('Long Creator 0002 half edited');

    await scrollUntil(list, 450); // pages of 24 are fetched as the end comes into view
    expect((await rowsInPage(list)).count).toBeLessThan(80);
    await expect(editor).toHaveCount(1); // kept in the page while out of view

    await scrollList(list, 'top');
    await expect(editor.getByLabel('Name', { exact: true })).toHaveValue('Long Creator 0002 half edited');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(list.getByRole('article', { name: 'Long Creator 0002', exact: true })).toBeVisible();
  });
});
