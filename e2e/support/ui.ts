/** Ways to reach the screens of SPEC.md §2 through what the user sees (roles and visible text). */
import { expect, Locator, Page } from './expect';

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

export async function logInThroughScreen(page: Page, password: string): Promise<void> {
  await tab(page, 'Admin').click();
  await expect(page.getByText('Admin Access Required')).toBeVisible();
  await page
    .getByLabel(/password/i)
    .or(page.getByPlaceholder(/password/i))
    .first()
    .fill(password);
  await page.getByRole('button', { name: /^Login$/i }).click();
}

/**
 * The smallest block (section, form or div) that holds the heading `title` and at least one control,
 * e.g. the 'Add New Video' form.
 */
export function panel(page: Page, title: string | RegExp): Locator {
  return page
    .locator('section, form, div, fieldset')
    .filter({ has: page.getByRole('heading', { name: title, exact: typeof title === 'string' }) })
    .filter({ has: page.locator('input, button, select, textarea') })
    .last();
}

/** The smallest list row / card holding `text` and at least one button. */
export function row(scope: Page | Locator, text: string): Locator {
  return scope
    .locator('li, tr, article, div')
    .filter({ hasText: text })
    .filter({ has: scope.locator('button') })
    .last();
}

/** Logs in through the API and opens an admin view by its address. */
export async function openAdminView(
  page: Page,
  view: 'videos' | 'suggestions' | 'authors' | 'stats',
  ready: string | RegExp,
) {
  await page.goto(`/?view=${view}`);
  await expect(page.getByText(ready).first()).toBeVisible({ timeout: 20_000 });
}
