/** Names render as text, never as markup; unsafe URLs never become links (docs/architecture.md "Deliberate departures" 7). */
import { ApiError } from '../support/api';
import { loginThroughApi } from '../support/browser';
import { expect } from '../support/expect';
import { useSuite } from '../support/suite';
import { openApp, searchBox, tab } from '../support/ui';

const HTML_NAME = '<b>x</b> <img src=x onerror="window.__pwned=1">';

const suite = useSuite({
  seed: async (api) => {
    const html = await api.createCreator({
      name: HTML_NAME,
      socialLinks: [{ url: 'https://www.youtube.com/@htmlname' }],
    });
    const other = await api.createCreator({
      name: 'Plain Partner',
      socialLinks: [{ url: 'https://www.youtube.com/@plain' }],
    });
    await api.createVideo({
      title: '<i>Title</i> with <script>window.__pwned=2</script>',
      url: 'https://www.youtube.com/watch?v=secuRity001',
      date: '2024-01-01',
      authorIds: [html.id, other.id],
    });
    let unsafe: { id: number } | null = null;
    let rejected: ApiError | null = null;
    try {
      unsafe = await api.createCreator({
        name: 'Unsafe Link',
        channel: 'javascript:alert(1)',
        socialLinks: [{ url: 'javascript:alert(1)' }],
      });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      rejected = err;
    }
    return { html, other, unsafe, rejected };
  },
});

async function noUnsafeHref(page: import('playwright-core').Page) {
  const hrefs = await page.evaluate(() =>
    [...document.querySelectorAll('[href], [src], [action], [formaction]')].map(
      (el) =>
        el.getAttribute('href') ??
        el.getAttribute('src') ??
        el.getAttribute('action') ??
        el.getAttribute('formaction') ??
        '',
    ),
  );
  expect(hrefs.filter((h) => /^\s*javascript:/i.test(h))).toEqual([]);
}

describe('untrusted text and URLs', () => {
  it('shows a name containing HTML as text on the search view, creator page and leaderboard', async () => {
    const { page } = suite.session;
    await openApp(page);
    await searchBox(page).fill('<b>');
    await expect(page.getByText(HTML_NAME, { exact: true }).first()).toBeVisible();
    expect(await page.locator('b', { hasText: /^x$/ }).count()).toBe(0);

    await page.getByText(HTML_NAME, { exact: true }).first().click();
    await expect(page.getByRole('heading', { name: HTML_NAME })).toBeVisible();
    await expect(
      page.getByText('<i>Title</i> with <script>window.__pwned=2</script>', { exact: true }),
    ).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    await page.getByRole('button', { name: /Back to Search/ }).click();
    await tab(page, /Leaderboard/).click();
    await expect(page.getByText(HTML_NAME, { exact: true }).first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  it('never renders a javascript: URL as a link, for visitors or admins', async () => {
    const { unsafe, rejected } = suite.data;
    if (!unsafe) {
      // Rejected at the edge: that is the other acceptable defence, with a 4xx and an error message.
      expect(rejected?.status).toBeGreaterThanOrEqual(400);
      expect(rejected?.status).toBeLessThan(500);
      expect((rejected?.body as { error?: string }).error).toEqual(expect.any(String));
      return;
    }
    const { page, context, baseURL } = suite.session;
    await openApp(page);
    await searchBox(page).fill('Unsafe Link');
    await expect(page.getByText('Unsafe Link', { exact: true }).first()).toBeVisible();
    await noUnsafeHref(page);
    await page.goto(`/?creator=${unsafe.id}`);
    await expect(page.getByRole('heading', { name: 'Unsafe Link' })).toBeVisible();
    await noUnsafeHref(page);

    await loginThroughApi(context, baseURL);
    const admin = await context.newPage();
    await admin.goto('/?view=authors');
    await expect(admin.getByText(/^All Creators \(\d+\)$/).last()).toBeVisible({ timeout: 20_000 });
    await noUnsafeHref(admin);
  });
});

describe('a suggested URL is untrusted', () => {
  it('shows a javascript: suggestion to the admin as text, never as a link', async () => {
    // Suggestions have no format check (docs/product.md §5), so this one is stored as sent.
    const res = await fetch(`${suite.server.baseURL}/api/suggestions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'javascript:alert(1)' }),
    });
    expect(res.status).toBeLessThan(300);
    const admin = await suite.loginAdmin();
    await admin.page.goto('/?view=suggestions');
    await expect(admin.page.getByRole('heading', { name: 'Video Suggestions' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(admin.page.getByText('javascript:alert(1)', { exact: true })).toBeVisible();
    await expect(admin.page.getByRole('link', { name: 'javascript:alert(1)' })).toHaveCount(0);
    await noUnsafeHref(admin.page);
  });
});
