/**
 * At 5,000 creators and 50,000 videos (written straight into the server's SQLite file), what a screen downloads does not grow with the data (docs/architecture.md "Architecture
 * rules"): a visitor's search stays under 150 KB of JSON and opening Manage Videos under 300 KB, and the
 * screens still show the right totals.
 */
import type { Page, Response } from 'playwright-core';
import { API_ROUTES, MESSAGES, PAGING, buildSearchIndex, filterSearchIndex } from '@friends/shared';
import { expect } from '../support/expect';
import { writeLargeCatalogue, type CatalogueCreator } from '../support/large-catalogue';
import { useSuite, type Suite } from '../support/suite';
import { listHeading, openAdminView, searchBox } from '../support/ui';

const SIZE = { creators: 5_000, videos: 50_000 };
const VISITOR_BUDGET = 150 * 1024;
const ADMIN_BUDGET = 300 * 1024;

const suite: Suite<CatalogueCreator[]> = useSuite<CatalogueCreator[]>({
  seed: (): Promise<CatalogueCreator[]> =>
    Promise.resolve(writeLargeCatalogue(suite.server.databaseFile, SIZE)),
});

/** Counts the bytes of every JSON answer the page receives from now on. */
function countJsonBytes(page: Page): () => Promise<{ bytes: number; urls: string[] }> {
  const pending: Promise<number>[] = [];
  const urls: string[] = [];
  const onResponse = (response: Response) => {
    if (!(response.headers()['content-type'] ?? '').includes('json')) return;
    const url = new URL(response.url());
    urls.push(url.pathname + url.search);
    pending.push(
      // Chromium may hand back no body (a 304 has none; a very large answer is dropped): then count
      // the bytes that crossed the wire.
      response.body().then(
        (body) => body.length,
        async () => (await response.request().sizes()).responseBodySize,
      ),
    );
  };
  page.on('response', onResponse);
  return async () => {
    page.off('response', onResponse);
    const sizes = await Promise.all(pending);
    return { bytes: sizes.reduce((sum, n) => sum + n, 0), urls };
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe(`a catalogue of ${SIZE.creators} creators and ${SIZE.videos} videos`, () => {
  it('lets a visitor search for under 150 KB of JSON, with the right count', async () => {
    const { page } = suite.session;
    // A syllable of the generated names: it matches hundreds of creators.
    const term = 'mar';
    const expected = filterSearchIndex(buildSearchIndex(suite.data), term).length;
    expect(expected).toBeGreaterThan(100);

    const measured = countJsonBytes(page);
    await page.goto('/');
    await expect(page.getByText(`All Creators (${SIZE.creators})`, { exact: true })).toBeVisible({
      timeout: 20_000,
    });
    await searchBox(page).fill(term);
    await expect(listHeading(page)).toHaveText(`Search Results (${expected})`);
    // Everything the screen asks for counts, including what arrives after the results show.
    await page.waitForLoadState('networkidle');
    const { bytes, urls } = await measured();
    console.log(`visitor search at ${SIZE.videos} videos: ${kb(bytes)} of JSON (${urls.join(', ')})`);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThan(VISITOR_BUDGET);
    // The budget tells paging apart: the whole creator list alone is several times larger.
    expect(JSON.stringify(await suite.api.creators()).length).toBeGreaterThan(4 * VISITOR_BUDGET);
    expect(urls.filter((url) => url === '/api/creators' || url.startsWith('/api/creators?'))).toEqual([]);
  });

  it("ends a visitor's list where the server's pages do, and says how to find the rest", async () => {
    const { page } = suite.session;
    const statuses: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === API_ROUTES.creatorsSearch) statuses.push(response.status());
    });
    await page.goto('/');
    await expect(page.getByText(`All Creators (${SIZE.creators})`, { exact: true })).toBeVisible({
      timeout: 20_000,
    });
    const more = page.getByRole('button', { name: /^Show more/ });
    const note = page.getByText(MESSAGES.beyondVisitorWindow(PAGING.visitorWindow, SIZE.creators));
    // Scrolling near the end also asks for pages: 'Show more' is clicked whenever it is there and ready.
    for (let i = 0; i < PAGING.visitorWindow / PAGING.creatorsPage + 10 && !(await note.isVisible()); i++) {
      if (await more.isEnabled().catch(() => false)) await more.click().catch(() => undefined);
      await page.waitForTimeout(100);
    }
    await expect(note).toBeVisible();
    await expect(more).toHaveCount(0);
    expect(await page.locator('.pr-grid > li').count()).toBe(PAGING.visitorWindow);
    expect(statuses.length).toBeGreaterThan(PAGING.visitorWindow / PAGING.creatorsPage);
    expect(statuses.filter((status) => status >= 400)).toEqual([]);
  });

  it('opens Manage Videos for an admin under 300 KB of JSON, with the right totals', async () => {
    await suite.loginAdmin();
    const { page } = suite.session;
    const measured = countJsonBytes(page);
    await openAdminView(page, 'videos', 'Manage Videos');
    await expect(page.getByRole('heading', { name: `All Videos (${SIZE.videos})`, exact: true })).toBeVisible(
      {
        timeout: 20_000,
      },
    );
    await expect(
      page.getByRole('list', { name: 'All videos' }).getByRole('listitem').first(),
    ).toHaveAttribute('aria-setsize', String(SIZE.videos));
    await page.waitForLoadState('networkidle');
    const { bytes, urls } = await measured();
    console.log(`Manage Videos at ${SIZE.videos} videos: ${kb(bytes)} of JSON (${urls.join(', ')})`);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThan(ADMIN_BUDGET);
    expect(urls.filter((url) => /^\/api\/(videos|creators)(\?|$)/.test(url))).toEqual([]);
  });
});
