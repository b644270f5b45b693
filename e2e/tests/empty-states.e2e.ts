/** Empty states of SPEC.md §2 on a database with no data (SEED_DEMO=false). */
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
});
