/**
 * Groups on screen (docs/product.md "Groups"): the network coloured by group with its legend
 * (`&colour=group`), the group board's Count toggle (`&count=events`), and the admin's Groups screen
 * creating a group and a membership. Checked at 1280 and 360 px with axe. Data:
 *   Aurora Live (agency): Mira from 2019-04-01, Juno from 2020-01-15; Kai in no group.
 *   Videos: Mira & Juno (two), Mira & Kai (one).
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
  const member = (name: string, from: string) =>
    api.request('POST', `/api/groups/${group.id}/members`, { creatorId: ids[name], from, to: null });
  await member('Mira Solberg', '2019-04-01');
  await member('Juno Park', '2020-01-15');
  const video = (title: string, date: string, names: string[]) =>
    api.request('POST', '/api/videos', { title, date, authorIds: names.map((n) => ids[n]) });
  await video('Summer duet', '2020-06-01', ['Mira Solberg', 'Juno Park']);
  await video('Winter duet', '2021-12-01', ['Mira Solberg', 'Juno Park']);
  await video('Guest night', '2021-03-01', ['Mira Solberg', 'Kai Verhoeven']);
  return { groupId: group.id, ids };
}

const suite = useSuite({ seed });

async function expectCleanAt(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
  await page.waitForTimeout(150);
  expect(await seriousAxeFindings(page)).toEqual([]);
  // The page never scrolls sideways; the admin tab strip scrolls inside itself at 360 px, as in the
  // accessibility suite, so only the page's excess counts.
  expect((await horizontalOverflow(page)).excess).toBe(0);
}

describe('groups on screen', () => {
  it('colours the network by group, with a legend, from the address', async () => {
    const { page } = suite.session;
    const { ids } = suite.data;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/?creator=${ids['Mira Solberg']}&colour=group`);
    const legend = page.getByRole('region', { name: 'Groups in this graph' });
    await expect(legend.getByRole('listitem')).toHaveCount(2, { timeout: 20_000 });
    expect(await legend.getByRole('listitem').allInnerTexts()).toEqual([
      'Aurora Live (agency)',
      'In no group',
    ]);
    const graph = page.getByRole('img', { name: /^Collaboration network of Mira Solberg/ });
    const fill = (name: string) =>
      graph
        .locator(`[data-creator-id="${ids[name]}"] circle`)
        .evaluate((circle) => getComputedStyle(circle).fill);
    expect(await fill('Mira Solberg')).toBe(await fill('Juno Park'));
    expect(await fill('Kai Verhoeven')).not.toBe(await fill('Juno Park'));
    await expect(graph.locator(`[data-creator-id="${ids['Kai Verhoeven']}"]`)).toHaveAttribute(
      'class',
      /pr-graph__node--neutral/,
    );
    for (const width of [1280, 360]) await expectCleanAt(page, width);

    const colourBy = page.getByRole('group', { name: 'Colour by' });
    await colourBy.getByRole('radio', { name: 'Community' }).check();
    await page.waitForURL(new RegExp(`\\?creator=${ids['Mira Solberg']}$`));
    await expect(legend).toHaveCount(0);
    await colourBy.getByRole('radio', { name: 'Group' }).check();
    await page.waitForURL(new RegExp(`\\?creator=${ids['Mira Solberg']}&colour=group$`));
    await expect(legend.getByRole('listitem').first()).toHaveText('Aurora Live (agency)');
  });

  it('counts the group board by event with the Count toggle, kept in the address', async () => {
    const { page } = suite.session;
    const { groupId } = suite.data;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/?group=${groupId}`);
    const board = page.getByRole('region', { name: 'Most Collaborations' });
    await expect(board.getByRole('button').first()).toContainText('Mira Solberg', { timeout: 20_000 });
    await expect(board.getByRole('button').first()).toContainText('3 collabs');
    await page.getByRole('group', { name: 'Count' }).getByRole('radio', { name: 'Events' }).check();
    await page.waitForURL(new RegExp(`\\?group=${groupId}&count=events$`));
    // No video here is part of a collab event, so each counts once as its own.
    await expect(board.getByRole('button').first()).toContainText('3 events');
    for (const width of [1280, 360]) await expectCleanAt(page, width);
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Events' })).toBeVisible({ timeout: 20_000 });
    expect(await page.getByRole('radio', { name: 'Events' }).isChecked()).toBe(true);
  });

  it('creates a group and a membership on the admin Groups screen', async () => {
    const session = await suite.loginAdmin();
    const { page } = session;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/?view=groups');
    await expect(page.getByRole('heading', { name: 'Groups', exact: true, level: 2 })).toBeVisible({
      timeout: 20_000,
    });
    const add = page.getByRole('form', { name: 'Add group' });
    await add.getByLabel('Group name').fill('Aurora Live');
    await add.getByRole('button', { name: 'Create Group' }).click();
    await expect(add.getByRole('alert')).toContainText('Aurora Live');
    await add.getByLabel('Group name').fill('Night Owls');
    await add.getByLabel('Kind').selectOption('team');
    await add.getByRole('button', { name: 'Create Group' }).click();
    const list = page.getByRole('list', { name: 'Groups' });
    await expect(list.getByText('Night Owls')).toBeVisible();

    const members = page.getByRole('region', { name: 'Members of Night Owls' });
    await expect(members.getByText('No members yet')).toBeVisible();
    const membership = members.getByRole('form', { name: 'Add a membership to Night Owls' });
    await membership.getByLabel('Creator').fill('kai');
    await membership.getByRole('button', { name: 'Kai Verhoeven' }).click();
    await membership.getByLabel('From').fill('2024-01-01');
    await membership.getByRole('button', { name: 'Add Membership' }).click();
    const periods = members.getByRole('list', { name: 'Memberships of Night Owls' });
    await expect(periods.getByRole('listitem')).toHaveCount(1);
    await expect(periods.getByRole('listitem')).toContainText('Kai Verhoeven');
    await expect(periods.getByRole('listitem')).toContainText('since Jan 1, 2024');
    for (const width of [1280, 360]) await expectCleanAt(page, width);

    // The group page shows what the screen wrote.
    const created = (await suite.api.request('GET', '/api/groups?q=night')) as {
      items: { id: number }[];
    };
    await page.goto(`/?group=${created.items[0]!.id}`);
    await expect(page.getByRole('list', { name: 'Members' }).getByRole('listitem')).toContainText(
      'Kai Verhoeven',
      { timeout: 20_000 },
    );
  });
});
