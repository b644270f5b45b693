/**
 * "Log out everywhere" (docs/product.md, the header): two browsers logged in as the admin; one clicks
 * it and confirms; the other is asked for the password at its next action, and neither holds a session
 * any more. The header with its two buttons is checked at 360 px (nothing cut, nothing off-screen, axe
 * clean). This file ends every session, the suite's API one too, so it stands alone.
 */
import { horizontalOverflow, seriousAxeFindings } from '../support/a11y';
import { loginThroughApi, type Session } from '../support/browser';
import { expect, Page } from '../support/expect';
import { useSuite } from '../support/suite';
import { openAdminView, tab } from '../support/ui';

const suite = useSuite();

async function loggedInAdmin(s: Session): Promise<Page> {
  await loginThroughApi(s.context, s.baseURL);
  await openAdminView(s.page, 'videos', 'Manage Videos');
  return s.page;
}

async function serverSaysAdmin(s: Session): Promise<boolean> {
  const res = await s.context.request.get('/api/auth/session');
  return ((await res.json()) as { admin: boolean }).admin;
}

describe('the admin header', () => {
  it('shows Log out everywhere and Logout whole and on screen at 360 px, axe clean', async () => {
    const s = suite.session;
    await s.page.setViewportSize({ width: 360, height: 740 });
    const page = await loggedInAdmin(s);
    const buttons = [
      page.getByRole('button', { name: 'Log out everywhere' }),
      page.getByRole('button', { name: 'Logout', exact: true }),
    ];
    for (const button of buttons) {
      await expect(button).toBeVisible();
      const fit = await button.evaluate((el) => {
        const rect = el.getBoundingClientRect();
        return {
          inside: rect.left >= 0 && rect.right <= window.innerWidth && rect.top >= 0,
          cut: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
        };
      });
      expect(fit).toEqual({ inside: true, cut: false });
    }
    const title = page.getByRole('heading', { name: 'Friends of the Channel', level: 1 });
    expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    expect((await horizontalOverflow(page)).excess).toBe(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
});

describe('Log out everywhere', () => {
  it('logs out the other browser at its next action', async () => {
    const first = suite.session;
    const second = await suite.newSession();
    await loggedInAdmin(first);
    await loggedInAdmin(second);
    expect(await serverSaysAdmin(second)).toBe(true);

    const confirm = first.nextDialog();
    await first.page.getByRole('button', { name: 'Log out everywhere' }).click();
    expect((await confirm).type).toBe('confirm');
    await expect(first.page.getByText('Admin Access Required', { exact: true })).toBeVisible();
    expect(await serverSaysAdmin(first)).toBe(false);

    // The other browser still shows the admin screens until it does something: then it must log in.
    second.expectErrors(/HTTP 401/);
    await expect(second.page.getByRole('heading', { name: 'Manage Videos' })).toBeVisible();
    await tab(second.page, 'History').click();
    await expect(second.page.getByText('Admin Access Required', { exact: true })).toBeVisible({
      timeout: 15_000,
    });
    expect(await second.page.evaluate(() => localStorage.getItem('isAdmin'))).not.toBe('true');
    expect(await serverSaysAdmin(second)).toBe(false);
    await expect(second.page.getByRole('button', { name: 'Log out everywhere' })).toBeHidden();
  });
});
