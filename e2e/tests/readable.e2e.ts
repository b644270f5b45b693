/**
 * The product as a person reads it, at 1280 and 360 px (docs/product.md "How things read", search,
 * videos, small screens): boards show whole names with tied ranks and singular counts; the search box
 * tells about with: and forgives a first name; a failed first load offers Retry; a just-added video is
 * the first, marked row of All Videos; the monthly chart has axes; the phone tab bar keeps the active
 * tab in view and shows that it scrolls; Manage Creators shows several rows on a phone. Each screen is
 * also scanned with axe.
 */
import { seriousAxeFindings } from '../support/a11y';
import type { AdminApi, CreatorRow } from '../support/api';
import { expect, Page } from '../support/expect';
import { useSuite } from '../support/suite';
import { listHeading, openAdminView, openApp, searchBox } from '../support/ui';

const WIDTHS = [1280, 360] as const;

/** Today and `n` days ago as YYYY-MM-DD (UTC), so the period boards have this week's videos. */
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

interface Seeded {
  otis: CreatorRow;
}

/** Long names in pairs (the new-pairs board cut the second one), a tie, and a single collaboration. */
async function seed(api: AdminApi): Promise<Seeded> {
  const make = (name: string) => api.createCreator({ name, socialLinks: [] });
  const otis = await make('Otis Brightwater-Fairweather');
  const lark = await make('Lark Ellery-Whitmore Vanderbilt');
  const mina = await make('Mina Solenne Castellanos-Ibarra');
  const quill = await make('Quill Ashworth Montgomery');
  const solo = await make('Otto Single');
  await make('Otilia Pennywhistle');
  let n = 0;
  const video = (title: string, date: string, authors: CreatorRow[]) =>
    api.createVideo({
      title,
      url: `https://www.youtube.com/watch?v=readable${String((n += 1)).padStart(3, '0')}`,
      date,
      authorIds: authors.map((a) => a.id),
    });
  await video('Harbour picnic race', daysAgo(1), [otis, lark]);
  await video('Lantern festival cook-off', daysAgo(2), [otis, mina]);
  await video('Quiet library challenge', daysAgo(3), [lark, mina]);
  await video('Midnight kite build', daysAgo(400), [otis, quill]);
  await video('Solo sketch hour', daysAgo(5), [solo]);
  return { otis };
}

const suite = useSuite({ seed });

/** Leaf text elements that an ellipsis cuts (text-overflow: ellipsis and wider than their box). */
function cutTexts(page: Page, root: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const cut: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(`${selector} *`))) {
      if (element.children.length > 0 || !element.textContent?.trim()) continue;
      const style = getComputedStyle(element);
      const clipped = element.scrollWidth > element.clientWidth + 1 && style.overflow !== 'visible';
      if (style.textOverflow === 'ellipsis' && clipped) cut.push(element.textContent.trim());
      else if (clipped && style.whiteSpace === 'nowrap') cut.push(element.textContent.trim());
    }
    return cut;
  }, root);
}

async function expectNoAxeFindings(page: Page) {
  expect(await seriousAxeFindings(page)).toEqual([]);
}

describe('boards show names', () => {
  it.each(WIDTHS)('shows whole names, tied ranks and singular counts at %i px', async (width) => {
    const { page } = suite.session;
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/?view=leaderboard&period=week');
    const collabs = page.getByRole('region', { name: 'Most Collaborations', exact: true });
    await expect(collabs.getByRole('button').first()).toBeVisible({ timeout: 20_000 });
    // This week: Otis, Lark and Mina have 2 collaborations each: one rank, one medal.
    await expect(collabs.getByRole('img', { name: 'Rank 1, gold medal' })).toHaveCount(3);
    await expect(collabs.getByText('2 collabs', { exact: true })).toHaveCount(3);
    const people = page.getByRole('region', { name: 'Most Collaborators', exact: true });
    await expect(people.getByText('2 people', { exact: true })).toHaveCount(3);
    const pairs = page.getByRole('region', { name: 'New pairs', exact: true });
    const pair = pairs.getByRole('button', { name: /Lark Ellery-Whitmore Vanderbilt & Mina Solenne/ });
    await expect(pair).toBeVisible();
    await expect(pair).toContainText('1 video since');
    expect(await pair.innerText()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(await cutTexts(page, '.pr-leaderboard')).toEqual([]);
    // The second name of the pair is inside the card, on screen.
    const box = await pair.getByText(/Mina Solenne Castellanos-Ibarra/).boundingBox();
    expect(box && box.x + box.width <= width).toBe(true);
    await expectNoAxeFindings(page);
  });
});

describe('a visible, forgiving with:', () => {
  it('tells about with: beside the box and finds a creator by first name', async () => {
    const { page } = suite.session;
    await openApp(page);
    await expect(page.getByText(/Tip: type with:Name/)).toBeVisible();
    await searchBox(page).fill('with:Ot');
    // "Ot" starts three names: the page asks which one.
    await expect(page.getByText('"Ot" could mean several creators. Which one did you mean?')).toBeVisible();
    await page.getByRole('button', { name: 'Otis Brightwater-Fairweather', exact: true }).click();
    await expect(searchBox(page)).toHaveValue('with:"Otis Brightwater-Fairweather"');
    await expect(page.getByRole('heading', { name: 'Search Results (3)' })).toBeVisible();
    // A first name that starts one creator's name is enough, and an unquoted full name works.
    // Cleared first, and settled: the box then holds one search, not two racing for the address.
    await searchBox(page).fill('');
    await expect(page.getByRole('heading', { name: /^All Creators \(/ })).toBeVisible();
    await page.waitForFunction(() => window.location.search === '');
    await searchBox(page).fill('with:otis');
    await expect(page.getByRole('heading', { name: 'Search Results (3)' })).toBeVisible();
    await searchBox(page).fill('with:Lark Ellery-Whitmore Vanderbilt');
    await expect(page.getByRole('heading', { name: 'Search Results (2)' })).toBeVisible();
    await searchBox(page).fill('with:Otis Brightwater-Fairweather');
    await expect(page.getByRole('heading', { name: 'Search Results (3)' })).toBeVisible();
    await expectNoAxeFindings(page);
  });

  it('lists the videos newest first under one heading', async () => {
    const { page } = suite.session;
    await page.goto(`/?q=${encodeURIComponent('with:"Otis Brightwater-Fairweather"')}&show=videos`);
    const heading = page.getByRole('heading', { name: 'Videos with Otis Brightwater-Fairweather (3)' });
    await expect(heading).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('heading', { name: /^Search Results/ })).toHaveCount(0);
    const titles = await page.locator('.pr-video__title').allInnerTexts();
    expect(titles).toEqual(['Harbour picnic race', 'Lantern festival cook-off', 'Midnight kite build']);
  });
});

describe('a failed first load says so', () => {
  it("shows Couldn't load creators with Retry, and Retry loads them", async () => {
    const { page } = suite.session;
    let failing = true;
    await page.route('**/api/creators/search?**', (route) =>
      failing ? route.fulfill({ status: 503, body: '{"error":"down"}' }) : route.fallback(),
    );
    suite.session.expectErrors(/503|Failed to load creators|Service Unavailable/);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: "Couldn't load creators" })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByText('All Creators (0)')).toHaveCount(0);
    await expect(page.getByText('No creators found')).toHaveCount(0);
    failing = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(listHeading(page)).toHaveText('All Creators (6)');
  });
});

describe('admin lists and charts', () => {
  it('shows a just-added video in the first row of All Videos, marked', async () => {
    const session = await suite.loginAdmin();
    const { page } = session;
    await openAdminView(page, 'videos', 'Manage Videos');
    const form = page.getByRole('form', { name: 'Add New Video' });
    await form.getByLabel('Title').fill('Brand new harbour swim');
    await form.getByLabel('URL').fill('https://www.youtube.com/watch?v=readable999');
    await form.getByRole('searchbox').first().fill('Otto');
    await form.getByRole('checkbox', { name: 'Otto Single' }).check();
    await form.getByRole('button', { name: 'Add Video' }).click();
    await expect(form.getByRole('status')).toContainText('Added "Brand new harbour swim"');
    const first = page.getByRole('list', { name: 'All videos' }).getByRole('article').first();
    await expect(first).toHaveAttribute('aria-label', 'Brand new harbour swim');
    await expect(first.getByText('Just added')).toBeVisible();
    await expectNoAxeFindings(page);
  });

  it('labels both axes of the monthly chart', async () => {
    const session = await suite.loginAdmin();
    const { page } = session;
    await openAdminView(page, 'stats', 'Analytics');
    const chart = page.locator('.admin-axes');
    await expect(chart).toBeVisible();
    await expect(chart.locator('.admin-axes__y-title')).toHaveText('Collaborations');
    await expect(chart.locator('.admin-axes__x-title')).toHaveText('Month');
    await expect(chart.locator('.admin-axes__y span').first()).toHaveText(/^\d+$/);
    await expect(chart.locator('.admin-axes__x span').first()).toHaveText(/^[A-Z][a-z]{2} \d{4}$/);
  });

  it('shows several creators at once in Manage Creators at 360 px', async () => {
    const session = await suite.loginAdmin();
    const { page } = session;
    await page.setViewportSize({ width: 360, height: 740 });
    await openAdminView(page, 'authors', 'Manage Creators');
    const list = page.getByRole('list', { name: 'All creators' });
    await expect(list.getByRole('article').first()).toBeVisible();
    const box = page.locator('.admin-all-creators .admin-scroll').first();
    const rowsInView = await box.evaluate((area) => {
      const top = area.getBoundingClientRect().top;
      const bottom = top + area.clientHeight;
      return Array.from(area.querySelectorAll('article')).filter((row) => {
        const rect = row.getBoundingClientRect();
        return rect.top >= top - 1 && rect.bottom <= bottom + 1;
      }).length;
    });
    expect(rowsInView).toBeGreaterThanOrEqual(5);
  });
});

describe('the phone-sized shell', () => {
  it('shows every visitor tab whole at 360 px', async () => {
    const { page } = suite.session;
    await page.setViewportSize({ width: 360, height: 740 });
    await openApp(page);
    const tabs = page.getByRole('navigation', { name: 'Main' }).getByRole('button');
    expect(await tabs.count()).toBeGreaterThanOrEqual(3);
    for (const box of await tabs.evaluateAll((all) => all.map((b) => b.getBoundingClientRect().toJSON()))) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(360);
    }
    await expectNoAxeFindings(page);
  });

  it('scrolls the active tab into view when History is opened from the address, and shows the bar scrolls', async () => {
    const session = await suite.loginAdmin();
    const { page } = session;
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/?view=history');
    await expect(page.getByRole('heading', { name: 'History', exact: true })).toBeVisible({
      timeout: 20_000,
    });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const active = nav.locator('[aria-current="page"]');
    await expect(active).toHaveText(/History/);
    const box = await active.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    // The tabs before it are scrolled away: the bar says so with a visible arrow at that edge.
    await expect(nav.locator('.tab-bar__more--before')).toBeVisible();
    await expectNoAxeFindings(page);
  });
});

describe('a readable history', () => {
  it('names the creator and the actor, and opens an entry to the rows it changed', async () => {
    const session = await suite.loginAdmin();
    const { page } = session;
    await openAdminView(page, 'authors', 'Manage Creators');
    await page.getByRole('button', { name: 'History of Otis Brightwater-Fairweather' }).click();
    await expect(
      page.getByRole('heading', { name: 'Changes to Otis Brightwater-Fairweather' }),
    ).toBeVisible();
    const entries = page.getByRole('list', { name: 'Changes, newest first' });
    await expect(entries.getByText('You (this session)').first()).toBeVisible();
    expect(await entries.innerText()).not.toMatch(/admin · [0-9a-f]{6}/);
    const oldest = entries.locator(':scope > li').last();
    await oldest.getByText('Show what changed').click();
    await expect(oldest.getByRole('list', { name: /^Rows changed by #/ })).toContainText(
      'added Creator "Otis Brightwater-Fairweather"',
    );
    await expectNoAxeFindings(page);
  });
});
