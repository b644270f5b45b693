/**
 * The collaboration graph's names never overlap (docs/product.md §2 author-page and "Accessibility and
 * small screens"), on a phone as on a desktop: a crowded network, names checked as Chromium lays them out.
 */
import { AdminApi } from '../support/api';
import { expect, Page } from '../support/expect';
import { useSuite } from '../support/suite';

const GUESTS = 22;

async function seedHub(api: AdminApi) {
  const hub = await api.createCreator({ name: 'Hub Hannah' });
  const guests = [];
  for (let i = 1; i <= GUESTS; i++) {
    guests.push(await api.createCreator({ name: `Guest Wanderlust ${String(i).padStart(2, '0')}` }));
  }
  let n = 0;
  const video = (authorIds: number[]) =>
    api.createVideo({
      title: `Crowded video ${++n}`,
      url: `https://www.youtube.com/watch?v=e2eCrowd${String(n).padStart(3, '0')}`,
      date: '2024-01-01',
      authorIds,
    });
  for (const [i, guest] of guests.entries()) {
    for (let k = 0; k <= i % 3; k++) await video([hub.id, guest.id]);
    const next = guests[(i + 1) % guests.length]!;
    if (i % 2 === 0) await video([guest.id, next.id]);
  }
  return { hub };
}

const suite = useSuite({ seed: seedHub });

interface Box {
  text: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The boxes of the names drawn on the graph (hover-only names are not displayed and have none). */
function drawnNames(page: Page): Promise<Box[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('svg.pr-graph text'))
      .map((text) => ({ text: text.textContent ?? '', rect: text.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 0 && rect.height > 0)
      .map(({ text, rect }) => ({
        text,
        left: rect.left,
        top: rect.top,
        right: rect.right,
        bottom: rect.bottom,
      })),
  );
}

describe.each([1280, 360])('the collaboration graph at %i px', (width) => {
  it('draws the centre and some guests by name, no two names overlapping', async () => {
    const { page } = suite.session;
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/?creator=${suite.data.hub.id}`);
    await page.getByRole('button', { name: 'Show collaboration network' }).click();
    await expect(page.getByRole('img', { name: /^Collaboration network of Hub Hannah/ })).toBeVisible({
      timeout: 20_000,
    });
    await page.waitForLoadState('networkidle');

    const names = await drawnNames(page);
    expect(names.map((name) => name.text)).toContain('Hub Hannah');
    expect(names.length).toBeGreaterThan(1);
    const overlapping: string[] = [];
    for (const [i, a] of names.entries()) {
      for (const b of names.slice(i + 1)) {
        // Half a pixel of slack for anti-aliased edges.
        if (
          a.left < b.right - 0.5 &&
          b.left < a.right - 0.5 &&
          a.top < b.bottom - 0.5 &&
          b.top < a.bottom - 0.5
        ) {
          overlapping.push(`${a.text} / ${b.text}`);
        }
      }
    }
    expect(overlapping).toEqual([]);
  });
});
