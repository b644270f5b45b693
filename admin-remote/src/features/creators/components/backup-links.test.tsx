import { screen, within } from '@testing-library/react';
import { BACKUP_ROUTES } from '@friends/shared';
import { CREATORS, VIDEOS } from '../../../test-utils/fixtures';
import { mockFetch, videoRoutes } from '../../../test-utils/mock-fetch';
import { creatorRoutes } from '../../../test-utils/creator-routes';
import { renderWithClient, resetBrowserState, viewProps } from '../../../test-utils/render';
import { ManageCreators } from './manage-creators';

beforeEach(resetBrowserState);

describe("'Bulk Actions & Cleanup': backup downloads", () => {
  it('offers the JSON backup and the CSV files as downloads from the API, fetching nothing itself', async () => {
    const api = mockFetch({ ...creatorRoutes(CREATORS), ...videoRoutes(VIDEOS) });
    renderWithClient(<ManageCreators {...viewProps()} />);
    const panel = within(await screen.findByRole('region', { name: 'Bulk Actions & Cleanup' }));
    const backup = within(panel.getByRole('group', { name: 'Backup' }));
    const links = backup
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href'), a.hasAttribute('download')]);
    expect(links).toEqual([
      ['Export backup (JSON)', BACKUP_ROUTES.backup, true],
      ['Videos (CSV)', BACKUP_ROUTES.videosCsv, true],
      ['Creators (CSV)', BACKUP_ROUTES.creatorsCsv, true],
    ]);
    expect(api.writes()).toEqual([]);
  });
});
