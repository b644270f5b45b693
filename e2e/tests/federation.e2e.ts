/**
 * Module federation at run time (docs/architecture.md): the host fetches the public remote's manifest when the page
 * runs, and a visitor who never logs in downloads nothing of the admin remote. Runs on the demo data
 * (SEED_DEMO=true), which also checks that `npm start`'s default database is usable.
 */
import { expect } from '../support/expect';
import { useSuite } from '../support/suite';
import { listHeading, openApp, tab } from '../support/ui';

const suite = useSuite({ seedDemo: true });

describe('module federation', () => {
  it('loads the public remote at run time and never the admin remote for a visitor', async () => {
    const s = suite.session;
    const { page } = s;
    await openApp(page);
    const heading = await listHeading(page).innerText();
    expect(Number(heading.match(/\((\d+)\)/)![1])).toBeGreaterThan(0);

    // Leaderboard, then a creator page from it, then back to search.
    await tab(page, /Leaderboard/).click();
    await expect(page.getByText('Collaboration Leaderboard', { exact: true })).toBeVisible();
    const first = page.getByRole('img', { name: 'Rank 1, gold medal' }).first();
    await expect(first).toBeVisible();
    await first.click();
    await expect(page.getByRole('button', { name: /Back to Search/ })).toBeVisible();
    await expect(page.getByText('Total Videos', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: /Back to Search/ }).click();
    await expect(listHeading(page)).toBeVisible();
    await page.waitForLoadState('networkidle');

    // The host learns where the remotes are at run time, then loads the public one through its manifest.
    expect(s.requested('/remotes.json').length).toBeGreaterThan(0);
    expect(s.requested('/remotes/public/mf-manifest.json').length).toBeGreaterThan(0);
    expect(s.requested('/remotes/public/').some((u) => u.endsWith('.js'))).toBe(true);
    expect(s.requested('/remotes/admin/')).toEqual([]);
    expect(s.requests.filter((u) => new URL(u).origin !== suite.server.baseURL)).toEqual([]);
  });

  it("asks for the first view's remote files before the shell has rendered", async () => {
    const s = suite.session;
    await openApp(s.page);
    // The shell asks for the session once React has rendered it; the remote's manifest comes before that,
    // so on a slow connection the remote's files download beside the host's own chunks.
    const paths = s.requests.map((u) => new URL(u).pathname);
    const manifest = paths.indexOf('/remotes/public/mf-manifest.json');
    expect(manifest).toBeGreaterThan(-1);
    expect(paths.indexOf('/api/auth/session')).toBeGreaterThan(manifest);
    expect(s.requested('/remotes/admin/')).toEqual([]);
  });

  it('serves the remotes as separate deployable bundles, manifests not cached', async () => {
    for (const remote of ['public', 'admin']) {
      const res = await fetch(`${suite.server.baseURL}/remotes/${remote}/mf-manifest.json`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toMatch(/no-cache/);
      const manifest = (await res.json()) as { name?: string; metaData?: { name?: string } };
      expect(manifest.metaData?.name ?? manifest.name).toBe(`${remote}_remote`);
    }
  });
});
