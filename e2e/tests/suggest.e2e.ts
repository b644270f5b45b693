/** docs/product.md §2 search: the collapsible 'Suggest a Video' box, its validation and the 5-second banner. */
import { expect } from '../support/expect';
import { useSuite } from '../support/suite';
import { openApp } from '../support/ui';

const suite = useSuite();
const THANKS = 'Thank you! Your video suggestion has been submitted for review.';

async function openSuggestBox() {
  const { page } = suite.session;
  await openApp(page);
  await page.getByText('Suggest a Video').first().click();
  const field = page
    .getByRole('textbox', { name: /youtube|url|video/i })
    .or(page.getByPlaceholder(/youtube/i))
    .first();
  await expect(field).toBeVisible();
  return { page, field, submit: page.getByRole('button', { name: 'Submit Suggestion' }) };
}

describe('suggest a video', () => {
  it('keeps Submit disabled while the URL is empty or blank', async () => {
    const { field, submit } = await openSuggestBox();
    await expect(submit).toBeDisabled();
    await field.fill('    ');
    await expect(submit).toBeDisabled();
    await field.fill('https://www.youtube.com/watch?v=abcdefghijk');
    await expect(submit).toBeEnabled();
  });

  it('shows the thank-you banner for about 5 seconds and stores the suggestion', async () => {
    const url = 'https://www.youtube.com/watch?v=sugGest0001';
    const { page, field, submit } = await openSuggestBox();
    await field.fill(url);
    await submit.click();
    const banner = page.getByText(THANKS, { exact: true });
    await expect(banner).toBeVisible();
    const shown = Date.now();
    await page.waitForTimeout(3_500);
    await expect(banner).toBeVisible({ timeout: 100 });
    await expect(banner).toBeHidden({ timeout: 4_000 });
    const visibleFor = Date.now() - shown;
    expect(visibleFor).toBeGreaterThanOrEqual(4_000);
    expect(visibleFor).toBeLessThanOrEqual(7_500);

    // Stored by the API (docs/architecture.md "Deliberate departures" 2), so an admin elsewhere sees it.
    const suggestions = await suite.api.suggestions();
    expect(suggestions.map((s) => s.url)).toContain(url);
    expect(suggestions.find((s) => s.url === url)?.status).toBe('pending');
  });
});
