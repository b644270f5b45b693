/** docs/product.md §2 search: the default view, filtering, headings, empty state, cards; the page shell. */
import { expect } from '../support/expect';
import { seedWorld } from '../support/fixtures';
import { useSuite } from '../support/suite';
import { creatorCard, listHeading, openApp, searchBox } from '../support/ui';

const suite = useSuite({ seed: seedWorld });

describe('search (the default view)', () => {
  it("is titled 'Friends of the Channel' and lists all creators", async () => {
    const { page } = suite.session;
    await openApp(page);
    expect(await page.title()).toBe('Friends of the Channel');
    await expect(page.getByText('All Creators (7)', { exact: true })).toBeVisible();
    for (const name of ['Alice Archer', 'Bob Builder', 'Carol Chef', 'Gina Newcomer']) {
      await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
    }
  });

  it('filters by name or channel, case-insensitively, as the user types', async () => {
    const { page } = suite.session;
    await openApp(page);
    const box = searchBox(page);

    await box.pressSequentially('ALI');
    await expect(listHeading(page)).toHaveText('Search Results (1)');
    await expect(page.getByText('Alice Archer', { exact: true })).toBeVisible();
    await expect(page.getByText('Bob Builder', { exact: true })).toBeHidden();

    // By channel: Bob's channel is @bobbuilds, which his name does not contain.
    await box.fill('bobbuilds');
    await expect(listHeading(page)).toHaveText('Search Results (1)');
    await expect(page.getByText('Bob Builder', { exact: true })).toBeVisible();

    // A substring shared by several names: Carol Chef, Dan Dancer.
    await box.fill('  ');
    await box.fill('c');
    await expect(listHeading(page)).toHaveText(/^Search Results \(\d+\)$/);
    await expect(page.getByText('Carol Chef', { exact: true })).toBeVisible();
    await expect(page.getByText('Dan Dancer', { exact: true })).toBeVisible();

    await box.fill('');
    await expect(listHeading(page)).toHaveText('All Creators (7)');
  });

  it('shows the empty state with the term', async () => {
    const { page } = suite.session;
    await openApp(page);
    await searchBox(page).fill('zzz');
    await expect(listHeading(page)).toHaveText('Search Results (0)');
    await expect(page.getByText('No creators found matching "zzz"', { exact: true })).toBeVisible();
  });

  it('shows photo, name, video count and collab count on a card, and opens the creator page', async () => {
    const { page } = suite.session;
    await openApp(page);
    await searchBox(page).fill('Alice');
    const card = creatorCard(page, 'Alice Archer');
    await expect(card).toBeVisible();
    await expect(card).toContainText(/\b5\s+videos?\b/i);
    await expect(card).toContainText(/\b4\s+collab/i);
    await expect(card.getByRole('img', { name: 'Alice Archer' })).toBeVisible();

    await page.getByText('Alice Archer', { exact: true }).click();
    await expect(page.getByRole('button', { name: /Back to Search/ })).toBeVisible();
    await expect(page.getByText('All Videos (5)', { exact: true })).toBeVisible();
  });

  it("shows 'Loading...' in the footer, then the version from /version.json", async () => {
    const { page } = suite.session;
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/version.json', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    // 'Friends of the Channel v' plus the version, whose initial text is 'Loading...'.
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('Loading...', { timeout: 20_000 });
    release();
    await expect(footer).toContainText('Friends of the Channel v1.0.0');
    expect(await footer.innerText()).not.toContain('Loading...');
  });

  it('shows version 1.0.0 when /version.json fails', async () => {
    const { page } = suite.session;
    suite.session.expectErrors(/HTTP 500 GET .*\/version\.json/);
    await page.route('**/version.json', (route) => route.fulfill({ status: 500, body: 'nope' }));
    await page.goto('/');
    await expect(page.getByRole('contentinfo')).toContainText('Friends of the Channel v1.0.0', {
      timeout: 20_000,
    });
  });
});
