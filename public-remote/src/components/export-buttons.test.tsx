import { screen } from '@testing-library/react';
import { API_ROUTES } from '@friends/shared';
import { LeaderboardView } from '../features/leaderboard/components/leaderboard-view';
import { SearchView } from '../features/search/components/search-view';
import { CREATORS, LEADERBOARD, creator } from '../test-utils/fixtures';
import { creatorsRoutes, mockFetch } from '../test-utils/mock-fetch';
import { renderWithClient, viewProps } from '../test-utils/render';

/** What each download would save: its file name, type and text. */
function captureDownloads() {
  const files: { name: string; type: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  URL.createObjectURL = jest.fn((blob: Blob) => {
    const url = `blob:test/${next++}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href) as Blob;
    files.push({ name: this.download, type: blob.type, blob });
  });
  return files;
}

const text = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });

afterEach(() => jest.restoreAllMocks());

describe('export for visitors', () => {
  it('downloads the current search results as CSV (formula cells defused) and JSON', async () => {
    const files = captureDownloads();
    mockFetch({
      ...creatorsRoutes([...CREATORS, creator(9, '=HYPERLINK("http://evil")', { videoCount: 1 })]),
    });
    const { user } = renderWithClient(<SearchView {...viewProps()} />);
    await user.click(await screen.findByRole('button', { name: 'Download All Creators as CSV' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search creators' }), 'hyperlink');
    await user.click(await screen.findByRole('button', { name: 'Download Search Results as JSON' }));

    expect(files.map(({ name, type }) => [name, type])).toEqual([
      ['all-creators.csv', 'text/csv;charset=utf-8'],
      ['search-results.json', 'application/json;charset=utf-8'],
    ]);
    const csv = (await text(files[0]!.blob)).replace(/^\uFEFF/, '').split('\r\n');
    expect(csv[0]).toBe('id,name,channel,videos,collaborations,links,other_names');
    expect(csv[1]).toBe(
      '1,Ada Lumen,https://www.youtube.com/@adalumen,5,4,https://www.youtube.com/@adalumen,',
    );
    expect(csv).toContain('9,"\'=HYPERLINK(""http://evil"")",,1,0,,');
    expect(JSON.parse(await text(files[1]!.blob))).toEqual([
      {
        id: 9,
        name: '=HYPERLINK("http://evil")',
        channel: '',
        videos: 1,
        collaborations: 0,
        links: '',
        other_names: '',
      },
    ]);
  });

  it('downloads the leaderboard, both lists with their ranks', async () => {
    const files = captureDownloads();
    mockFetch({ [`GET ${API_ROUTES.leaderboard}`]: { body: LEADERBOARD } });
    const { user } = renderWithClient(<LeaderboardView {...viewProps()} />);
    await user.click(await screen.findByRole('button', { name: 'Download Leaderboard as CSV' }));
    const csv = (await text(files[0]!.blob))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(files[0]!.name).toBe('leaderboard.csv');
    expect(csv).toEqual([
      'list,rank,id,name,count',
      'Most Collaborations,1,1,Ada Lumen,4',
      'Most Collaborations,2,2,Bram Koster,3',
      'Most Collaborations,3,4,Dario Vance,2',
      'Most Collaborations,4,5,Esme Quill,1',
      'Most Collaborators,1,1,Ada Lumen,3',
      'Most Collaborators,2,2,Bram Koster,2',
    ]);
  });
});
