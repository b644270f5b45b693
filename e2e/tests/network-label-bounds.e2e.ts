/**
 * The collaboration graph's names stay inside the drawing, and at two hops second-hop creators are named
 * without hovering (a touch screen has no hover): at 1280 and 360 px, read from the DOM as Chromium lays
 * it out (each drawn <text> box against the <svg> box; the hop each name belongs to is on `data-hop`).
 */
import { AdminApi } from '../support/api';
import { seriousAxeFindings } from '../support/a11y';
import { expect, Page } from '../support/expect';
import { useSuite } from '../support/suite';

/** A hub with six guests, each with guests of their own: a second hop of 18 creators. */
async function seedTwoHops(api: AdminApi) {
  const hub = await api.createCreator({ name: 'Hub Hazel Marchetti' });
  let n = 0;
  const video = (authorIds: number[]) =>
    api.createVideo({
      title: `Two hop video ${++n}`,
      url: `https://www.youtube.com/watch?v=e2eHops${String(n).padStart(4, '0')}`,
      date: '2024-02-01',
      authorIds,
    });
  for (let i = 1; i <= 6; i++) {
    const guest = await api.createCreator({ name: `First Ring Guest ${i}` });
    await video([hub.id, guest.id]);
    for (let k = 1; k <= 3; k++) {
      const far = await api.createCreator({ name: `Second Ring ${i}-${k} Wanderer` });
      // Some second-hop creators collaborate more than others: those are named first.
      for (let m = 0; m < k; m++) await video([guest.id, far.id]);
    }
  }
  return { hub };
}

const suite = useSuite({ seed: seedTwoHops });

interface DrawnName {
  text: string;
  hop: string;
  hoverOnly: boolean;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Every name the graph displays now (hover-only names are not displayed, so they have no box). */
function drawnNames(page: Page): Promise<{ svg: DOMRect; names: DrawnName[] }> {
  return page.evaluate(() => {
    const svg = document.querySelector('svg.pr-graph')!;
    const names = Array.from(svg.querySelectorAll('text'))
      .map((text) => ({ text, rect: text.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 0 && rect.height > 0)
      .map(({ text, rect }) => ({
        text: text.textContent ?? '',
        hop: text.dataset.hop ?? '',
        hoverOnly: text.classList.contains('pr-graph__label--hover'),
        left: rect.left,
        top: rect.top,
        right: rect.right,
        bottom: rect.bottom,
      }));
    return { svg: svg.getBoundingClientRect().toJSON() as DOMRect, names };
  });
}

describe.each([1280, 360])('the two-hop graph at %i px', (width) => {
  it('names second-hop creators without hover, every name inside the drawing, none overlapping', async () => {
    const { page } = suite.session;
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/?creator=${suite.data.hub.id}`);
    await page.getByRole('button', { name: 'Show collaboration network' }).click();
    await page.getByRole('checkbox', { name: 'Show two hops' }).check();
    await expect(
      page.getByRole('img', { name: /^Collaboration network of Hub Hazel Marchetti: 25 creators/ }),
    ).toBeVisible({
      timeout: 20_000,
    });
    await page.waitForLoadState('networkidle');
    await page.mouse.move(0, 0); // no node hovered

    const { svg, names } = await drawnNames(page);
    expect(names.every((name) => !name.hoverOnly)).toBe(true);
    expect(names.map((name) => name.text)).toContain('Hub Hazel Marchetti');
    const secondHop = names.filter((name) => name.hop === '2');
    expect(secondHop.length).toBeGreaterThanOrEqual(width >= 1280 ? 6 : 2);
    // The most connected second-hop creators come first.
    expect(secondHop.some((name) => name.text.endsWith('-3 Wanderer'))).toBe(true);

    const outside = names.filter(
      (name) =>
        name.left < svg.left - 0.5 ||
        name.right > svg.right + 0.5 ||
        name.top < svg.top - 0.5 ||
        name.bottom > svg.bottom + 0.5,
    );
    expect(outside.map((name) => name.text)).toEqual([]);
    const overlapping: string[] = [];
    for (const [i, a] of names.entries())
      for (const b of names.slice(i + 1))
        if (
          a.left < b.right - 0.5 &&
          b.left < a.right - 0.5 &&
          a.top < b.bottom - 0.5 &&
          b.top < a.bottom - 0.5
        )
          overlapping.push(`${a.text} / ${b.text}`);
    expect(overlapping).toEqual([]);
    // Readable: second-hop names at least 10 px tall on screen.
    expect(Math.min(...secondHop.map((name) => name.bottom - name.top))).toBeGreaterThanOrEqual(10);
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
});
