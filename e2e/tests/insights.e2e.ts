/**
 * Insights: the leaderboard's period selector mirrored into the address, communities colouring
 * the network graph, and "Might collaborate" on the creator page. Data, dated from today (T):
 *   Ada, Abe, Amy, Ari: a video for every pair at T-2;  Bea, Ben, Bix, Bob: the same at T-10
 *   Xen: a video with Ari at T-1, one with Bea undated
 */
import { addDays, utcDay } from '@friends/shared';
import { expect, Page } from '../support/expect';
import type { AdminApi } from '../support/api';
import { useSuite } from '../support/suite';
import { openApp, tab } from '../support/ui';

async function seed(api: AdminApi): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const name of ['Ada', 'Abe', 'Amy', 'Ari', 'Bea', 'Ben', 'Bix', 'Bob', 'Xen']) {
    ids[name] = ((await api.request('POST', '/api/creators', { name })) as { id: number }).id;
  }
  const today = utcDay();
  const video = (names: string[], date: string) =>
    api.request('POST', '/api/videos', {
      title: names.join(' & '),
      date,
      authorIds: names.map((n) => ids[n]),
    });
  for (const [circle, date] of [
    [['Ada', 'Abe', 'Amy', 'Ari'], addDays(today, -2)],
    [['Bea', 'Ben', 'Bix', 'Bob'], addDays(today, -10)],
  ] as const) {
    for (let i = 0; i < circle.length; i++) {
      for (let j = i + 1; j < circle.length; j++) await video([circle[i]!, circle[j]!], date);
    }
  }
  await video(['Xen', 'Ari'], addDays(today, -1));
  await video(['Xen', 'Bea'], '');
  return ids;
}

const suite = useSuite({ seed });

async function openCreatorPage(page: Page, id: number, name: string) {
  await page.goto(`/?creator=${id}`);
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible({ timeout: 20_000 });
}

describe('insights', () => {
  it('switches the leaderboard to the last 7 days, mirrored into the address and kept on reload', async () => {
    const { page } = suite.session;
    await openApp(page);
    await tab(page, /Leaderboard/).click();
    const collabs = page.getByRole('region', { name: 'Most Collaborations', exact: true });
    // All time: Ari 4 (the circle and Xen), Bea 4.
    await expect(collabs.getByRole('button').first()).toContainText('Ari');
    await expect(page.getByRole('radio', { name: 'All time', checked: true })).toBeVisible();

    await page.getByRole('radio', { name: 'Last 7 days' }).check();
    await page.waitForURL(/\?view=leaderboard&period=week$/);
    // This week: only the Ada circle and Xen; nobody ranked the week before.
    await expect(collabs.getByRole('button')).toHaveCount(5);
    await expect(
      collabs.getByRole('button', { name: 'Rank 1, gold medal Ari 4 collabs new this period', exact: true }),
    ).toBeVisible();
    await expect(collabs.getByText('Bea')).toHaveCount(0);
    const pairs = page.getByRole('region', { name: 'New pairs' });
    await expect(pairs.getByRole('button')).toHaveCount(7);

    await page.reload();
    await expect(page.getByRole('radio', { name: 'Last 7 days', checked: true })).toBeVisible({
      timeout: 20_000,
    });
    await expect(collabs.getByRole('button')).toHaveCount(5);
    await page.goBack();
    await page.waitForURL(/\?view=leaderboard$/);
    await expect(page.getByRole('radio', { name: 'All time', checked: true })).toBeVisible();
  });

  it('shows communities and bridges on the leaderboard and colours the graph by community', async () => {
    const { page } = suite.session;
    const ids = suite.data;
    await page.goto('/?view=leaderboard');
    const communities = page.getByRole('region', { name: 'Communities' });
    await expect(communities.getByRole('listitem').filter({ has: page.getByRole('list') })).toHaveCount(2, {
      timeout: 20_000,
    });
    await expect(page.getByRole('region', { name: 'Bridges' }).getByRole('button').first()).toContainText(
      'Xen',
    );

    await openCreatorPage(page, ids.Xen!, 'Xen');
    await page.getByRole('button', { name: 'Show collaboration network' }).click();
    const legend = page.getByRole('region', { name: 'Communities in this graph' });
    await expect(legend.getByRole('listitem')).toHaveCount(2);
    const fill = (id: number) =>
      page
        .locator(`.pr-graph__node[data-creator-id="${id}"] circle`)
        .evaluate((c) => getComputedStyle(c).fill);
    const [ari, bea] = [await fill(ids.Ari!), await fill(ids.Bea!)];
    expect(ari).toMatch(/^rgb/);
    expect(ari).not.toBe(bea);
  });

  it("lists 'Might collaborate' on the creator page; a chip opens that creator", async () => {
    const { page } = suite.session;
    await openCreatorPage(page, suite.data.Ada!, 'Ada');
    const section = page.getByRole('region', { name: 'Might collaborate' });
    await expect(section.getByRole('button')).toHaveCount(1);
    await section.getByRole('button', { name: 'Xen 1 shared collaborator' }).click();
    await expect(page.getByRole('heading', { name: 'Xen', exact: true })).toBeVisible();
    expect(new URL(page.url()).search).toBe(`?creator=${suite.data.Xen}`);
  });
});
