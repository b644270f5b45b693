/**
 * The keyboard alone (docs/product.md §2 "Accessibility and small screens"): no click, only Tab,
 * Shift+Tab, Enter, Space and typing, through a visitor's and an admin's main paths.
 */
import { expect, Locator, Page } from '../support/expect';
import { seedWorld } from '../support/fixtures';
import { useSuite } from '../support/suite';
import { listHeading, openApp } from '../support/ui';

const suite = useSuite({ seed: seedWorld });

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails when it never comes. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 60 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  if (await isFocused(target)) return;
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? 'nothing');
  throw new Error(`${max} presses of Tab never focused ${String(target)}; focus is on ${focused}`);
}

describe('with the keyboard alone', () => {
  it('searches, opens a creator and goes back', async () => {
    const { page } = suite.session;
    await openApp(page);
    await tabTo(page, page.getByPlaceholder('Search by name or channel...'));
    await page.keyboard.type('carol');
    await expect(page.getByText('Search Results (1)', { exact: true })).toBeVisible();

    await tabTo(page, page.getByRole('button', { name: /Carol Chef/ }).first());
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Carol Chef' })).toBeVisible();

    await tabTo(page, page.getByRole('button', { name: 'Back to Search' }), { backwards: true });
    await page.keyboard.press('Enter');
    await expect(listHeading(page)).toBeVisible();
  });

  it('logs in and adds a video', async () => {
    const { page } = suite.session;
    const password = await suite.api.demoPassword();
    await openApp(page);

    await tabTo(
      page,
      page.getByRole('tab', { name: 'Admin' }).or(page.getByRole('button', { name: 'Admin' })),
    );
    await page.keyboard.press('Enter');
    await tabTo(page, page.locator('input[type="password"]'));
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Manage Videos' })).toBeVisible({ timeout: 20_000 });

    const form = page.getByRole('form', { name: 'Add New Video' });
    await tabTo(page, form.getByLabel('Title', { exact: true }));
    await page.keyboard.type('Typed without a mouse');
    await tabTo(page, form.getByRole('checkbox', { name: 'Gina Newcomer', exact: true }));
    await page.keyboard.press('Space');
    const add = form.getByRole('button', { name: 'Add Video', exact: true });
    await expect(add).toBeEnabled();
    await tabTo(page, add);
    await page.keyboard.press('Enter');

    await expect(page.getByRole('article', { name: 'Typed without a mouse', exact: true })).toBeVisible();
    const saved = (await suite.api.videos()).find((video) => video.title === 'Typed without a mouse');
    expect(saved?.authorIds).toEqual([suite.data.creators.gina.id]);
  });
});
