/** docs/product.md "Names in every script": the visitor's search box finds a creator across kana forms and by an other name. */
import { expect } from '../support/expect';
import { useSuite } from '../support/suite';
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
