/** SPEC.md §2 authors (admin) and the search view's admin extras: add, duplicate, edit, delete, merge, duplicates. */
import { loginThroughApi } from '../support/browser';
import { expect, Page } from '../support/expect';
import { seedWorld } from '../support/fixtures';
import { useSuite } from '../support/suite';
import { creatorCard, listHeading, openAdminView, panel, row, searchBox } from '../support/ui';

const suite = useSuite({
  seed: async (api) => {
    const world = await seedWorld(api);
    const mergeA = await api.createCreator({
      name: 'Merge Me One',
      socialLinks: [{ url: 'https://www.youtube.com/@mergeone' }],
    });
    const mergeB = await api.createCreator({
      name: 'Merge Me Two',
      socialLinks: [{ url: 'https://www.youtube.com/@mergetwo' }],
    });
    await api.createVideo({
      title: 'Merge video one',
      url: 'https://www.youtube.com/watch?v=mergeVideo1',
      date: '2024-02-02',
      authorIds: [mergeA.id, world.creators.alice.id],
    });
    await api.createVideo({
      title: 'Merge video two',
      url: 'https://www.youtube.com/watch?v=mergeVideo2',
      date: '2024-02-03',
      authorIds: [mergeB.id],
    });
    return { ...world, mergeA, mergeB };
  },
});

async function openAuthors(): Promise<Page> {
  const { context, baseURL, page } = suite.session;
  await loginThroughApi(context, baseURL);
  await openAdminView(page, 'authors', 'Manage Creators');
  return page;
}

async function creatorCount(page: Page): Promise<number> {
  const heading = page.getByText(/^All Creators \(\d+\)$/).last();
  await expect(heading).toBeVisible();
  return Number((await heading.innerText()).match(/\d+/)![0]);
}

describe('manage creators', () => {
  it('adds a creator, and rejects a case-insensitive duplicate with an alert', async () => {
    const s = suite.session;
    const page = await openAuthors();
    const before = await creatorCount(page);
    const form = panel(page, 'Add New Creator');
    const name = form.getByLabel(/name/i).or(form.getByPlaceholder(/name/i)).first();
    const add = form.getByRole('button', { name: /^Add Creator$/i });
    await expect(add).toBeDisabled();
    await name.fill('Hana Hiker');
    await form
      .getByPlaceholder(/url/i)
      .or(form.getByLabel(/url/i))
      .first()
      .fill('https://www.youtube.com/@hanahikes');
    await add.click();
    await expect(page.getByText(`All Creators (${before + 1})`, { exact: true })).toBeVisible();
    const created = (await suite.api.creators()).find((c) => c.name === 'Hana Hiker');
    expect(created?.socialLinks).toEqual([
      { platform: 'YouTube', url: 'https://www.youtube.com/@hanahikes' },
    ]);
    expect(created?.channel).toBe('https://www.youtube.com/@hanahikes');
    expect(created?.photo).toBeTruthy();

    await name.fill('hana HIKER');
    const dialog = s.nextDialog();
    await add.click();
    const { message } = await dialog;
    expect(message).toMatch(/^Creator "(hana HIKER|Hana Hiker)" already exists in the database!$/);
    await expect(name).toHaveValue('');
    expect((await suite.api.creators()).filter((c) => c.name.toLowerCase() === 'hana hiker')).toHaveLength(1);
  });

  it('edits a creator inline', async () => {
    const page = await openAuthors();
    await row(page, 'Frank Solo').getByRole('button', { name: /edit/i }).click();
    await page.locator('input[value="Frank Solo"]').fill('Frank Soloist');
    await page.getByRole('button', { name: /^save/i }).click();
    await expect(page.getByText('Frank Soloist', { exact: true }).first()).toBeVisible();
    expect((await suite.api.creators()).find((c) => c.id === suite.data.creators.frank.id)?.name).toBe(
      'Frank Soloist',
    );
  });

  it('deletes a creator after the confirmation and removes it from its videos', async () => {
    const s = suite.session;
    const page = await openAuthors();
    const before = await creatorCount(page);
    const dialog = s.nextDialog();
    await row(page, 'Dan Dancer')
      .getByRole('button', { name: /delete/i })
      .click();
    expect((await dialog).type).toBe('confirm');
    await expect(page.getByText(`All Creators (${before - 1})`, { exact: true })).toBeVisible();
    expect((await suite.api.creators()).some((c) => c.id === suite.data.creators.dan.id)).toBe(false);
    const v3 = (await suite.api.videos()).find((v) => v.id === suite.data.videos.v3.id);
    expect(v3?.authorIds).toEqual([suite.data.creators.alice.id, suite.data.creators.bob.id]);
  });

  it('merges two creators through the prompt and the confirmation', async () => {
    const s = suite.session;
    const { context, baseURL, page } = s;
    await loginThroughApi(context, baseURL);
    await page.goto('/');
    await expect(listHeading(page)).toBeVisible({ timeout: 20_000 });
    await searchBox(page).fill('Merge Me');
    await expect(listHeading(page)).toHaveText('Search Results (2)');
    await page.getByRole('button', { name: 'Merge Mode' }).click();
    await creatorCard(page, 'Merge Me One').getByRole('checkbox').check();
    await creatorCard(page, 'Merge Me Two').getByRole('checkbox').check();
    await expect(page.getByRole('button', { name: '2 Selected' })).toBeVisible();

    s.answerDialogs('1', true);
    const prompt = s.nextDialog();
    const confirm = s.nextDialog();
    await page.getByRole('button', { name: 'Merge Selected' }).click();
    expect((await prompt).type).toBe('prompt');
    expect((await prompt).message).toMatch(/Merge Me One[\s\S]*Merge Me Two|Merge Me Two[\s\S]*Merge Me One/);
    expect((await confirm).type).toBe('confirm');

    await expect(listHeading(page)).toHaveText('Search Results (1)', { timeout: 15_000 });
    const remaining = (await suite.api.creators()).filter((c) => c.name.startsWith('Merge Me'));
    expect(remaining).toHaveLength(1);
    const videos = (await suite.api.videos()).filter((v) => v.title.startsWith('Merge video'));
    for (const v of videos) expect(v.authorIds).toContain(remaining[0]!.id);
    // Departure 9: the merged-away name still finds the primary.
    await searchBox(page).fill('');
    await searchBox(page).fill(remaining[0]!.name === 'Merge Me One' ? 'Merge Me Two' : 'Merge Me One');
    await expect(listHeading(page)).toHaveText('Search Results (1)');
  });

  it("refuses to merge fewer than 2 creators ('Need at least 2 creators to merge')", async () => {
    const s = suite.session;
    const { context, baseURL, page } = s;
    await loginThroughApi(context, baseURL);
    await page.goto('/');
    await expect(listHeading(page)).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Merge Mode' }).click();
    await creatorCard(page, 'Carol Chef').getByRole('checkbox').check();
    const dialog = s.nextDialog();
    await page.getByRole('button', { name: 'Merge Selected' }).click();
    expect(await dialog).toEqual({ type: 'alert', message: 'Need at least 2 creators to merge' });
  });

  it('finds duplicate names in the cleanup panel', async () => {
    // Names equal after lowercasing, trimming and collapsing spaces; the API may already refuse some.
    for (const name of ['Ivy  Ingram', 'Ivy Ingram ']) {
      await suite.api.createCreator({ name }).catch(() => undefined);
    }
    const names = (await suite.api.creators()).map((c) => c.name).filter((n) => /^ivy\s+ingram\s*$/i.test(n));
    const page = await openAuthors();
    const cleanup = panel(page, 'Bulk Actions & Cleanup');
    await cleanup.getByRole('button', { name: /duplicate/i }).click();
    if (names.length < 2) {
      // The API keeps names unique after normalising, so there is nothing to find.
      await expect(page.getByText(/no duplicate/i).first()).toBeVisible();
      return;
    }
    await expect(page.getByText(/Ivy\s+Ingram/).first()).toBeVisible();
  });
});
