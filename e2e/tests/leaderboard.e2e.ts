/** docs/product.md §2 leaderboard: two top-10 lists, medals for ranks 1-3, '#n' after, rows open the creator page. */
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

/**
 * The rows of a list, in order, as read: each row is a button that opens the creator. A medal (ranks
 * 1-3) is an SVG image named 'Rank n, … medal', so it reads as that name; other parts as their text.
 */
async function rowTexts(list: Locator): Promise<string[]> {
  await expect(list.getByRole('button').first()).toBeVisible();
  const texts = await list
    .getByRole('button')
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.children, (part) =>
          part.getAttribute('role') === 'img'
            ? (part.getAttribute('aria-label') ?? '')
            : (part as HTMLElement).innerText,
        ).join(' '),
      ),
    );
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
    expect(rows[0]).toMatch(/^Rank 1, gold medal Alice Archer 4 collabs$/);
    expect(rows[1]).toMatch(/^Rank 2, silver medal Bob Builder 3 collabs$/);
    expect(rows[2]).toMatch(/^Rank 3, bronze medal Eve Explorer 2 collabs$/);
    expect(rows[3]).toMatch(/#4.*(Carol Chef|Dan Dancer).*\b1 collabs?/);
    expect(rows.join('\n')).not.toMatch(/Gina Newcomer/);
  });

  it("ranks 'Most Collaborators' in people", async () => {
    const { page } = suite.session;
    await openLeaderboard(page);
    const rows = await rowTexts(board(page, 'Most Collaborators'));
    expect(rows[0]).toMatch(/^Rank 1, gold medal Alice Archer 4 people$/);
    expect(rows[1]).toMatch(/^Rank 2, silver medal Bob Builder 3 people$/);
    // Dan and Eve tie: one rank, one medal.
    expect(rows[2]).toMatch(/^Rank 3, bronze medal Dan Dancer 2 people$/);
    expect(rows[3]).toMatch(/^Rank 3, bronze medal Eve Explorer 2 people$/);
    expect(rows[4]).toMatch(/#5.*Carol Chef.*\b1 person$/);
  });

  it('fits a 360 px phone: rows stay inside the card, counts visible, medals drawn without an emoji font', async () => {
    const { page } = suite.session;
    await page.setViewportSize({ width: 360, height: 800 });
    try {
      await openLeaderboard(page);
      const list = board(page, 'Most Collaborations');
      const medal = list.getByRole('img', { name: 'Rank 1, gold medal' });
      await expect(medal).toBeVisible();
      const medalBox = await medal.locator('svg').boundingBox();
      expect(medalBox!.width).toBeGreaterThanOrEqual(20);
      const card = (await list.boundingBox())!;
      for (const row of await list.getByRole('button').all()) {
        const box = (await row.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width);
        const count = (await row.getByText(/\d+ collabs?$/).boundingBox())!;
        expect(count.x + count.width).toBeLessThanOrEqual(box.x + box.width);
      }
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('opens the creator page when a row is clicked', async () => {
    const { page } = suite.session;
    await openLeaderboard(page);
    await board(page, 'Most Collaborations').getByText('Bob Builder', { exact: true }).click();
    await expect(page.getByRole('button', { name: /Back to Search/ })).toBeVisible();
    await expect(page.getByText('All Videos (3)', { exact: true })).toBeVisible();
  });
});
