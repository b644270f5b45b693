/**
 * `with:"Name"` collaboration search in the visitor search box: the creators result,
 * the Videos choice, the address that shares both, and plain text unchanged. Data:
 *   Ada Lumen & Bram; Ada Lumen, Bram & Cleo; Cleo & Dev; Dev alone
 */
import { expect } from '../support/expect';
import type { AdminApi } from '../support/api';
import { useSuite } from '../support/suite';
import { creatorCard, listHeading, openApp, searchBox } from '../support/ui';

async function seed(api: AdminApi): Promise<void> {
  const ids: Record<string, number> = {};
  for (const name of ['Ada Lumen', 'Bram', 'Cleo', 'Dev']) {
    ids[name] = ((await api.request('POST', '/api/creators', { name })) as { id: number }).id;
  }
  for (const [title, names] of [
    ['Ada meets Bram', ['Ada Lumen', 'Bram']],
    ['The Trio Special', ['Ada Lumen', 'Bram', 'Cleo']],
    ['Cleo and Dev', ['Cleo', 'Dev']],
    ['Dev alone', ['Dev']],
  ] as const) {
    await api.request('POST', '/api/videos', { title, authorIds: names.map((n) => ids[n]) });
  }
}

const suite = useSuite({ seed });

describe('with: collaboration search', () => {
  it('lists collaborators, then the videos together, shared through the address', async () => {
    const { page } = suite.session;
    await openApp(page);
    await searchBox(page).fill('with:"ada lumen"');
    await expect(listHeading(page)).toHaveText('Search Results (2)');
    await expect(creatorCard(page, 'Bram')).toBeVisible();
    await expect(creatorCard(page, 'Cleo')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Dev', exact: true })).toHaveCount(0);
    await page.waitForURL(/\?q=with%3A%22ada\+lumen%22$/);

    await page.getByRole('radio', { name: 'Videos' }).check();
    await expect(page.getByRole('heading', { name: 'Videos with Ada Lumen (2)' })).toBeVisible();
    await expect(page.getByText('Ada meets Bram', { exact: true })).toBeVisible();
    await expect(page.getByText('The Trio Special', { exact: true })).toBeVisible();
    await page.waitForURL(/\?q=with%3A%22ada\+lumen%22&show=videos$/);

    // The address alone brings back the same search and choice.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Videos with Ada Lumen (2)' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(searchBox(page)).toHaveValue('with:"ada lumen"');
    await expect(page.getByRole('radio', { name: 'Videos', checked: true })).toBeVisible();

    // Two names: only the videos they are both in; the creators who worked with both.
    await searchBox(page).fill('with:"Ada Lumen" with:Cleo');
    await expect(
      page.getByRole('heading', { name: 'Videos of Ada Lumen and Cleo together (1)' }),
    ).toBeVisible();
    await expect(page.getByText('The Trio Special', { exact: true })).toBeVisible();
    await expect(page.getByText('Ada meets Bram', { exact: true })).toBeHidden();
    await page.getByRole('radio', { name: 'Creators' }).check();
    await expect(listHeading(page)).toHaveText('Search Results (1)');
    await expect(creatorCard(page, 'Bram')).toBeVisible();

    // A fresh visitor opening a shared link sees the same result.
    const other = await suite.newSession();
    await other.page.goto('/?q=with%3A%22Ada+Lumen%22+with%3ACleo');
    await expect(listHeading(other.page)).toHaveText('Search Results (1)', { timeout: 20_000 });
    await expect(creatorCard(other.page, 'Bram')).toBeVisible();
  });

  it('explains unknown names and malformed terms instead of failing', async () => {
    const { page } = suite.session;
    await openApp(page);
    await searchBox(page).fill('with:"Nobody Here"');
    await expect(
      page.getByText('No creator is named "Nobody Here". Check the spelling, or search without with:.'),
    ).toBeVisible();
    await expect(listHeading(page)).toHaveText('Search Results (0)');

    await searchBox(page).fill('with:"Ada Lumen');
    await expect(page.getByRole('alert')).toHaveText('Close the quote after with:, as in with:"Ada Lumen".');
    await searchBox(page).fill('with:"Ada Lumen"');
    await expect(listHeading(page)).toHaveText('Search Results (2)');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  it('keeps plain text searches as before: no choice, nothing in the address', async () => {
    const { page } = suite.session;
    await openApp(page);
    await searchBox(page).fill('bra');
    await expect(listHeading(page)).toHaveText('Search Results (1)');
    await expect(creatorCard(page, 'Bram')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Videos' })).toHaveCount(0);
    expect(new URL(page.url()).search).toBe('');
  });
});
