import { screen, waitFor, within } from '@testing-library/react';
import { formatMoment, QUERY_KEYS } from '@friends/shared';
import { SUGGESTIONS } from '../../../test-utils/fixtures';
import { mockFetch } from '../../../test-utils/mock-fetch';
import { mockDialogs, renderWithClient, resetBrowserState, viewProps } from '../../../test-utils/render';
import { VideoSuggestions } from './video-suggestions';

beforeEach(resetBrowserState);

const [first, second] = SUGGESTIONS as [(typeof SUGGESTIONS)[0], (typeof SUGGESTIONS)[0]];

describe('Video Suggestions', () => {
  it('lists each suggestion with a safe link and its submitted time', async () => {
    mockFetch({ 'GET /api/suggestions': { body: SUGGESTIONS } });
    renderWithClient(<VideoSuggestions {...viewProps()} />);
    expect(screen.getByRole('heading', { name: 'Video Suggestions' })).toBeInTheDocument();
    const list = within(await screen.findByRole('list', { name: 'Pending suggestions' }));
    expect(list.getByRole('link', { name: first.url })).toHaveAttribute('href', first.url);
    // javascript: is never a link (docs/architecture.md "Deliberate departures" 7)
    expect(list.getByText(second.url).tagName).toBe('SPAN');
    expect(list.queryByRole('link', { name: second.url })).not.toBeInTheDocument();
    expect(list.getByText(formatMoment(first.submittedAt))).toBeInTheDocument();
  });

  it('Review & Add deletes the suggestion, then navigates to videos with the URL prefilled', async () => {
    const api = mockFetch({
      'GET /api/suggestions': { body: SUGGESTIONS },
      [`DELETE /api/suggestions/${first.id}`]: () => {
        api.routes['GET /api/suggestions'] = { body: [second] };
        return { status: 204 };
      },
    });
    const props = viewProps();
    const { user, queryClient } = renderWithClient(<VideoSuggestions {...props} />);
    await user.click(await screen.findByRole('button', { name: `Review & Add ${first.url}` }));
    await waitFor(() => expect(props.navigate).toHaveBeenCalledWith('videos', { prefillUrl: first.url }));
    expect(api.writes()).toEqual([
      expect.objectContaining({ method: 'DELETE', url: `/api/suggestions/${first.id}` }),
    ]);
    // The shared cache (the host's badge) no longer holds it.
    await waitFor(() => expect(queryClient.getQueryData(QUERY_KEYS.suggestions)).toEqual([second]));
  });

  it('Deny removes the suggestion and shows the empty state when none is left', async () => {
    const api = mockFetch({
      'GET /api/suggestions': { body: [first] },
      [`DELETE /api/suggestions/${first.id}`]: () => {
        api.routes['GET /api/suggestions'] = { body: [] };
        return { status: 204 };
      },
    });
    const props = viewProps();
    const { user } = renderWithClient(<VideoSuggestions {...props} />);
    await user.click(await screen.findByRole('button', { name: `Deny ${first.url}` }));
    expect(await screen.findByText('No pending suggestions')).toBeInTheDocument();
    expect(props.navigate).not.toHaveBeenCalled();
    expect(api.writes()).toEqual([
      expect.objectContaining({ method: 'DELETE', url: `/api/suggestions/${first.id}` }),
    ]);
  });

  it('shows the empty state', async () => {
    mockFetch({ 'GET /api/suggestions': { body: [] } });
    renderWithClient(<VideoSuggestions {...viewProps()} />);
    expect(await screen.findByText('No pending suggestions')).toBeInTheDocument();
  });

  it('alerts and logs when Deny fails', async () => {
    mockFetch({
      'GET /api/suggestions': { body: [first] },
      [`DELETE /api/suggestions/${first.id}`]: { status: 404, body: { error: 'Suggestion not found' } },
    });
    const dialogs = mockDialogs();
    const { user } = renderWithClient(<VideoSuggestions {...viewProps()} />);
    await user.click(await screen.findByRole('button', { name: `Deny ${first.url}` }));
    await waitFor(() => expect(dialogs.alert).toHaveBeenCalledWith('Error: Suggestion not found'));
    expect(dialogs.consoleError).toHaveBeenCalled();
  });
});
