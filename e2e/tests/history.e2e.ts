/** The admin 'History' view: undo a merge and a bulk delete; a refused undo explained. */
import { expect, Page } from '../support/expect';
import { seedWorld } from '../support/fixtures';
import { useSuite } from '../support/suite';
import { openAdminView, panel } from '../support/ui';

const suite = useSuite({ seed: seedWorld });

async function openHistory(): Promise<Page> {
  const { page } = suite.session;
  await page.goto('/?view=history');
  await expect(page.getByRole('heading', { name: 'History', exact: true })).toBeVisible({ timeout: 20_000 });
  return page;
}

const changes = (page: Page) => page.getByRole('list', { name: 'Changes, newest first' });

describe('history', () => {
  it('undoes a merge: both creators come back with their own videos', async () => {
    await suite.loginAdmin();
    const { alice, eve } = suite.data.creators;
    const before = await suite.api.videos();
    await suite.api.request('PATCH', '/api/creators', { primaryId: alice.id, mergeIds: [eve.id] });
    expect((await suite.api.creators()).some((c) => c.id === eve.id)).toBe(false);

    const page = await openHistory();
    const summary = 'Merged "Eve Explorer" into "Alice Archer"';
    await expect(changes(page).getByText(summary)).toBeVisible();
    await changes(page)
      .getByRole('button', { name: new RegExp(`^Undo #\\d+: ${summary}`) })
      .click();
    await expect(page.getByRole('status')).toContainText(`Undone: ${summary}`);
    await expect(changes(page).getByText(`Undid`, { exact: false }).first()).toBeVisible();

    const creators = await suite.api.creators();
    expect(creators.find((c) => c.id === eve.id)?.name).toBe('Eve Explorer');
    const after = await suite.api.videos();
    expect(after.map((v) => [v.id, v.authorIds])).toEqual(before.map((v) => [v.id, v.authorIds]));
  });

  it('undoes a bulk delete made in Manage Videos', async () => {
    const s = suite.session;
    await suite.loginAdmin();
    const before = await suite.api.videos();
    const { page } = s;
    await openAdminView(page, 'videos', 'Manage Videos');
    const bulk = panel(page, 'Bulk Delete Videos');
    await bulk.getByLabel('Treehouse build', { exact: true }).check();
    await bulk.getByLabel('Frank solo vlog', { exact: true }).check();
    s.answerDialogs(true);
    const confirm = s.nextDialog();
    const done = s.nextDialog(20_000);
    await bulk.getByRole('button', { name: /^Delete Selected/ }).click();
    expect((await confirm).type).toBe('confirm');
    expect((await done).type).toBe('alert');
    expect((await suite.api.videos()).length).toBe(before.length - 2);

    await page.getByRole('button', { name: 'History', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'History', exact: true })).toBeVisible({
      timeout: 20_000,
    });
    await changes(page)
      .getByRole('button', { name: /^Undo #\d+: Deleted 2 videos$/ })
      .click();
    await expect(page.getByRole('status')).toContainText('Undone: Deleted 2 videos');
    const after = await suite.api.videos();
    expect(after.map((v) => [v.id, v.title, v.authorIds])).toEqual(
      before.map((v) => [v.id, v.title, v.authorIds]),
    );
  });

  it('undoes a bulk delete of creators made in Manage Creators', async () => {
    const s = suite.session;
    await suite.loginAdmin();
    const { carol, dan } = suite.data.creators;
    const creatorsBefore = await suite.api.creators();
    const videosBefore = await suite.api.videos();
    const { page } = s;
    await openAdminView(page, 'authors', 'Manage Creators');
    await page.getByRole('checkbox', { name: `Select ${carol.name}` }).check();
    await page.getByRole('checkbox', { name: `Select ${dan.name}` }).check();
    s.answerDialogs(true);
    const confirm = s.nextDialog();
    const done = s.nextDialog(20_000);
    await panel(page, 'Bulk Actions & Cleanup')
      .getByRole('button', { name: /^Delete Selected/ })
      .click();
    expect((await confirm).type).toBe('confirm');
    expect((await done).type).toBe('alert');
    expect((await suite.api.creators()).length).toBe(creatorsBefore.length - 2);

    const history = await openHistory();
    await changes(history)
      .getByRole('button', { name: /^Undo #\d+: Deleted 2 creators$/ })
      .click();
    await expect(history.getByRole('status')).toContainText('Undone: Deleted 2 creators');
    const byId = <T extends { id: number }>(list: T[]) => [...list].sort((a, b) => a.id - b.id);
    expect(byId(await suite.api.creators()).map((c) => [c.id, c.name])).toEqual(
      byId(creatorsBefore).map((c) => [c.id, c.name]),
    );
    expect((await suite.api.videos()).map((v) => [v.id, v.authorIds])).toEqual(
      videosBefore.map((v) => [v.id, v.authorIds]),
    );
  });

  it('explains a refused undo and lists one creator’s changes from Manage Creators', async () => {
    await suite.loginAdmin();
    const made = await suite.api.createCreator({ name: 'History Hana', socialLinks: [] });
    await suite.api.request('PUT', '/api/creators', { id: made.id, name: 'History Hana K', socialLinks: [] });

    const { page } = suite.session;
    suite.session.expectErrors(/HTTP 409 POST .*\/api\/history\/\d+\/undo/);
    await openAdminView(page, 'authors', 'Manage Creators');
    await page.getByRole('button', { name: 'History of History Hana K' }).click();
    await expect(page.getByRole('heading', { name: 'Changes to History Hana K' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(changes(page).getByRole('listitem')).toHaveCount(2);
    await changes(page)
      .getByRole('button', { name: /^Undo #\d+: Added creator "History Hana"$/ })
      .click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Renamed creator "History Hana" to "History Hana K"');
    await expect(alert).toContainText('Undo the later change first');
    expect((await suite.api.creators()).some((c) => c.id === made.id)).toBe(true);
  });
});
