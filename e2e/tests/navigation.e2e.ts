/** docs/architecture.md "Deliberate departures" 8: the view mirrored into the address, shared creator links, back and forward. */
import { expect } from '../support/expect';
import { seedWorld } from '../support/fixtures';
import { useSuite } from '../support/suite';
import { listHeading, openApp, searchBox, tab } from '../support/ui';

const suite = useSuite({ seed: seedWorld });

describe('addresses and history', () => {
  it('opens a shared creator link in a fresh browser', async () => {
    const { page } = suite.session;
    await page.goto(`/?creator=${suite.data.creators.bob.id}`);
    await expect(page.getByRole('heading', { name: 'Bob Builder' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('All Videos (3)', { exact: true })).toBeVisible();
  });

  it('mirrors the view into the address so it can be shared', async () => {
    const { page } = suite.session;
    await openApp(page);
    await searchBox(page).fill('Carol');
    await page.getByText('Carol Chef', { exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Carol Chef' })).toBeVisible();
    const shared = page.url();
    expect(new URL(shared).searchParams.get('creator')).toBe(String(suite.data.creators.carol.id));

    const other = await suite.newSession();
    await other.page.goto(shared);
    await expect(other.page.getByRole('heading', { name: 'Carol Chef' })).toBeVisible({ timeout: 20_000 });
    await expect(other.page.getByText('All Videos (1)', { exact: true })).toBeVisible();
  });

  it('opens the leaderboard from ?view=leaderboard', async () => {
    const { page } = suite.session;
    await page.goto('/?view=leaderboard');
    await expect(page.getByText('Collaboration Leaderboard', { exact: true })).toBeVisible({
      timeout: 20_000,
    });
  });

  it('goes back and forward between views', async () => {
    const { page } = suite.session;
    await openApp(page);
    await tab(page, /Leaderboard/).click();
    await expect(page.getByText('Collaboration Leaderboard', { exact: true })).toBeVisible();
    await page.getByText('Alice Archer', { exact: true }).first().click();
    await expect(page.getByRole('heading', { name: 'Alice Archer' })).toBeVisible();

    await page.goBack();
    await expect(page.getByText('Collaboration Leaderboard', { exact: true })).toBeVisible();
    await page.goBack();
    await expect(listHeading(page)).toBeVisible();
    await page.goForward();
    await expect(page.getByText('Collaboration Leaderboard', { exact: true })).toBeVisible();
    await page.goForward();
    await expect(page.getByRole('heading', { name: 'Alice Archer' })).toBeVisible();
  });
});
