/**
 * Collab events and roles on screen (docs/product.md "Counting by event", "Roles and crew"): the role
 * chips on a video row, the event link on a row leading to the event's page, and the leaderboard's
 * 'Count: Videos | Events' changing the ranking and the address. Checked at 1280 and 360 px with axe, no
 * sideways scrolling and no cut text. Data:
 *   A cook-off uploaded three times (Ann's, Bo's and Cy's POV, each crediting the other two), grouped as
 *   one event; Dee and Eve's two separate collaborations.
 *   By videos Ann, Bo and Cy lead with 3 each; by events Dee and Eve lead with 2, the others have 1.
 * With E2E_SHOTS=<dir> each checked screen is also saved there as a PNG, to look at.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, Locator, Page } from '../support/expect';
import type { AdminApi } from '../support/api';
import { horizontalOverflow, seriousAxeFindings } from '../support/a11y';
import { useSuite } from '../support/suite';

interface Seeded {
  ids: Record<string, number>;
  eventId: number;
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

async function seed(api: AdminApi): Promise<Seeded> {
  const ids: Record<string, number> = {};
  for (const name of [
    'Ann Okonkwo-Lindqvist',
    'Bo Marchetti',
    'Cy Abernathy',
    'Dee Ramanathan',
    'Eve Castellano',
  ])
    ids[name] = (await api.createCreator({ name })).id;
  const [ann, bo, cy, dee, eve] = Object.values(ids) as [number, number, number, number, number];
  const pov = async (title: string, date: string, authorIds: number[]) =>
    ((await api.request('POST', '/api/videos', { title, date, authorIds })) as { id: number }).id;
  const povs = [
    await pov('Cook-off (Ann POV)', daysAgo(3), [ann, bo, cy]),
    await pov('Cook-off (Bo POV)', daysAgo(3), [bo, ann, cy]),
    await pov('Cook-off (Cy POV)', daysAgo(2), [cy, ann, bo]),
  ];
  await pov('Dee and Eve go bowling', daysAgo(40), [dee, eve]);
  await pov('Dee and Eve bake bread', daysAgo(20), [eve, dee]);
  const event = (await api.request('POST', '/api/events', { videoIds: povs })) as { id: number };
  return { ids, eventId: event.id };
}

const suite = useSuite({ seed });

/** Elements whose text is clipped (wider than their box), to catch cut names. */
function cutText(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) =>
    Array.from(root.querySelectorAll<HTMLElement>('*'))
      .filter((el) => el.children.length === 0 && el.textContent?.trim())
      .filter((el) => {
        const style = getComputedStyle(el);
        const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
        return clips && el.scrollWidth > el.clientWidth + 1;
      })
      .map((el) => el.textContent!.trim()),
  );
}

async function expectCleanAt(page: Page, width: number, name: string) {
  await page.setViewportSize({ width, height: 800 });
  await page.waitForTimeout(150);
  expect(await seriousAxeFindings(page)).toEqual([]);
  expect(await horizontalOverflow(page)).toEqual({ excess: 0, culprits: [] });
  expect(await cutText(page.locator('body'))).toEqual([]);
  const dir = process.env.E2E_SHOTS;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: true });
  }
}

/** Retries `read` until it answers `expected` (deep equality), failing with what it read last. */
async function until<T>(read: () => Promise<T>, expected: T, timeout = 10_000): Promise<void> {
  const deadline = Date.now() + timeout;
  let last: T | undefined;
  for (;;) {
    try {
      last = await read();
      if (JSON.stringify(last) === JSON.stringify(expected)) return;
    } catch {
      // not there yet
    }
    if (Date.now() > deadline) expect(last).toEqual(expected);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const checked = (radio: Locator) => until(() => radio.isChecked(), true);

/** The rows of 'Most Collaborations' as read: 'Name N unit'. */
async function collaborations(page: Page): Promise<string[]> {
  const list = page.getByRole('region', { name: 'Most Collaborations', exact: true });
  await expect(list.getByRole('button').first()).toBeVisible({ timeout: 20_000 });
  return (await list.getByRole('button').allInnerTexts()).map((text) =>
    text
      .replace(/\s+/g, ' ')
      .replace(/^#?\d+ /, '') // the rank: '#4', or a medal's number
      .trim(),
  );
}

describe('collab events', () => {
  it('shows role chips on a video row, and its event link leads to the event', async () => {
    const { page } = suite.session;
    const { ids, eventId } = suite.data;
    await page.goto(`/?creator=${ids['Ann Okonkwo-Lindqvist']}`);
    const row = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Cook-off (Bo POV)' }) });
    const authors = row.getByRole('list', { name: 'Authors' }).getByRole('listitem');
    await expect(authors).toHaveCount(3, { timeout: 20_000 });
    await expect(authors.nth(0)).toHaveText(/^Bo Marchetti\s*Host$/i);
    await expect(authors.nth(1)).toHaveText(/^Ann Okonkwo-Lindqvist\s*Guest$/i);
    await expect(authors.nth(2)).toHaveText(/^Cy Abernathy\s*Guest$/i);
    // The creator page says the three uploads were one event.
    await expect(page.getByText('3 collaborations in 1 event')).toBeVisible();
    for (const width of [1280, 360]) await expectCleanAt(page, width, 'creator-with-event');

    await page.setViewportSize({ width: 1280, height: 800 });
    const link = row.getByRole('link', { name: 'Collab event: all uploads of Cook-off (Bo POV)' });
    await expect(link).toHaveAttribute('href', `?event=${eventId}`);
    await link.click();
    await page.waitForURL(new RegExp(`\\?event=${eventId}$`));
    await expect(page.getByRole('heading', { name: 'Cook-off (Ann POV)', level: 2 })).toBeVisible();
    await expect(page.getByText(/3 uploads by 3 creators/)).toBeVisible();
    const uploads = page.getByRole('region', { name: 'Uploads (3)' });
    expect(await uploads.getByRole('heading', { level: 4 }).allInnerTexts()).toEqual([
      'Cook-off (Ann POV)',
      'Cook-off (Bo POV)',
      'Cook-off (Cy POV)',
    ]);
    for (const width of [1280, 360]) await expectCleanAt(page, width, 'event');

    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Ann Okonkwo-Lindqvist', level: 2 })).toBeVisible();
  });

  it("changes the ranking and the address with 'Count: Videos | Events', and restores it", async () => {
    const { page } = suite.session;
    await page.goto('/?view=leaderboard');
    const count = page.getByRole('group', { name: 'Count' });
    await expect(count).toBeVisible({ timeout: 20_000 });
    await checked(count.getByRole('radio', { name: 'Videos' }));
    expect(await collaborations(page)).toEqual([
      'Ann Okonkwo-Lindqvist 3 collabs',
      'Bo Marchetti 3 collabs',
      'Cy Abernathy 3 collabs',
      'Dee Ramanathan 2 collabs',
      'Eve Castellano 2 collabs',
    ]);

    await count.getByRole('radio', { name: 'Events' }).check();
    await page.waitForURL(/\?view=leaderboard&count=events$/);
    await until(
      () => collaborations(page),
      [
        'Dee Ramanathan 2 events',
        'Eve Castellano 2 events',
        'Ann Okonkwo-Lindqvist 1 event',
        'Bo Marchetti 1 event',
        'Cy Abernathy 1 event',
      ],
    );
    for (const width of [1280, 360]) await expectCleanAt(page, width, 'leaderboard-events');
    await page.setViewportSize({ width: 1280, height: 800 });

    // With a period: both in the address; the cook-off counts once in the last 7 days.
    await page.getByRole('radio', { name: 'Last 7 days' }).check();
    await page.waitForURL(/\?view=leaderboard&period=week&count=events$/);
    await until(
      () => collaborations(page),
      ['Ann Okonkwo-Lindqvist 1 event new', 'Bo Marchetti 1 event new', 'Cy Abernathy 1 event new'],
    );

    // Back and forward walk the address, and the toggle follows it.
    await page.goBack();
    await page.waitForURL(/\?view=leaderboard&count=events$/);
    await page.goBack();
    await page.waitForURL(/\?view=leaderboard$/);
    await checked(count.getByRole('radio', { name: 'Videos' }));
    await until(async () => (await collaborations(page))[0], 'Ann Okonkwo-Lindqvist 3 collabs');
    await page.goForward();
    await checked(count.getByRole('radio', { name: 'Events' }));
    await until(async () => (await collaborations(page))[0], 'Dee Ramanathan 2 events');

    // A fresh load of the address restores the count.
    await page.goto('/?view=leaderboard&count=events');
    await expect(count).toBeVisible({ timeout: 20_000 });
    await checked(count.getByRole('radio', { name: 'Events' }));
    expect((await collaborations(page))[0]).toBe('Dee Ramanathan 2 events');
    await expectCleanAt(page, 360, 'leaderboard-events-reload');
  });
});
