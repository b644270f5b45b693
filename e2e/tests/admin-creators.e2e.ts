/** docs/product.md §2 authors (admin) and the search view's admin extras: add, duplicate, edit, delete, merge, duplicates. */
import { expect, Page } from '../support/expect';
import { seedWorld } from '../support/fixtures';
import { useSuite } from '../support/suite';
import { creatorCard, listHeading, openAdminView, panel, searchBox } from '../support/ui';

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
  await suite.loginAdmin();
  const { page } = suite.session;
  await openAdminView(page, 'authors', 'Manage Creators');
  return page;
}

async function openSearchAsAdmin(): Promise<Page> {
  await suite.loginAdmin();
  const { page } = suite.session;
  await page.goto('/');
  await expect(listHeading(page)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Merge Mode' })).toBeVisible({ timeout: 20_000 });
  return page;
}

const allCreatorsHeading = (page: Page, n: number) =>
  page.getByRole('heading', { name: `All Creators (${n})`, exact: true });

async function creatorCount(page: Page): Promise<number> {
  const heading = page.getByRole('heading', { name: /^All Creators \(\d+\)$/ });
  await expect(heading).toBeVisible();
  return Number((await heading.innerText()).match(/\d+/)![0]);
}

const creatorItem = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

describe('manage creators', () => {
  it('adds a creator, and rejects a case-insensitive duplicate with an alert', async () => {
    const s = suite.session;
    const page = await openAuthors();
    const before = await creatorCount(page);
    const form = panel(page, 'Add New Creator');
    const name = form.getByLabel('Name', { exact: true });
    const add = form.getByRole('button', { name: 'Add Creator', exact: true });
    await expect(add).toBeDisabled();
    await name.fill('Hana Hiker');
    await form.getByLabel('Link URL').fill('https://www.youtube.com/@hanahikes');
    await add.click();
    await expect(allCreatorsHeading(page, before + 1)).toBeVisible();
    await expect(creatorItem(page, 'Hana Hiker')).toBeVisible();
    const created = (await suite.api.creators()).find((c) => c.name === 'Hana Hiker');
    expect(created?.socialLinks).toEqual([
      { platform: 'YouTube', url: 'https://www.youtube.com/@hanahikes' },
    ]);
    expect(created?.channel).toBe('https://www.youtube.com/@hanahikes');
    expect(created?.photo).toBeTruthy();

    await expect(name).toHaveValue('');
    // Only the API sees every creator, so it decides: a 409, then the alert.
    s.expectErrors(/HTTP 409 POST .*\/api\/creators|already exists in the database/);
    await name.fill('hana HIKER');
    const dialog = s.nextDialog();
    await add.click();
    expect(await dialog).toEqual({
      type: 'alert',
      message: 'Creator "hana HIKER" already exists in the database!',
    });
    await expect(name).toHaveValue('');
    expect((await suite.api.creators()).filter((c) => c.name.toLowerCase() === 'hana hiker')).toHaveLength(1);
  });

  it('edits a creator inline', async () => {
    const page = await openAuthors();
    await creatorItem(page, 'Frank Solo').getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('form', { name: 'Edit creator Frank Solo' });
    await editor.getByLabel('Name', { exact: true }).fill('Frank Soloist');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(creatorItem(page, 'Frank Soloist')).toBeVisible();
    await expect(editor).toBeHidden();
    const frank = (await suite.api.creators()).find((c) => c.id === suite.data.creators.frank.id);
    expect(frank?.name).toBe('Frank Soloist');
  });

  it('edits social links: platform detected read-only, remove only with two or more, blank links dropped', async () => {
    const page = await openAuthors();
    await creatorItem(page, 'Bob Builder').getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('form', { name: 'Edit creator Bob Builder' });
    await expect(editor.getByRole('button', { name: /^Remove link/ })).toHaveCount(0);
    await expect(editor.getByRole('status', { name: 'Detected platform for link 1' })).toHaveText('YouTube');

    await editor.getByRole('button', { name: /Add link/ }).click();
    await expect(editor.getByRole('button', { name: /^Remove link/ })).toHaveCount(2);
    await editor.getByLabel('Link 2 URL').fill('https://www.instagram.com/bobbuilds');
    await expect(editor.getByRole('status', { name: 'Detected platform for link 2' })).toHaveText(
      'Instagram',
    );
    await editor.getByRole('button', { name: /Add link/ }).click();
    await editor.getByLabel('Link 3 URL').fill('   ');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toBeHidden();

    const bob = (await suite.api.creators()).find((c) => c.id === suite.data.creators.bob.id);
    expect(bob?.socialLinks).toEqual([
      { platform: 'YouTube', url: 'https://www.youtube.com/@bobbuilds' },
      { platform: 'Instagram', url: 'https://www.instagram.com/bobbuilds' },
    ]);
    expect(bob?.channel).toBe('https://www.youtube.com/@bobbuilds');
  });

  it('edits other names: adds them with tags, removes one, refuses a bad tag naming it', async () => {
    const s = suite.session;
    const page = await openAuthors();
    const danId = suite.data.creators.dan.id;
    const otherNamesOfDan = async () =>
      ((await suite.api.creators()).find((c) => c.id === danId) as { otherNames?: unknown })?.otherNames;
    await creatorItem(page, 'Dan Dancer').getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('form', { name: 'Edit creator Dan Dancer' });
    await editor.getByRole('button', { name: /Add other name/ }).click();
    await editor.getByLabel('Other name 1', { exact: true }).fill('ダン・ダンサー');
    await editor.getByLabel('Language of other name 1').fill('ja-kana');
    await editor.getByRole('button', { name: /Add other name/ }).click();
    await editor.getByLabel('Other name 2', { exact: true }).fill('Dan Tänzer');
    await editor.getByLabel('Language of other name 2').fill('de');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toBeHidden();
    expect(await otherNamesOfDan()).toEqual([
      { name: 'ダン・ダンサー', lang: 'ja-Kana' },
      { name: 'Dan Tänzer', lang: 'de' },
    ]);

    // The form opens with them; removing one and giving the other a bad tag is refused, naming lang.
    await creatorItem(page, 'Dan Dancer').getByRole('button', { name: 'Edit' }).click();
    await expect(editor.getByLabel('Other name 2', { exact: true })).toHaveValue('Dan Tänzer');
    await editor.getByRole('button', { name: 'Remove other name 1' }).click();
    await expect(editor.getByLabel('Other name 1', { exact: true })).toHaveValue('Dan Tänzer');
    await editor.getByLabel('Language of other name 1').fill('de_DE');
    s.expectErrors(/HTTP 400 PUT .*\/api\/creators|lang/);
    const dialog = s.nextDialog();
    await editor.getByRole('button', { name: 'Save' }).click();
    expect((await dialog).message).toContain('otherNames');
    expect((await dialog).message).toContain('lang');
    await expect(editor).toBeVisible();
    expect(await otherNamesOfDan()).toHaveLength(2);

    await editor.getByLabel('Language of other name 1').fill('');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toBeHidden();
    expect(await otherNamesOfDan()).toEqual([{ name: 'Dan Tänzer' }]);
  });

  it('saves nothing when the edited name is blank', async () => {
    const page = await openAuthors();
    await creatorItem(page, 'Carol Chef').getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('form', { name: 'Edit creator Carol Chef' });
    await editor.getByLabel('Name', { exact: true }).fill('   ');
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.waitForTimeout(500);
    await expect(editor).toBeVisible();
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(creatorItem(page, 'Carol Chef')).toBeVisible();
    expect((await suite.api.creators()).find((c) => c.id === suite.data.creators.carol.id)?.name).toBe(
      'Carol Chef',
    );
  });

  it('deletes a creator after the confirmation and removes it from its videos', async () => {
    const s = suite.session;
    const page = await openAuthors();
    const before = await creatorCount(page);
    const dialog = s.nextDialog();
    await creatorItem(page, 'Dan Dancer').getByRole('button', { name: 'Delete' }).click();
    expect((await dialog).type).toBe('confirm');
    await expect(allCreatorsHeading(page, before - 1)).toBeVisible();
    await expect(creatorItem(page, 'Dan Dancer')).toBeHidden();
    expect((await suite.api.creators()).some((c) => c.id === suite.data.creators.dan.id)).toBe(false);
    const v3 = (await suite.api.videos()).find((v) => v.id === suite.data.videos.v3.id);
    expect(v3?.authorIds).toEqual([suite.data.creators.alice.id, suite.data.creators.bob.id]);
  });

  it("refuses to merge fewer than 2 creators ('Need at least 2 creators to merge')", async () => {
    const s = suite.session;
    const page = await openSearchAsAdmin();
    await page.getByRole('button', { name: 'Merge Mode' }).click();
    await creatorCard(page, 'Carol Chef').getByRole('checkbox', { name: 'Carol Chef' }).check();
    const dialog = s.nextDialog();
    await page.getByRole('button', { name: 'Merge Selected' }).click();
    expect(await dialog).toEqual({ type: 'alert', message: 'Need at least 2 creators to merge' });
  });

  it('rejects an invalid choice in the merge prompt', async () => {
    const s = suite.session;
    const page = await openSearchAsAdmin();
    await page.getByRole('button', { name: 'Merge Mode' }).click();
    await creatorCard(page, 'Carol Chef').getByRole('checkbox', { name: 'Carol Chef' }).check();
    await creatorCard(page, 'Eve Explorer').getByRole('checkbox', { name: 'Eve Explorer' }).check();
    s.answerDialogs('7');
    const prompt = s.nextDialog();
    const invalid = s.nextDialog();
    await page.getByRole('button', { name: 'Merge Selected' }).click();
    expect((await prompt).type).toBe('prompt');
    expect(await invalid).toEqual({ type: 'alert', message: 'Invalid selection' });
    expect(
      (await suite.api.creators()).filter((c) => ['Carol Chef', 'Eve Explorer'].includes(c.name)),
    ).toHaveLength(2);
  });

  it('merges two creators through the prompt and the confirmation', async () => {
    const s = suite.session;
    const page = await openSearchAsAdmin();
    await searchBox(page).fill('Merge Me');
    await expect(listHeading(page)).toHaveText('Search Results (2)');
    await page.getByRole('button', { name: 'Merge Mode' }).click();
    await expect(page.getByRole('button', { name: '0 Selected' })).toBeVisible();
    await creatorCard(page, 'Merge Me One').getByRole('checkbox', { name: 'Merge Me One' }).check();
    await creatorCard(page, 'Merge Me Two').getByRole('checkbox', { name: 'Merge Me Two' }).check();
    await expect(page.getByRole('button', { name: '2 Selected' })).toBeVisible();

    s.answerDialogs('1', true);
    const prompt = s.nextDialog();
    const confirm = s.nextDialog();
    await page.getByRole('button', { name: 'Merge Selected' }).click();
    const asked = await prompt;
    expect(asked.type).toBe('prompt');
    expect(asked.message).toMatch(/1\D+Merge Me One[\s\S]*2\D+Merge Me Two/);
    expect((await confirm).type).toBe('confirm');

    const remaining = async () => (await suite.api.creators()).filter((c) => c.name.startsWith('Merge Me'));
    await expect(listHeading(page)).toHaveText('Search Results (1)', { timeout: 15_000 });
    await expect(creatorCard(page, 'Merge Me One')).toBeVisible();
    expect((await remaining()).map((c) => c.id)).toEqual([suite.data.mergeA.id]);
    const videos = (await suite.api.videos()).filter((v) => v.title.startsWith('Merge video'));
    expect(videos).toHaveLength(2);
    for (const v of videos) expect(v.authorIds).toContain(suite.data.mergeA.id);

    // docs/architecture.md "Deliberate departures" 9: the merged-away name still finds the primary.
    await searchBox(page).fill('Merge Me Two');
    await expect(listHeading(page)).toHaveText('Search Results (1)');
    await expect(creatorCard(page, 'Merge Me One')).toBeVisible();

    // docs/architecture.md "Deliberate departures" 8: a merged-away creator's link leads to the creator it was merged into.
    await page.goto(`/?creator=${suite.data.mergeB.id}`);
    await expect(page.getByRole('heading', { name: 'Merge Me One' })).toBeVisible({ timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get('creator')).toBe(String(suite.data.mergeA.id));
  });

  it("finds duplicate names (aliases count) in 'Bulk Actions & Cleanup'", async () => {
    const page = await openAuthors();
    const cleanup = panel(page, 'Bulk Actions & Cleanup');
    await cleanup.getByRole('button', { name: 'Find Duplicates' }).click();
    await expect(cleanup.getByText('No duplicates found')).toBeVisible();

    // 'Merge Me Two' is now an alias of 'Merge Me One'; a new creator with that name (after
    // lowercasing and collapsing spaces) is a duplicate of the primary.
    await suite.api.createCreator({ name: 'merge  me TWO' });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Manage Creators' })).toBeVisible({ timeout: 20_000 });
    await panel(page, 'Bulk Actions & Cleanup').getByRole('button', { name: 'Find Duplicates' }).click();
    const groups = page.getByRole('list', { name: 'Duplicate groups' });
    await expect(groups.getByRole('listitem')).toHaveCount(1);
    await expect(groups).toContainText('Merge Me One');
    await expect(groups).toContainText(/merge\s+me TWO/);
  });
});
