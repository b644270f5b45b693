/** Ways to reach the screens of docs/product.md §2 through what the user sees (roles and visible text). */
import { eventually, expect, Locator, Page } from './expect';

/** The search view's list heading: 'All Creators (n)' or 'Search Results (n)'. */
export function listHeading(page: Page): Locator {
  return page.getByText(/^(All Creators|Search Results) \(\d+\)$/);
}

/** Opens the app on the search view and waits for the initial data (the creator list heading shown). */
export async function openApp(page: Page): Promise<void> {
  await page.goto('/');
  await expect(listHeading(page)).toBeVisible({ timeout: 20_000 });
}

/** A tab of the tab bar (a tab or a button, whichever the host renders). */
export function tab(page: Page, name: string | RegExp): Locator {
  const exact = typeof name === 'string' ? new RegExp(`^\\s*${escape(name)}\\b`) : name;
  return page
    .getByRole('tab', { name: exact })
    .or(page.getByRole('button', { name: exact }))
    .first();
}

export function searchBox(page: Page): Locator {
  return page.getByPlaceholder('Search by name or channel...');
}

/** The creator card (search view) whose heading is `name`. */
export function creatorCard(page: Page, name: string): Locator {
  return page
    .locator('article, li, [role="listitem"], [data-testid="creator-card"]')
    .filter({ has: page.getByText(name, { exact: true }) })
    .last();
}

export function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A titled block of a screen (a <section> labelled by its heading: role region), e.g. 'Add New Video'. */
export function panel(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

/** Opens an admin view by its address (log the context in first) and waits for its title. */
export async function openAdminView(
  page: Page,
  view: 'videos' | 'suggestions' | 'review' | 'authors' | 'stats',
  title: string,
): Promise<void> {
  await page.goto(`/?view=${view}`);
  await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible({ timeout: 20_000 });
}

/**
 * Scrolls a windowed admin list (only the rows in view are in the page, read a page at a time) down
 * until `target`, inside it, is in the page.
 */
export async function scrollListTo(list: Locator, target: Locator): Promise<void> {
  await eventually(
    async () => {
      if ((await target.count()) > 0) return true;
      await list.evaluate((ul) => {
        const area = ul.closest('.admin-scroll') ?? ul.parentElement;
        if (area) area.scrollTop += Math.max(100, area.clientHeight * 0.8);
      });
      return false;
    },
    `${String(target)} after scrolling ${String(list)}`,
  );
}
