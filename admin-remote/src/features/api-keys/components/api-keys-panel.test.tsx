import { screen, waitFor, within } from '@testing-library/react';
import type { ApiKeyInfo } from '@friends/shared';
import { mockFetch } from '../../../test-utils/mock-fetch';
import { mockDialogs, renderWithClient, resetBrowserState } from '../../../test-utils/render';
import { ApiKeysPanel } from './api-keys-panel';

beforeEach(resetBrowserState);

const BOT: ApiKeyInfo = {
  id: 3,
  name: 'Fan wiki bot',
  createdAt: '2026-01-02T03:04:05.000Z',
  rateLimit: 6000,
};

describe('API Keys', () => {
  it('creates a key, shows it once, and lists it by name', async () => {
    const api = mockFetch({
      'GET /api/keys': { body: [] },
      'POST /api/keys': () => {
        api.routes['GET /api/keys'] = { body: [BOT] };
        return { status: 201, body: { id: 3, name: 'Fan wiki bot', key: 'fotc_secret' } };
      },
    });
    const { user } = renderWithClient(<ApiKeysPanel />);
    expect(await screen.findByText('No API keys')).toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Create API Key' });
    expect(create).toBeDisabled();
    await user.type(screen.getByLabelText('Key name'), 'Fan wiki bot');
    await user.click(create);
    expect(await screen.findByText('fotc_secret')).toBeInTheDocument();
    const list = within(await screen.findByRole('list', { name: 'API keys' }));
    expect(list.getByText('Fan wiki bot')).toBeInTheDocument();
    expect(list.queryByText('fotc_secret')).not.toBeInTheDocument();
    expect(api.writes()).toEqual([
      expect.objectContaining({ method: 'POST', url: '/api/keys', body: { name: 'Fan wiki bot' } }),
    ]);
  });

  it('revokes a key after confirmation', async () => {
    const { confirm } = mockDialogs();
    const api = mockFetch({
      'GET /api/keys': { body: [BOT] },
      'DELETE /api/keys/3': () => {
        api.routes['GET /api/keys'] = { body: [] };
        return { status: 204 };
      },
    });
    const { user } = renderWithClient(<ApiKeysPanel />);
    await user.click(await screen.findByRole('button', { name: 'Revoke Fan wiki bot' }));
    expect(confirm).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByText('No API keys')).toBeInTheDocument());
    expect(api.writes()).toEqual([expect.objectContaining({ method: 'DELETE', url: '/api/keys/3' })]);
  });
});
