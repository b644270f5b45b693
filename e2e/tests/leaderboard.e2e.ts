/** SPEC.md §2 leaderboard: two top-10 lists, medals for ranks 1-3, '#n' after, rows open the creator page. */
import { expect, Locator, Page } from '../support/expect';
import { seedWorld } from '../support/fixtures';
import { useSuite } from '../support/suite';
import { openApp, tab } from '../support/ui';

const suite = useSuite({ seed: seedWorld });

/** One of the two lists, a region named by its title. */
function board(page: Page, title: 'Most Collaborations' | 'Most Collaborators'): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

async function openLeaderboard(page: Page) {
  await openApp(page);
  await tab(page, /Leaderboard/).click();
  await expect(page.getByText('Collaboration Leaderboard', { exact: true })).toBeVisible();
}

/** The rows of a list, in order: each row is a button that opens the creator. */
async function rowTexts(list: Locator): Promise<string[]> {
  await expect(list.getByRole('button').first()).toBeVisible();
  const texts = await list.getByRole('button').allInnerTexts();
  return texts.map((t) => t.replace(/\s+/g, ' ').trim());
}

describe('leaderboard', () => {
  it("ranks 'Most Collaborations' in collabs with medals, then #n", async () => {
    const { page } = suite.session;
    await openLeaderboard(page);
    const list = board(page, 'Most Collaborations');
    await expect(list).toBeVisible();
    const rows = await rowTexts(list);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows[0]).toMatch(/🥇.*Alice Archer.*\b4 collabs/);
    expect(rows[1]).toMatch(/🥈.*Bob Builder.*\b3 collabs/);
    expect(rows[2]).toMatch(/🥉.*Eve Explorer.*\b2 collabs/);
    expect(rows[3]).toMatch(/#4.*(Carol Chef|Dan Dancer).*\b1 collabs?/);
    expect(rows.join('\n')).not.toMatch(/Gina Newcomer/);
  });

  it("ranks 'Most Collaborators' in people", async () => {
    const { page } = suite.session;
    await openLeaderboard(page);
    const rows = await rowTexts(board(page, 'Most Collaborators'));
    expect(rows[0]).toMatch(/🥇.*Alice Archer.*\b4 people/);
    expect(rows[1]).toMatch(/🥈.*Bob Builder.*\b3 people/);
    expect(rows[2]).toMatch(/🥉.*(Dan Dancer|Eve Explorer).*\b2 people/);
    expect(rows[3]).toMatch(/#4.*(Dan Dancer|Eve Explorer).*\b2 people/);
    expect(rows[4]).toMatch(/#5.*Carol Chef.*\b1 (people|person)/);
  });

  it('opens the creator page when a row is clicked', async () => {
    const { page } = suite.session;
    await openLeaderboard(page);
    await board(page, 'Most Collaborations').getByText('Bob Builder', { exact: true }).click();
    await expect(page.getByRole('button', { name: /Back to Search/ })).toBeVisible();
    await expect(page.getByText('All Videos (3)', { exact: true })).toBeVisible();
  });
});
