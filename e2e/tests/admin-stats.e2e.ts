/** docs/product.md §2 stats (admin): three summary cards and per-creator cards for creators with videos. */
import { expect, Locator, Page } from '../support/expect';
import { seedWorld, videoUrl } from '../support/fixtures';
import { useSuite } from '../support/suite';
import { openAdminView, scrollListTo } from '../support/ui';

const suite = useSuite({ seed: seedWorld });

/** The number shown with the first `label` in `scope` (the label's parent holds both). */
async function figure(scope: Page | Locator, label: string): Promise<number> {
  const text = (
    await scope.getByText(label, { exact: true }).first().locator('xpath=..').innerText()
  ).replace(label, ' ');
  const m = text.match(/\d+/);
  if (!m) throw new Error(`no number with '${label}': ${JSON.stringify(text)}`);
  return Number(m[0]);
}

describe('analytics', () => {
  it('shows totals and a card per creator with videos', async () => {
    await suite.loginAdmin();
    const { page } = suite.session;
    await openAdminView(page, 'stats', 'Analytics');
    await expect(page.getByText('Total Creators', { exact: true }).first()).toBeVisible();
    expect(await figure(page, 'Total Creators')).toBe(7);
    expect(await figure(page, 'Total Videos')).toBe(7);
    // v1, v2, v3, v5, v7 have more than one author.
    expect(await figure(page, 'Collaborations')).toBe(5);

    const profiles = page
      .getByRole('link', { name: /View Profile/ })
      .or(page.getByRole('button', { name: /View Profile/ }));
    await expect(profiles).toHaveCount(6); // Gina has no videos
    await expect(page.getByText('Gina Newcomer', { exact: true })).toBeHidden();

    const alice = page.getByRole('article', { name: 'Alice Archer' });
    expect(await figure(alice, 'Total Videos')).toBe(5);
    expect(await figure(alice, 'Solo Videos')).toBe(1);
    expect(await figure(alice, 'Collaborations')).toBe(4);
    expect(await figure(alice, 'Unique Collaborators')).toBe(4);

    await alice
      .getByRole('link', { name: /View Profile/ })
      .or(alice.getByRole('button', { name: /View Profile/ }))
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Alice Archer' })).toBeVisible();
    await expect(page.getByText('All Videos (5)', { exact: true })).toBeVisible();
  });

  it('loads the creator cards a page at a time as the list scrolls', async () => {
    // 55 more creators with one video each: 61 cards, more than the first page of 50. Added last, so
    // the test above sees the hand-checked world.
    for (let i = 1; i <= 55; i++) {
      const creator = await suite.api.createCreator({ name: `Paged Creator ${String(i).padStart(2, '0')}` });
      await suite.api.createVideo({
        title: `Paged video ${i}`,
        url: videoUrl(100 + i),
        authorIds: [creator.id],
      });
    }
    await suite.loginAdmin();
    const { page } = suite.session;
    await openAdminView(page, 'stats', 'Analytics');
    await expect(page.getByRole('heading', { name: 'Creators (61)' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Creator statistics' });
    // The first page is loaded (50 of 61); only the cards in view are in the page.
    await expect(list.getByRole('listitem').first()).toHaveAttribute('aria-setsize', '61');
    expect(await list.getByRole('article').count()).toBeLessThanOrEqual(50);
    await expect(page.getByRole('button', { name: 'Show more (11 more)' })).toBeVisible();
    expect(suite.session.requested('/api/stats').filter((url) => url.includes('offset='))).toEqual([]);

    // Most videos first, then by name: the paged creators (one video each) come after Carol and Dan.
    const last = page.getByRole('article', { name: 'Paged Creator 55' });
    await scrollListTo(list, last);
    await expect(last).toBeVisible();
    await expect(page.getByRole('button', { name: /Show more/ })).toHaveCount(0);
    expect(suite.session.requested('/api/stats').some((url) => url.includes('offset=50&limit=50'))).toBe(
      true,
    );
  });
});
