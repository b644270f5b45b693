/**
 * docs/product.md "Names in every script": the visitor's search box finds a creator across kana forms and
 * by an other name; the creator page shows the other names under the name, whole and on screen.
 */
import { expect } from '../support/expect';
import { useSuite } from '../support/suite';
import { LIMITS } from '@friends/shared';
import { creatorCard, listHeading, openApp, searchBox } from '../support/ui';

const suite = useSuite({
  seed: async (api) => {
    await api.createCreator({
      name: '兎田ぺこら',
      otherNames: [{ name: 'Usada Pekora', lang: 'ja-Latn' }],
    });
    // Neither matches ペコラ nor pekora: the search must filter, not list everyone.
    await api.createCreator({ name: 'さくらみこ' });
    await api.createCreator({ name: 'Alice Archer' });
  },
});

/** A name at the length limit with no place to break a line (a channel handle written out). */
const UNBROKEN = 'Wolfeschlegelsteinhausenbergerdorff'.repeat(3).slice(0, LIMITS.creatorName);

describe('search by names in every script', () => {
  it('finds the hiragana name 兎田ぺこら when the visitor types katakana ペコラ', async () => {
    const { page } = suite.session;
    await openApp(page);
    await expect(listHeading(page)).toHaveText('All Creators (3)');

    await searchBox(page).pressSequentially('ペコラ');
    await expect(listHeading(page)).toHaveText('Search Results (1)');
    await expect(creatorCard(page, '兎田ぺこら')).toBeVisible();
    await expect(page.getByText('さくらみこ', { exact: true })).toBeHidden();
    await expect(page.getByText('Alice Archer', { exact: true })).toBeHidden();
  });

  it('finds 兎田ぺこら by her other name when the visitor types pekora', async () => {
    const { page } = suite.session;
    await openApp(page);

    await searchBox(page).pressSequentially('pekora');
    await expect(listHeading(page)).toHaveText('Search Results (1)');
    await expect(creatorCard(page, '兎田ぺこら')).toBeVisible();
    await expect(page.getByText('Alice Archer', { exact: true })).toBeHidden();

    await searchBox(page).fill('zzz');
    await expect(listHeading(page)).toHaveText('Search Results (0)');
  });
});

describe('other names on the creator page', () => {
  let created: Promise<{ id: number }> | undefined;
  /** Made once, after the search tests counted the seeded creators. */
  const longNamed = () =>
    (created ??= suite.api.createCreator({
      name: UNBROKEN,
      otherNames: [
        { name: `${UNBROKEN.slice(0, LIMITS.creatorName - 1)}!`, lang: 'de' },
        { name: 'ヴォルフェシュレーゲルシュタインハウゼンベルガードルフ', lang: 'ja-Kana' },
      ],
    }));

  it.each([1280, 360])('shows a name at the limit and its other names whole at %i px', async (width) => {
    const { page } = suite.session;
    const long = await longNamed();
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/?creator=${long.id}`);
    const name = page.getByRole('heading', { name: UNBROKEN, exact: true });
    await expect(name).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('ヴォルフェシュレーゲルシュタインハウゼンベルガードルフ')).toBeVisible();
    // Nothing wider than the screen: the page does not scroll sideways and the name is inside it.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(width);
    for (const box of [await name.boundingBox(), await page.getByText(/!$/).boundingBox()]) {
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    }
  });

  it.each([1280, 360])('lists a name at the limit whole in the search results at %i px', async (width) => {
    const { page } = suite.session;
    await longNamed();
    await page.setViewportSize({ width, height: 800 });
    await openApp(page);
    await searchBox(page).fill(UNBROKEN.slice(0, 40));
    const name = page.getByRole('button', { name: UNBROKEN, exact: true });
    await expect(name).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const box = await name.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  });
});
