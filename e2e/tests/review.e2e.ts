/**
 * The review queue through the admin UI: an import of the fake channel puts its weak detections in
 * Review with a badge count, accept and reject work, a rejected name is not proposed again when the
 * video is imported again, and a handle in most of one channel's descriptions is never proposed.
 */
import { REVIEW_ROUTES, YOUTUBE_ROUTES, type ImportResult, type ReviewPage } from '@friends/shared';
import { seriousAxeFindings } from '../support/a11y';
import { expect } from '../support/expect';
import { useSuite } from '../support/suite';
import { openAdminView } from '../support/ui';
import { expectFakeImagesBlocked, useFakeYouTube } from '../support/youtube';

const yt = useFakeYouTube({ benchVideos: 0 });
const suite = useSuite({ env: yt.env });

const importTitles = async (...titles: string[]) => {
  await suite.api.login();
  const ids = titles.map((t) => ({ id: yt.fake.data.videos.find((v) => v.title === t)!.id }));
  return (await suite.api.request('POST', YOUTUBE_ROUTES.import, { items: ids })) as ImportResult;
};

describe('Review', () => {
  it('lists weak detections with a badge; accept and reject work; a rejection sticks on re-import', async () => {
    // Otto's three uploads all end with the same club handle: boilerplate, never proposed.
    for (const v of yt.fake.data.videos.filter((v) => v.id.startsWith('OBv')))
      v.description = 'Baking all week!\nJoin the club: @breadclub';
    const otto = yt.fake.data.videos.filter((v) => v.id.startsWith('OBv')).map((v) => v.title);
    expect((await importTitles(...otto)).proposed).toBe(0);
    const result = await importTitles(
      'Camping in the rain with Priya Castellan',
      'Pancake race against @milofenwick',
      'Harvest song ft. Dario Quill',
    );
    expect(result).toMatchObject({ imported: 3, proposed: 2 });

    await suite.loginAdmin();
    const { page } = suite.session;
    expectFakeImagesBlocked(suite.session, yt.fake);
    await openAdminView(page, 'review', 'Review');
    await expect(page.getByRole('button', { name: 'Review 2 pending' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Proposed collaborators' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByText('breadclub')).toHaveCount(0);
    await expect(list.getByText(/title, medium confidence: “with Priya Castellan”/)).toBeVisible();

    await page
      .getByRole('button', { name: 'Accept milofenwick in Pancake race against @milofenwick' })
      .click();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Review 1 pending' })).toBeVisible();
    // Named after the handle's channel, not the handle.
    expect((await suite.api.creators()).map((c) => c.name)).toContain('Milo Fenwick');

    await page
      .getByRole('button', { name: 'Reject Priya Castellan in Camping in the rain with Priya Castellan' })
      .click();
    await expect(page.getByText('Nothing to review')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Review', exact: true })).toBeVisible();
    expect((await suite.api.creators()).map((c) => c.name)).not.toContain('Priya Castellan');

    // Deleted and imported again: the rejected name is not proposed again.
    const camping = (await suite.api.videos()).find((v) => v.title.startsWith('Camping in the rain'))!;
    await suite.api.request('DELETE', `/api/videos/${camping.id}`);
    expect((await importTitles('Camping in the rain with Priya Castellan')).proposed).toBe(0);
    const queue = (await suite.api.request('GET', REVIEW_ROUTES.list)) as ReviewPage;
    expect(queue.total).toBe(0);
  });

  it('shows how each author was linked on the chips of Manage Videos, by keyboard and mouse', async () => {
    await suite.loginAdmin();
    const { page } = suite.session;
    await openAdminView(page, 'videos', 'Manage Videos');
    const video = page.getByRole('article', { name: 'Harvest song ft. Dario Quill' });
    const marker = video.getByRole('button', { name: 'How Dario Quill was linked' });
    await marker.focus();
    const tip = video.getByRole('tooltip');
    await expect(tip).toBeVisible();
    await expect(tip).toContainText('title · “ft. Dario Quill” · high confidence');
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(tip).toBeHidden();

    const owner = video.getByRole('button', { name: 'How Juniper Lane was linked' });
    await owner.hover();
    await expect(video.getByRole('tooltip')).toContainText(
      'channel-owner · “Juniper Lane” · high confidence',
    );
  });
});
