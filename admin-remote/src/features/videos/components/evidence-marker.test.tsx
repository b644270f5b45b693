import { screen, waitFor, within } from '@testing-library/react';
import type { LinkEvidence } from '@friends/shared';
import { CREATORS, VIDEOS } from '../../../test-utils/fixtures';
import { creatorRoutes } from '../../../test-utils/creator-routes';
import { mockFetch } from '../../../test-utils/mock-fetch';
import { renderWithClient, resetBrowserState } from '../../../test-utils/render';
import { VideoAuthors } from './video-authors';
import { VideoEditForm } from './video-edit-form';

beforeEach(resetBrowserState);

const VIDEO = VIDEOS[0]!;
const EVIDENCE: LinkEvidence[] = [
  {
    creatorId: 1,
    source: 'channel-owner',
    text: 'Ada Lumen',
    confidence: 'high',
    at: '2026-01-02T03:04:05.000Z',
  },
  {
    creatorId: 2,
    source: 'title',
    text: 'ft. Bram Koster',
    confidence: 'high',
    at: '2026-01-02T03:04:05.000Z',
  },
];
const routes = () => ({ 'GET /api/videos/10/evidence': { body: EVIDENCE } });
const evidenceCalls = (api: ReturnType<typeof mockFetch>) =>
  api.calls.filter((call) => call.url === '/api/videos/10/evidence');

describe('Evidence marker', () => {
  it('fetches nothing until a marker is opened, then describes the link on focus', async () => {
    const api = mockFetch(routes());
    const { user } = renderWithClient(<VideoAuthors video={VIDEO} />);
    const chips = within(screen.getByRole('list', { name: 'Authors of Rooftop Cooking Duel' }));
    expect(chips.getAllByRole('listitem')).toHaveLength(2);
    expect(evidenceCalls(api)).toHaveLength(0);

    await user.tab();
    const marker = chips.getByRole('button', { name: 'How Ada Lumen was linked' });
    expect(marker).toHaveFocus();
    await waitFor(() =>
      expect(marker).toHaveAccessibleDescription(
        'channel-owner · “Ada Lumen” · high confidence · 2026-01-02 03:04 UTC',
      ),
    );
    expect(screen.getByRole('tooltip')).toBeVisible();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.tab();
    expect(chips.getByRole('button', { name: 'How Bram Koster was linked' })).toHaveAccessibleDescription(
      'title · “ft. Bram Koster” · high confidence · 2026-01-02 03:04 UTC',
    );
    expect(evidenceCalls(api)).toHaveLength(1); // one answer serves every author of the video
  });

  it('opens on hover and says when a link predates evidence', async () => {
    mockFetch({
      'GET /api/videos/10/evidence': {
        body: [{ creatorId: 1, source: 'unknown', text: '', confidence: null, at: null }],
      },
    });
    const { user } = renderWithClient(<VideoAuthors video={VIDEO} />);
    await user.hover(screen.getByRole('button', { name: 'How Ada Lumen was linked' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Linked before evidence was kept');
    await user.unhover(screen.getByRole('button', { name: 'How Ada Lumen was linked' }));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('marks the saved authors in the edit form, not one just added', async () => {
    mockFetch({ ...routes(), ...creatorRoutes(CREATORS) });
    const { user } = renderWithClient(<VideoEditForm video={VIDEO} onDone={() => undefined} />);
    const chips = within(screen.getByRole('list', { name: 'Selected creators' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Cleo Hart' }));
    expect(chips.getAllByRole('listitem')).toHaveLength(3);
    expect(chips.getAllByRole('button', { name: /^How .* was linked$/ })).toHaveLength(2);
    await user.click(chips.getByRole('button', { name: 'How Bram Koster was linked' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('“ft. Bram Koster”');
  });
});
