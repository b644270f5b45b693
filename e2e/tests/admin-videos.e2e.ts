/** SPEC.md §2 videos (admin): add, inline edit, delete with confirm, bulk delete with a summary. */
import { loginThroughApi } from '../support/browser';
import { expect, Page } from '../support/expect';
import { seedWorld } from '../support/fixtures';
import { useSuite } from '../support/suite';
import { openAdminView, panel, row } from '../support/ui';

const suite = useSuite({ seed: seedWorld });

async function openVideos(): Promise<Page> {
  const { context, baseURL, page } = suite.session;
  await loginThroughApi(context, baseURL);
  await openAdminView(page, 'videos', 'Manage Videos');
  return page;
}

async function videoCount(page: Page): Promise<number> {
  const heading = page.getByText(/^All Videos \(\d+\)$/);
  await expect(heading).toBeVisible();
  return Number((await heading.innerText()).match(/\d+/)![0]);
}

describe('manage videos', () => {
  it('shows the sections of the videos view', async () => {
    const page = await openVideos();
    for (const title of [
      'Bulk Import Videos',
      'Rescan for Collaborators',
      'Add New Video',
      'Bulk Delete Videos',
    ]) {
      await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
    }
    expect(await videoCount(page)).toBe((await suite.api.videos()).length);
  });

  it('adds a video once a title and a creator are given', async () => {
    const page = await openVideos();
    const before = await videoCount(page);
    const form = panel(page, 'Add New Video');
    const add = form.getByRole('button', { name: /^Add Video$/i });
    await expect(form.getByText('Select Creators (at least one required)')).toBeVisible();
    await expect(add).toBeDisabled();

    await form.getByLabel(/title/i).or(form.getByPlaceholder(/title/i)).first().fill('E2E added video');
    await form
      .getByLabel(/url/i)
      .or(form.getByPlaceholder(/url/i))
      .first()
      .fill('https://www.youtube.com/watch?v=e2eAdded001');
    await form.locator('input[type="date"]').fill('2024-07-04');
    await expect(add).toBeDisabled();
    await form
      .getByLabel('Carol Chef')
      .or(form.getByText('Carol Chef', { exact: true }))
      .first()
      .click();
    await form
      .getByLabel('Dan Dancer')
      .or(form.getByText('Dan Dancer', { exact: true }))
      .first()
      .click();
    await expect(add).toBeEnabled();
    await add.click();

    await expect(page.getByText(`All Videos (${before + 1})`, { exact: true })).toBeVisible();
    await expect(page.getByText('E2E added video', { exact: true }).first()).toBeVisible();
    const saved = (await suite.api.videos()).find((v) => v.title === 'E2E added video');
    expect(saved).toMatchObject({
      date: '2024-07-04',
      authorIds: [suite.data.creators.carol.id, suite.data.creators.dan.id],
    });
  });

  it('edits a video inline', async () => {
    const page = await openVideos();
    const item = row(page, 'Frank solo vlog');
    await item.getByRole('button', { name: /edit/i }).click();
    const title = page.locator('input[value="Frank solo vlog"]');
    await title.fill('Frank solo vlog (edited)');
    await page.getByRole('button', { name: /^save/i }).click();
    await expect(page.getByText('Frank solo vlog (edited)', { exact: true })).toBeVisible();
    const videos = await suite.api.videos();
    expect(videos.find((v) => v.id === suite.data.videos.v6.id)?.title).toBe('Frank solo vlog (edited)');
  });

  it('deletes a video only after the confirmation', async () => {
    const s = suite.session;
    const page = await openVideos();
    const before = await videoCount(page);
    const item = row(page, 'Exploring with Eve');

    s.answerDialogs(false);
    let dialog = s.nextDialog();
    await item.getByRole('button', { name: /delete/i }).click();
    expect((await dialog).type).toBe('confirm');
    await expect(page.getByText(`All Videos (${before})`, { exact: true })).toBeVisible();
    expect((await suite.api.videos()).some((v) => v.id === suite.data.videos.v5.id)).toBe(true);

    dialog = s.nextDialog();
    await item.getByRole('button', { name: /delete/i }).click();
    expect((await dialog).type).toBe('confirm');
    await expect(page.getByText(`All Videos (${before - 1})`, { exact: true })).toBeVisible();
    expect((await suite.api.videos()).some((v) => v.id === suite.data.videos.v5.id)).toBe(false);
  });

  it('bulk deletes the selected videos and reports how many', async () => {
    const s = suite.session;
    const page = await openVideos();
    const before = await videoCount(page);
    const bulk = panel(page, 'Bulk Delete Videos');
    const deleteButton = bulk.getByRole('button', { name: /delete/i }).last();

    // Nothing selected: an alert, nothing deleted.
    if (await deleteButton.isEnabled()) {
      const empty = s.nextDialog();
      await deleteButton.click();
      expect((await empty).type).toBe('alert');
    }

    await bulk
      .getByLabel(/Treehouse build/)
      .or(bulk.getByText('Treehouse build'))
      .first()
      .click();
    await bulk
      .getByLabel(/Cooking with Carol/)
      .or(bulk.getByText('Cooking with Carol'))
      .first()
      .click();
    const confirm = s.nextDialog();
    await deleteButton.click();
    expect((await confirm).type).toBe('confirm');
    const summary = await s.nextDialog(20_000);
    expect(summary).toEqual({ type: 'alert', message: expect.stringMatching(/^Deleted 2 video\(s\)\./) });
    await expect(page.getByText(`All Videos (${before - 2})`, { exact: true })).toBeVisible();
    const titles = (await suite.api.videos()).map((v) => v.title);
    expect(titles).not.toContain('Treehouse build');
    expect(titles).not.toContain('Cooking with Carol');
  });
});
