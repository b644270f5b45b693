/** docs/product.md §2 admin-login and §4 admin flag: wrong then right password, reload, logout. */
import { expect, Page } from '../support/expect';
import { useSuite } from '../support/suite';
import { listHeading, openApp, tab } from '../support/ui';

const suite = useSuite();

function passwordField(page: Page) {
  return page.locator('input[type="password"]');
}

async function demoPasswordFromScreen(page: Page): Promise<string> {
  const hint = page.getByText(/Demo password/);
  await expect(hint).toBeVisible();
  const text = await hint.innerText();
  const m = text.match(/Demo password\s*:?\s*(\S+)/);
  if (!m) throw new Error(`no password in the hint: ${JSON.stringify(text)}`);
  return m[1]!;
}

describe('admin login', () => {
  it("shows 'Admin Access Required' with a password field, Login, 'Back to Public View' and the demo hint", async () => {
    const { page } = suite.session;
    await openApp(page);
    await tab(page, 'Admin').click();
    await expect(page.getByText('Admin Access Required', { exact: true })).toBeVisible();
    await expect(passwordField(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await demoPasswordFromScreen(page)).toBe(await suite.api.demoPassword());

    await page.getByRole('button', { name: 'Back to Public View' }).click();
    await expect(listHeading(page)).toBeVisible();
  });

  it("rejects a wrong password with 'Incorrect password' and clears the field, then logs in with Enter", async () => {
    const s = suite.session;
    const { page } = s;
    await openApp(page);
    await tab(page, 'Admin').click();
    const password = await demoPasswordFromScreen(page);

    s.expectErrors(/HTTP 401 POST .*\/api\/auth\/login/);
    await passwordField(page).fill('not-the-password');
    const dialog = s.nextDialog();
    await page.getByRole('button', { name: 'Login' }).click();
    expect(await dialog).toEqual({ type: 'alert', message: 'Incorrect password' });
    await expect(passwordField(page)).toHaveValue('');
    expect(await page.evaluate(() => localStorage.getItem('isAdmin'))).not.toBe('true');

    await passwordField(page).fill(password);
    await passwordField(page).press('Enter');
    await expect(page.getByRole('heading', { name: 'Manage Videos' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('isAdmin'))).toBe('true');
    await expect(tab(page, 'Admin')).toBeHidden();

    // The server decides (docs/architecture.md "Deliberate departures" 1): the browser now holds a session.
    const session = await s.context.request.get('/api/auth/session');
    expect(((await session.json()) as { admin: boolean }).admin).toBe(true);
  });

  it('stays logged in across a reload, and Logout returns to search', async () => {
    const { page } = suite.session;
    await openApp(page);
    await tab(page, 'Admin').click();
    const password = await demoPasswordFromScreen(page);
    await passwordField(page).fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Manage Videos' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible({ timeout: 20_000 });
    await expect(tab(page, 'Admin')).toBeHidden();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(listHeading(page)).toBeVisible();
    await expect(tab(page, 'Admin')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('isAdmin'))).toBeNull();
    const session = await suite.session.context.request.get('/api/auth/session');
    expect(((await session.json()) as { admin: boolean }).admin).toBe(false);
  });

  it("shows the login screen for an admin view when 'isAdmin' is set but the server has no session", async () => {
    const { page, context } = suite.session;
    await context.addInitScript(() => localStorage.setItem('isAdmin', 'true'));
    await page.goto('/?view=videos');
    await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('heading', { name: 'Manage Videos' })).toBeHidden();
  });
});
