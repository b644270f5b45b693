/** A visitor's suggestion reaches an admin in another browser (docs/architecture.md "Deliberate departures" 2), who reviews or denies it. */
import { expect } from '../support/expect';
import { useSuite } from '../support/suite';
import { openAdminView, openApp, panel, tab } from '../support/ui';

const suite = useSuite({
  seed: async (api) => {
    await api.createCreator({
      name: 'Only Creator',
      socialLinks: [{ url: 'https://www.youtube.com/@only' }],
    });
  },
});

const URL_ONE = 'https://www.youtube.com/watch?v=reviewMe001';
const URL_TWO = 'https://www.youtube.com/watch?v=denyMe00002';

async function suggestAsVisitor(url: string) {
  const visitor = await suite.newSession();
  await openApp(visitor.page);
  await visitor.page.getByText('Suggest a Video').first().click();
  await visitor.page
    .getByRole('textbox', { name: /youtube|url|video/i })
    .or(visitor.page.getByPlaceholder(/youtube/i))
    .first()
    .fill(url);
  await visitor.page.getByRole('button', { name: 'Submit Suggestion' }).click();
  await expect(
    visitor.page.getByText('Thank you! Your video suggestion has been submitted for review.'),
  ).toBeVisible();
}

describe('suggestions review', () => {
  it("lists a visitor's suggestion for the admin; 'Review & Add' prefills 'Add New Video'", async () => {
    const admin = suite.session;
    await suggestAsVisitor(URL_ONE);
    await suggestAsVisitor(URL_TWO);

    await suite.loginAdmin(admin);
    await admin.page.goto('/?view=videos');
    await expect(admin.page.getByRole('heading', { name: 'Manage Videos' })).toBeVisible({ timeout: 20_000 });
    const suggestionsTab = tab(admin.page, /^Suggestions/);
    await expect(suggestionsTab).toContainText('2');
    await suggestionsTab.click();

    await expect(admin.page.getByRole('heading', { name: 'Video Suggestions' })).toBeVisible();
    const link = admin.page.getByRole('link', { name: URL_ONE });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', URL_ONE);

    await admin.page.getByRole('button', { name: `Review & Add ${URL_ONE}` }).click();
    await expect(admin.page.getByRole('heading', { name: 'Manage Videos' })).toBeVisible();
    const form = panel(admin.page, 'Add New Video');
    await expect(form.getByLabel('URL', { exact: true })).toHaveValue(URL_ONE);
    await expect(tab(admin.page, /^Suggestions/)).toContainText('1');
  });

  it("removes a suggestion with 'Deny' and shows 'No pending suggestions'", async () => {
    const admin = suite.session;
    await suite.loginAdmin(admin);
    await openAdminView(admin.page, 'suggestions', 'Video Suggestions');
    await expect(admin.page.getByRole('link', { name: URL_ONE })).toBeHidden();
    await admin.page.getByRole('button', { name: `Deny ${URL_TWO}` }).click();
    await expect(admin.page.getByText('No pending suggestions', { exact: true })).toBeVisible();
    expect(await suite.api.suggestions()).toEqual([]);
  });
});
