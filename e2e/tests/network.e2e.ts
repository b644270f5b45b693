/**
 * The collaboration network: open a creator's graph (its code loaded only then) and follow a
 * node, open a pair page by its shared link, find a chain between two creators, download exports.
 * Data: support/fixtures.ts (Alice–Bob 2 videos; Alice–Carol, Alice–Dan, Alice–Eve, Bob–Dan, Bob–Eve 1).
 */
import { readFileSync } from 'node:fs';
import { expect, Page } from '../support/expect';
import { seedWorld } from '../support/fixtures';
import { useSuite } from '../support/suite';
import { listHeading, openApp, tab } from '../support/ui';

const suite = useSuite({ seed: seedWorld });

const graphChunk = (requests: string[]) =>
  requests.filter((url) => /\/network-graph\.[0-9a-f]+\.js/.test(url));

async function openCreatorPage(page: Page, id: number, name: string) {
  await page.goto(`/?creator=${id}`);
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible({ timeout: 20_000 });
}

describe('collaboration network', () => {
  it('loads the graph code only when opened, draws the network, and a node opens that creator', async () => {
    const { page, requests } = suite.session;
    const { creators } = suite.data;
    await openApp(page);
    expect(graphChunk(requests)).toEqual([]);

    await openCreatorPage(page, creators.alice.id, 'Alice Archer');
    await expect(page.getByRole('img', { name: /^Collaborations per month: 4 from/ })).toBeVisible();
    expect(graphChunk(requests)).toEqual([]);
    await page.getByRole('button', { name: 'Show collaboration network' }).click();
    const graph = page.getByRole('img', {
      name: /^Collaboration network of Alice Archer: 5 creators, 6 links/,
    });
    await expect(graph).toBeVisible();
    expect(graphChunk(requests)).toHaveLength(1);
    await expect(page.locator('.pr-graph__node')).toHaveCount(5);

    // The ranked list holds the same data: Bob first (2 videos together).
    const first = page.getByRole('region', { name: /Alice Archer's collaborators \(4\)/ });
    await expect(first.getByRole('listitem').first()).toContainText('Bob Builder2 videos together');

    await page.getByRole('checkbox', { name: 'Show two hops' }).check();
    // Alice's collaborators know nobody she does not: no second hop.
    await expect(
      page.getByRole('img', { name: /^Collaboration network of Alice Archer: 5 creators/ }),
    ).toBeVisible();

    await page.locator(`.pr-graph__node[data-creator-id="${creators.carol.id}"]`).click();
    await expect(page.getByRole('heading', { name: 'Carol Chef', exact: true })).toBeVisible();
    expect(new URL(page.url()).search).toBe(`?creator=${creators.carol.id}`);
  });

  it('opens a pair page from its link in a fresh context', async () => {
    const { page } = suite.session;
    const { creators, videos } = suite.data;
    await openCreatorPage(page, creators.alice.id, 'Alice Archer');
    const link = page.getByRole('link', { name: 'Videos together with Bob Builder' });
    const href = await link.getAttribute('href');
    expect(href).toBe(`?pair=${creators.alice.id}-${creators.bob.id}`);

    const visitor = (await suite.newSession()).page;
    await visitor.goto(`/${href}`);
    await expect(visitor.getByRole('heading', { name: 'Alice Archer × Bob Builder' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(visitor.getByText('Videos Together (2)', { exact: true })).toBeVisible();
    const watch = visitor.getByRole('link', { name: /^Watch/ });
    await expect(watch).toHaveCount(2);
    expect(await watch.evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href))).toEqual([
      videos.v3.url,
      videos.v1.url,
    ]);
    await expect(visitor.getByText('First collaboration').locator('..')).toContainText('Jan 10, 2024');
    await expect(visitor.getByText('Latest collaboration').locator('..')).toContainText('Mar 20, 2024');

    // And inside the app: the '×' link navigates without a reload, and Back returns.
    await link.click();
    await expect(page.getByRole('heading', { name: 'Alice Archer × Bob Builder' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Alice Archer', exact: true })).toBeVisible();
  });

  it('finds the chain between two creators on the leaderboard, or says there is none', async () => {
    const { page } = suite.session;
    await openApp(page);
    await tab(page, 'Leaderboard').click();
    await page.getByLabel('From creator').fill('Carol Chef');
    await page.getByLabel('To creator').fill('Eve Explorer');
    await page.getByRole('button', { name: 'Find connection' }).click();
    await expect(page.getByText('2 degrees of separation')).toBeVisible();
    const chain = page.getByRole('list', { name: 'Chain of collaborations' });
    expect(await chain.getByRole('button').allTextContents()).toEqual([
      'Carol Chef',
      'Alice Archer',
      'Eve Explorer',
    ]);

    await page.getByLabel('From creator').fill('Frank Solo');
    await page.getByLabel('To creator').fill('Gina Newcomer');
    await page.getByRole('button', { name: 'Find connection' }).click();
    await expect(page.getByText(/^No connection found/)).toBeVisible();

    await page.getByLabel('To creator').fill('Dan Dancer');
    await page.getByLabel('From creator').fill('Carol Chef');
    await page.getByRole('button', { name: 'Find connection' }).click();
    await chain.getByRole('button', { name: 'Dan Dancer' }).click();
    await expect(page.getByRole('heading', { name: 'Dan Dancer', exact: true })).toBeVisible();
  });

  it('downloads the search results as CSV and the leaderboard as JSON', async () => {
    const { page } = suite.session;
    await openApp(page);
    await page.getByPlaceholder('Search by name or channel...').fill('build');
    await expect(listHeading(page)).toHaveText('Search Results (1)');
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Search Results as CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe('search-results.csv');
    const lines = readFileSync(await csv.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,name,channel,videos,collaborations,links,other_names');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^\d+,Bob Builder,https:\/\/www\.youtube\.com\/@bobbuilds,3,3,/);

    await tab(page, 'Leaderboard').click();
    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Leaderboard as JSON' }).click(),
    ]);
    expect(json.suggestedFilename()).toBe('leaderboard.json');
    const rows = JSON.parse(readFileSync(await json.path(), 'utf8')) as {
      list: string;
      name: string;
      count: number;
    }[];
    expect(rows.slice(0, 2)).toEqual([
      expect.objectContaining({ list: 'Most Collaborations', rank: 1, name: 'Alice Archer', count: 4 }),
      expect.objectContaining({ list: 'Most Collaborations', rank: 2, name: 'Bob Builder', count: 3 }),
    ]);
  });
});
