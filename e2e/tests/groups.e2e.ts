/**
 * Groups (docs/product.md "Groups"): the group page at `?group=<id>` with its members and their years,
 * the inside/across chart and the members' board; reached from a creator page and from search; the
 * pair page's inside/across marks. Checked at 1280 and 360 px with axe. Data:
 *   Aurora Live (agency): Mira 2019-04-01–2021-12-31 and again from 2023-02-01, Juno from 2020-01-15
 *   Videos: Mira & Juno 2020-06-01 (inside), Mira & Juno 2022-05-01 (across: Mira had left),
 *           Juno & Kai 2021-03-01 (across)
 */
import { expect, Page } from '../support/expect';
import type { AdminApi } from '../support/api';
import { horizontalOverflow, seriousAxeFindings } from '../support/a11y';
import { useSuite } from '../support/suite';

interface Seeded {
  groupId: number;
  ids: Record<string, number>;
}

async function seed(api: AdminApi): Promise<Seeded> {
  const ids: Record<string, number> = {};
  for (const name of ['Mira Solberg', 'Juno Park', 'Kai Verhoeven']) {
    ids[name] = ((await api.request('POST', '/api/creators', { name })) as { id: number }).id;
  }
  const group = (await api.request('POST', '/api/groups', { name: 'Aurora Live', kind: 'agency' })) as {
    id: number;
  };
  const member = (name: string, from: string, to: string | null = null) =>
    api.request('POST', `/api/groups/${group.id}/members`, { creatorId: ids[name], from, to });
  await member('Mira Solberg', '2019-04-01', '2021-12-31');
  await member('Mira Solberg', '2023-02-01');
  await member('Juno Park', '2020-01-15');
  const video = (title: string, date: string, names: string[]) =>
    api.request('POST', '/api/videos', { title, date, authorIds: names.map((n) => ids[n]) });
  await video('Summer duet', '2020-06-01', ['Mira Solberg', 'Juno Park']);
  await video('Reunion stream', '2022-05-01', ['Mira Solberg', 'Juno Park']);
  await video('Guest night', '2021-03-01', ['Juno Park', 'Kai Verhoeven']);
  return { groupId: group.id, ids };
}

const suite = useSuite({ seed });

async function expectCleanAt(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
  await page.waitForTimeout(100);
  expect(await seriousAxeFindings(page)).toEqual([]);
  const overflow = await horizontalOverflow(page);
  expect(overflow).toEqual({ excess: 0, culprits: [] });
}

describe('groups', () => {
  it('opens ?group=<id> and shows its members with their years, the chart and the board', async () => {
    const { page } = suite.session;
    const { groupId } = suite.data;
    await page.goto(`/?group=${groupId}`);
    await expect(page.getByRole('heading', { name: 'Aurora Live', level: 2 })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByText('Agency', { exact: true })).toBeVisible();
    const members = page.getByRole('list', { name: 'Members' });
    await expect(members.getByRole('listitem')).toHaveCount(2);
    const mira = members.getByRole('listitem').filter({ hasText: 'Mira Solberg' });
    await expect(mira).toContainText('2019–2021, 2023–now');
    await expect(members.getByRole('listitem').filter({ hasText: 'Juno Park' })).toContainText('2020–now');

    // One inside (2020), two across (2021, 2022).
    await expect(
      page.getByRole('img', { name: /from 2020 to 2022: 1 inside the group, 2 across it/ }),
    ).toBeVisible();
    // Today's members: Mira (back since 2023) and Juno.
    const board = page.getByRole('region', { name: 'Most Collaborations' });
    await expect(board.getByRole('button')).toHaveCount(2);
    await expect(board.getByRole('button').first()).toContainText('Juno Park');

    for (const width of [1280, 360]) await expectCleanAt(page, width);

    await mira.getByRole('button', { name: 'Mira Solberg' }).click();
    await page.waitForURL(new RegExp(`\\?creator=${suite.data.ids['Mira Solberg']}$`));
    await expect(page.getByRole('heading', { name: 'Mira Solberg', level: 2 })).toBeVisible();
  });

  it('lists a creator’s groups with links to the group page', async () => {
    const { page } = suite.session;
    const { groupId, ids } = suite.data;
    await page.goto(`/?creator=${ids['Mira Solberg']}`);
    const groups = page.getByRole('region', { name: 'Groups' });
    await expect(groups.getByRole('listitem')).toHaveCount(2, { timeout: 20_000 });
    await expect(groups.getByRole('listitem').first()).toContainText('Aurora Live 2019–2021');
    await expectCleanAt(page, 360);
    await page.setViewportSize({ width: 1280, height: 800 });
    await groups.getByRole('link', { name: 'Aurora Live' }).first().click();
    await page.waitForURL(new RegExp(`\\?group=${groupId}$`));
    await expect(page.getByRole('heading', { name: 'Aurora Live', level: 2 })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Mira Solberg', level: 2 })).toBeVisible();
  });

  it('finds a group from the search box', async () => {
    const { page } = suite.session;
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search creators' }).fill('auro');
    const groups = page.getByRole('navigation', { name: 'Groups' });
    await groups.getByRole('link', { name: /Aurora Live/ }).click({ timeout: 20_000 });
    await page.waitForURL(new RegExp(`\\?group=${suite.data.groupId}$`));
    await expect(page.getByRole('heading', { name: 'Aurora Live', level: 2 })).toBeVisible();
  });

  it('marks the pair page inside or across as of each video date', async () => {
    const { page } = suite.session;
    const { ids } = suite.data;
    await page.goto(`/?pair=${ids['Mira Solberg']}-${ids['Juno Park']}`);
    const summer = page.getByRole('listitem').filter({ hasText: 'Summer duet' });
    await expect(summer.getByText('inside Aurora Live')).toBeVisible({ timeout: 20_000 });
    const reunion = page.getByRole('listitem').filter({ hasText: 'Reunion stream' });
    await expect(reunion.getByText('across', { exact: true })).toBeVisible();
    await expectCleanAt(page, 360);
  });
});
