import { screen, waitFor, within } from '@testing-library/react';
import { HISTORY_MESSAGES, type HistoryItem } from '@friends/shared';
import { mockFetch } from '../../../test-utils/mock-fetch';
import { mockDialogs, renderWithClient, resetBrowserState, viewProps } from '../../../test-utils/render';
import { ChangeHistory } from './change-history';

beforeEach(resetBrowserState);

const item = (id: number, summary: string, extra: Partial<HistoryItem> = {}): HistoryItem => ({
  id,
  at: '2026-01-02T03:04:05.000Z',
  actor: 'admin · 3f9a2c',
  kind: 'creator.merge',
  summary,
  undoable: true,
  undoneBy: null,
  undoes: null,
  ...extra,
});

const MERGE = item(7, 'Merged "Bea" into "Ada"');
const DELETE = item(6, 'Deleted 3 videos', { kind: 'videos.delete', undoable: false, undoneBy: 9 });

describe('History', () => {
  it('lists changes newest first with time, actor and Undo, and loads older pages', async () => {
    const api = mockFetch({
      'GET /api/history?limit=25': { body: { items: [MERGE, DELETE], nextBefore: 6 } },
      'GET /api/history?limit=25&before=6': {
        body: { items: [item(5, 'Added creator "Ada"')], nextBefore: null },
      },
    });
    const { user } = renderWithClient(<ChangeHistory {...viewProps()} />);
    const list = within(await screen.findByRole('list', { name: 'Changes, newest first' }));
    expect(list.getByText(MERGE.summary)).toBeInTheDocument();
    expect(list.getAllByText(/admin · 3f9a2c/)).toHaveLength(2);
    expect(list.getByText(/undone by #9/)).toBeInTheDocument();
    expect(list.getByRole('button', { name: `Undo #7: ${MERGE.summary}` })).toBeEnabled();
    expect(list.queryByRole('button', { name: /Undo #6/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Added creator "Ada"')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });

  it('undoes a change and says so', async () => {
    const api = mockFetch({
      'GET /api/history?limit=25': { body: { items: [MERGE], nextBefore: null } },
      'POST /api/history/7/undo': () => {
        api.routes['GET /api/history?limit=25'] = {
          body: {
            items: [item(8, `Undid #7: ${MERGE.summary}`), { ...MERGE, undoable: false, undoneBy: 8 }],
            nextBefore: null,
          },
        };
        return { status: 200, body: { undone: 7, entry: item(8, `Undid #7: ${MERGE.summary}`) } };
      },
    });
    const { user } = renderWithClient(<ChangeHistory {...viewProps()} />);
    await user.click(await screen.findByRole('button', { name: `Undo #7: ${MERGE.summary}` }));
    expect(await screen.findByRole('status')).toHaveTextContent(`Undone: ${MERGE.summary} (recorded as #8)`);
    await waitFor(() => expect(screen.getByText(/undone by #8/)).toBeInTheDocument());
    expect(api.writes().map((call) => `${call.method} ${call.url}`)).toEqual(['POST /api/history/7/undo']);
  });

  it('explains a 409: which later change to undo first', async () => {
    const error =
      'Change #9 (Renamed creator "Ada" to "Ada L") came later and depends on this one: undo it first';
    mockFetch({
      'GET /api/history?limit=25': { body: { items: [MERGE], nextBefore: null } },
      'POST /api/history/7/undo': { status: 409, body: { error } },
    });
    mockDialogs();
    const { user } = renderWithClient(<ChangeHistory {...viewProps()} />);
    await user.click(await screen.findByRole('button', { name: `Undo #7: ${MERGE.summary}` }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(error);
    expect(alert).toHaveTextContent(HISTORY_MESSAGES.conflictHelp);
    // Beside its entry, with focus moved there (not at the top of a page scrolled away from).
    expect(alert.closest('li')).toHaveTextContent(MERGE.summary);
    await waitFor(() => expect(alert).toHaveFocus());
  });

  it('names the actor and opens an entry to the rows it changed', async () => {
    mockFetch({
      'GET /api/history?limit=25': {
        body: { items: [{ ...MERGE, actorName: 'You (this session)' }], nextBefore: null },
      },
      'GET /api/history/7': {
        body: {
          entry: MERGE,
          total: 2,
          rows: [
            { table: 'videos', change: 'removed', what: 'Video "Picnic Race"', fields: [] },
            {
              table: 'creators',
              change: 'changed',
              what: 'Creator "Ada L"',
              fields: [{ field: 'name', before: 'Ada', after: 'Ada L' }],
            },
          ],
        },
      },
    });
    const { user } = renderWithClient(<ChangeHistory {...viewProps()} />);
    expect(await screen.findByText('You (this session)')).toBeInTheDocument();
    await user.click(screen.getByText('Show what changed'));
    const rows = await screen.findByRole('list', { name: 'Rows changed by #7' });
    expect(rows).toHaveTextContent('removed Video "Picnic Race"');
    expect(rows).toHaveTextContent('name: Ada → Ada L');
  });

  it("shows one creator's changes, with a way back to all", async () => {
    mockFetch({
      'GET /api/history?limit=25&creator=4': {
        body: { items: [MERGE], nextBefore: null, subject: { kind: 'creator', id: 4, name: 'Ada Lumen' } },
      },
    });
    const props = viewProps({ creatorId: 4 });
    const { user } = renderWithClient(<ChangeHistory {...props} />);
    // By name, never 'creator #4'.
    expect(await screen.findByRole('heading', { name: 'Changes to Ada Lumen' })).toBeInTheDocument();
    expect(await screen.findByText(MERGE.summary)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all changes' }));
    expect(props.navigate).toHaveBeenCalledWith('history');
  });
});
