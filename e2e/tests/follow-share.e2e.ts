/**
 * Following and sharing in the browser: a shared address's page, whose head the server filled with the
 * link preview, still boots the app into that view, and the creator, pair and group pages offer their Atom
 * feed ('Follow (Atom)' and the head's `<link rel="alternate">`). The admin manages API keys.
 */
import { SHARE_ROUTES } from '@friends/shared';
import { seriousAxeFindings, horizontalOverflow } from '../support/a11y';
import { expect } from '../support/expect';
import { useSuite } from '../support/suite';

const suite = useSuite({
  seed: async (api) => {
    const ada = await api.createCreator({ name: 'Ada "Quotes" & <Tags>' });
    const bo = await api.createCreator({ name: 'Bo Brightwater' });
    await api.createVideo({ title: 'Ada meets Bo', date: '2024-05-01', authorIds: [ada.id, bo.id] });
    const group = (await api.request('POST', '/api/groups', {
      name: 'Nova <Crew> & "Friends"',
      kind: 'group',
    })) as {
      id: number;
    };
    await api.request('POST', `/api/groups/${group.id}/members`, {
      creatorId: bo.id,
      from: '2024-01-01',
      to: null,
    });
    return { ada, bo, groupId: group.id };
  },
});

describe('a shared creator address', () => {
  it('boots the app into the creator page from the previewed HTML, with its Follow link and feed', async () => {
    const { page, baseURL } = suite.session;
    const { ada } = suite.data;
    const response = await page.goto(`${baseURL}/?creator=${ada.id}`);
    // The previewed HTML: the server's head for this creator.
    const html = (await response?.text()) ?? '';
    expect(html).toContain('<meta property="og:title" content="Ada &quot;Quotes&quot; &amp; &lt;Tags&gt; · ');
    expect(await page.locator('meta[name="twitter:card"]').getAttribute('content')).toBe(
      'summary_large_image',
    );
    // The app booted into the creator page.
    await expect(page.getByRole('heading', { name: 'Ada "Quotes" & <Tags>' })).toBeVisible();
    const follow = page.getByRole('link', { name: /Atom feed/ });
    await expect(follow).toBeVisible();
    await expect(follow).toHaveText('Follow (Atom)');
    expect(await follow.getAttribute('href')).toBe(SHARE_ROUTES.creatorFeed(ada.id));
    const alternates = page.locator('head link[rel="alternate"][type="application/atom+xml"]');
    await expect(alternates).toHaveCount(1);
    expect(await alternates.getAttribute('href')).toBe(SHARE_ROUTES.creatorFeed(ada.id));
    const feed = await page.request.get(`${baseURL}${SHARE_ROUTES.creatorFeed(ada.id)}`);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain('<title type="text">Ada meets Bo</title>');
  });

  it('offers the pair feed on the pair page, at 1280 and 360 px without overflow or axe findings', async () => {
    const { page, baseURL } = suite.session;
    const { ada, bo } = suite.data;
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${baseURL}/?pair=${ada.id}-${bo.id}`);
      const follow = page.getByRole('link', { name: /Atom feed/ });
      await expect(follow).toBeVisible();
      expect(await follow.getAttribute('href')).toBe(SHARE_ROUTES.pairFeed(ada.id, bo.id));
      await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveCount(1);
      expect((await horizontalOverflow(page)).excess).toBe(0);
      expect(await seriousAxeFindings(page)).toEqual([]);
    }
  });
});

describe('a shared group address', () => {
  it('boots the app into the group page from the previewed HTML, with its Follow link and feed', async () => {
    const { page, baseURL } = suite.session;
    const { groupId } = suite.data;
    await page.setViewportSize({ width: 1280, height: 800 });
    const response = await page.goto(`${baseURL}/?group=${groupId}`);
    const html = (await response?.text()) ?? '';
    expect(html).toContain(
      '<meta property="og:title" content="Nova &lt;Crew&gt; &amp; &quot;Friends&quot; · Friends of the Channel" />',
    );
    expect(html).toContain(
      `<meta property="og:image" content="${baseURL}${SHARE_ROUTES.groupCard(groupId)}" />`,
    );
    await expect(page.getByRole('heading', { name: 'Nova <Crew> & "Friends"', level: 2 })).toBeVisible({
      timeout: 20_000,
    });
    const follow = page.getByRole('link', { name: /Atom feed/ });
    await expect(follow).toHaveText('Follow (Atom)');
    expect(await follow.getAttribute('href')).toBe(SHARE_ROUTES.groupFeed(groupId));
    const alternates = page.locator('head link[rel="alternate"][type="application/atom+xml"]');
    await expect(alternates).toHaveCount(1);
    expect(await alternates.getAttribute('href')).toBe(SHARE_ROUTES.groupFeed(groupId));
    const feed = await page.request.get(`${baseURL}${SHARE_ROUTES.groupFeed(groupId)}`);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain('<title type="text">Ada meets Bo</title>');
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(follow).toBeVisible();
      expect((await horizontalOverflow(page)).excess).toBe(0);
      expect(await seriousAxeFindings(page)).toEqual([]);
    }
  });
});
