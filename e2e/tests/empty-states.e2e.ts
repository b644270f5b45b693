/** Empty states of docs/product.md §2 on a database with no data (SEED_DEMO=false). */
import { MESSAGES } from '@friends/shared';
import { expect } from '../support/expect';
import { useSuite } from '../support/suite';
import { listHeading, openApp, tab } from '../support/ui';

const suite = useSuite();

describe('an empty database', () => {
  it("shows 'All Creators (0)' and 'No creators found'", async () => {
    const { page } = suite.session;
    await openApp(page);
    await expect(listHeading(page)).toHaveText('All Creators (0)');
    await expect(page.getByText('No creators found', { exact: true })).toBeVisible();
  });

  it("shows 'No collaborations yet' on the leaderboard", async () => {
    const { page } = suite.session;
    await openApp(page);
    await tab(page, /Leaderboard/).click();
    await expect(page.getByText('Collaboration Leaderboard', { exact: true })).toBeVisible();
    await expect(page.getByText('No collaborations yet', { exact: true }).first()).toBeVisible();
  });

  it('says a failed initial load is a failure (not an empty list) and offers a retry, no alert', async () => {
    const s = suite.session;
    s.expectErrors(/HTTP 500 GET .*\/api\/creators|Failed to load creators/);
    let failing = true;
    await s.page.route('**/api/creators/search*', (route) =>
      failing
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' })
        : route.continue(),
    );
    await s.page.goto('/');
    await expect(s.page.getByRole('heading', { name: MESSAGES.couldNotLoadCreators })).toBeVisible({
      timeout: 20_000,
    });
    await expect(s.page.getByText(MESSAGES.couldNotLoadCreatorsHelp)).toBeVisible();
    await expect(s.page.getByText('All Creators (0)', { exact: true })).toBeHidden();
    expect(s.dialogs).toEqual([]);
    failing = false;
    await s.page.getByRole('button', { name: MESSAGES.retry }).click();
    await expect(listHeading(s.page)).toHaveText('All Creators (0)', { timeout: 20_000 });
    expect(s.errors.some((e) => /Failed to load creators|api\/creators/.test(e))).toBe(true);
  });
});
