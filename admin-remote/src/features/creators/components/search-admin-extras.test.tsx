import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, type CreatorListItem } from '@friends/shared';
import { CREATORS } from '../../../test-utils/fixtures';
import { mockFetch } from '../../../test-utils/mock-fetch';
import { mockDialogs, renderWithClient, resetBrowserState, viewProps } from '../../../test-utils/render';
import { SearchAdminExtras } from './search-admin-extras';

beforeEach(resetBrowserState);

/** Stands in for the public remote's SearchView: cards that open the creator page when clicked. */
function FakeSearchView({
  toolbar,
  cardExtras,
  onOpen,
}: {
  toolbar: ReactNode;
  cardExtras: (creator: CreatorListItem) => ReactNode;
  onOpen: (id: number) => void;
}) {
  return (
    <div>
      <div data-testid="toolbar">{toolbar}</div>
      {CREATORS.map((creator) => (
        <div
          key={creator.id}
          role="article"
          aria-label={creator.name}
          onClick={() => onOpen(creator.id)}
          onKeyDown={(event) => event.key === 'Enter' && onOpen(creator.id)}
        >
          <h3>{creator.name}</h3>
          {cardExtras(creator)}
        </div>
      ))}
    </div>
  );
}

function renderExtras(isAdmin = true) {
  const onOpen = jest.fn();
  const props = { ...viewProps(), isAdmin };
  const rendered = renderWithClient(
    <SearchAdminExtras {...props}>
      {(slots) => <FakeSearchView {...slots} onOpen={onOpen} />}
    </SearchAdminExtras>,
  );
  return { ...rendered, onOpen };
}

const card = (name: string) => within(screen.getByRole('article', { name }));

describe('SearchAdminExtras', () => {
  it('renders nothing extra for visitors', () => {
    mockFetch({});
    renderExtras(false);
    expect(screen.queryByRole('button', { name: 'Merge Mode' })).not.toBeInTheDocument();
    expect(card('Ada Lumen').queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
  });

  it("toggles merge mode, shows 'n Selected', and the card checkbox (named by the creator) does not open the card", async () => {
    mockFetch({});
    const { user, onOpen } = renderExtras();
    expect(card('Ada Lumen').queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Merge Mode' }));
    expect(screen.getByRole('button', { name: '0 Selected' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Merge Selected' })).toBeInTheDocument();

    await user.click(card('Ada Lumen').getByRole('checkbox', { name: 'Ada Lumen' }));
    await user.click(card('Cleo Hart').getByRole('checkbox', { name: 'Cleo Hart' }));
    expect(screen.getByRole('button', { name: '2 Selected' })).toBeInTheDocument();
    await user.click(card('Cleo Hart').getByRole('checkbox', { name: 'Cleo Hart' }));
    expect(screen.getByRole('button', { name: '1 Selected' })).toBeInTheDocument();
    expect(onOpen).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: '1 Selected' }));
    expect(screen.getByRole('button', { name: 'Merge Mode' })).toHaveAttribute('aria-pressed', 'false');
    expect(card('Ada Lumen').queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Merge Selected' })).not.toBeInTheDocument();
  });

  it('Merge Selected alerts with fewer than two and PATCHes the selection otherwise', async () => {
    const api = mockFetch({
      'PATCH /api/creators': { body: { message: 'Merged 1 creator into Bram Koster' } },
    });
    const dialogs = mockDialogs();
    dialogs.prompt.mockReturnValue('2');
    const { user } = renderExtras();
    await user.click(screen.getByRole('button', { name: 'Merge Mode' }));
    await user.click(card('Ada Lumen').getByRole('checkbox', { name: 'Ada Lumen' }));
    await user.click(screen.getByRole('button', { name: 'Merge Selected' }));
    expect(dialogs.alert).toHaveBeenLastCalledWith(MESSAGES.needTwoToMerge);

    await user.click(card('Bram Koster').getByRole('checkbox', { name: 'Bram Koster' }));
    await user.click(screen.getByRole('button', { name: 'Merge Selected' }));
    expect(dialogs.prompt.mock.calls[0]?.[0]).toContain('1. Ada Lumen\n2. Bram Koster');
    await waitFor(() => expect(dialogs.alert).toHaveBeenLastCalledWith('Merged 1 creator into Bram Koster'));
    expect(api.writes()).toEqual([
      expect.objectContaining({ method: 'PATCH', body: { primaryId: 2, mergeIds: [1] } }),
    ]);
    expect(screen.getByRole('button', { name: 'Merge Mode' })).toBeInTheDocument();
  });

  it('edits a creator inline on its card without opening it', async () => {
    const api = mockFetch({ 'PUT /api/creators': { body: CREATORS[1] } });
    const { user, onOpen } = renderExtras();
    await user.click(card('Bram Koster').getByRole('button', { name: 'Edit Bram Koster' }));
    const form = within(card('Bram Koster').getByRole('form', { name: 'Edit creator Bram Koster' }));
    await user.clear(form.getByLabelText('Name'));
    await user.type(form.getByLabelText('Name'), 'Bram K{Enter}');
    await waitFor(() =>
      expect(api.writes()).toEqual([
        expect.objectContaining({ method: 'PUT', body: expect.objectContaining({ id: 2, name: 'Bram K' }) }),
      ]),
    );
    await waitFor(() => expect(card('Bram Koster').queryByRole('form')).not.toBeInTheDocument());
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('deletes after confirm, and not when the confirm is declined', async () => {
    const api = mockFetch({ 'DELETE /api/creators?id=3': { status: 204 } });
    const dialogs = mockDialogs();
    dialogs.confirm.mockReturnValueOnce(false);
    const { user, onOpen } = renderExtras();
    await user.click(card('Cleo Hart').getByRole('button', { name: 'Delete Cleo Hart' }));
    expect(api.writes()).toEqual([]);
    await user.click(card('Cleo Hart').getByRole('button', { name: 'Delete Cleo Hart' }));
    await waitFor(() =>
      expect(api.writes()).toEqual([
        expect.objectContaining({ method: 'DELETE', url: '/api/creators?id=3' }),
      ]),
    );
    expect(onOpen).not.toHaveBeenCalled();
  });
});
