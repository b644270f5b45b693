/** docs/product.md §2 videos (admin): add, inline edit, delete with confirm, bulk delete with a summary. */
import { expect, Page } from '../support/expect';
import { seedWorld } from '../support/fixtures';
import { useSuite } from '../support/suite';
import { openAdminView, panel } from '../support/ui';

const suite = useSuite({ seed: seedWorld });

async function openVideos(): Promise<Page> {
  await suite.loginAdmin();
  const { page } = suite.session;
  await openAdminView(page, 'videos', 'Manage Videos');
  return page;
}

async function videoCount(page: Page): Promise<number> {
  const heading = page.getByRole('heading', { name: /^All Videos \(\d+\)$/ });
  await expect(heading).toBeVisible();
  return Number((await heading.innerText()).match(/\d+/)![0]);
}

/** A video of the 'All Videos' list. */
const videoItem = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

describe('manage videos', () => {
  it('shows the sections of the videos view', async () => {
    const page = await openVideos();
    for (const title of [
      'Bulk Import Videos',
      'Rescan for Collaborators',
      'Add New Video',
      'Bulk Delete Videos',
    ]) {
      await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'All Videos (7)', exact: true })).toBeVisible();
  });

  it('adds a video once a title and a creator are given', async () => {
    const page = await openVideos();
    const form = panel(page, 'Add New Video');
    const add = form.getByRole('button', { name: 'Add Video', exact: true });
    await expect(form.getByText('Select Creators (at least one required)')).toBeVisible();
    await expect(add).toBeDisabled();

    await form.getByLabel('Title', { exact: true }).fill('E2E added video');
    await form.getByLabel('URL', { exact: true }).fill('https://www.youtube.com/watch?v=e2eAdded001');
    await form.locator('input[type="date"]').fill('2024-07-04');
    await expect(add).toBeDisabled();
    await form.getByLabel('Carol Chef', { exact: true }).check();
    await form.getByLabel('Dan Dancer', { exact: true }).check();
    await expect(form.getByText(/Current collaborators:\s*Carol Chef, Dan Dancer/)).toBeVisible();
    await expect(add).toBeEnabled();
    await add.click();

    await expect(page.getByRole('heading', { name: 'All Videos (8)', exact: true })).toBeVisible();
    await expect(videoItem(page, 'E2E added video')).toBeVisible();
    const saved = (await suite.api.videos()).find((v) => v.title === 'E2E added video');
    expect(saved).toMatchObject({
      url: 'https://www.youtube.com/watch?v=e2eAdded001',
      date: '2024-07-04',
      authorIds: [suite.data.creators.carol.id, suite.data.creators.dan.id],
    });
    await expect(form.getByLabel('Title', { exact: true })).toHaveValue('');
  });

  it('edits a video inline', async () => {
    const page = await openVideos();
    await videoItem(page, 'Frank solo vlog').getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('form', { name: 'Edit video Frank solo vlog' });
    await expect(editor).toBeVisible();
    await editor.getByLabel('Title', { exact: true }).fill('Frank solo vlog (edited)');
    await editor.getByRole('button', { name: /^Save/ }).click();
    await expect(videoItem(page, 'Frank solo vlog (edited)')).toBeVisible();
    await expect(editor).toBeHidden();
    const videos = await suite.api.videos();
    expect(videos.find((v) => v.id === suite.data.videos.v6.id)?.title).toBe('Frank solo vlog (edited)');
  });

  it('deletes a video only after the confirmation', async () => {
    const s = suite.session;
    const page = await openVideos();
    const before = await videoCount(page);
    const item = videoItem(page, 'Exploring with Eve');

    s.answerDialogs(false);
    let dialog = s.nextDialog();
    await item.getByRole('button', { name: 'Delete' }).click();
    expect((await dialog).type).toBe('confirm');
    await page.waitForTimeout(300);
    await expect(page.getByRole('heading', { name: `All Videos (${before})`, exact: true })).toBeVisible();
    expect((await suite.api.videos()).some((v) => v.id === suite.data.videos.v5.id)).toBe(true);

    dialog = s.nextDialog();
    await item.getByRole('button', { name: 'Delete' }).click();
    expect((await dialog).type).toBe('confirm');
    await expect(
      page.getByRole('heading', { name: `All Videos (${before - 1})`, exact: true }),
    ).toBeVisible();
    await expect(item).toBeHidden();
    expect((await suite.api.videos()).some((v) => v.id === suite.data.videos.v5.id)).toBe(false);
  });

  it('bulk deletes the selected videos and reports how many', async () => {
    const s = suite.session;
    const page = await openVideos();
    const before = await videoCount(page);
    const bulk = panel(page, 'Bulk Delete Videos');
    const deleteButton = bulk.getByRole('button', { name: /^Delete Selected/ });

    // Nothing selected: an alert, nothing deleted.
    const empty = s.nextDialog();
    await deleteButton.click();
    expect((await empty).type).toBe('alert');

    await bulk.getByLabel('Treehouse build', { exact: true }).check();
    await bulk.getByLabel('Cooking with Carol', { exact: true }).check();
    const confirm = s.nextDialog();
    const summary = s.nextDialog(20_000);
    await deleteButton.click();
    expect((await confirm).type).toBe('confirm');
    expect(await summary).toEqual({ type: 'alert', message: 'Deleted 2 video(s).' });
    await expect(
      page.getByRole('heading', { name: `All Videos (${before - 2})`, exact: true }),
    ).toBeVisible();
    const titles = (await suite.api.videos()).map((v) => v.title);
    expect(titles).not.toContain('Treehouse build');
    expect(titles).not.toContain('Cooking with Carol');
  });

  it('opens and closes the quick-add creator box, and selects a creator added there', async () => {
    const page = await openVideos();
    const form = panel(page, 'Add New Video');
    await form.getByRole('button', { name: 'Add new creator' }).click();
    const quick = page.getByRole('form', { name: 'Quick add creator' });
    await expect(quick).toBeVisible();
    await quick.getByRole('button', { name: 'Cancel' }).click();
    await expect(quick).toBeHidden();

    await form.getByRole('button', { name: 'Add new creator' }).click();
    await quick.getByLabel('Name', { exact: true }).fill('Quinn Quickadd');
    await quick.getByRole('button', { name: 'Add Creator' }).click();
    await expect(quick).toBeHidden();
    await expect(form.getByText(/Current collaborators:\s*Quinn Quickadd/)).toBeVisible();
    expect((await suite.api.creators()).some((c) => c.name === 'Quinn Quickadd')).toBe(true);
  });

  it('returns to the login screen when the server session is gone (401), changing nothing', async () => {
    const s = suite.session;
    const page = await openVideos();
    const before = (await suite.api.videos()).length;
    await s.context.clearCookies();
    s.expectErrors(/HTTP 401 DELETE|Admin login required/);
    const confirm = s.nextDialog();
    await videoItem(page, 'Alice alone').getByRole('button', { name: 'Delete' }).click();
    expect((await confirm).type).toBe('confirm');
    await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('isAdmin'))).not.toBe('true');
    expect((await suite.api.videos()).length).toBe(before);
  });
});
