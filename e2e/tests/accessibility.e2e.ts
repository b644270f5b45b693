/**
 * Every view, for everyone (docs/product.md §2 "Accessibility and small screens"): axe-core finds no
 * serious or critical problem at 1280 and 360 px, and no view scrolls sideways at 1280, 768 or 360 px.
 * The views come from the shared VIEW_IDS, which the host's view registry must cover, so a view added
 * later is scanned without touching this file (one that needs parameters fails until given some below).
 */
import { ADMIN_VIEWS, VIEW_IDS, type NavigateParams, type ViewId } from '@friends/shared';
import { viewSearch } from '../../host/src/lib/view-url';
import { horizontalOverflow, seriousAxeFindings } from '../support/a11y';
import { useAdminSession } from '../support/browser';
import { expect, Page } from '../support/expect';
import { seedWorld, World } from '../support/fixtures';
import { useSuite } from '../support/suite';

const suite = useSuite({ seed: seedWorld });

const WIDTHS = [1280, 768, 360] as const;
const SCANNED_WIDTHS: readonly number[] = [1280, 360];

/** Parameters of the views that cannot open without them. */
function paramsFor(view: ViewId, world: World): NavigateParams {
  switch (view) {
    case 'author-page':
      return { creatorId: world.creators.alice.id };
    case 'pair':
      return { pairIds: [world.creators.alice.id, world.creators.bob.id] };
    default:
      return {};
  }
}

interface Visit {
  title: string;
  view: ViewId;
  admin: boolean;
  /** What to open once the view has loaded (a panel that starts closed). */
  open?: (page: Page) => Promise<void>;
}

/** The creator page's collaboration network, two hops: the graph and its lists. */
async function openNetwork(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Show collaboration network' }).click();
  await page.getByLabel('Show two hops').check();
  await expect(page.getByRole('img', { name: /^Collaboration network of Alice Archer/ })).toBeVisible({
    timeout: 20_000,
  });
}

// Admin views as an admin; the login screen (what they show a visitor) as a visitor; search both ways,
// since an admin's cards carry extra controls.
const VISITS: Visit[] = [
  ...VIEW_IDS.map((view) => {
    const admin = ADMIN_VIEWS.includes(view) && view !== 'admin-login';
    return { title: `${view} (${admin ? 'admin' : 'visitor'})`, view, admin };
  }),
  { title: 'search (admin)', view: 'search', admin: true },
  { title: 'network (visitor)', view: 'author-page', admin: false, open: openNetwork },
];

/** Waits until the view has loaded its data and nothing is spinning. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.spinner')).toHaveCount(0, { timeout: 20_000 });
}

describe.each(VISITS)('$title', ({ view, admin, open }) => {
  it('has no serious accessibility finding at 1280 and 360 px, and never scrolls sideways', async () => {
    const context = await suite.browser.newContext({ baseURL: suite.server.baseURL });
    try {
      if (admin) await useAdminSession(context, suite.server.baseURL, suite.api.sessionCookies());
      const page = await context.newPage();
      const address = `/${viewSearch({ view, params: paramsFor(view, suite.data) })}`;
      const problems: string[] = [];
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(address);
        await settled(page);
        await expect(page.getByRole('heading').first()).toBeVisible();
        if (open) {
          await open(page);
          await settled(page);
        }
        const overflow = await horizontalOverflow(page);
        if (overflow.excess > 0) {
          problems.push(
            `${width} px: scrolls ${overflow.excess} px sideways (${overflow.culprits.join(', ')})`,
          );
        }
        if (SCANNED_WIDTHS.includes(width)) {
          for (const finding of await seriousAxeFindings(page)) {
            problems.push(
              `${width} px: axe ${finding.impact} ${finding.id} (${finding.help}): ${finding.targets.join(' | ')}`,
            );
          }
        }
      }
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
